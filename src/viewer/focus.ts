import type { RefObject } from 'preact';
import { useEffect } from 'preact/hooks';
import { useListKeys, useOpenedRow } from '../ui/list-keys.ts';
import { historyKey, type HistoryEntry } from './history.ts';
import type { PageKind } from './use-page.ts';

/** The rows of a list of letters or receipts: what j and k move through. */
const LIST_ROWS = 'main .letters .letter-link';

/**
 * Where a viewer tab puts focus and scroll. A new entry starts at the top of the page. A page
 * reached inside the tab, and any letter, puts focus on its heading once shown: a screen reader
 * then hears the subject, and Tab goes on from the top of the page, not from the row left behind.
 * j, k and the arrows move through the rows of the inbox, a folder or the receipts, and Back to a
 * list puts focus on the row that was opened from it (`remember`, told of each click on a page).
 */
export function usePageFocus(props: {
  layout: RefObject<HTMLElement>;
  heading: RefObject<HTMLElement>;
  entry: HistoryEntry | undefined;
  /** The entry whose page is on show, once it is, and its view. */
  shown: HistoryEntry | undefined;
  view: PageKind | undefined;
}): { remember: (target: EventTarget | null) => void } {
  const { layout, heading, entry, shown, view } = props;
  useListKeys(layout, LIST_ROWS);
  const openedRow = useOpenedRow(layout, LIST_ROWS);

  useEffect(() => {
    if (entry) scrollTo(0, 0);
  }, [entry]);

  useEffect(() => {
    if (!shown) return;
    if ((view === 'letters' || view === 'receipts') && openedRow.restore(historyKey(shown))) return;
    if (view === 'letter' || shown.depth > 0) heading.current?.focus({ preventScroll: true });
  }, [shown]);

  return {
    remember: (target) => {
      if (entry) openedRow.remember(historyKey(entry), target);
    },
  };
}
