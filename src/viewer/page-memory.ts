import type { LetterSummary } from '../model/letters.ts';
import type { ListPage, PageView } from './page-view.ts';

/*
 * What this viewer tab remembers of the pages in its history, so that Back and Forward show a list
 * as it was left: as deep as "Load more" took it, with the row that was opened. Kept in the tab's
 * own memory only (gone when the tab closes or reloads, and at sign-out): the history entry itself
 * holds no more than its depth, as the browser writes history state to disk for session restore.
 */

/** The row opened from a list, by its place among the rows, and how far the page was scrolled. */
export interface OpenedRow {
  at: number;
  scrolled: number;
}

interface Remembered {
  /** The entry's depth in the tab's history: a new link taken at this depth or above forgets it. */
  depth: number;
  /** The list's first page as last read, and the pages "Load more" added after it. */
  list?: { view: PageView; further: ListPage[] };
  opened?: OpenedRow;
}

const remembered = new Map<string, Remembered>();
/**
 * Each place as this tab last showed it, by its address, whichever history entry showed it: what a
 * place reached afresh (from the side list) shows while the service does not answer. Not dropped
 * with the history entries Forward led to, as what the person saw is no less true for that.
 */
const lastSeen = new Map<string, { view: PageView; further: ListPage[] }>();
/** Letters as the list a person opened them from showed them, by their address: their page heads at once. */
const letterPreviews = new Map<string, LetterSummary>();

function entryAt(key: string, depth: number): Remembered {
  let entry = remembered.get(key);
  if (!entry) {
    entry = { depth };
    remembered.set(key, entry);
  }
  return entry;
}

/** The list last shown at `key`, with its further pages. */
export function rememberedList(key: string): { view: PageView; further: readonly ListPage[] } | undefined {
  return remembered.get(key)?.list;
}

/** The list as just read at `key` (from `place`): its first page and the further pages read with it. */
export function rememberList(key: string, depth: number, place: string, view: PageView, further: readonly ListPage[]): void {
  const list = { view, further: [...further] };
  entryAt(key, depth).list = list;
  // The same list: a page "Load more" adds to it is in both.
  lastSeen.set(place, list);
}

/** The place at `place` (its address) as this tab last showed it, in any history entry. */
export function lastSeenPlace(place: string): { view: PageView; further: readonly ListPage[] } | undefined {
  return lastSeen.get(place);
}

/** A page "Load more" added to the list at `key`. */
export function rememberFurtherPage(key: string, page: ListPage): void {
  remembered.get(key)?.list?.further.push(page);
}

export function rememberOpenedRow(key: string, depth: number, row: OpenedRow): void {
  entryAt(key, depth).opened = row;
}

export function openedRow(key: string): OpenedRow | undefined {
  return remembered.get(key)?.opened;
}

/**
 * A link taken to a new entry at `depth` drops the entries from there on (the browser drops them
 * from its history too): the same place reached afresh later is read afresh, not as once left.
 */
export function forgetFrom(depth: number): void {
  for (const [key, entry] of remembered) if (entry.depth >= depth) remembered.delete(key);
}

/** A letter about to be opened from a list: its page can show at once what the list knew of it. */
export function rememberLetterPreview(letter: LetterSummary): void {
  if (letter.self) letterPreviews.set(letter.self.uri, letter);
}

/** What the list showed of the letter at `url`, if it was opened from one in this tab. */
export function letterPreview(url: string): LetterSummary | undefined {
  return letterPreviews.get(url);
}

/** The session ended: nothing of it stays in the tab. */
export function forgetAll(): void {
  remembered.clear();
  lastSeen.clear();
  letterPreviews.clear();
}
