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

GlobalWorkerOptions.workerSrc = workerUrl;

/** Pages are drawn at most this sharp (device pixels per CSS pixel): more costs memory, not clarity. */
const MAX_PIXEL_RATIO = 2;

export interface PdfHandle {
  /** Stops drawing and frees pdf.js's worker and memory. */
  close(): void;
}

async function drawPage(pdf: PDFDocumentProxy, number: number, container: HTMLElement, width: number): Promise<void> {
  const page = await pdf.getPage(number);
  const unscaled = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: width / unscaled.width });
  const ratio = Math.min(devicePixelRatio || 1, MAX_PIXEL_RATIO);

  const box = document.createElement('div');
  box.className = 'pdf-page';
  box.style.setProperty('--scale-factor', String(viewport.scale));
  box.style.setProperty('--total-scale-factor', String(viewport.scale));
  box.style.aspectRatio = `${viewport.width} / ${viewport.height}`;
  const canvas = document.createElement('canvas');
  canvas.width = Math.floor(viewport.width * ratio);
  canvas.height = Math.floor(viewport.height * ratio);
  canvas.setAttribute('aria-hidden', 'true');
  const text = document.createElement('div');
  text.className = 'textLayer';
  box.append(canvas, text);
  container.append(box);

  await page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] }).promise;
  await new TextLayer({ textContentSource: page.streamTextContent(), container: text, viewport }).render();
  // pdf.js measures with a canvas of its own on the body: nothing to read there, so not for assistive technology.
  for (const helper of document.querySelectorAll('body > .hiddenCanvasElement')) helper.setAttribute('aria-hidden', 'true');
  box.dataset.drawn = 'true';
  page.cleanup();
}

/**
 * Draws every page of `bytes` into `container`, one after the other, at the container's width.
 * `onFirstPage` is told when page one is on screen; `onError` when the file cannot be read.
 */
export function showPdf(bytes: Uint8Array, container: HTMLElement, events: { onFirstPage: (pages: number) => void; onError: (error: unknown) => void }): PdfHandle {
  const run = { closed: false };
  const task = getDocument({ data: bytes, isEvalSupported: false, enableXfa: false, useWasm: false, stopAtErrors: false });
  void (async () => {
    try {
      const pdf = await task.promise;
      const width = Math.max(container.clientWidth, 320);
      for (let number = 1; number <= pdf.numPages && !run.closed; number++) {
        await drawPage(pdf, number, container, width);
        if (number === 1) events.onFirstPage(pdf.numPages);
      }
    } catch (error) {
      if (!run.closed) events.onError(error);
    }
  })();
  return {
    close() {
      run.closed = true;
      void task.destroy();
    },
  };
}
