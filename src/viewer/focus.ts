import type { RefObject } from 'preact';
import { useEffect } from 'preact/hooks';
import { useListKeys } from '../ui/list-keys.ts';
import { historyKey, type HistoryEntry } from './history.ts';
import { openedRow, rememberOpenedRow } from './page-memory.ts';
import type { PageKind } from './page-view.ts';

/** The rows of a list of letters or receipts: what j and k move through. */
const LIST_ROWS = 'main .letters .letter-link';

/**
 * Where a viewer tab puts focus and scroll. A new entry starts at the top of the page. A page
 * reached inside the tab, and any letter, puts focus on its heading once shown: a screen reader
 * then hears the subject, and Tab goes on from the top of the page, not from the row left behind.
 * j, k and the arrows move through the rows of the inbox, a folder or the receipts. Back (or
 * Forward) to a list shows it scrolled as it was, with focus on the row that was opened from it
 * (`remember`, told of each click on a page), as a mail client does, also after that letter was
 * deleted (the row after it takes its place). `shown` changing for the same entry (a list shown
 * from memory, then read afresh) puts focus there again, as the rows were drawn anew.
 */
export function usePageFocus(props: {
  layout: RefObject<HTMLElement>;
  heading: RefObject<HTMLElement>;
  entry: HistoryEntry | undefined;
  /** The entry whose page is on show, once it is, and its view. */
  shown: HistoryEntry | undefined;
  view: PageKind | undefined;
  /** Changes when the page on show is drawn anew for the same entry. */
  drawn?: unknown;
}): { remember: (target: EventTarget | null) => void } {
  const { layout, heading, entry, shown, view } = props;
  useListKeys(layout, LIST_ROWS);
  const rows = () => [...(layout.current?.querySelectorAll<HTMLElement>(LIST_ROWS) ?? [])];

  /** Focus on the row opened from this list, scrolled as it was; false when none was. */
  const restoreRow = (at: HistoryEntry): boolean => {
    const opened = openedRow(historyKey(at));
    const all = rows();
    const row = opened && all[Math.min(opened.at, all.length - 1)];
    if (!opened || !row) return false;
    scrollTo(0, opened.scrolled);
    row.focus({ preventScroll: true });
    // Something above the list may have grown since (a note), or the row was opened by the keyboard
    // out of view: a row not wholly in the window is brought to its middle, not left at an edge.
    const box = row.getBoundingClientRect();
    if (box.top < 0 || box.bottom > document.documentElement.clientHeight) row.scrollIntoView({ block: 'center' });
    return true;
  };

  useEffect(() => {
    if (entry) scrollTo(0, 0);
  }, [entry]);

  useEffect(() => {
    if (!shown) return;
    if ((view === 'letters' || view === 'receipts') && restoreRow(shown)) return;
    if (view === 'letter' || shown.depth > 0) heading.current?.focus({ preventScroll: true });
  }, [shown, props.drawn]);

  return {
    remember: (target) => {
      const at = target instanceof Node ? rows().findIndex((row) => row.contains(target)) : -1;
      if (entry && at >= 0) rememberOpenedRow(historyKey(entry), entry.depth, { at, scrolled: scrollY });
    },
  };
}
