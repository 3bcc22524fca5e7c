import browser from 'webextension-polyfill';
import type { KeyValueArea, SessionDeps } from '../auth/session.ts';
import { isConfigured } from '../config/config.ts';
import { loadConfig } from '../config/config-store.ts';
import type { ServiceConfig } from '../auth/service-config.ts';

/** The browser's storage areas behind the small interface the pure modules take. */
function area(storageArea: browser.Storage.StorageArea): KeyValueArea {
  return {
    get: (keys) => storageArea.get(keys),
    set: (items) => storageArea.set(items),
    remove: (keys) => storageArea.remove(keys),
  };
}

export const localArea = area(browser.storage.local);
export const sessionArea = area(browser.storage.session);

export function currentConfig() {
  return loadConfig(localArea, __BUILD_DEFAULTS__);
}

async function serviceConfig(): Promise<ServiceConfig | undefined> {
  const config = await currentConfig();
  if (!isConfigured(config)) return undefined;
  return { baseUrl: config.baseUrl, clientId: config.clientId, clientSecret: config.clientSecret, scopes: config.scopes };
}

/** Web Locks are shared by every context of the extension and released when a worker dies. */
async function withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  let result: { value: T } | undefined;
  await navigator.locks.request(name, async () => {
    result = { value: await fn() };
  });
  if (!result) throw new Error(`lock ${name} was not granted`);
  return result.value;
}

export function sessionDeps(onSignedOut: NonNullable<SessionDeps['onSignedOut']>): SessionDeps {
  return {
    local: localArea,
    session: sessionArea,
    fetch: (input, init) => fetch(input, init),
    now: () => Date.now(),
    launchWebAuthFlow: (url) => browser.identity.launchWebAuthFlow({ url, interactive: true }),
    redirectUri: browser.identity.getRedirectURL(),
    withLock,
    getConfig: serviceConfig,
    onSignedOut,
  };
}
