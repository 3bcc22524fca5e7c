import { findLink, relationName } from '../../api/links.ts';
import { linksOf } from '../../model/read-json.ts';
import { type LetterSummary } from '../../model/letters.ts';

/**
 * Paging through the inbox as the service's own apps do (contract §6): `?lastseen=<epoch ms of the
 * oldest letter loaded>&limit=50`. When the service offers a `next` link we follow it as given;
 * otherwise we compute the next address, and a page shorter than the limit is the last one.
 */
export const PAGE_SIZE = 50;

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

function limitOf(url: URL): number {
  const limit = Number(url.searchParams.get('limit'));
  return Number.isInteger(limit) && limit > 0 ? limit : PAGE_SIZE;
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
  let url: URL;
  try {
    url = new URL(page.requestUrl);
  } catch {
    return undefined;
  }
  const limit = limitOf(url);
  if (page.letters.length < limit) return undefined;
  const oldest = page.letters.at(-1)?.created;
  const lastseen = oldest === undefined ? Number.NaN : Date.parse(oldest);
  if (Number.isNaN(lastseen)) return undefined;
  url.searchParams.set('lastseen', String(lastseen));
  url.searchParams.set('limit', String(limit));
  return url.href;
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
