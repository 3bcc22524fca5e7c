import { ext as browser } from './ext.ts';

/**
 * The viewer tab's address names no resource. Browser history, synced tabs and any extension with
 * the `tabs` permission can read a tab's address and title, and a letter's address is personal
 * (it identifies the person's letter). So the address carries only a random page id; what it
 * stands for is kept in storage.session (memory only, emptied at sign-out and when the browser
 * closes), where Reload, Back and Forward find it again.
 */
export interface ViewerTarget {
  url: string;
  mediaType?: string | undefined;
  relation?: string | undefined;
}

export const VIEWER_PATH = 'src/viewer/viewer.html';
const PAGE_PARAM = 'page';
const STORAGE_PREFIX = 'viewerPage:';
const PAGE_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** A fresh random id (128 bits), base64url. */
export function newPageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The viewer's address for a page id; relative to the viewer page when `relative` is set. */
export function viewerAddressOf(id: string, relative = false): string {
  const query = `?${PAGE_PARAM}=${id}`;
  return relative ? query : `${browser.runtime.getURL(VIEWER_PATH)}${query}`;
}

export function pageIdFromLocation(search: string): string | undefined {
  const id = new URLSearchParams(search).get(PAGE_PARAM);
  return id !== null && PAGE_ID.test(id) ? id : undefined;
}

/** Whether a value read back from storage or history is a target (anything else counts as absent). */
export function asViewerTarget(value: unknown): ViewerTarget | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { url, mediaType, relation } = value as Record<string, unknown>;
  if (typeof url !== 'string' || url === '') return undefined;
  return {
    url,
    mediaType: typeof mediaType === 'string' ? mediaType : undefined,
    relation: typeof relation === 'string' ? relation : undefined,
  };
}

export async function rememberTarget(id: string, target: ViewerTarget): Promise<void> {
  const plain: ViewerTarget = { url: target.url };
  if (target.mediaType) plain.mediaType = target.mediaType;
  if (target.relation) plain.relation = target.relation;
  await browser.storage.session.set({ [`${STORAGE_PREFIX}${id}`]: plain });
}

export async function recallTarget(id: string): Promise<ViewerTarget | undefined> {
  const key = `${STORAGE_PREFIX}${id}`;
  const stored = await browser.storage.session.get(key);
  return asViewerTarget(stored[key]);
}

/** The address of a new viewer page showing `target` (remembered first, so the page finds it). */
export async function viewerUrl(target: ViewerTarget): Promise<string> {
  const id = newPageId();
  await rememberTarget(id, target);
  return viewerAddressOf(id);
}

/** Forgets every viewer page (at sign-out): an open viewer tab then names nothing any more. */
export async function forgetViewerPages(): Promise<void> {
  const all = await browser.storage.session.get(null);
  const keys = Object.keys(all).filter((key) => key.startsWith(STORAGE_PREFIX));
  if (keys.length > 0) await browser.storage.session.remove(keys);
}
