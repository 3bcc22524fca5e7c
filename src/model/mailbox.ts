import { inboxOf, mailboxIdOf, ownMailboxes, sharedMailboxById, sharedMailboxes, type RootMailbox } from '../api/inbox.ts';
import { findLink } from '../api/relation-name.ts';
import type { Link, RootResource } from '../api/schemas.ts';
import { t } from '../shared/i18n.ts';
import { isObj, str } from './read-json.ts';

interface FolderEntry {
  name: string;
  self: Link;
}

export interface MailboxNav {
  /**
   * What names the mailbox (api/inbox.ts mailboxIdOf): '' for the person's own, a shared one's inbox
   * link. A viewer page's target carries it (LinkTarget.mailbox) to say whose mailbox the page lies
   * in; never the Digipost address, which a shared mailbox may share with the person's own.
   */
  id: string;
  /** Whose mailbox it is, by name (the person's own: their name, as the root gives it). */
  name: string;
  /** Whose mailbox it is, when it is shared with the person (a parent's name); absent for their own. */
  whose?: string;
  inbox?: Link;
  /** The inbox's unread letters, as the service counts them (folders have no count of their own). */
  inboxUnread?: number;
  receipts?: Link;
  folders: (FolderEntry & { icon?: string })[];
}

function foldersIn(mailboxes: readonly RootMailbox[]): MailboxNav['folders'] {
  return mailboxes.flatMap((mailbox) =>
    (mailbox.folders?.folder ?? []).flatMap((folder) => {
      const self = findLink(folder.link, 'self');
      if (!self) return [];
      const name = folder.name ?? '';
      return [folder.icon === undefined ? { name, self } : { name, self, icon: folder.icon }];
    }),
  );
}

/**
 * The root's entries for the mailbox `id` names (MailboxNav.id): that mailbox when it is shared with
 * the person, else the person's own (one, or more in a root that repeats itself). An id no entry,
 * or two, claim (an old stored Digipost address too) is the person's own, never another's.
 */
export function mailboxesAt(root: RootResource | undefined, id: string | undefined): RootMailbox[] {
  const shared = sharedMailboxById(root, id);
  return shared ? [shared] : ownMailboxes(root);
}

/**
 * Where the viewer's side navigation leads in one mailbox: its inbox, folders and receipts, each
 * by the mailbox's own links. `id` names a mailbox shared with the person; without it (or when
 * the root no longer lists that mailbox) it is the person's own: the inbox api/inbox.ts decides on
 * and the folders of their own mailboxes. The root comes from the worker, parsed.
 */
export function mailboxNavOf(root: RootResource | undefined, id?: string): MailboxNav {
  const shared = sharedMailboxById(root, id);
  const here = mailboxesAt(root, id);
  const mailbox = here[0];
  const account = shared ?? root?.primaryAccount;
  const own = inboxOf(root);
  const inbox = shared ? findLink(shared.link, 'document_inbox') : own?.link;
  // The same count the badge adds up (api/inbox.ts unreadInEveryMailbox): one source for every surface.
  const unread = shared ? shared.unreadItemsInInbox : own?.unread;
  const receipts = findLink(account?.link, 'receipts');
  const name = mailbox?.name ?? mailbox?.digipostaddress ?? '';
  const nav: MailboxNav = { id: shared ? (mailboxIdOf(shared) ?? '') : '', name, folders: foldersIn(here) };
  if (shared) nav.whose = name;
  if (inbox) nav.inbox = inbox;
  if (inbox && unread !== undefined) nav.inboxUnread = unread;
  if (receipts) nav.receipts = receipts;
  return nav;
}

/**
 * The person's own places, as mailboxNavOf without an id finds them (the inbox api/inbox.ts decides
 * on, its count, the receipts, the folders of their own mailboxes), without the name and id that set
 * a mailbox apart: the popup's, which lists each shared inbox on its own line and so needs neither.
 * Beside mailboxNavOf so the popup carries no reading of a shared mailbox's places.
 */
export interface OwnPlaces {
  inbox: Link | undefined;
  inboxUnread: number | undefined;
  receipts: Link | undefined;
  folders: MailboxNav['folders'];
}

export function ownPlacesOf(root: RootResource): OwnPlaces {
  const own = inboxOf(root);
  return {
    inbox: own?.link,
    inboxUnread: own?.unread,
    receipts: findLink(root.primaryAccount?.link, 'receipts'),
    folders: foldersIn(ownMailboxes(root)),
  };
}

/** How much of a mailbox's storage is used: bytes of the most it may hold. */
export interface StorageUse {
  used: number;
  total: number;
  /** At NEARLY_FULL or more: the person is told plainly, before an upload or a sender's letter is refused. */
  nearlyFull: boolean;
}

/** The share of a mailbox's storage from which it is called nearly full. */
const NEARLY_FULL = 0.9;

/** The storage of the mailbox `id` names (the person's own without one), when the root gives both figures. */
export function storageOf(root: RootResource | undefined, id: string | undefined): StorageUse | undefined {
  const mailbox = mailboxesAt(root, id)[0];
  const used = mailbox?.usedStorage;
  const total = mailbox?.totalAvailableStorage;
  if (used === undefined || total === undefined || total <= 0) return undefined;
  return { used, total, nearlyFull: used >= total * NEARLY_FULL };
}

/**
 * Every mailbox the person may read, their own first, as places to switch between: only when one
 * is shared with them (a person with one mailbox sees no switcher and no "whose").
 */
export function mailboxesOf(root: RootResource | undefined): MailboxNav[] {
  const shared = sharedMailboxes(root);
  return shared.length === 0 ? [] : [mailboxNavOf(root), ...shared.map((mailbox) => mailboxNavOf(root, mailboxIdOf(mailbox)))];
}

/** A mailbox's inbox by name: "Inbox" for the person's own, "Ola Nordmann's inbox" for one shared with them. */
export function inboxName(nav: MailboxNav): string {
  return nav.whose === undefined ? t('rel_document_inbox') : t('shared_inbox_title', nav.whose);
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
