import { useEffect, useRef } from 'preact/hooks';

/**
 * A letter's document (see letter-document.ts), in a frame that runs no script and loads nothing
 * from any host. The sandbox has no allow-scripts; allow-same-origin lets this page measure
 * the document, so the frame is exactly as tall as the letter instead of a mostly empty box (with
 * no script inside, same origin gives the letter no power). A link opens in a new tab on the
 * reader's click (allow-popups, escaping the sandbox so the site works normally there).
 */
export function HtmlLetterFrame(props: { srcdoc: string; title: string }) {
  const { srcdoc } = props;
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    const element = frame.current;
    if (!element) return undefined;
    let observer: ResizeObserver | undefined;
    const fit = () => {
      const root = element.contentDocument?.documentElement;
      if (!root) return;
      // The root element's own box, not the frame's viewport: the frame may shrink as well as grow.
      const overflow = root.scrollHeight > root.clientHeight ? root.scrollHeight : 0;
      element.style.height = `${Math.ceil(Math.max(root.getBoundingClientRect().height, overflow)) + 2}px`;
    };
    const loaded = () => {
      observer?.disconnect();
      const root = element.contentDocument?.documentElement;
      if (!root) return;
      fit();
      observer = new ResizeObserver(fit);
      observer.observe(root);
    };
    element.addEventListener('load', loaded);
    // The letter may have loaded before this effect ran (the frame starts out as about:blank).
    if (element.contentDocument?.URL === 'about:srcdoc' && element.contentDocument.readyState === 'complete') loaded();
    return () => {
      element.removeEventListener('load', loaded);
      observer?.disconnect();
    };
  }, [srcdoc]);

  return (
    <iframe
      ref={frame}
      class="content-frame letter-frame"
      style={{ height: '0px' }}
      sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      referrerpolicy="no-referrer"
      srcdoc={srcdoc}
      title={props.title}
    />
  );
}
