import type { RefObject } from 'preact';
import { useEffect } from 'preact/hooks';

/*
 * Moving through a list of letters with the keyboard, as in a mail client: `j` and `k` from
 * anywhere on the page, the arrow keys once a row has focus. Enter needs nothing here: a row is a
 * link or a button, which Enter already opens. A key typed into a text field is never taken.
 */

const TYPING = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';

/** How far a key moves the focus: one row on, one row back, or not at all (the key is not ours). */
function rowStep(key: string, inList: boolean): -1 | 0 | 1 {
  if (key === 'j' || (inList && key === 'ArrowDown')) return 1;
  if (key === 'k' || (inList && key === 'ArrowUp')) return -1;
  return 0;
}

/**
 * Keys that move focus through the rows (`rows`, a selector of focusable elements) inside `list`.
 * `arrowsFromPage`: the arrow keys also start from a page where nothing has focus (the popup, which
 * never scrolls by them); elsewhere they keep scrolling the page until a row has focus.
 */
export function useListKeys(list: RefObject<HTMLElement>, rows: string, arrowsFromPage = false): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const container = list.current;
      if (!container || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.target instanceof Element && event.target.closest(TYPING)) return;
      const items = [...container.querySelectorAll<HTMLElement>(rows)];
      const focused = document.activeElement;
      const at = items.findIndex((item) => item.contains(focused));
      const step = rowStep(event.key, at >= 0 || (arrowsFromPage && (focused === null || focused === document.body)));
      if (step === 0 || items.length === 0) return;
      event.preventDefault();
      const next = at < 0 ? 0 : Math.min(Math.max(at + step, 0), items.length - 1);
      items[next]?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [list, rows, arrowsFromPage]);
}
