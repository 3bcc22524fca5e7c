import type { Session } from '../auth/session.ts';
import type { WorkerEvent } from '../protocol/messages.ts';
import { warn } from '../shared/warn.ts';
import type { BackgroundWork } from './background-work.ts';
import type { Badge } from './badge.ts';
import type { LetterNotifications } from './notifications.ts';
import type { RevocationRetry } from './revocation-retry.ts';
import type { RootCache } from './root-cache.ts';
import type { SaveMenu } from './save-menu.ts';

/** What the cleanup at the end of a session reaches: the worker's parts that hold a person's data. */
export interface SessionCleanupDeps {
  rootCache: Pick<RootCache, 'forget'>;
  badge: Pick<Badge, 'showSignedOut'>;
  viewerPages: { forgetAll(): Promise<void> };
  notifications: Pick<LetterNotifications, 'clearLetterNotifications'>;
  /**
   * The menu's save requests and every write's record (storage.session). Not the opaque keys of the
   * final writes (a payment, an opening receipt) in storage.local: they keep the same person, signed
   * in again, from paying twice while a payment does not show yet (once.ts, finalWritesItem).
   */
  forgetWrites: () => Promise<void>;
  saveMenu: Pick<SaveMenu, 'refresh'>;
  tellPages: (event: WorkerEvent) => Promise<void>;
}

/**
 * What goes when a person's session ends here: at a sign-out, at the end of access, and when
 * another person signs in without a sign-out first (Session: onSignedOut). Every step runs, in
 * turn, whatever the steps before it did: one that fails is warned of and the next runs, since
 * what one step could not forget must not keep the others' data (or leave open pages showing a
 * mailbox). The open pages are told last, once the worker's own copies are gone; they drop what
 * they show and hold in memory (a viewer tab its letter and search index, the save page its file).
 */
export function createSessionCleanup(deps: SessionCleanupDeps): (reason: 'user' | 'ended') => Promise<void> {
  return async function cleanUp(reason) {
    const steps: [what: string, step: () => Promise<void>][] = [
      // Personal data goes with the tokens: a signed-out browser shows nobody's name.
      ['forget the cached root and open invoices', () => deps.rootCache.forget()],
      ['grey the toolbar button', () => deps.badge.showSignedOut(reason === 'ended')],
      // What the viewer's tabs stand for (which letter each page id is).
      ['forget the viewer pages', () => deps.viewerPages.forgetAll()],
      // Notifications on screen name senders and subjects.
      ['clear the notifications', () => deps.notifications.clearLetterNotifications()],
      // What the person was saving and writing (the files themselves live only in their pages), and the
      // menu item with it. What never to pay twice needs stays: opaque keys, no person's data (once.ts).
      ['forget the save requests and write records', () => deps.forgetWrites()],
      ['update the Save to Digipost menu', () => deps.saveMenu.refresh()],
      ['tell the open pages', () => deps.tellPages({ event: 'sessionEnded', reason })],
    ];
    for (const [what, step] of steps) {
      try {
        await step();
      } catch (error) {
        warn(`At the end of the session, could not ${what}`, error);
      }
    }
  };
}

/** How long the person waits at Sign out for the service to confirm; the revoke itself goes on to its own deadline. */
const LOGOUT_WAIT_MS = 3000;

export interface SignOutDeps {
  session: Pick<Session, 'signOut'>;
  retryRevocations: RevocationRetry['retryRevocations'];
  /** Where the revoke goes on once the person stopped waiting for it. */
  background: Pick<BackgroundWork, 'run'>;
}

/**
 * Signs out here at once (every token and all personal data go, open pages are told), then tells
 * the service by revoking the grant (contract §3.4): every token of this sign-in stops working,
 * including a refresh token wherever a copy of it may be. The root's `logout` relation would end
 * only the web session and leave the grant. The person waits for the service briefly (a slow or
 * absent one must not keep them waiting), but the revoke is not cut short then: it goes on in the
 * background to the deadline of any call to the service (a slow service's 200 after 4 s still
 * counts), and a "Try now" meanwhile waits for it rather than sending another (revocation.ts locks
 * the record). Only a revoke that failed, or reached its deadline, makes a pending revocation the
 * popup and the options page speak of, tried again later (revocation-retry.ts).
 * When the service address changes, this runs before the new one is saved: the record keeps the
 * old service and client it must tell.
 */
export function createSignOut(deps: SignOutDeps): () => Promise<void> {
  return async function signOut() {
    const revocation = await deps.session.signOut();
    if (revocation === undefined) return;
    const told = deps.retryRevocations({ only: revocation });
    deps.background.run(told.catch((error: unknown) => warn('Could not tell the service of the sign-out', error)));
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([told.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, LOGOUT_WAIT_MS)))]);
    clearTimeout(timer);
  };
}
