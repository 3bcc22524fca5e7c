import { useEffect, useRef, useState } from 'preact/hooks';
import { findLink, type LinkTarget } from '../../api/links.ts';
import { toErrorInfo, type ErrorInfo } from '../../shared/errors.ts';
import { documentsOf, summarize, type LetterSummary } from '../../model/letters.ts';
import { withLetterPayment } from '../../model/invoice-payment.ts';
import { linksOf } from '../../model/read-json.ts';
import { ask } from '../../ui/worker-client.ts';
import { sessionEndedEvent, useWorkerEvent } from '../../ui/worker-events.ts';
import { useHiddenRows } from '../filing/ListFiling.tsx';
import { newLetters, nextPageUrl } from './paging.ts';

function summariesOf(data: unknown, sessionLevel: number, requestUrl: string): LetterSummary[] {
  return (documentsOf(data) ?? []).map((doc, i) => {
    const summary = summarize(doc, sessionLevel, `${requestUrl}#${i}`);
    // A row says "sent to your bank" too, which the popup's shared summary does not read.
    return summary.invoice ? { ...summary, invoice: withLetterPayment(summary.invoice, doc) } : summary;
  });
}

/** Where a list of letters is: its first page, already fetched by the viewer, and how to ask for more. */
export interface ListPlace {
  data: unknown;
  requestUrl: string;
  target: LinkTarget;
  sessionLevel: number;
}

export interface LetterListState {
  /** The pages read so far, each only with letters not shown before. */
  pages: readonly (readonly LetterSummary[])[];
  /** How many rows a person sees: those moved away or deleted here are gone from the count. */
  shown: number;
  /** The next page's address, while there is one. */
  next: string | undefined;
  loading: boolean;
  error: ErrorInfo | undefined;
  loadMore: () => Promise<void>;
  setError: (error: ErrorInfo) => void;
}

/**
 * The letters of the inbox or a folder, page by page, with the loading and error state of "Load
 * more". Each read has a generation: one that comes back after a sign-out is dropped, so no letter
 * of an ended session joins the list.
 */
export function useLetterList(place: ListPlace): LetterListState {
  const computable = Array.isArray((place.data as { document?: unknown } | null)?.document);
  const seen = useRef<Set<string>>(new Set());
  const nextLinksSeen = useRef(false);
  const [pages, setPages] = useState<LetterSummary[][]>(() => {
    const first = summariesOf(place.data, place.sessionLevel, place.requestUrl);
    nextLinksSeen.current = findLink(linksOf(place.data), 'next') !== undefined;
    return [newLetters(seen.current, first)];
  });
  const [next, setNext] = useState<string | undefined>(() =>
    nextPageUrl({
      requestUrl: place.requestUrl,
      data: place.data,
      letters: summariesOf(place.data, place.sessionLevel, place.requestUrl),
      nextLinksSeen: nextLinksSeen.current,
      computable,
    }),
  );
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<ErrorInfo | undefined>(undefined);
  const busy = useRef(false);
  const generation = useRef(0);
  const hidden = useHiddenRows();
  const shown = pages.reduce((sum, page) => sum + page.filter((letter) => !hidden.has(letter.key)).length, 0);

  useWorkerEvent(sessionEndedEvent, () => {
    generation.current++;
  });
  useEffect(
    () => () => {
      generation.current++;
    },
    [],
  );

  const loadMore = async (): Promise<void> => {
    if (!next || busy.current) return;
    const mine = generation.current;
    busy.current = true;
    setLoading(true);
    setError(undefined);
    try {
      const snapshot = await ask({
        type: 'getResource',
        url: next,
        mediaType: place.target.mediaType,
        relation: place.target.relation ?? 'document_inbox',
      });
      if (mine !== generation.current) return;
      const letters = summariesOf(snapshot.data, place.sessionLevel, next);
      if (findLink(linksOf(snapshot.data), 'next')) nextLinksSeen.current = true;
      const fresh = newLetters(seen.current, letters);
      if (fresh.length > 0) setPages((before) => [...before, fresh]);
      const after = nextPageUrl({ requestUrl: next, data: snapshot.data, letters, nextLinksSeen: nextLinksSeen.current, computable });
      // A page that adds nothing and points at itself would loop for ever.
      setNext(after === next || (fresh.length === 0 && letters.length > 0) ? undefined : after);
    } catch (failure) {
      if (mine === generation.current) setError(toErrorInfo(failure));
    } finally {
      busy.current = false;
      setLoading(false);
    }
  };

  return { pages, shown, next, loading, error, loadMore, setError };
}
