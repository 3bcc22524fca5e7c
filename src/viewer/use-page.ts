import { useEffect } from 'preact/hooks';
import type { LinkTarget } from '../api/links.ts';
import { relationInfo } from '../api/relations.ts';
import { relationName } from '../api/relation-name.ts';
import { isActionLink, isEndedByService, isUnanswered, toErrorInfo, type ErrorInfo } from '../shared/errors.ts';
import { useLatest } from '../ui/use-latest.ts';
import { ask } from '../ui/worker-client.ts';
import { sessionEndedEvent, signedInEvent, useWorkerEvent } from '../ui/worker-events.ts';
import { chooseView } from './choose-view.ts';
import { historyKey, type HistoryEntry } from './history.ts';
import { firstPageUrl } from './lists/paging.ts';
import { forgetAll, lastSeenPlace, rememberedList, rememberList } from './page-memory.ts';
import type { ListPage, PageView } from './page-view.ts';

export type PageState =
  | { kind: 'loading' }
  | ({ kind: 'ready' } & PageView)
  | { kind: 'error'; error: ErrorInfo }
  /** Nobody is signed in (the session ended while the page was open, or before): no failure of the page, and Connect shows it again. */
  | { kind: 'signed_out'; error: ErrorInfo };

export interface Page {
  /** The state of the page on show (the history entry it was given); loading while another's is. */
  state: PageState;
  /** Reads the page again; a read begun before is dropped. */
  reload: () => Promise<void>;
  /** The resource as a write on this page left it (a letter moved, marked read). */
  replaceData: (data: unknown) => void;
  fail: (error: ErrorInfo) => void;
}

/** How often a page the service did not answer for asks it again (a list shown from memory is brought up to date), once it answers. */
const RETRY_WHILE_UNANSWERED_MS = 20_000;

/** The further pages of a list, read again at the addresses they were read from before (at once, not one after another). */
function readFurther(target: LinkTarget, further: readonly ListPage[]): Promise<ListPage[]> {
  const relation = target.relation ?? 'document_inbox';
  return Promise.all(
    further.map(async ({ requestUrl }) => ({
      requestUrl,
      data: (await ask({ type: 'getResource', url: requestUrl, mediaType: target.mediaType, relation })).data,
    })),
  );
}

/**
 * How a page is read, by the link that leads to it: a search or an action by its relation alone
 * (nothing to read), anything else as the resource the service answers with, whose shape then
 * chooses the view. A link the service answers as an action is shown as one. A list this tab
 * showed before (`remembered`, on Back or Forward) is read as deep as it was; when the service
 * does not answer, it is shown as it was left, marked `offline`. So is a place this tab showed in
 * another history entry (`seen`: reached again from the side list), as it was last seen.
 */
async function readPage(
  target: LinkTarget,
  remembered: { view: PageView; further: readonly ListPage[] } | undefined,
  seen: { view: PageView; further: readonly ListPage[] } | undefined,
): Promise<PageView> {
  const name = target.relation ? relationName(target.relation) : undefined;
  const info = name ? relationInfo(name) : undefined;
  if (info?.kind === 'action') return { view: 'action', requestUrl: target.url };
  if (info?.viewerPage === 'search') return { view: 'search', requestUrl: target.url };
  try {
    const requestUrl = firstPageUrl(target.url, target.relation);
    const [snapshot, further] = await Promise.all([
      ask({ type: 'getResource', ...target, url: requestUrl }),
      readFurther(target, remembered?.further ?? []),
    ]);
    return { snapshot, view: chooseView(target.relation, snapshot.data), requestUrl, further };
  } catch (failure) {
    const error = toErrorInfo(failure);
    if (isActionLink(error)) return { view: 'action', requestUrl: target.url };
    const shown = remembered ?? seen;
    if (shown && isUnanswered(error)) return { ...shown.view, further: shown.further, offline: error };
    throw failure;
  }
}

/**
 * The resource a viewer tab shows for the history entry `current`, read each time the entry
 * changes, with its loading, error and signed-out states. The latest read wins (useLatest): an
 * answer for a page left behind, or one that comes after a sign-out, is dropped. A sign-out drops
 * what the page shows at once (its letter and the letter's blob: addresses go with it); a sign-in
 * completed anywhere reads the page again, as the new session may do more (or be someone else's).
 */
export function usePage(current: HistoryEntry | undefined): Page {
  const read = async (entry: HistoryEntry): Promise<PageView> => {
    const key = historyKey(entry);
    const view = await readPage(entry.target, rememberedList(key), lastSeenPlace(entry.target.url));
    // The places of the side list: the inbox, the folders (and other lists), the receipts.
    if ((view.view === 'letters' || view.view === 'receipts') && !view.offline)
      rememberList(key, entry.depth, entry.target.url, view, view.further ?? []);
    return view;
  };
  // `keep`: a list shown from memory stays on show while the service is asked again.
  const page = useLatest<PageView>({ key: current, read: current && (() => read(current)), endsWithSession: true, keep: true });
  useWorkerEvent(signedInEvent, () => void page.reload());
  useWorkerEvent(sessionEndedEvent, forgetAll);

  const offline = page.value?.offline !== undefined;
  // Shown from memory, or a page with nothing to show that the service did not answer for: asked
  // again now and then and when the browser is back online, so it shows as soon as it answers.
  const unanswered = offline || (page.error !== undefined && isUnanswered(page.error));
  useEffect(() => {
    if (!unanswered) return undefined;
    const retry = () => void page.reload();
    const timer = setInterval(retry, RETRY_WHILE_UNANSWERED_MS);
    addEventListener('online', retry);
    return () => {
      clearInterval(timer);
      removeEventListener('online', retry);
    };
  }, [unanswered]);

  let state: PageState = { kind: 'loading' };
  if (page.ended) state = { kind: 'signed_out', error: page.ended };
  // Digipost ended the connection before the page was read (a tab reloaded, a link taken): not a
  // failure of the page, so why, and the one step, Connect. Never signed in is the error view's
  // "You are not connected", with Connect.
  else if (page.error && isEndedByService(page.error)) state = { kind: 'signed_out', error: page.error };
  else if (page.error) state = { kind: 'error', error: page.error };
  else if (page.value && (!page.loading || offline)) state = { kind: 'ready', ...page.value };

  return {
    state,
    reload: page.reload,
    replaceData: (data) => page.update((now) => (now.snapshot ? { ...now, snapshot: { ...now.snapshot, data } } : now)),
    fail: page.fail,
  };
}
