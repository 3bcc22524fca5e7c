import { targetOf, type LinkTarget } from '../api/links.ts';
import { findLink } from '../api/relation-name.ts';
import type { Link } from '../api/schemas.ts';
import type { ErrorInfo } from '../shared/errors.ts';
import type { RootSnapshot } from '../protocol/messages.ts';
import { mailboxesAt, mailboxesOf, mailboxNavOf, type MailboxNav } from '../model/mailbox.ts';
import { sessionLevelOf } from '../model/letters.ts';
import { useEffect } from 'preact/hooks';
import { watchItem } from '../storage/browser-areas.ts';
import { rootCacheItem } from '../storage/page-items.ts';
import { useLatest } from '../ui/use-latest.ts';
import { ask } from '../ui/worker-client.ts';
import { signedInEvent, useWorkerEvent } from '../ui/worker-events.ts';
import { foldersOf, type FolderChoice } from './filing/filing.ts';

export interface RootState {
  root: RootSnapshot | undefined;
  /** Why the root could not be read, or that the session ended; the side navigation waits for a later try. */
  error: ErrorInfo | undefined;
  reload: () => Promise<void>;
  /** A root the page read itself (after Connect): shown, and any older read on its way is dropped. */
  replace: (fresh: RootSnapshot) => void;
  /** A failure of the page's own read of the root (its Connect). */
  fail: (error: ErrorInfo) => void;
  /** The places of the mailbox the page lies in, as the side navigation lists them. */
  nav: MailboxNav;
  /** Every mailbox the person may read, their own first; none when only their own. */
  mailboxes: MailboxNav[];
  /** The folders a letter of that mailbox can be filed into. */
  folders: FolderChoice[];
  /** That mailbox's folder list's links (create_folder). */
  folderLinks: readonly Link[] | undefined;
  /** The root's own address (its page is "All links"). */
  rootUrl: string | undefined;
  sessionLevel: number;
}

/** The inbox's page, when the mailbox has one. */
export function inboxTarget(nav: MailboxNav): LinkTarget | undefined {
  return nav.inbox && targetOf(nav.inbox, 'document_inbox', nav.id);
}

/**
 * The root as a viewer tab knows it, seen from the mailbox the page lies in (`mailbox`, as
 * LinkTarget.mailbox names it; the person's own without one): `cached` (the worker's copy, read before the first frame) at
 * once, read once, again on `reload`, dropped at a sign-out and read again when a sign-in completes
 * anywhere (sessionChanged: new permissions may bring Upload a file). The latest read wins
 * (useLatest), and the root on show stays while it is read again.
 */
export function useRoot(cached: RootSnapshot | undefined, mailbox: string | undefined): RootState {
  const latest = useLatest<RootSnapshot>({
    key: 'root',
    read: () => ask({ type: 'getRoot' }),
    keep: true,
    endsWithSession: true,
    initial: cached,
  });
  useWorkerEvent(signedInEvent, () => void latest.reload());
  // The worker's cache is the one source of every count (the badge, the popup, this side list): a
  // letter read here or elsewhere, once the worker has read the root again, shows here at once.
  // Only a root of the session on show, and never an older one than it.
  const { update } = latest;
  useEffect(
    () =>
      watchItem(rootCacheItem, (next) => {
        if (next) update((now) => (next.generation === now.generation && next.fetchedAt > now.fetchedAt ? next : now));
      }),
    [],
  );
  const root = latest.value;
  const here = mailboxesAt(root?.root, mailbox);
  return {
    root,
    error: latest.error ?? latest.ended,
    reload: latest.reload,
    replace: latest.set,
    fail: latest.fail,
    nav: mailboxNavOf(root?.root, mailbox),
    mailboxes: mailboxesOf(root?.root),
    folders: foldersOf(here),
    folderLinks: here[0]?.folders?.link,
    rootUrl: findLink(root?.root.link, 'self')?.uri,
    sessionLevel: sessionLevelOf(root?.root),
  };
}
