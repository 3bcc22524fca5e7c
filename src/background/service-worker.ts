// The worker's entry. Every listener is registered synchronously at the top level, so an event
// that wakes a stopped worker finds its listener; no state lives only in memory.
import browser from 'webextension-polyfill';
import { currentConfig, storageReady } from './composition-root.ts';
import { route } from './handlers.ts';
import { registerNotificationListeners } from './notifications.ts';
import { warn } from '../shared/warn.ts';
import { POLL_ALARM, refreshBadge, schedulePoll } from './poll.ts';
import { retryRevocationsInBackground } from './revocation-retry.ts';

browser.runtime.onMessage.addListener((message: unknown, sender: browser.Runtime.MessageSender) => route(message, sender));

// Clicks on a notification open that letter; only while the optional `notifications` permission is held.
registerNotificationListeners();

browser.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name !== POLL_ALARM) return;
  void refreshBadge(true);
  retryRevocationsInBackground();
});

// A sign-out the service has not heard of yet is told as soon as there is a chance: whenever the
// worker starts (a stopped worker starts again for any event, a page opening included), on the
// poll alarm, and when the browser is back online. Chrome's service worker was not seen to get
// 'online' (Firefox's event page is a window, which should), so the popup and options page, which
// show that a sign-out is pending, listen for it too (RevocationNotice).
retryRevocationsInBackground();
addEventListener('online', retryRevocationsInBackground);

async function start(): Promise<void> {
  await schedulePoll(await currentConfig());
  await refreshBadge(false);
}

// Installed or updated: storage is brought to this version's layout first (src/storage/migrations.ts).
// Any other event that wakes the worker first waits for the same migrations at its first use of storage.
browser.runtime.onInstalled.addListener(() => {
  storageReady()
    .then(start)
    .catch((error: unknown) => warn('Could not bring the stored data up to date', error));
});
browser.runtime.onStartup.addListener(() => void start());
