/**
 * The worker made by createWorker over the fake browser (fake-browser.ts) and a FakeNetwork: what
 * the browser would hand it, in memory. The pages' own modules it shares (the viewer pages'
 * addresses, i18n) still reach the extension API through `chrome`, so a test stubs that first.
 */
import type { BuildDefaults } from '../../../src/config/build-defaults.ts';
import { createMemoryLock } from '../../../src/auth/memory-lock.ts';
import { forgetViewerPages, forgetViewerPagesNamed, rememberTarget } from '../../../src/storage/viewer-pages.ts';
import type { NotificationsApi } from '../../../src/background/notifications.ts';
import { createWorker, type Worker, type WorkerDeps } from '../../../src/background/worker.ts';
import { EXTENSION_ID, fakeBrowser, REDIRECT_URI, type FakeNetwork } from './fake-browser.ts';

export function fakeWorker(network: FakeNetwork, buildDefaults: BuildDefaults, overrides: Partial<WorkerDeps> = {}): Worker {
  const withLock = createMemoryLock();
  return createWorker({
    storage: fakeBrowser.storage,
    buildDefaults,
    fetch: network.fetch,
    now: () => Date.now(),
    withLock,
    exclusive: (name, fn) => withLock(name, fn),
    launchWebAuthFlow: (url) => fakeBrowser.identity.launchWebAuthFlow({ url, interactive: true }),
    redirectUri: REDIRECT_URI,
    extension: { id: EXTENSION_ID, getURL: fakeBrowser.runtime.getURL },
    tellPages: async (event) => {
      await fakeBrowser.runtime.sendMessage(event);
    },
    action: fakeBrowser.action,
    permissions: fakeBrowser.permissions,
    alarms: fakeBrowser.alarms,
    idleState: () => Promise.resolve('active'),
    notificationsApi: () => (fakeBrowser as { notifications?: NotificationsApi }).notifications,
    viewerPages: { remember: rememberTarget, forgetNamed: forgetViewerPagesNamed, forgetAll: forgetViewerPages },
    openViewer: () => Promise.resolve(),
    menus: undefined,
    openPage: () => Promise.resolve(),
    forgetWrites: () => Promise.resolve(),
    ...overrides,
  });
}
