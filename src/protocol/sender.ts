/** The parts of a message's sender that decide whether the worker listens to it. */
export interface SenderInfo {
  id?: string | undefined;
  url?: string | undefined;
}

/**
 * Only the extension's own pages may talk to the worker: not a content script on a web page
 * (whose url is the page's), not another extension, not a page of an unknown origin.
 */
export function isOwnPage(sender: SenderInfo, ownId: string, pagesOrigin: string): boolean {
  if (sender.id !== ownId || typeof sender.url !== 'string') return false;
  try {
    // Compare scheme and host: `URL.origin` is "null" for chrome-extension: outside Chrome, and
    // "null" === "null" would let any extension's page through.
    const from = new URL(sender.url);
    const own = new URL(pagesOrigin);
    return from.protocol === own.protocol && from.host === own.host && from.host !== '';
  } catch {
    return false;
  }
}
