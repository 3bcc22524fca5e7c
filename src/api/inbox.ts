import { findLink } from './relation-name.ts';
import type { Link, RootResource } from './schemas.ts';

/** The inbox the extension means by "the inbox": its address and the unread count beside it. */
export interface TheInbox {
  link: Link;
  /** The count the root gives beside that inbox (contract §5), else the account's. */
  unread: number | undefined;
}

/**
 * Which inbox the popup's newest letters, the viewer's side navigation and the notifications show,
 * decided here only: the account's (`primaryAccount`'s `document_inbox`), else the first mailbox
 * that lists one. The real service's root also lists the person's mailboxes under `mailbox[]`,
 * each with its own links (contract §4, §5), and a root may name the inbox only there.
 */
export function inboxOf(root: RootResource | undefined): TheInbox | undefined {
  const account = root?.primaryAccount;
  const fromAccount = findLink(account?.link, 'document_inbox');
  if (fromAccount) return { link: fromAccount, unread: account?.unreadItemsInInbox };
  for (const mailbox of root?.mailbox ?? []) {
    const link = findLink(mailbox.link, 'document_inbox');
    if (link) return { link, unread: mailbox.unreadItemsInInbox ?? account?.unreadItemsInInbox };
  }
  return undefined;
}

export function inboxLinkOf(root: RootResource | undefined): Link | undefined {
  return inboxOf(root)?.link;
}
