import { PAGE_PATHS, type PageName } from './pages.ts';
import { requestRule } from './requests.ts';

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

/** Which of our pages sent a message (undefined: another of our pages, such as a test's blank page). */
function senderPage(sender: SenderInfo): PageName | undefined {
  if (typeof sender.url !== 'string') return undefined;
  let path: string;
  try {
    path = new URL(sender.url).pathname;
  } catch {
    return undefined;
  }
  return (Object.keys(PAGE_PATHS) as PageName[]).find((name) => PAGE_PATHS[name] === path);
}

/** Whether this sender (already known to be one of our pages) may send this type of request (REQUESTS, requests.ts). */
export function mayRequest(sender: SenderInfo, type: string): boolean {
  const pages = requestRule(type)?.pages ?? 'any';
  if (pages === 'any') return true;
  const page = senderPage(sender);
  return page !== undefined && pages.includes(page);
}
