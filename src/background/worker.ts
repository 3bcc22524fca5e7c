// The worker, composed: every part is made once here from what the platform gives (storage, the
// network, the clock, locks and the browser's APIs), and reaches the others only as it was handed
// them. composition-root.ts passes the browser's; a unit test passes fakes.
import type { Alarms, Permissions } from 'webextension-polyfill';
import type { WithLock } from '../auth/memory-lock.ts';
import { Session } from '../auth/session.ts';
import type { ServiceConfig } from '../auth/service-config.ts';
import type { BuildDefaults } from '../config/build-defaults.ts';
import { isConfigured, type ExtensionConfig } from '../config/config.ts';
import { loadConfig } from '../config/config-store.ts';
import { dispatch, type Handlers } from '../protocol/dispatch.ts';
import type { Answer, WorkerEvent } from '../protocol/messages.ts';
import type { SenderInfo } from '../protocol/sender.ts';
import type { LinkTarget } from '../api/links.ts';
import type { StorageAreas } from '../storage/item.ts';
import { createServiceCalls } from './authorized-fetch.ts';
import { createBackgroundWork } from './background-work.ts';
import { createBadge, type ActionApi } from './badge.ts';
import { createHandlers } from './handlers.ts';
import { createHostAccess } from './host-access.ts';
import { createLetterContent } from './letter-content.ts';
import { createWrites } from './writes.ts';
import { createLetterNotifications, type LetterNotifications, type NotificationsApi } from './notifications.ts';
import { createPoll, POLL_ALARM } from './poll.ts';
import { createRevocationRetry } from './revocation-retry.ts';
import { createDueInvoices } from './due-invoices.ts';
import { needRowsOf } from './needs-rows.ts';
import { createRootCache } from './root-cache.ts';
import { createSessionCleanup, createSignOut } from './sign-out.ts';
import { createSaveMenu, type SaveMenu, type SaveMenuDeps } from './save-menu.ts';
import { createUploads } from './actions/upload.ts';
import { createOnce } from './once.ts';
import { createOpeningReceipts } from './actions/opening-receipt.ts';
import { warn } from '../shared/warn.ts';
import { createAlerts, RESUME_ALARM, type Alerts } from './alerts.ts';
import { getItem } from '../storage/item.ts';
import { notificationAwayItem } from '../storage/items.ts';

/** What the worker is made of: the platform, as the browser (or a test) gives it. */
export interface WorkerDeps {
  /** storage.local (behind the storage migrations) and storage.session. */
  storage: StorageAreas;
  /** The build's defaults for the settings (__BUILD_DEFAULTS__). */
  buildDefaults: BuildDefaults;
  fetch: typeof fetch;
  /** Milliseconds since the epoch. */
  now: () => number;
  /** A lock shared by every context of the extension, its wait bounded (tokens, pending revocations). */
  withLock: WithLock;
  /** The same lock, waited for as long as it takes (one check for new letters at a time). */
  exclusive: (name: string, fn: () => Promise<void>) => Promise<void>;
  /** The consent window (identity.launchWebAuthFlow, interactive): resolves with the redirect URL. */
  launchWebAuthFlow: (url: string) => Promise<string>;
  redirectUri: string;
  /** runtime.id and runtime.getURL. */
  extension: { id: string; getURL: (path: string) => string };
  /** Tells every open page of the extension (nobody answers). */
  tellPages: (event: WorkerEvent) => Promise<void>;
  action: ActionApi;
  permissions: Pick<Permissions.Static, 'contains' | 'remove'>;
  alarms: Pick<Alarms.Static, 'get' | 'create' | 'clear'>;
  /** Whether the person is at the computer (idle.queryState; 'active' without the API). */
  idleState: () => Promise<'active' | 'idle' | 'locked'>;
  /** The notifications API, when the optional permission is held. */
  notificationsApi: () => NotificationsApi | undefined;
  /** Which letter each viewer page id stands for (storage.session, shared with the pages). */
  viewerPages: {
    remember(id: string, target: LinkTarget): Promise<void>;
    forgetNamed(ids: readonly string[]): Promise<void>;
    forgetAll(): Promise<void>;
  };
  /** Opens a viewer page in a tab and brings its window forward. */
  openViewer: (url: string) => Promise<void>;
  /** The context menu (contextMenus in Chrome, menus in Firefox), and how a save page opens. */
  menus: SaveMenuDeps['menus'];
  openPage: SaveMenuDeps['openPage'];
  /** Forgets the menu's save requests and every write's record (storage.session) at sign-out. */
  forgetWrites: () => Promise<void>;
}

export interface Worker {
  session: Session;
  handlers: Handlers;
  /** Every message from a page: checked by dispatch (sender, page, shape), then answered by its handler. */
  route: (message: unknown, sender: SenderInfo) => Promise<Answer<unknown>>;
  onAlarm: (alarm: { name: string }) => void;
  /** Installed, updated or the browser started: the alarm follows the settings, the badge the session. */
  start: () => Promise<void>;
  retryRevocationsInBackground: () => void;
  /** New-letter notifications; their click listener is added once the API is there (listen). */
  notifications: LetterNotifications;
  /** "Save to Digipost" in the context menu: its click listener is the worker's (service-worker.ts). */
  saveMenu: SaveMenu;
  /** The person's shaping of alerts: the toolbar button's Pause alerts items are its (menuClicked). */
  alerts: Alerts;
  /** The person is back at an idle or locked computer: what came meanwhile is looked for, and summed up in one alert. */
  backAtComputer: () => void;
  /** Resolves once the work the worker started in the background is done (background-work.ts); tests wait on it. */
  idle: () => Promise<void>;
}

export function createWorker(deps: WorkerDeps): Worker {
  const { storage, now } = deps;
  const currentConfig = (): Promise<ExtensionConfig> => loadConfig(storage.local, deps.buildDefaults);

  async function serviceConfig(): Promise<ServiceConfig | undefined> {
    const config = await currentConfig();
    if (!isConfigured(config)) return undefined;
    return { baseUrl: config.baseUrl, clientId: config.clientId, clientSecret: config.clientSecret, scopes: config.scopes };
  }

  const badge = createBadge(deps.action, now);
  const background = createBackgroundWork();

  /**
   * One Session per worker life. It keeps nothing that matters only in memory: a worker that the
   * browser stopped builds a new one over the same storage and carries on.
   */
  const session: Session = new Session({
    local: storage.local,
    session: storage.session,
    fetch: deps.fetch,
    now,
    launchWebAuthFlow: deps.launchWebAuthFlow,
    redirectUri: deps.redirectUri,
    withLock: deps.withLock,
    getConfig: serviceConfig,
    // The Save to Digipost menu follows what the session may do: a sign-in (Connect, or a
    // permission switched in the options) may have brought or taken away UPLOAD_DOCUMENT.
    // Open pages learn of it at once: a viewer tab shows Upload a file once UPLOAD_DOCUMENT is granted.
    onSignedIn: async () => {
      await saveMenu.refresh();
      const status = await session.status();
      if (status.state === 'signed_in') await deps.tellPages({ event: 'sessionChanged', scopes: status.scopes });
    },
    // The popup says "Approved — opening your mailbox…" at once, not after the exchange and the reads.
    onApproved: () => void deps.tellPages({ event: 'signInApproved' }),
    // A sign-out, the end of access, or another person signing in: the same cleanup (sign-out.ts).
    onSignedOut: (reason) => cleanUp(reason),
  });

  const calls = createServiceCalls({
    session,
    fetch: deps.fetch,
    hostAccessHeld: (origins) => deps.permissions.contains({ origins }),
  });
  const notifications = createLetterNotifications({
    storage,
    session,
    currentConfig,
    calls,
    now,
    notificationsApi: deps.notificationsApi,
    permissions: deps.permissions,
    extensionUrl: deps.extension.getURL,
    exclusive: deps.exclusive,
    viewerPages: deps.viewerPages,
    openViewer: deps.openViewer,
    idleState: deps.idleState,
  });
  // A pause begun or ended, or alerts switched on or off: the menu offers Pause or Resume (or
  // nothing), and the popup's line says until when (rootCache is made below; called only later).
  const alertsChanged = async () => {
    await saveMenu.refresh();
    await rootCache.renote();
  };
  const alerts = createAlerts({
    storage,
    now,
    alarms: deps.alarms,
    currentConfig,
    changed: alertsChanged,
  });
  const dueInvoices = createDueInvoices({ storage, session, calls, now, rowsOf: needRowsOf });
  const rootCache = createRootCache({
    storage,
    session,
    calls,
    now,
    badge,
    notifyNewLetters: notifications.notifyNewLetters,
    dueInvoices,
    background,
    alertsNote: alerts.note,
  });
  const poll = createPoll({ alarms: deps.alarms, currentConfig, session, badge, rootCache });
  const hostAccess = createHostAccess({ local: storage.local, currentConfig, permissions: deps.permissions });
  const revocations = createRevocationRetry({
    local: storage.local,
    fetch: deps.fetch,
    now,
    withLock: deps.withLock,
    hostAccess,
    tellPages: deps.tellPages,
    background,
  });
  const signOut = createSignOut({ session, retryRevocations: revocations.retryRevocations, background });
  const letterContent = createLetterContent({ calls, rootCache });
  const saveMenu = createSaveMenu({
    menus: deps.menus,
    storage,
    openPage: deps.openPage,
    moreItems: alerts.menuItems,
    offered: async () => {
      const status = await session.status();
      return status.state === 'signed_in' && status.scopes.includes('UPLOAD_DOCUMENT');
    },
  });
  const cleanUp = createSessionCleanup({
    rootCache,
    badge,
    viewerPages: deps.viewerPages,
    notifications,
    forgetWrites: deps.forgetWrites,
    saveMenu,
    tellPages: deps.tellPages,
  });
  // Every write, uploads and opening receipts too, goes through this one engine: exactly once per intent, in turn per resource.
  const once = createOnce({ storage, exclusive: deps.exclusive, generation: () => session.generation(), now });
  const handlers: Handlers = createHandlers({
    local: storage.local,
    session,
    currentConfig,
    redirectUri: deps.redirectUri,
    permissions: deps.permissions,
    now,
    calls,
    rootCache,
    letterContent,
    notifications,
    poll,
    hostAccess,
    revocations,
    signOut,
    writes: createWrites({ calls, once, written: rootCache.refresh }),
    uploads: createUploads({ storage, calls, rootCache, once }),
    receipts: createOpeningReceipts({ calls, once }),
    alerts,
    notifySwitched: alertsChanged,
  });

  return {
    session,
    handlers,
    route: (message, sender) => dispatch(message, sender, { handlers, ownId: deps.extension.id, pagesOrigin: deps.extension.getURL('') }),
    onAlarm(alarm) {
      if (alarm.name === RESUME_ALARM)
        background.run(alerts.endPauseIfOver().catch((error: unknown) => warn('Could not resume alerts', error)));
      if (alarm.name !== POLL_ALARM) return;
      void poll.refreshBadge(true);
      revocations.retryRevocationsInBackground();
    },
    async start() {
      await poll.schedulePoll(await currentConfig());
      await alerts.keepPauseOnTime();
      await poll.refreshBadge(false);
      await saveMenu.refresh();
    },
    retryRevocationsInBackground: revocations.retryRevocationsInBackground,
    notifications,
    saveMenu,
    alerts,
    backAtComputer() {
      background.run(
        (async () => {
          if ((await getItem(storage, notificationAwayItem)) !== undefined) await poll.refreshBadge(true);
        })().catch((error: unknown) => warn('Could not look for what came meanwhile', error)),
      );
    },
    idle: background.idle,
  };
}
