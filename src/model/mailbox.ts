import { inboxLinkOf } from '../api/inbox.ts';
import { findLink } from '../api/relation-name.ts';
import type { Link, RootResource } from '../api/schemas.ts';
import { t } from '../shared/i18n.ts';
import { isObj, str } from './read-json.ts';

interface FolderEntry {
  name: string;
  self: Link;
}

export interface MailboxNav {
  inbox?: Link;
  /** The inbox's unread letters, as the service counts them (folders have no count of their own). */
  inboxUnread?: number;
  receipts?: Link;
  folders: (FolderEntry & { icon?: string })[];
}

/**
 * Where the viewer's side navigation leads: the inbox (the one api/inbox.ts decides on), the
 * folders of every mailbox and receipts. The root comes from the worker, parsed.
 */
export function mailboxNavOf(root: RootResource | undefined): MailboxNav {
  const nav: MailboxNav = { folders: [] };
  const inbox = inboxLinkOf(root);
  const receipts = findLink(root?.primaryAccount?.link, 'receipts');
  if (inbox) nav.inbox = inbox;
  const unread = root?.primaryAccount?.unreadItemsInInbox;
  if (inbox && unread !== undefined) nav.inboxUnread = unread;
  if (receipts) nav.receipts = receipts;
  for (const folder of (root?.mailbox ?? []).flatMap((mailbox) => mailbox.folders?.folder ?? [])) {
    const self = findLink(folder.link, 'self');
    if (!self) continue;
    const name = folder.name ?? '';
    nav.folders.push(folder.icon === undefined ? { name, self } : { name, self, icon: folder.icon });
  }
  return nav;
}

/**
 * The place of the side navigation that holds a page that is not a place itself: the inbox for a
 * letter that lies in it (its `location`), Receipts for a receipt. Undefined when it cannot be told
 * (a letter in a folder names no folder).
 */
export function placeHolding(kind: string, data: unknown, nav: MailboxNav): string | undefined {
  if (kind === 'receipt') return nav.receipts?.uri;
  if (kind === 'letter' && isObj(data) && str(data.location)?.toUpperCase() === 'INBOX') return nav.inbox?.uri;
  return undefined;
}

/** A folder by its name, or in words when the service gave it none. */
export function folderName(folder: FolderEntry): string {
  return folder.name.trim() !== '' ? folder.name : t('folder_unnamed');
}

/** The service's own web app, where everything the extension does not do can be done. */
export function webSiteUrl(serviceOrigin: string): string {
  return `${serviceOrigin}/app/`;
}
