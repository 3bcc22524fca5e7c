import { useState } from 'preact/hooks';
import { findLink, type LinkTarget } from '../../api/links.ts';
import type { ErrorInfo } from '../../shared/errors.ts';
import { documentsOf, summarize, type LetterSummary } from '../../model/letters.ts';
import { withLetterPayment } from '../../model/invoice-payment.ts';
import { withLetterMarks } from '../../model/letter-kind.ts';
import { linksOf } from '../../model/read-json.ts';
import { ask } from '../../ui/worker-client.ts';
import type { ResourceSnapshot } from '../../protocol/messages.ts';
import { useLatest } from '../../ui/use-latest.ts';
import { useHiddenRows } from '../filing/ListFiling.tsx';
import type { ListPage } from '../page-view.ts';
import { newLetters, nextPageUrl } from './paging.ts';

function summariesOf(data: unknown, sessionLevel: number, requestUrl: string): LetterSummary[] {
  return (documentsOf(data) ?? []).map((doc, i) => {
    // A row says what kind of letter it is, and "sent to your bank" too, which the popup's shared
    // summary does not read; its menu offers Delete only where the letter offers its deletion.
    const summary = {
      ...withLetterMarks(summarize(doc, sessionLevel, `${requestUrl}#${i}`), doc),
      deletable: findLink(linksOf(doc), 'delete_document') !== undefined,
    };
    return summary.invoice ? { ...summary, invoice: withLetterPayment(summary.invoice, doc) } : summary;
  });
}

/** Where a list of letters is: its first page, already fetched by the viewer, and how to ask for more. */
export interface ListPlace {
  data: unknown;
  requestUrl: string;
  target: LinkTarget;
  sessionLevel: number;
  /** The pages after the first that the list showed when it was left (Back and Forward return to it as deep). */
  further?: readonly ListPage[] | undefined;
  /** Told of each page "Load more" adds, so the list can be shown as deep again. */
  onPage?: ((page: ListPage) => void) | undefined;
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

/** The pages of a list so far, the letters they showed, and where the next page is. */
interface Paging {
  pages: readonly LetterSummary[][];
  next: string | undefined;
  seen: Set<string>;
  /** Whether the service has sent `next` links: then a page without one is the last. */
  nextLinksSeen: boolean;
}

/** `paging` with one more page (`seen` is updated in place: each page costs time in its own size). */
function withPage(paging: Paging, page: ListPage, sessionLevel: number, computable: boolean): Paging {
  const letters = summariesOf(page.data, sessionLevel, page.requestUrl);
  const nextLinksSeen = paging.nextLinksSeen || findLink(linksOf(page.data), 'next') !== undefined;
  const fresh = newLetters(paging.seen, letters);
  const after = nextPageUrl({ requestUrl: page.requestUrl, data: page.data, letters, nextLinksSeen, computable });
  return {
    seen: paging.seen,
    nextLinksSeen,
    // The first page has a place of its own even when empty; a further page that adds nothing has none.
    pages: fresh.length > 0 || paging.pages.length === 0 ? [...paging.pages, fresh] : paging.pages,
    // A page that adds nothing and points at itself would loop for ever.
    next: after === page.requestUrl || (fresh.length === 0 && letters.length > 0 && paging.pages.length > 0) ? undefined : after,
  };
}

/** The letters of the inbox or a folder, page by page, with the loading and error state of "Load more". */
export function useLetterList(place: ListPlace): LetterListState {
  const computable = Array.isArray((place.data as { document?: unknown } | null)?.document);
  // The first page and, coming back to the list, the further pages it showed when it was left.
  const [paging, setPaging] = useState<Paging>(() =>
    [{ requestUrl: place.requestUrl, data: place.data }, ...(place.further ?? [])].reduce<Paging>(
      (so, page) => withPage(so, page, place.sessionLevel, computable),
      { pages: [], next: undefined, seen: new Set(), nextLinksSeen: false },
    ),
  );
  // "Load more": the next page's read, dropped when the list is left or the session ends, so no
  // letter of an ended session joins the list. One read at a time: a second ask while it runs is let go.
  const more = useLatest<ResourceSnapshot>({ endsWithSession: true });
  const hidden = useHiddenRows();
  const { pages, next } = paging;
  const shown = pages.reduce((sum, page) => sum + page.filter((letter) => !hidden.has(letter.key)).length, 0);

  const loadMore = async (): Promise<void> => {
    if (!next || more.loading) return;
    const url = next;
    const snapshot = await more.run(() =>
      ask({ type: 'getResource', url, mediaType: place.target.mediaType, relation: place.target.relation ?? 'document_inbox' }),
    );
    if (!snapshot) return;
    const page = { requestUrl: url, data: snapshot.data };
    setPaging((before) => withPage(before, page, place.sessionLevel, computable));
    place.onPage?.(page);
  };

  return { pages, shown, next, loading: more.loading, error: more.error, loadMore, setError: more.fail };
}
