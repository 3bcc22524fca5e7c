import { ext as browser } from './ext.ts';

/**
 * The viewer tab's address names no resource. Browser history, synced tabs and any extension with
 * the `tabs` permission can read a tab's address and title, and a letter's address is personal
 * (it identifies the person's letter). So the address carries only a random page id; what it
 * stands for is kept in storage.session (memory only, emptied at sign-out and when the browser
 * closes), where Reload, Back and Forward find it again (storage/viewer-pages.ts).
 */

const VIEWER_PATH = 'src/viewer/viewer.html';
const PAGE_PARAM = 'page';
const PAGE_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** Whether an address is the extension's own viewer page (any query), and nothing else. */
export function isViewerPageUrl(url: string): boolean {
  const viewer = new URL(browser.runtime.getURL(VIEWER_PATH));
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  return (
    target.protocol === viewer.protocol &&
    target.host === viewer.host &&
    target.pathname === viewer.pathname &&
    target.username === '' &&
    target.password === '' &&
    target.hash === ''
  );
}

/** A fresh random id: a UUID (122 random bits), as the write ids are; the popup then carries no Base64. */
export function newPageId(): string {
  return crypto.randomUUID();
}

/** The viewer's address for a page id, relative to the viewer page (its query). */
export const viewerQueryOf = (id: string): string => `?${PAGE_PARAM}=${id}`;

/** The viewer's address for a page id. */
export const viewerAddressOf = (id: string): string => browser.runtime.getURL(VIEWER_PATH) + viewerQueryOf(id);

export function pageIdFromLocation(search: string): string | undefined {
  const id = new URLSearchParams(search).get(PAGE_PARAM);
  return id !== null && PAGE_ID.test(id) ? id : undefined;
}
