/**
 * A letter that tries every way an HTML page can reach its sender's server, and a small HTTP
 * server that counts what reaches it. Shared by the Chromium and Firefox tests of point 3 of the
 * hardening (an HTML letter makes no request to any host): start the server, add the letter to
 * the emulator with `addTrackerLetter`, open it, then expect `tracker.requests()` to be empty.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { makePng } from '../emulator/content.ts';
import type { EmulatorAdmin } from '../emulator/index.ts';

export interface CountingServer {
  /** http://127.0.0.1:<port>: another origin than the emulator's. */
  origin: string;
  /** Every request that reached the server, as "METHOD /path". */
  requests(): string[];
  /** Counts connections too: a preconnect opens one without sending a request. */
  connections(): number;
  stop(): Promise<void>;
}

/** A server that answers everything with an empty 200 and remembers what it was asked. */
export async function startCountingServer(): Promise<CountingServer> {
  const seen: string[] = [];
  let connections = 0;
  const server: Server = createServer((req, res) => {
    seen.push(`${req.method ?? '?'} ${req.url ?? ''}`);
    res.writeHead(200, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' }).end('');
  });
  server.on('connection', () => {
    connections++;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests: () => [...seen],
    connections: () => connections,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The text every test looks for to know the letter's body is shown. */
export const TRACKER_LETTER_TEXT = 'Dette brevet prøver å spore leseren.';
export const TRACKER_LETTER_SUBJECT = 'Sporingstest';

/** A 12×8 PNG as a data: address: embedded images must still show. */
function embeddedImage(): string {
  return `data:image/png;base64,${makePng(12, 8, 7).toString('base64')}`;
}

/** A letter whose every remote reference points at `origin` (each at its own path, to name what got through). */
function trackerLetterHtml(origin: string): string {
  const at = (path: string) => `${origin}/${path}`;
  return `<!doctype html>
<html lang="nb">
<head>
<meta http-equiv="refresh" content="0; url=${at('meta-refresh')}">
<meta charset="utf-8">
<base href="${at('base/')}">
<link rel="stylesheet" href="${at('stylesheet.css')}">
<link rel="prefetch" href="${at('prefetch')}">
<link rel="preload" as="image" href="${at('preload.png')}">
<link rel="preload" as="style" href="${at('preload.css')}">
<link rel="modulepreload" href="${at('modulepreload.js')}">
<link rel="dns-prefetch" href="${origin}">
<link rel="preconnect" href="${origin}">
<link rel="icon" href="${at('favicon.ico')}">
<link rel="manifest" href="${at('manifest.json')}">
<style>
@import url("${at('import.css')}");
@font-face { font-family: Tracker; src: url("${at('font.woff2')}") format("woff2"); }
body { background-image: url("${at('css-background.png')}"); font-family: Tracker, sans-serif; }
.cursor { cursor: url("${at('cursor.png')}"), auto; }
ul { list-style-image: url("${at('list-style.png')}"); }
</style>
<script src="${at('script.js')}"></script>
</head>
<body background="${at('body-background.png')}">
<h1>${TRACKER_LETTER_SUBJECT}</h1>
<p id="tracker-text" class="cursor">${TRACKER_LETTER_TEXT}</p>
<img src="${at('pixel.png')}" width="1" height="1" alt="">
<img src="relative-to-base.png" width="1" height="1" alt="">
<img src="${at('lazy.png')}" loading="lazy" alt="">
<img srcset="${at('srcset-1x.png')} 1x, ${at('srcset-2x.png')} 2x" alt="">
<picture><source srcset="${at('picture.webp')}" type="image/webp"><img src="${at('picture.png')}" alt=""></picture>
<img id="embedded" src="${embeddedImage()}" alt="Innebygd bilde" width="12" height="8">
<ul><li>Et punkt</li></ul>
<table background="${at('table-background.png')}"><tr><td style="background-image: url('${at('inline-style.png')}')">Celle</td></tr></table>
<iframe src="${at('frame.html')}" title="Ramme"></iframe>
<video poster="${at('poster.png')}" src="${at('video.mp4')}" preload="auto"></video>
<audio src="${at('audio.mp3')}" preload="auto"></audio>
<object data="${at('object.swf')}"></object>
<embed src="${at('embed.swf')}">
<svg width="10" height="10"><image href="${at('svg-image.png')}" width="10" height="10"/></svg>
<input type="image" src="${at('input-image.png')}" alt="Send">
<form action="${at('form')}"><input name="q" value="x"><button>Send</button></form>
<a id="tracker-link" href="${at('link')}" ping="${at('ping')}">Les mer</a>
<div style="height: 900px">Langt innhold, så rammen må vokse med brevet.</div>
<p id="tracker-end">Slutt på brevet.</p>
<img src="${at('pixel-at-the-end.png')}" alt="">
</body>
</html>
`;
}

/** Adds the tracker letter as the newest (unread) letter of the emulator's inbox. */
export function addTrackerLetter(admin: EmulatorAdmin, origin: string): Promise<{ id: string }> {
  return admin.addLetter({ subject: TRACKER_LETTER_SUBJECT, creatorName: 'Sporingsfirma AS', html: trackerLetterHtml(origin) });
}
