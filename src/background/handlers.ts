import type { Permissions } from 'webextension-polyfill';
import { parseWith } from '../api/http.ts';
import { classifyLink } from '../api/links.ts';
import { anyResourceSchema } from '../api/schemas.ts';
import { isConfigured, validateConfigInput, type ExtensionConfig } from '../config/config.ts';
import { revocationOverdue } from '../auth/pending-revocations.ts';
import { notSignedIn, type Session } from '../auth/session.ts';
import { saveConfig } from '../config/config-store.ts';
import { serviceHostPermission } from '../config/host-permission.ts';
import { AppError } from '../shared/errors.ts';
import { sameGeneration } from '../shared/generation-fence.ts';
import { isOffered } from '../shared/offered-permissions.ts';
import type { KeyValueArea } from '../shared/storage-area.ts';
import type { Handlers } from '../protocol/dispatch.ts';
import type { Request, RevocationView, StatusView, StoredConfigView } from '../protocol/messages.ts';
import type { ServiceCalls } from './authorized-fetch.ts';
import { ownBankAccount } from './actions/send-to-bank.ts';
import type { HostAccess } from './host-access.ts';
import type { LetterContent } from './letter-content.ts';
import type { LetterNotifications } from './notifications.ts';
import type { OpeningReceipts } from './actions/opening-receipt.ts';
import type { Poll } from './poll.ts';
import type { RevocationRetry } from './revocation-retry.ts';
import type { RootCache } from './root-cache.ts';
import type { Uploads } from './actions/upload.ts';
import type { Alerts } from './alerts.ts';
import type { Signed } from './actions/action.ts';
import type { Writes } from './writes.ts';

/** What the handlers reach: the worker's parts, each made once (worker.ts). */
export interface HandlerDeps {
  /** storage.local (behind the storage migrations): the configuration, the pending revocations. */
  local: KeyValueArea;
  session: Pick<Session, 'status' | 'connect' | 'generation'>;
  currentConfig: () => Promise<ExtensionConfig>;
  redirectUri: string;
  permissions: Pick<Permissions.Static, 'contains'>;
  /** Milliseconds since the epoch. */
  now: () => number;
  calls: Pick<ServiceCalls, 'authorizedFetch'>;
  rootCache: Pick<RootCache, 'getRootAndAnnounce'>;
  letterContent: LetterContent;
  notifications: Pick<LetterNotifications, 'notificationsAllowed' | 'notifySettingSaved' | 'resetNotificationBaseline'>;
  poll: Poll;
  hostAccess: Pick<HostAccess, 'giveBackAccess'>;
  revocations: Pick<RevocationRetry, 'retryRevocations'>;
  signOut: () => Promise<void>;
  writes: Writes;
  uploads: Uploads;
  receipts: OpeningReceipts;
  alerts: Pick<Alerts, 'change'>;
  /**
   * Alerts switched on or off: the context menus are made again (save-menu.ts), bringing or taking
   * away Pause alerts, and the popup's line of a pause is said again (none while alerts are off).
   */
  notifySwitched: () => Promise<void>;
}

export function createHandlers(deps: HandlerDeps): Handlers {
  const { session, currentConfig } = deps;

  async function statusView(config: ExtensionConfig): Promise<StatusView> {
    if (!isConfigured(config)) return { state: 'not_configured' };
    const status = await session.status();
    if (status.state === 'signed_in') return { state: 'signed_in', scopes: status.scopes };
    return status.reason ? { state: 'signed_out', reason: status.reason } : { state: 'signed_out' };
  }

  function configView(config: ExtensionConfig): StoredConfigView {
    return { ...config, redirectUri: deps.redirectUri };
  }

  async function requireConfigured(): Promise<ExtensionConfig> {
    const config = await currentConfig();
    if (!isConfigured(config)) throw new AppError('not_configured');
    return config;
  }

  /**
   * A page's answer that was fetched with the session: handed over only if the session it was
   * fetched under is still the current one (a sign-out while it was on its way drops it).
   */
  async function fenced<T>(fetchIt: () => Promise<T>): Promise<T> {
    const generation = await session.generation();
    const answer = await fetchIt();
    if (!(await sameGeneration(session, generation))) throw new AppError('signed_out');
    return answer;
  }

  /**
   * A write on the person's click: with the permissions the session was granted (not the saved
   * settings'), fenced to the session's generation as it is now: once.ts writes nothing for it,
   * and answers 'signed_out', once a sign-out or another sign-in moved it.
   */
  async function asSignedIn<T>(perform: (config: ExtensionConfig, who: Signed, generation: number) => Promise<T>): Promise<T> {
    const config = await requireConfigured();
    const generation = await session.generation();
    const status = await session.status();
    if (status.state !== 'signed_in') throw notSignedIn(status);
    return perform(config, { userId: status.userId, scopes: status.scopes }, generation);
  }

  async function revocationView(): Promise<RevocationView> {
    return { pending: await revocationOverdue(deps.local) };
  }

  async function saveFromOptions(input: Extract<Request, { type: 'saveConfig' }>['config']): Promise<StoredConfigView> {
    const checked = validateConfigInput(input);
    if (!checked.ok) {
      throw new AppError('bad_request', { detail: checked.problems.map((p) => `${p.field}: ${p.problem}`).join(', ') });
    }
    // The page asks for the host permission (it needs the user's click); the worker only checks it.
    const origins = [serviceHostPermission(new URL(checked.config.baseUrl).origin)];
    if (!(await deps.permissions.contains({ origins }))) throw new AppError('host_permission_refused');
    if (checked.config.notify && !(await deps.notifications.notificationsAllowed())) throw new AppError('notifications_permission_refused');
    const before = await currentConfig();
    const changedService =
      before.baseUrl !== checked.config.baseUrl ||
      before.clientId !== checked.config.clientId ||
      [...before.scopes].sort().join() !== [...checked.config.scopes].sort().join();
    // Tokens belong to one service, client and set of permissions: a change of any means connecting again.
    // The old service is told, as Sign out does: its grant must not outlive the session here. A sign-in
    // still waiting for consent ends too, or it would complete under the old settings; signOut asks the
    // network nothing when nobody is signed in.
    if (changedService) await deps.signOut();
    await saveConfig(deps.local, checked.config);
    await deps.hostAccess.giveBackAccess(before.baseUrl, checked.config.baseUrl);
    await deps.poll.schedulePoll(checked.config);
    await deps.notifications.notifySettingSaved(before, checked.config, () => deps.rootCache.getRootAndAnnounce(checked.config, false));
    if (before.notify !== checked.config.notify) await deps.notifySwitched();
    return configView(checked.config);
  }

  /**
   * A setting of new letters, saved as it is switched: the fields sent, the rest as stored. Nothing
   * here belongs to the session, so it stays as it is.
   */
  async function changeLetterSettings(change: Omit<Extract<Request, { type: 'changeLetterSettings' }>, 'type'>): Promise<StoredConfigView> {
    const before = await currentConfig();
    const after = { ...before, pollMinutes: change.pollMinutes ?? before.pollMinutes, notify: change.notify ?? before.notify };
    // Only a switch to on needs the browser's permission: a change of the interval is saved even
    // where the browser has since taken it back (the page then shows notifications off).
    if (change.notify === true && !(await deps.notifications.notificationsAllowed()))
      throw new AppError('notifications_permission_refused');
    await saveConfig(deps.local, after);
    await deps.poll.schedulePoll(after);
    await deps.notifications.notifySettingSaved(before, after, () => deps.rootCache.getRootAndAnnounce(after, false));
    if (before.notify !== after.notify) await deps.notifySwitched();
    return configView(after);
  }

  /**
   * Signed in, the consent window asks for the new set first; the settings change only once it is
   * granted (the new grant replaces the session), so a refusal leaves session and settings as they
   * were. Signed out, it only changes what Connect will ask for.
   */
  async function changePermissions(scopes: readonly string[]): Promise<StoredConfigView> {
    const wanted = scopes.filter(isOffered);
    if (wanted.length === 0) throw new AppError('bad_request', { detail: 'scopes: required' });
    const config = { ...(await currentConfig()), scopes: wanted };
    if (isConfigured(config) && (await session.status()).state === 'signed_in') {
      await session.connect(wanted);
      await saveConfig(deps.local, config);
      await deps.notifications.resetNotificationBaseline();
      await deps.poll.refreshBadge(true);
    } else {
      await saveConfig(deps.local, config);
    }
    return configView(config);
  }

  return {
    getStatus: async () => statusView(await currentConfig()),
    connect: async () => {
      const config = await requireConfigured();
      await session.connect();
      // Whoever signed in, the letters already unread are not news.
      await deps.notifications.resetNotificationBaseline();
      await deps.poll.refreshBadge(true);
      return statusView(config);
    },
    signOut: async () => {
      await deps.signOut();
      return statusView(await currentConfig());
    },
    getRoot: async (request) =>
      deps.rootCache.getRootAndAnnounce(await requireConfigured(), request.force ?? false, request.inbox ?? false),
    getResource: async (request) => {
      const config = await requireConfigured();
      const serviceOrigin = new URL(config.baseUrl).origin;
      const verdict = classifyLink({ rel: request.relation ?? '', uri: request.url }, serviceOrigin);
      if (!verdict.followable) throw new AppError(verdict.reason);
      return fenced(async () => {
        const status = await session.status();
        if (status.state !== 'signed_in') throw notSignedIn(status);
        const answer = await deps.calls.authorizedFetch(config, {
          url: request.url,
          mediaType: request.mediaType,
          relation: request.relation,
        });
        // Pages render what comes back: it must be an object whose links, if any, are links.
        const data = parseWith(anyResourceSchema, answer, 'resource');
        return { data, url: request.url, fetchedAt: deps.now(), serviceOrigin, scopes: status.scopes };
      });
    },
    getConfig: async () => configView(await currentConfig()),
    getPageConfig: async () => ({ scopes: (await currentConfig()).scopes }),
    saveConfig: async (request) => saveFromOptions(request.config),
    changePermissions: async (request) => changePermissions(request.scopes),
    changeLetterSettings: async (request) => changeLetterSettings(request),
    changeAlerts: async (request) =>
      deps.alerts.change({ kindsOff: request.kindsOff, mailboxesOff: request.mailboxesOff, pause: request.pause }),
    getContent: async (request) => {
      const config = await requireConfigured();
      return fenced(() => deps.letterContent.getContent(config, request));
    },
    sendOpeningReceipt: (request) =>
      asSignedIn((config, who, generation) =>
        deps.receipts.send(config, who, generation, request.letter, request.attachment, request.resend),
      ),
    write: (request) => asSignedIn((config, who, generation) => deps.writes.perform(config, who, generation, request)),
    getOwnBankAccount: async () => {
      const config = await requireConfigured();
      const serviceOrigin = new URL(config.baseUrl).origin;
      const snapshot = await deps.rootCache.getRootAndAnnounce(config, false);
      return fenced(async () => {
        const account = await ownBankAccount(snapshot, async (link) => {
          const verdict = classifyLink(link, serviceOrigin);
          if (!verdict.followable) throw new AppError(verdict.reason);
          const answer = await deps.calls.authorizedFetch(config, {
            url: link.uri,
            mediaType: link['media-type'],
            relation: 'current_bank_account',
          });
          return parseWith(anyResourceSchema, answer, 'resource');
        });
        return account === undefined ? {} : { account };
      });
    },
    upload: (request) => asSignedIn((config, who, generation) => deps.uploads.upload(config, who, generation, request)),
    getRevocation: revocationView,
    retryRevocation: async () => {
      const round = await deps.revocations.retryRevocations();
      return round.error && round.pending > 0 ? { pending: true, error: round.error } : revocationView();
    },
  };
}
