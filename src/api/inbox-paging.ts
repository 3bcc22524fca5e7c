/**
 * How the inbox is read page by page, as the service's own apps read it (contract §6): each page
 * asked for with `limit`, the next one after it with `lastseen`, the creation time (epoch ms) of
 * the oldest letter on the page before. The viewer's lists and Find a letter page this way, and the
 * worker too when it looks for the letter an upload made. A `next` link the service gives is
 * followed as given, before any of this (the callers' part).
 *
 * The contract promises no page size: a service may serve fewer letters than the limit asked for
 * (50 to a limit of 100), so a short page is no proof of the end. A person's list takes it for the
 * end all the same (pageAfter: otherwise every short inbox would offer a "Load more" that finds
 * nothing); a look that must not miss a letter does not (pageAfterMaybeCapped).
 */

/** Letters on a page when the address says no other: as many as the service's apps ask for. */
export const PAGE_SIZE = 50;

/** The letters a page at this address holds at most: its `limit`, or PAGE_SIZE. */
function limitOf(url: URL): number {
  const limit = Number(url.searchParams.get('limit'));
  return Number.isInteger(limit) && limit > 0 ? limit : PAGE_SIZE;
}

function parsed(requestUrl: string): URL | undefined {
  try {
    return new URL(requestUrl);
  } catch {
    return undefined;
  }
}

/**
 * The page of the letters older than `oldestCreated`, with the limit `url` asked for: undefined when
 * that date cannot be read, or is no older than the `lastseen` `url` was asked with (the service
 * went no further back, and the same page would come again).
 */
function olderThan(url: URL, oldestCreated: string | undefined): string | undefined {
  const lastseen = oldestCreated === undefined ? Number.NaN : Date.parse(oldestCreated);
  if (Number.isNaN(lastseen)) return undefined;
  const asked = url.searchParams.get('lastseen');
  if (asked !== null && Number(asked) <= lastseen) return undefined;
  const next = new URL(url.href);
  next.searchParams.set('lastseen', String(lastseen));
  next.searchParams.set('limit', String(limitOf(url)));
  return next.href;
}

/**
 * The address of the page after the one fetched from `requestUrl`, which held `count` letters, the
 * oldest created at `oldestCreated`, as a person's list pages: undefined when that page was the
 * last (fewer letters than its limit), or its oldest letter has no readable date or is no older
 * than the page before's, or the address is none.
 */
export function pageAfter(requestUrl: string, count: number, oldestCreated: string | undefined): string | undefined {
  const url = parsed(requestUrl);
  if (!url || count < limitOf(url)) return undefined;
  return olderThan(url, oldestCreated);
}

/**
 * As pageAfter, for a look that must see every letter as far as it reads (the worker's look for an
 * uploaded letter): a page shorter than its limit is followed too, since the service may have
 * capped it. The end is a page with no letters, or one that goes no further back than the page
 * before it (or whose oldest letter has no readable date).
 */
export function pageAfterMaybeCapped(requestUrl: string, count: number, oldestCreated: string | undefined): string | undefined {
  const url = parsed(requestUrl);
  if (!url || count === 0) return undefined;
  return olderThan(url, oldestCreated);
}
