import { findLink } from './relation-name.ts';
import type { Link, RootResource } from './schemas.ts';

/** The inbox a glance at the mailbox shows: the account's, else the first mailbox's. */
export function inboxLinkOf(root: RootResource | undefined): Link | undefined {
  return findLink(root?.primaryAccount?.link, 'document_inbox') ?? findLink(root?.mailbox?.[0]?.link, 'document_inbox');
}
