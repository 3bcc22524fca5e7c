import { useEffect } from 'preact/hooks';
import type { LinkTarget } from '../api/links.ts';
import { newPageId, pageIdFromLocation, viewerQueryOf } from '../shared/viewer-address.ts';
import { recallTarget, rememberTarget } from '../storage/viewer-pages.ts';
import { useLatest } from '../ui/use-latest.ts';
import { forgetFrom } from './page-memory.ts';

/*
 * A viewer tab's history: each page reached inside the tab is a history entry of its own (Back and
 * Forward work) whose address is only a random page id. What the id stands for is kept in
 * storage.session alone (memory, emptied at sign-out and when the browser closes), never in the
 * entry itself: the browser writes open tabs' history state to disk for session restore.
 */

export interface HistoryEntry {
  target: LinkTarget;
  /** Steps taken inside the viewer to reach this entry: 0 for the page the tab opened on. */
  depth: number;
  /** Whether the tab had a page before the viewer's first one: Back can return there. */
  cameFrom: boolean;
}

type Place = Omit<HistoryEntry, 'target'>;

function placeFromState(state: unknown): Place | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { depth, cameFrom } = state as Record<string, unknown>;
  if (typeof depth !== 'number' || !Number.isInteger(depth) || depth < 0) return undefined;
  return { depth, cameFrom: cameFrom === true };
}

/** This entry's place in the tab's history, as recorded on its first visit, else as it would be recorded now. */
function placeNow(): Place {
  // Before the viewer pushed anything, more than one entry means the tab came from somewhere.
  return placeFromState(history.state) ?? { depth: 0, cameFrom: history.length > 1 };
}

/**
 * The entry the tab is on now, or 'missing' when its id names nothing remembered (signed out since,
 * the browser restarted, or no id at all). The first visit of an entry records its place in history.
 */
async function currentEntry(): Promise<HistoryEntry | 'missing'> {
  const id = pageIdFromLocation(location.search);
  const target = id ? await recallTarget(id).catch(() => undefined) : undefined;
  if (!target) return 'missing';
  const known = placeFromState(history.state);
  if (known) return { target, ...known };
  const first = placeNow();
  history.replaceState(first, '');
  return { target, ...first };
}

/** The entry that follows `from` when a link to `target` is taken (`id` names its address). */
function pushEntry(from: HistoryEntry | undefined, target: LinkTarget, id: string): HistoryEntry {
  const place: Place = { depth: (from?.depth ?? -1) + 1, cameFrom: from?.cameFrom ?? false };
  // The entries Forward led to are gone from the browser's history: what the tab remembers of them goes too.
  forgetFrom(place.depth);
  void rememberTarget(id, target).catch(() => undefined);
  history.pushState(place, '', viewerQueryOf(id));
  return { target, ...place };
}

/** A page's place in the tab's history: the same page reached again by Back or Forward has the same key. */
export const historyKey = (entry: HistoryEntry) => `${entry.depth}|${entry.target.url}`;

/** Takes a link inside the tab: a new history entry (`id`, when the link already named its address). */
export type Go = (target: LinkTarget, id?: string) => void;

export interface TabHistory {
  /** The entry on show: undefined until it is known, 'missing' when its id names nothing remembered. */
  entry: HistoryEntry | 'missing' | undefined;
  /** Whether Back stays with the viewer's pages or returns to the page the tab came from. */
  canGoBack: boolean;
  go: Go;
}

/**
 * Which page this tab's history entry is, now and after each Back or Forward. Reading an entry's
 * target takes a trip to storage: the latest move wins (useLatest), and the page on show stays
 * until the next is known.
 */
export function useTabHistory(): TabHistory {
  const latest = useLatest<HistoryEntry | 'missing'>({ key: 'this tab', read: currentEntry, keep: true });
  useEffect(() => {
    const onPop = () => void latest.reload();
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);
  const entry = latest.value;
  const current = typeof entry === 'object' ? entry : undefined;
  // Until the entry's page is read from storage, its place in the tab's history is known already:
  // Back is drawn in the first frame, rather than pushing the top bar's contents along after it.
  const place = entry === undefined ? placeNow() : current;
  return {
    entry,
    canGoBack: place !== undefined && (place.depth > 0 || place.cameFrom),
    go: (target, id = newPageId()) => latest.set(pushEntry(current, target, id)),
  };
}
