import { useRef, useState } from 'preact/hooks';
import { findLink, type LinkTarget } from '../../api/links.ts';
import type { ErrorInfo } from '../../shared/errors.ts';
import { documentsOf, summarize, type LetterSummary } from '../../model/letters.ts';
import { withLetterPayment } from '../../model/invoice-payment.ts';
import { linksOf } from '../../model/read-json.ts';
import { ask } from '../../ui/worker-client.ts';
import type { ResourceSnapshot } from '../../protocol/messages.ts';
import { useLatest } from '../../ui/use-latest.ts';
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

/** The letters of the inbox or a folder, page by page, with the loading and error state of "Load more". */
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
  // "Load more": the next page's read, dropped when the list is left or the session ends, so no
  // letter of an ended session joins the list. One read at a time: a second ask while it runs is let go.
  const more = useLatest<ResourceSnapshot>({ endsWithSession: true });
  const hidden = useHiddenRows();
  const shown = pages.reduce((sum, page) => sum + page.filter((letter) => !hidden.has(letter.key)).length, 0);

  const loadMore = async (): Promise<void> => {
    if (!next || more.loading) return;
    const url = next;
    const snapshot = await more.run(() => ask({ type: 'getResource', url, mediaType: place.target.mediaType, relation: place.target.relation ?? 'document_inbox' }));
    if (!snapshot) return;
    const letters = summariesOf(snapshot.data, place.sessionLevel, url);
    if (findLink(linksOf(snapshot.data), 'next')) nextLinksSeen.current = true;
    const fresh = newLetters(seen.current, letters);
    if (fresh.length > 0) setPages((before) => [...before, fresh]);
    const after = nextPageUrl({ requestUrl: url, data: snapshot.data, letters, nextLinksSeen: nextLinksSeen.current, computable });
    // A page that adds nothing and points at itself would loop for ever.
    setNext(after === url || (fresh.length === 0 && letters.length > 0) ? undefined : after);
  };

  return { pages, shown, next, loading: more.loading, error: more.error, loadMore, setError: more.fail };
}
