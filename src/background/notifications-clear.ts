// The part of notifications that a sign-out needs, apart so that the Session's wiring can use it
// without importing the inbox check (which itself needs the Session).
import browser from 'webextension-polyfill';
import { sessionArea } from './composition-root.ts';

/** storage.session: notification id → the viewer address its click opens (personal: session only). */
export const TARGETS_KEY = 'notificationTargets';

export type NotificationsApi = typeof browser.notifications;

/** The notifications API, when the optional permission is held (Chrome leaves it undefined before). */
export function notificationsApi(): NotificationsApi | undefined {
  return (browser as { notifications?: NotificationsApi }).notifications;
}

/** Clears the notifications this extension shows (they name senders and subjects) and their targets. */
export async function clearLetterNotifications(): Promise<void> {
  const api = notificationsApi();
  if (api) {
    const shown = await api.getAll();
    await Promise.all(Object.keys(shown).map((id) => api.clear(id)));
  }
  await sessionArea.remove([TARGETS_KEY]);
}
