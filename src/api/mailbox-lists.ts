import { inboxLinkOf, ownMailboxes } from './inbox.ts';
import { findLink } from './relation-name.ts';
import type { Link, RootResource } from './schemas.ts';

/** One list of letters a root names, with the relation it is read as. */
export interface MailboxList {
  link: Link;
  relation: 'document_inbox' | 'folder';
}

/**
 * The lists of letters a root names, each once, by its own address: the inbox first (where new
 * letters arrive), then the folders of the person's own mailboxes (a folder named twice, by two mailboxes or by a
 * root that repeats itself, is listed once). The worker reads the open invoices from these
 * (background/due-invoices.ts), and the popup counts the same places while it says where it is
 * still looking (popup/Popup.tsx): one list for both, so the two never count differently.
 */
export function mailboxLists(root: RootResource): MailboxList[] {
  const inbox = inboxLinkOf(root);
  const lists: MailboxList[] = inbox ? [{ link: inbox, relation: 'document_inbox' }] : [];
  for (const folder of ownMailboxes(root).flatMap((mailbox) => mailbox.folders?.folder ?? [])) {
    const link = findLink(folder.link, 'self');
    if (link && !lists.some((list) => list.link.uri === link.uri)) lists.push({ link, relation: 'folder' });
  }
  return lists;
}
