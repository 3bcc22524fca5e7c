// The worker's composition root: the browser's storage areas (storage.local behind the storage
// migrations), the configuration and the one Session, wired once. Every other worker module takes
// what it needs from here.
import browser from 'webextension-polyfill';
import { NETWORK_TIMEOUT_MS } from '../api/deadline.ts';
import { globalFetch } from '../api/http-core.ts';
import { AppError } from '../shared/errors.ts';
import { Session, type SessionDeps } from '../auth/session.ts';
import { isConfigured } from '../config/config.ts';
import { loadConfig } from '../config/config-store.ts';
import { forgetViewerPages } from '../protocol/viewer-address.ts';
import { browserAreas } from '../storage/browser-areas.ts';
import { removeItems, type StorageAreas } from '../storage/item.ts';
import { migratedArea } from '../storage/migrations.ts';
import { rootCacheItem } from '../storage/page-items.ts';
import { showSignedOut } from './badge.ts';
import { tellPages } from './tell-pages.ts';
import type { ServiceConfig } from '../auth/service-config.ts';

const migrated = migratedArea(browserAreas.local);

/** Brings storage.local to this version's layout (install, update); every use of it waits for this anyway. */
export const storageReady = migrated.ready;

export const localArea = migrated.area;
const sessionArea = browserAreas.session;
/** Both areas, for the typed items (src/storage/item.ts). */
export const storage: StorageAreas = { local: localArea, session: sessionArea };

export function currentConfig() {
  return loadConfig(localArea, __BUILD_DEFAULTS__);
}

async function serviceConfig(): Promise<ServiceConfig | undefined> {
  const config = await currentConfig();
  if (!isConfigured(config)) return undefined;
  return { baseUrl: config.baseUrl, clientId: config.clientId, clientSecret: config.clientSecret, scopes: config.scopes };
}

/**
 * The longest wait for the lock. Whoever holds it makes at most one bounded call to the token
 * endpoint (NETWORK_TIMEOUT_MS) and writes storage, so a wait longer than two such calls means a
 * holder is stuck; the caller then hears "the service did not answer in time" instead of hanging.
 */
const LOCK_WAIT_MS = 2 * NETWORK_TIMEOUT_MS + 5000;

/** Web Locks are shared by every context of the extension and released when a worker dies. */
export async function withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
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

function sessionDeps(onSignedOut: NonNullable<SessionDeps['onSignedOut']>): SessionDeps {
  return {
    local: localArea,
    session: sessionArea,
    fetch: globalFetch,
    now: () => Date.now(),
    launchWebAuthFlow: (url) => browser.identity.launchWebAuthFlow({ url, interactive: true }),
    redirectUri: browser.identity.getRedirectURL(),
    withLock,
    getConfig: serviceConfig,
    onSignedOut,
  };
}

/**
 * What else must go when the session ends, registered by the module that owns it (notifications
 * on screen name senders and subjects). Registered at import, so a worker woken by any event has it.
 */
const signOutCleanups: (() => Promise<void>)[] = [];

export function onSignedOut(cleanup: () => Promise<void>): void {
  signOutCleanups.push(cleanup);
}

/**
 * One Session per worker life. It keeps nothing that matters only in memory: a worker that the
 * browser stopped builds a new one over the same storage and carries on.
 */
export const session = new Session(
  sessionDeps(async (reason) => {
    // Personal data goes with the tokens: a signed-out browser shows nobody's name.
    await removeItems(storage, rootCacheItem);
    await showSignedOut();
    // And what the viewer's tabs stand for (which letter each page id is).
    await forgetViewerPages().catch(() => undefined);
    for (const cleanup of signOutCleanups) await cleanup().catch(() => undefined);
    // Open pages drop what they show of the mailbox (a viewer tab its letter and blob: addresses).
    await tellPages({ event: 'sessionEnded', reason });
  }),
);
