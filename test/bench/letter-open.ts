// The one-click letter, timed in either browser: from a click on a new PDF letter in the viewer's
// inbox to its first page drawn, beside the limit measured in the same run: the same PDF, packaged
// with the extension (written into the bench build beside a page of its own), opened in a tab and
// drawn by the same pdf.js page code (the build's own pdf-pages chunk) at the same width. Both are
// timed by the same probe mark, the first frame after pdf.js marked page one drawn, so the figure
// shows what the extension adds: the worker round trip, the content fetch, the read refresh.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeContent } from '../emulator/content.ts';
import type { RunningEmulator } from '../emulator/index.ts';

/** pdf.js marks a page's box once its canvas and text layer are drawn (src/viewer/letter/pdf-pages.ts). */
export const PAGE_DRAWN = '.pdf-page[data-drawn]';
export const PAGE_DRAWN_MARK = `selector:${PAGE_DRAWN}`;
export const LIMIT_PAGE = 'bench/pdf-limit.html';
const LIMIT_SCRIPT = 'bench/pdf-limit.js';
const LIMIT_PDF = 'bench/letter.pdf';

/** A new unread PDF letter at the top of the inbox, and its bytes as the emulator serves them. */
export async function addPdfLetter(emulator: RunningEmulator, browser: string, run: number): Promise<{ subject: string; pdf: Buffer }> {
  // Both browsers' runs share one emulator: a subject of its own for each row to click.
  const subject = `Målebrev ${browser} nr. ${run + 1}`;
  const { id } = await emulator.admin.addLetter({ subject, fileType: 'pdf' });
  // The emulator's addLetter makes its content this way (test/emulator/admin.ts, mailbox.ts).
  return { subject, pdf: makeContent('pdf', subject, ['Lagt til av en test.'], Number(id) % 251) };
}

/**
 * The limit page: the built pdf-pages chunk, given the PDF packaged beside it. `probeScript` is
 * the benchmark's probe as a classic first script (Firefox runs no init script in extension pages).
 */
export function writeLimitPage(dist: string, probeScript?: string): void {
  const chunk = readdirSync(join(dist, 'assets')).find((f) => /^pdf-pages-[\w-]+\.js$/.test(f));
  if (!chunk) throw new Error(`no pdf-pages chunk in ${dist}/assets`);
  writeFileSync(
    join(dist, LIMIT_SCRIPT),
    `import { showPdf } from '../assets/${chunk}';
const width = Number(new URLSearchParams(location.search).get('width'));
const pages = document.querySelector('.pdf-pages');
pages.style.width = width + 'px';
const bytes = new Uint8Array(await (await fetch('letter.pdf')).arrayBuffer());
showPdf(bytes, pages, { onFirstPage() {}, onError(error) { document.title = 'failed: ' + error; } });
`,
  );
  writeFileSync(
    join(dist, LIMIT_PAGE),
    `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />${probeScript ? `\n    <script src="${probeScript}"></script>` : ''}
    <title>PDF</title>
    <style>.pdf-page { position: relative; } .pdf-page canvas { width: 100%; display: block; } .textLayer { position: absolute; inset: 0; overflow: hidden; color: transparent; }</style>
    <script type="module" src="pdf-limit.js"></script>
  </head>
  <body><main><div class="pdf-pages"></div></main></body>
</html>
`,
  );
}

/** Packages this run's PDF with the extension, for the limit page to open. */
export function packagePdf(dist: string, pdf: Buffer): void {
  writeFileSync(join(dist, LIMIT_PDF), pdf);
}

/**
 * Runs in the viewer (serialized): clicks the row of `subject` and returns the click's time on the
 * page's clock, so the click's own dispatch from the driver is not counted. Null if the row is not there.
 */
export function clickLetterRow(subject: string): number | null {
  const row = [...document.querySelectorAll('.letter-row')].find((r) => r.textContent.includes(subject));
  const link = row?.querySelector('a');
  if (!link) return null;
  const at = performance.now();
  link.click();
  return at;
}

/** Runs in the viewer (serialized): the width pdf.js draws at, for the limit page to use the same. */
export function pagesWidth(): number {
  return document.querySelector('.pdf-pages')?.clientWidth ?? 0;
}

export const LETTER_OPEN_METHOD = `Letter: a new unread PDF letter (the emulator's) is added, the viewer's inbox opened in a tab, and its row clicked inside the page (element.click(), the time taken just before it); the figure is the click to the first animation frame after pdf.js marked page one drawn (\`${PAGE_DRAWN}\`), which includes the worker's round trip, the content fetch and pdf.js's start. The limit, in the same run, interleaved: that letter's PDF, written into the bench build as ${LIMIT_PDF} beside ${LIMIT_PAGE} (which imports the build's own pdf-pages chunk, the same page code), opened in a new tab and drawn at the viewer's column width; its time is from the tab's navigation start to the same mark.`;
