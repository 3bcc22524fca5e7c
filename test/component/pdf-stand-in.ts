// pdf.js draws on a canvas the test DOMs do not have; the pages' part is what the component tests
// check: a page hands the PDF's bytes to the renderer and says when the first page is on screen.
// Each test file that shows a PDF mocks the renderer with this one:
// vi.mock('../../src/viewer/letter/pdf-pages.ts', () => import('./pdf-stand-in.ts')).

/** The bytes of every PDF handed to the renderer, in order. */
export const drawn: Uint8Array[] = [];

export function showPdf(bytes: Uint8Array, container: HTMLElement, events: { onFirstPage: (pages: number) => void }) {
  drawn.push(bytes);
  const page = container.ownerDocument.createElement('div');
  page.className = 'pdf-page';
  container.append(page);
  events.onFirstPage(1);
  return { close: () => undefined };
}
