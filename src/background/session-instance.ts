import { Session } from '../auth/session.ts';
import { sessionDeps, sessionArea } from './composition-root.ts';
import { showSignedOut } from './badge.ts';
import { clearLetterNotifications } from './notifications-clear.ts';
import { ROOT_CACHE_KEY } from '../protocol/messages.ts';
import { forgetViewerPages } from '../protocol/viewer-address.ts';

/**
 * One Session per worker life. It keeps nothing that matters only in memory: a worker that the
 * browser stopped builds a new one over the same storage and carries on.
 */
export const session = new Session(
  sessionDeps(async () => {
    // Personal data goes with the tokens: a signed-out browser shows nobody's name.
    await sessionArea.remove([ROOT_CACHE_KEY]);
    await showSignedOut();
    // Notifications on screen name senders and subjects: they go too.
    await clearLetterNotifications().catch(() => undefined);
    // And what the viewer's tabs stand for (which letter each page id is).
    await forgetViewerPages().catch(() => undefined);
  }),
);
