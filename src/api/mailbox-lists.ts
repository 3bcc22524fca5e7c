import { inboxLinkOf, mailboxIdOf, ownMailboxes, sharedMailboxes } from './inbox.ts';
import { findLink } from './relation-name.ts';
import type { Link, RootResource } from './schemas.ts';

/** One list of letters a root names, with the relation it is read as. */
export interface MailboxList {
  link: Link;
  relation: 'document_inbox' | 'folder';
  /** In a mailbox shared with the person: that mailbox (by its inbox link) and whose it is, by name. */
  shared?: SharedWith;
}

/** A mailbox shared with the person, as a letter of it says so: which mailbox it opens in and whose it is, by name. */
export interface SharedWith {
  /** The mailbox, by its own inbox link (api/inbox.ts mailboxIdOf), never its Digipost address. */
  mailbox: string;
  whose: string;
}

/**
 * The lists of letters a root names, each once, by its own address: the inbox first (where new
 * letters arrive), then the folders of the person's own mailboxes, then of each mailbox shared with
 * them its inbox and its folders (a list named twice, by two mailboxes or by a root that repeats
 * itself, is listed once). The worker reads the open invoices from these
 * (background/due-invoices.ts), and the popup counts the same places while it says where it is
 * still looking (popup/Popup.tsx): one list for both, so the two never count differently.
 */
export function mailboxLists(root: RootResource | undefined): MailboxList[] {
  const lists: MailboxList[] = [];
  const add = (link: Link | undefined, relation: MailboxList['relation'], shared?: MailboxList['shared']) => {
    if (link && !lists.some((list) => list.link.uri === link.uri)) lists.push(shared ? { link, relation, shared } : { link, relation });
  };
  add(inboxLinkOf(root), 'document_inbox');
  for (const folder of ownMailboxes(root).flatMap((mailbox) => mailbox.folders?.folder ?? [])) add(findLink(folder.link, 'self'), 'folder');
  for (const mailbox of sharedMailboxes(root)) {
    const shared = { mailbox: mailboxIdOf(mailbox) ?? '', whose: mailbox.name ?? mailbox.digipostaddress ?? '' };
    add(findLink(mailbox.link, 'document_inbox'), 'document_inbox', shared);
    for (const folder of mailbox.folders?.folder ?? []) add(findLink(folder.link, 'self'), 'folder', shared);
  }
  return lists;
}

/** The inbox of each mailbox shared with the person (the popup's newest letters and notifications read them beside the person's own). */
export function sharedInboxes(root: RootResource | undefined): (MailboxList & { shared: SharedWith })[] {
  return mailboxLists(root).filter(
    (list): list is MailboxList & { shared: SharedWith } => list.shared !== undefined && list.relation === 'document_inbox',
  );
}
