// The worker's entry. Every listener is registered synchronously at the top level, so an event
// that wakes a stopped worker finds its listener; no state lives only in memory.
import { ext as browser } from '../shared/ext.ts';
import { IDLE_SECONDS, storageReady, worker } from './composition-root.ts';
import { warn } from '../shared/warn.ts';
import { menusApi } from './menus-api.ts';
import { answerPageMessage, type PageMessageEvent } from '../protocol/page-messages.ts';

// A page's request is answered through sendResponse, the channel kept open by returning true: the
// way every supported Chrome and Firefox takes an answer given later (Chrome long took none from a
// returned promise, which only the polyfill turned into one). route() never rejects: an error is
// part of its answer.
browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
  void worker.route(message, sender).then(sendResponse);
  return true;
});

// Chromium: a page hands a file over by postMessage to the service worker (src/ui/send-file.ts),
// since runtime messaging there is JSON. Firefox's event page gets it through onMessage above.
if ('ServiceWorkerGlobalScope' in globalThis) {
  addEventListener('message', (event) => answerPageMessage(event as unknown as PageMessageEvent, worker.route, browser.runtime.id));
}

// Clicks on a notification open that letter; only while the optional `notifications` permission is
// held, so the listener is added now if the API is there, or as soon as the permission is granted.
worker.notifications.listen();
browser.permissions.onAdded.addListener((added) => {
  if (added.permissions?.includes('notifications')) worker.notifications.listen();
});

browser.alarms.onAlarm.addListener((alarm) => worker.onAlarm(alarm));

// "Save to Digipost" (save-menu.ts): the click grants activeTab for the tab's site, then the save page opens.
// "Pause alerts" on the toolbar button's own menu (alerts.ts).
menusApi().onClicked.addListener((info, tab) => {
  worker.alerts
    .menuClicked(info.menuItemId)
    .then((handled) => (handled ? undefined : worker.saveMenu.clicked(info, tab)))
    .catch((error: unknown) => warn('Could not carry out the menu item', error));
});

// Back at an idle or locked computer: what came meanwhile is summed up in one alert (notifications.ts).
browser.idle.setDetectionInterval(IDLE_SECONDS);
browser.idle.onStateChanged.addListener((state) => {
  if (state === 'active') worker.backAtComputer();
});

// A sign-out the service has not heard of yet is told as soon as there is a chance: whenever the
// worker starts (a stopped worker starts again for any event, a page opening included), on the
// poll alarm, and when the browser is back online. Chrome's service worker was not seen to get
// 'online' (Firefox's event page is a window, which should), so the popup and options page, which
// show that a sign-out is pending, listen for it too (RevocationNotice).
worker.retryRevocationsInBackground();
addEventListener('online', () => worker.retryRevocationsInBackground());

// Installed or updated: storage is brought to this version's layout first (src/storage/migrations.ts).
// Any other event that wakes the worker first waits for the same migrations at its first use of storage.
browser.runtime.onInstalled.addListener(() => {
  storageReady()
    .then(() => worker.start())
    .catch((error: unknown) => warn('Could not bring the stored data up to date', error));
});
browser.runtime.onStartup.addListener(() => void worker.start());
