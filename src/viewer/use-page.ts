import { useRef, useState } from 'preact/hooks';
import { relationInfo } from '../api/relations.ts';
import { relationName } from '../api/relation-name.ts';
import { isActionLink, toErrorInfo, type ErrorInfo } from '../shared/errors.ts';
import type { ResourceSnapshot } from '../protocol/messages.ts';
import { ask } from '../ui/worker-client.ts';
import { sessionEndedEvent, signedInEvent, useWorkerEvent } from '../ui/worker-events.ts';
import { chooseView, type ViewKind } from './choose-view.ts';
import { firstPageUrl } from './lists/paging.ts';
import type { HistoryEntry } from './navigation.tsx';
import { signedOutError } from './use-root.ts';

export type PageKind = ViewKind | 'search' | 'action';

export type PageState =
  | { kind: 'loading' }
  | { kind: 'ready'; for: HistoryEntry; view: PageKind; snapshot?: ResourceSnapshot; requestUrl: string }
  | { kind: 'error'; for: HistoryEntry; error: ErrorInfo }
  /** The session ended while the page was open: no failure of the page, and Connect shows it again. */
  | { kind: 'signed_out'; for: HistoryEntry; error: ErrorInfo };

export interface Page {
  state: PageState;
  /** Reads the page at `at` (the history entry shown now); a read begun before is dropped. */
  load: (at: HistoryEntry) => Promise<void>;
  /** The resource as a write on this page left it (a letter moved, marked read). */
  replaceData: (data: unknown) => void;
  fail: (at: HistoryEntry, error: ErrorInfo) => void;
}

/**
 * The resource a viewer tab shows, with its loading, error and signed-out states. Each read has a
 * generation: an answer for a page left behind, or one that comes after a sign-out, is dropped. A
 * sign-out drops what the page shows at once (its letter and the letter's blob: addresses go with
 * it); a sign-in completed anywhere reads the page again, as the new session may do more (or be
 * someone else's).
 */
export function usePage(current: HistoryEntry | undefined): Page {
  const [state, setState] = useState<PageState>({ kind: 'loading' });
  const generation = useRef(0);

  const load = async (at: HistoryEntry) => {
    const { target } = at;
    const mine = ++generation.current;
    const name = target.relation ? relationName(target.relation) : undefined;
    const info = name ? relationInfo(name) : undefined;
    if (info?.viewerPage === 'search' || info?.kind === 'action') {
      setState({ kind: 'ready', for: at, view: info.kind === 'action' ? 'action' : 'search', requestUrl: target.url });
      return;
    }
    setState({ kind: 'loading' });
    try {
      const requestUrl = firstPageUrl(target.url, target.relation);
      const snapshot = await ask({ type: 'getResource', ...target, url: requestUrl });
      if (mine !== generation.current) return;
      setState({ kind: 'ready', for: at, snapshot, view: chooseView(target.relation, snapshot.data), requestUrl });
    } catch (failure) {
      if (mine !== generation.current) return;
      const error = toErrorInfo(failure);
      setState(isActionLink(error) ? { kind: 'ready', for: at, view: 'action', requestUrl: target.url } : { kind: 'error', for: at, error });
    }
  };

  useWorkerEvent(sessionEndedEvent, ({ reason }) => {
    generation.current++;
    if (current) setState({ kind: 'signed_out', for: current, error: signedOutError(reason) });
  });
  useWorkerEvent(signedInEvent, () => {
    if (current) void load(current);
  });

  const replaceData = (data: unknown) =>
    setState((now) => (now.kind === 'ready' && now.snapshot ? { ...now, snapshot: { ...now.snapshot, data } } : now));
  const fail = (at: HistoryEntry, error: ErrorInfo) => {
    generation.current++;
    setState({ kind: 'error', for: at, error });
  };

  return { state, load, replaceData, fail };
}
