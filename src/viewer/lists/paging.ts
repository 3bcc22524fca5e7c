import { pageAfter, PAGE_SIZE } from '../../api/inbox-paging.ts';
import { findLink, relationName } from '../../api/links.ts';
import { linksOf } from '../../model/read-json.ts';
import { type LetterSummary } from '../../model/letters.ts';

/*
 * Paging through a list in the viewer: the inbox as the service's own apps page it
 * (api/inbox-paging.ts); a `next` link the service offers is followed as given.
 */

/** The first page's address: the inbox link, with the page size the service's apps ask for. */
export function firstPageUrl(url: string, relation: string | undefined): string {
  if (!relation || relationName(relation) !== 'document_inbox') return url;
  try {
    const parsed = new URL(url);
    if (parsed.searchParams.has('limit')) return url;
    parsed.searchParams.set('limit', String(PAGE_SIZE));
    return parsed.href;
  } catch {
    return url;
  }
}

export interface PageInput {
  /** The address this page was fetched from. */
  requestUrl: string;
  data: unknown;
  /** The letters on this page, in the service's order (newest first). */
  letters: readonly LetterSummary[];
  /** Whether the service has sent `next` links before: then a page without one is the last. */
  nextLinksSeen: boolean;
  /** Only the inbox pages by `lastseen`; a folder's letters come in one answer. */
  computable: boolean;
}

/** The next page's address, or undefined when this was the last page. */
export function nextPageUrl(page: PageInput): string | undefined {
  const next = findLink(linksOf(page.data), 'next');
  if (next) return next.uri;
  if (page.nextLinksSeen || !page.computable) return undefined;
  return pageAfter(page.requestUrl, page.letters.length, page.letters.at(-1)?.created);
}

/**
 * The letters of a new page that are not shown yet. `seen` (the keys already shown) is updated,
 * so each page costs time in its own size, not in the size of the list so far.
 */
export function newLetters(seen: Set<string>, letters: readonly LetterSummary[]): LetterSummary[] {
  const fresh: LetterSummary[] = [];
  for (const letter of letters) {
    if (seen.has(letter.key)) continue;
    seen.add(letter.key);
    fresh.push(letter);
  }
  return fresh;
}
