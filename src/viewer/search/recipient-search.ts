/**
 * Recipient search (the root's `search` relation). The contract (§7) names no parameter; the service's own
 * apps send the text as `recipientId`, so that is the one name used for it, here and nowhere else.
 */
export const RECIPIENT_QUERY_PARAM = 'recipientId';

export function recipientSearchUrl(searchLink: string, query: string): string {
  const url = new URL(searchLink);
  url.searchParams.set(RECIPIENT_QUERY_PARAM, query.trim());
  return url.href;
}
