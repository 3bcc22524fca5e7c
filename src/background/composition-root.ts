// The worker's composition root: the browser's side of the worker, wired once. storage.local sits
// behind the storage migrations; the rest is the browser's own API, handed to createWorker
// (worker.ts), which makes every part of the worker from it.
import { ext as browser } from '../shared/ext.ts';
import { NETWORK_TIMEOUT_MS } from '../api/deadline.ts';
import { globalFetch } from '../api/http-core.ts';
import { AppError } from '../shared/errors.ts';
import { forgetViewerPages, forgetViewerPagesNamed, rememberTarget } from '../storage/viewer-pages.ts';
import { browserAreas } from '../storage/browser-areas.ts';
import { migratedArea } from '../storage/migrations.ts';
import type { NotificationsApi } from './notifications.ts';
import { openViewerFromWorker } from './open-viewer.ts';
import { tellPages } from './tell-pages.ts';
import { createWorker } from './worker.ts';
import { menusApi } from './menus-api.ts';
import { createTab } from '../shared/create-tab.ts';
import { removeFamilies } from '../storage/browser-areas.ts';
import { uploadsMadeItem, writeRecords } from '../storage/items.ts';
import { removeItems } from '../storage/item.ts';
import { saveRequests } from '../storage/upload-items.ts';

const migrated = migratedArea(browserAreas.local);

/** How long without input counts as away from the computer: alerts wait for the person's return. */
export const IDLE_SECONDS = 300;

/** Brings storage.local to this version's layout (install, update); every use of it waits for this anyway. */
export const storageReady = migrated.ready;

/**
 * The longest wait for the lock. Whoever holds it makes at most one bounded call to the token
 * endpoint (NETWORK_TIMEOUT_MS) and writes storage, so a wait longer than two such calls means a
 * holder is stuck; the caller then hears "the service did not answer in time" instead of hanging.
 */
const LOCK_WAIT_MS = 2 * NETWORK_TIMEOUT_MS + 5000;

/** Web Locks are shared by every context of the extension and released when a worker dies. */
async function withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  let result: { value: T } | undefined;
  const lock = { granted: false };
  const waited = AbortSignal.timeout(LOCK_WAIT_MS);
  try {
    await navigator.locks.request(name, { signal: waited }, async () => {
      lock.granted = true;
      result = { value: await fn() };
    });
  } catch (error) {
    // The signal only cuts the wait for the lock; once held, fn runs to its own (bounded) end.
    if (!lock.granted && waited.aborted) throw new AppError('timeout', { detail: 'the sign-in data was busy' });
    throw error;
  }
  if (!result) throw new Error(`lock ${name} was not granted`);
  return result.value;
}

/** The one worker of this worker's life, over the browser's APIs. */
export const worker = createWorker({
  storage: { local: migrated.area, session: browserAreas.session },
  buildDefaults: __BUILD_DEFAULTS__,
  fetch: globalFetch,
  now: () => Date.now(),
  withLock,
  exclusive: async (name, fn) => {
    await navigator.locks.request(name, fn);
  },
  launchWebAuthFlow: (url) => browser.identity.launchWebAuthFlow({ url, interactive: true }),
  redirectUri: browser.identity.getRedirectURL(),
  extension: { id: browser.runtime.id, getURL: (path) => browser.runtime.getURL(path) },
  tellPages,
  action: browser.action,
  permissions: browser.permissions,
  alarms: browser.alarms,
  // Quiet while the person is away from the computer (issue #48): idle for five minutes, or locked.
  idleState: () => browser.idle.queryState(IDLE_SECONDS),
  // Chrome defines `chrome.notifications` only once the optional permission is granted.
  notificationsApi: () => (browser as { notifications?: NotificationsApi }).notifications,
  viewerPages: { remember: rememberTarget, forgetNamed: forgetViewerPagesNamed, forgetAll: forgetViewerPages },
  openViewer: openViewerFromWorker,
  // Firefox names the API menus (contextMenus is its alias), Chrome contextMenus.
  menus: menusApi(),
  openPage: async (path, beside) => {
    await createTab({
      url: browser.runtime.getURL(path),
      ...(beside?.id === undefined ? {} : { openerTabId: beside.id, index: beside.index + 1 }),
    });
  },
  // Every step runs though another fails (the sign-out's cleanup goes on either way).
  forgetWrites: async () => {
    await Promise.all([removeFamilies(saveRequests, writeRecords), removeItems(browserAreas, uploadsMadeItem)]);
  },
});
