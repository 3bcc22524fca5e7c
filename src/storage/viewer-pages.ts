import type { LinkTarget } from '../api/links.ts';
import { newPageId, viewerAddressOf } from '../shared/viewer-address.ts';
import { browserAreas, removeFamily } from './browser-areas.ts';
import { getItem, put, removeItems, setItems } from './item.ts';
import { viewerPages } from './page-items.ts';

/*
 * What each viewer page shows: its page id (the only thing its address carries,
 * shared/viewer-address.ts) mapped to the link it stands for, in storage.session.
 */

export async function rememberTarget(id: string, target: LinkTarget): Promise<void> {
  const plain: LinkTarget = { url: target.url };
  if (target.mediaType) plain.mediaType = target.mediaType;
  if (target.relation) plain.relation = target.relation;
  if (target.mailbox) plain.mailbox = target.mailbox;
  await setItems(browserAreas, put(viewerPages.item(id), plain));
}

export function recallTarget(id: string): Promise<LinkTarget | undefined> {
  return getItem(browserAreas, viewerPages.item(id));
}

/** The address of a new viewer page showing `target` (remembered first, so the page finds it). */
export async function viewerUrl(target: LinkTarget): Promise<string> {
  const id = newPageId();
  await rememberTarget(id, target);
  return viewerAddressOf(id);
}

/** Forgets these viewer pages (what a write for a session that has ended since had remembered). */
export async function forgetViewerPagesNamed(ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await removeItems(browserAreas, ...ids.map((id) => viewerPages.item(id)));
}

/** Forgets every viewer page (at sign-out): an open viewer tab then names nothing any more. */
export async function forgetViewerPages(): Promise<void> {
  await removeFamily(viewerPages);
}
