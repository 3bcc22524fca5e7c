/**
 * A small web site beside the service, for "Save to Digipost": a page that links a PDF, a picture,
 * an HTML page and a file of any size. It is not part of the service's contract; tests and the
 * bench fetch files from it as a person's browser would from any site.
 */
import type { Hono } from 'hono';
import { makeContent, makePng } from './content.ts';
import { json, resource } from './http.ts';
import { gzipBombAnswer, lyingChunkedAnswer, type FloodRecord } from './site-floods.ts';

const SITE_PREFIX = '/__site';
/** Sized files stop here: enough to pass the upload limit, small enough not to fill a disk. */
const MAX_SIZED_BYTES = 200 * 1024 * 1024;

/** The PDF the page links: the same bytes on every start, so a test can compare what was saved. */
export const SITE_PDF = makeContent('pdf', 'Lønnsslipp november', ['Utbetalt: 31 250,00 kr', 'Arbeidsgiver: Eksempel AS'], 7);

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Your documents</title></head>
<body>
<h1>Your documents</h1>
<ul>
<li><a id="payslip" href="${SITE_PREFIX}/payslip.pdf">Payslip (PDF)</a></li>
<li><a id="big" href="${SITE_PREFIX}/sized.pdf?bytes=${101 * 1024 * 1024}">Scanned archive (PDF, 101 MiB)</a></li>
<li><a id="page" href="${SITE_PREFIX}/terms.html">Terms (a web page)</a></li>
</ul>
<img id="picture" src="${SITE_PREFIX}/picture.png" alt="A picture">
</body></html>
`;

/** A PDF header followed by `bytes` in all, streamed so the emulator never holds it. */
function sizedPdf(bytes: number): Response {
  const head = Buffer.from('%PDF-1.4\n% sized file for tests\n', 'latin1');
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) {
        controller.close();
        return;
      }
      const piece = sent === 0 ? head : chunk;
      const take = Math.min(piece.length, bytes - sent);
      controller.enqueue(new Uint8Array(piece.subarray(0, take)));
      sent += take;
    },
  });
  return new Response(stream, {
    headers: { 'Content-Type': 'application/pdf', 'Content-Length': String(bytes), 'Cache-Control': 'no-store' },
  });
}

export function siteRoutes(app: Hono): void {
  // What each flood handed over before its client went away (site-floods.ts), read at /__site/floods.
  const floods: FloodRecord[] = [];
  const flood = (answer: (record: FloodRecord) => Response) => (c: { req: { url: string } }) => {
    const { pathname, search } = new URL(c.req.url);
    const record: FloodRecord = { url: pathname + search, generated: 0, state: 'open' };
    floods.push(record);
    return answer(record);
  };
  const file = (body: Buffer | string, type: string) => () =>
    new Response(typeof body === 'string' ? body : new Uint8Array(body), {
      headers: { 'Content-Type': type, 'Cache-Control': 'no-store' },
    });
  resource(app, `${SITE_PREFIX}/`, { GET: file(PAGE, 'text/html; charset=utf-8') });
  resource(app, `${SITE_PREFIX}/payslip.pdf`, { GET: file(SITE_PDF, 'application/pdf') });
  resource(app, `${SITE_PREFIX}/picture.png`, { GET: file(makePng(64, 48, 99), 'image/png') });
  resource(app, `${SITE_PREFIX}/terms.html`, {
    GET: file('<!doctype html><title>Terms</title><p>Terms and conditions.</p>', 'text/html; charset=utf-8'),
  });
  resource(app, `${SITE_PREFIX}/sized.pdf`, {
    GET: (c) => {
      const bytes = Number(c.req.query('bytes') ?? '');
      if (!Number.isInteger(bytes) || bytes < 64 || bytes > MAX_SIZED_BYTES)
        return new Response('bytes must be 64 to 200 MiB', { status: 400 });
      return sizedPdf(bytes);
    },
  });
  resource(app, `${SITE_PREFIX}/bomb.pdf`, { GET: flood(gzipBombAnswer) });
  resource(app, `${SITE_PREFIX}/lying.pdf`, { GET: flood(lyingChunkedAnswer) });
  resource(app, `${SITE_PREFIX}/floods`, { GET: () => json(floods) });
}
