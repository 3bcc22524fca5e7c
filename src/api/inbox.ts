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

/** The root's mailboxes shared with the person, each with the Digipost address that names it (LinkTarget.mailbox, an upload's place). */
export function sharedMailboxes(root: RootResource | undefined): RootMailbox[] {
  return (root?.mailbox ?? []).filter((mailbox) => mailbox.owner === false && mailbox.digipostaddress !== undefined);
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
