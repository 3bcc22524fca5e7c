/*
 * The one rule for an address on another site that a page offers to open: the links in a letter's
 * HTML (letter-sanitiser.ts), a document's ExternalLink, a bank's website after a payment. Such an
 * address opens only in a new tab, on the person's click, with no opener and no referrer, and
 * never with the token: the extension does not fetch it.
 */

/** Addresses a letter's link may open; others are dropped. */
export const FOLLOWABLE = /^(https?:|mailto:)/i;

/** The address to open for a web link (http or https, no user:password@), or undefined when it is none. */
export function webHref(url: string): string | undefined {
  if (!FOLLOWABLE.test(url.trim())) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  if (parsed.username !== '' || parsed.password !== '') return undefined;
  return parsed.href;
}
