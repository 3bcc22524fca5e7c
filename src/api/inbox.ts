import { findLink } from './relation-name.ts';
import type { Link, RootResource } from './schemas.ts';

/** One of the mailboxes a root lists (`mailbox[]`). */
export type RootMailbox = NonNullable<RootResource['mailbox']>[number];

/**
 * The root's mailboxes that are the person's own: all but those shared with them (`owner: false`,
 * a parent's, say), whose inbox, folders and uploads are their own and never the person's. A root
 * that does not say whose a mailbox is lists the person's own.
 */
export function ownMailboxes(root: RootResource | undefined): RootMailbox[] {
  return (root?.mailbox ?? []).filter((mailbox) => mailbox.owner !== false);
}

/**
 * What names a mailbox wherever the extension says which one a page, a letter or an upload lies in
 * (LinkTarget.mailbox, an upload's inbox place, SharedWith.mailbox): the address of its own inbox,
 * its `document_inbox` link (contract §5). Never its Digipost address: a mailbox shared with the
 * person may be listed with the person's own, and first. The person's own mailbox is named by none.
 */
export function mailboxIdOf(mailbox: RootMailbox): string | undefined {
  return findLink(mailbox.link, 'document_inbox')?.uri;
}

/**
 * The mailbox shared with the person that `id` names (mailboxIdOf), when it is the only entry of the
 * root that claims it: an inbox two entries list (two shared mailboxes, or a shared one and the
 * person's own or their account) names neither. Anything else, a Digipost address stored before
 * mailboxes were named so included, names no shared mailbox: the person's own is meant.
 */
export function sharedMailboxById(root: RootResource | undefined, id: string | undefined): RootMailbox | undefined {
  if (!id || findLink(root?.primaryAccount?.link, 'document_inbox')?.uri === id) return undefined;
  const claims = (root?.mailbox ?? []).filter((mailbox) => mailboxIdOf(mailbox) === id);
  return claims.length === 1 && claims[0]?.owner === false ? claims[0] : undefined;
}

/** The root's mailboxes shared with the person, each with the inbox that names it (mailboxIdOf: LinkTarget.mailbox, an upload's place) and no other entry claims. */
export function sharedMailboxes(root: RootResource | undefined): RootMailbox[] {
  return (root?.mailbox ?? []).filter((mailbox) => mailbox.owner === false && sharedMailboxById(root, mailboxIdOf(mailbox)) === mailbox);
}

/** The inbox the extension means by "the inbox": its address and the unread count beside it. */
export interface TheInbox {
  link: Link;
  /** The count the root gives beside that inbox (contract §5), else the account's. */
  unread: number | undefined;
}

/**
 * Which inbox the popup's newest letters, the viewer's side navigation and the notifications show,
 * decided here only: the account's (`primaryAccount`'s `document_inbox`), else the first of the
 * person's own mailboxes that lists one. The real service's root also lists the person's mailboxes under `mailbox[]`,
 * each with its own links (contract §4, §5), and a root may name the inbox only there.
 */
export function inboxOf(root: RootResource | undefined): TheInbox | undefined {
  const account = root?.primaryAccount;
  const fromAccount = findLink(account?.link, 'document_inbox');
  if (fromAccount) return { link: fromAccount, unread: account?.unreadItemsInInbox };
  for (const mailbox of ownMailboxes(root)) {
    const link = findLink(mailbox.link, 'document_inbox');
    if (link) return { link, unread: mailbox.unreadItemsInInbox ?? account?.unreadItemsInInbox };
  }
  return undefined;
}

export function inboxLinkOf(root: RootResource | undefined): Link | undefined {
  return inboxOf(root)?.link;
}

/**
 * The badge's count: the person's own unread letters (the count beside their inbox) and those of
 * every mailbox shared with them, added up as Digipost's own apps badge them. Undefined when the
 * root counts none. New-letter notifications look for letters when it changes.
 */
export function unreadInEveryMailbox(root: RootResource): number | undefined {
  let sum = inboxOf(root)?.unread ?? root.primaryAccount?.unreadItemsInInbox;
  for (const mailbox of sharedMailboxes(root)) if (mailbox.unreadItemsInInbox !== undefined) sum = (sum ?? 0) + mailbox.unreadItemsInInbox;
  return sum;
}

/** The unread letters of every mailbox the person may read, as the badge shows them. */
export interface UnreadCounts {
  /** The badge's count (unreadInEveryMailbox). */
  total: number | undefined;
  /** Each mailbox's own, the person's first; a shared one with whose it is, by name. */
  mailboxes: { whose?: string; unread: number | undefined }[];
}

/** Every count the root gives, from the one rule each page and the badge use. */
export function unreadCounts(root: RootResource): UnreadCounts {
  const own = inboxOf(root)?.unread ?? root.primaryAccount?.unreadItemsInInbox;
  return {
    total: unreadInEveryMailbox(root),
    mailboxes: [
      { unread: own },
      ...sharedMailboxes(root).map((mailbox) => ({
        whose: mailbox.name ?? mailbox.digipostaddress ?? '',
        unread: mailbox.unreadItemsInInbox,
      })),
    ],
  };
}
