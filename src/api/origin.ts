import { AppError } from '../shared/errors.ts';

export type UrlProblem = 'link_not_http' | 'link_foreign_origin';

/** The origin of a configured base address; a bad one matches nothing rather than everything. */
function originOf(serviceOrigin: string): string | undefined {
  try {
    return new URL(serviceOrigin).origin;
  } catch {
    return undefined;
  }
}

/**
 * Why a URL may not receive the bearer token, or undefined when it may. The URL is parsed by the
 * same WHATWG parser that fetch uses, so what is checked here is exactly what would be requested
 * (tabs inside "java\tscript:", backslashes, default ports and letter case are all normalised).
 * Relative URLs are refused: the contract promises absolute ones (§2), and resolving them against a base
 * would let "//other.host/" pick the host.
 */
export function urlProblem(url: string, serviceOrigin: string): UrlProblem | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'link_not_http';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'link_not_http';
  // user:pass@ does not change the origin, but it is not an address the service hands out, and
  // fetch refuses it anyway.
  if (parsed.username !== '' || parsed.password !== '') return 'link_foreign_origin';
  return parsed.origin === originOf(serviceOrigin) ? undefined : 'link_foreign_origin';
}

/** The normalised URL to request, or an AppError before any request is made. */
export function requireServiceUrl(url: string, serviceOrigin: string): string {
  const problem = urlProblem(url, serviceOrigin);
  if (problem) throw new AppError(problem, { detail: describe(url) });
  return new URL(url).href;
}

/** Enough of a refused URL to recognise it, without echoing a long query that may carry secrets. */
function describe(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : parsed.protocol;
  } catch {
    return url.slice(0, 60);
  }
}
