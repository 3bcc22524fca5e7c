import { useEffect, useRef, useState } from 'preact/hooks';
import { Busy } from '../../ui/components.tsx';
import { t } from '../../shared/i18n.ts';
import { warn } from '../../shared/warn.ts';

type Renderer = typeof import('./pdf-pages.ts');
let renderer: Promise<Renderer> | undefined;

/**
 * pdf.js, loaded once per page. A letter with a PDF calls this as soon as it knows, so the
 * library loads while its content is still on the way.
 */
export function loadPdfRenderer(): Promise<Renderer> {
  renderer ??= import('./pdf-pages.ts');
  return renderer;
}

type Drawing = { kind: 'loading' } | { kind: 'shown'; pages: number } | { kind: 'failed' };

/** A PDF's pages at the column's width, named by the letter's subject for assistive technology. */
export function PdfDocument(props: { blob: Blob; title: string }) {
  const pages = useRef<HTMLDivElement>(null);
  const [drawing, setDrawing] = useState<Drawing>({ kind: 'loading' });

  useEffect(() => {
    const container = pages.current;
    if (!container) return undefined;
    let live = true;
    let close: (() => void) | undefined;
    setDrawing({ kind: 'loading' });
    void Promise.all([loadPdfRenderer(), props.blob.arrayBuffer()])
      .then(([{ showPdf }, buffer]) => {
        if (!live) return;
        const handle = showPdf(new Uint8Array(buffer), container, {
          onFirstPage: (count) => live && setDrawing({ kind: 'shown', pages: count }),
          onError: (error) => {
            warn('Could not draw the PDF', error);
            if (live) setDrawing({ kind: 'failed' });
          },
        });
        close = () => handle.close();
      })
      .catch((error: unknown) => {
        warn('Could not load the PDF renderer', error);
        if (live) setDrawing({ kind: 'failed' });
      });
    return () => {
      live = false;
      close?.();
      container.replaceChildren();
    };
  }, [props.blob]);

  // "Loading…" lies over the place the first page takes, not above it: when the page comes, the
  // line goes without moving the page down and up again.
  return (
    <div class="pdf-frame">
      {drawing.kind === 'loading' ? <Busy label={t('content_loading')} /> : null}
      {drawing.kind === 'failed' ? <p class="muted">{t('pdf_cannot_show')}</p> : null}
      <div
        ref={pages}
        class="pdf-pages"
        role="document"
        aria-label={props.title}
        aria-busy={drawing.kind === 'loading'}
        data-pages={drawing.kind === 'shown' ? drawing.pages : undefined}
      />
    </div>
  );
}
