import type { RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

/*
 * Moving through a list of letters with the keyboard, as in a mail client: `j` and `k` from
 * anywhere on the page, the arrow keys once a row has focus, and, coming Back to the list, focus on
 * the row that was opened. Enter needs nothing here: a row is a link or a button, which Enter
 * already opens. A key typed into a text field is never taken.
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

/**
 * Which row of a list was opened, and how far the page was scrolled, by the list's place in history
 * (`key`), so that coming Back (also after the letter was deleted) shows the list where it was and
 * puts focus on that row again, as a mail client does, rather than at the top of the page.
 */
export function useOpenedRow(list: RefObject<HTMLElement>, rows: string): {
  remember: (key: string, target: EventTarget | null) => void;
  restore: (key: string) => boolean;
} {
  const opened = useRef(new Map<string, { at: number; scrolled: number }>());
  const items = () => [...(list.current?.querySelectorAll<HTMLElement>(rows) ?? [])];
  return {
    remember: (key, target) => {
      const at = target instanceof Node ? items().findIndex((item) => item.contains(target)) : -1;
      if (at >= 0) opened.current.set(key, { at, scrolled: scrollY });
    },
    restore: (key) => {
      const remembered = opened.current.get(key);
      opened.current.delete(key);
      if (!remembered) return false;
      // The row deleted meanwhile leaves its place to the next one, which then takes the focus.
      const all = items();
      const row = all[Math.min(remembered.at, all.length - 1)];
      if (!row) return false;
      scrollTo(0, remembered.scrolled);
      row.focus({ preventScroll: true });
      return true;
    },
  };
}
