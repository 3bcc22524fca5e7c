/*
 * A PDF letter drawn by pdf.js into the viewer's own page: every page as a canvas at the column's
 * width, with pdf.js's text layer over it so the text can be selected and found. The same code
 * draws it in Chromium and Firefox (each browser's own viewer looks and behaves differently, shows
 * a blob's random id as the title, and Chromium's does not draw in a headless test browser).
 * Only what pdf.js parses here is shown: no annotation layer (links, forms) and no PDF scripts,
 * so a letter cannot make the page load anything. This module is loaded only when a PDF is shown.
 */
import { getDocument, GlobalWorkerOptions, TextLayer, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.mjs?worker&url';
import { warn } from '../../shared/warn.ts';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Pages are drawn at most this sharp (device pixels per CSS pixel): more costs memory, not clarity. */
const MAX_PIXEL_RATIO = 2;

export interface PdfHandle {
  /** Stops drawing and frees pdf.js's worker and memory. */
  close(): void;
}

/**
 * Draws page `number` into `box` at `width` CSS pixels: a canvas, with the text layer over it. The
 * old drawing, if any, stays until the new one is ready, so a page drawn again never goes blank.
 */
async function drawPage(pdf: PDFDocumentProxy, number: number, box: HTMLElement, width: number): Promise<void> {
  const page = await pdf.getPage(number);
  const unscaled = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: width / unscaled.width });
  const ratio = Math.min(devicePixelRatio || 1, MAX_PIXEL_RATIO);

  const canvas = document.createElement('canvas');
  canvas.width = Math.floor(viewport.width * ratio);
  canvas.height = Math.floor(viewport.height * ratio);
  canvas.setAttribute('aria-hidden', 'true');
  const text = document.createElement('div');
  text.className = 'textLayer';

  await page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] }).promise;
  box.style.setProperty('--scale-factor', String(viewport.scale));
  box.style.setProperty('--total-scale-factor', String(viewport.scale));
  box.style.aspectRatio = `${viewport.width} / ${viewport.height}`;
  box.replaceChildren(canvas, text);
  await new TextLayer({ textContentSource: page.streamTextContent(), container: text, viewport }).render();
  // pdf.js measures with a canvas of its own on the body: nothing to read there, so not for assistive technology.
  for (const helper of document.querySelectorAll('body > .hiddenCanvasElement')) helper.setAttribute('aria-hidden', 'true');
  box.dataset.drawn = 'true';
  box.dataset.width = String(width);
  page.cleanup();
}

/** The width pages are drawn at: the column's, never narrower than a phone's. */
const columnWidth = (container: HTMLElement) => Math.max(container.clientWidth, 320);

/** How long the column's width must hold still before the pages are drawn again at it. */
const RESIZE_SETTLED_MS = 150;

/**
 * Draws every page of `bytes` into `container`, one after the other, at the container's width, and
 * again whenever that width changes (a window widened, a side list folded): a page stretched from
 * the width it was drawn at is blurred. `onFirstPage` is told when page one is on screen;
 * `onError` when the file cannot be read.
 */
export function showPdf(
  bytes: Uint8Array,
  container: HTMLElement,
  events: { onFirstPage: (pages: number) => void; onError: (error: unknown) => void },
): PdfHandle {
  const run = { closed: false, drawing: 0, width: columnWidth(container) };
  let settle: ReturnType<typeof setTimeout> | undefined;
  const task = getDocument({ data: bytes, isEvalSupported: false, enableXfa: false, useWasm: false, stopAtErrors: false });

  /** Draws every page at the column's width; a later drawing (the width changed again) ends this one. */
  async function drawAll(pdf: PDFDocumentProxy, boxes: HTMLElement[]): Promise<void> {
    const drawing = ++run.drawing;
    const width = columnWidth(container);
    run.width = width;
    for (const [index, box] of boxes.entries()) {
      if (run.closed || drawing !== run.drawing) return;
      await drawPage(pdf, index + 1, box, width);
    }
  }

  const resized = new ResizeObserver(() => {
    clearTimeout(settle);
    settle = setTimeout(() => {
      if (run.closed || columnWidth(container) === run.width) return;
      // A page not drawn again keeps its last drawing: the letter is still there to read, so this is no failure to show.
      void task.promise
        .then((pdf) => drawAll(pdf, [...container.querySelectorAll<HTMLElement>(':scope > .pdf-page')]))
        .catch((error: unknown) => warn('Could not draw the PDF again at its new width', error));
    }, RESIZE_SETTLED_MS);
  });

  void (async () => {
    try {
      const pdf = await task.promise;
      const drawing = ++run.drawing;
      for (let number = 1; number <= pdf.numPages && !run.closed && drawing === run.drawing; number++) {
        const box = document.createElement('div');
        box.className = 'pdf-page';
        container.append(box);
        await drawPage(pdf, number, box, run.width);
        if (number === 1) events.onFirstPage(pdf.numPages);
      }
      if (!run.closed) resized.observe(container);
    } catch (error) {
      if (!run.closed) events.onError(error);
    }
  })();
  return {
    close() {
      run.closed = true;
      clearTimeout(settle);
      resized.disconnect();
      void task.destroy();
    },
  };
}
