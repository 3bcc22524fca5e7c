/**
 * How the inbox is read page by page, as the service's own apps read it (contract §6): each page
 * asked for with `limit`, the next one after it with `lastseen`, the creation time (epoch ms) of
 * the oldest letter on the page before. The viewer's lists and Find a letter page this way, and the
 * worker too when it looks for the letter an upload made. A `next` link the service gives is
 * followed as given, before any of this (the callers' part).
 */

/** Letters on a page when the address says no other: as many as the service's apps ask for. */
export const PAGE_SIZE = 50;

/** The letters a page at this address holds at most: its `limit`, or PAGE_SIZE. */
function limitOf(url: URL): number {
  const limit = Number(url.searchParams.get('limit'));
  return Number.isInteger(limit) && limit > 0 ? limit : PAGE_SIZE;
}

/**
 * The address of the page after the one fetched from `requestUrl`, which held `count` letters, the
 * oldest created at `oldestCreated`: undefined when that page was the last (fewer letters than its
 * limit), or its oldest letter has no readable date, or the address is none.
 */
export function pageAfter(requestUrl: string, count: number, oldestCreated: string | undefined): string | undefined {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return undefined;
  }
  const limit = limitOf(url);
  if (count < limit) return undefined;
  const lastseen = oldestCreated === undefined ? Number.NaN : Date.parse(oldestCreated);
  if (Number.isNaN(lastseen)) return undefined;
  url.searchParams.set('lastseen', String(lastseen));
  url.searchParams.set('limit', String(limit));
  return url.href;
}
