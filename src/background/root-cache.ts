import { parseWith } from '../api/http.ts';
import { inboxLinkOf } from '../api/inbox.ts';
import { unreadCounts } from '../api/inbox.ts';
import { rootResourceSchema, type RootResource } from '../api/schemas.ts';
import { notSignedIn, type Session } from '../auth/session.ts';
import { rootResourceUrl } from '../auth/service-config.ts';
import type { ExtensionConfig } from '../config/config.ts';
import { AppError, needsConnect, needsSettings, toErrorInfo } from '../shared/errors.ts';
import { fencedToGeneration, sameGeneration } from '../shared/generation-fence.ts';
import { warn } from '../shared/warn.ts';
import type { InboxGlance, RootSnapshot } from '../protocol/messages.ts';
import { getItem, put, removeItems, setItems, type Areas } from '../storage/item.ts';
import { needsItem, rootCacheItem } from '../storage/page-items.ts';
import type { ServiceCalls } from './authorized-fetch.ts';
import type { BackgroundWork } from './background-work.ts';
import type { Badge } from './badge.ts';
import type { DueInvoicesReader } from './due-invoices.ts';
import { fetchInboxGlance } from './inbox-page.ts';

/** How long a fetched root counts as fresh: popups opened within it cost no request. */
export const FRESHNESS_MS = 60_000;

/** The snapshot as cached: with the session generation it was fetched under (Session.generation). */
export type CachedRoot = RootSnapshot & { generation: number };

export interface RootCacheDeps {
  /** The cache lives in storage.session only: it holds personal data. */
  storage: Areas<'session', 'get' | 'set' | 'remove'>;
  session: Pick<Session, 'generation' | 'status'>;
  calls: Pick<ServiceCalls, 'authorizedFetch'>;
  /** Milliseconds since the epoch. */
  now: () => number;
  badge: Badge;
  /** Called after each fetch of the root, in the background (notifications.ts). */
  notifyNewLetters: (config: ExtensionConfig, root: RootResource, generation: number) => Promise<void>;
  /** Called after each fetch of the root too, in the background: the open invoices beyond the newest letters. */
  dueInvoices: DueInvoicesReader;
  /** Where the work after a fetch runs, the caller not waiting for it. */
  background: Pick<BackgroundWork, 'run'>;
  /** The popup's line while alerts are paused, cached with the root (alerts.ts); undefined when not paused. */
  alertsNote?: () => Promise<string | undefined>;
}

export interface RootCache {
  /**
   * The root resource, and with `withInbox` (the popup) the newest letters too, from the cache
   * while each is fresh, otherwise from the service. A fetch of the root reads the open invoices
   * again in the background, unless `invoices` is false (after a letter was read).
   */
  getRootAndAnnounce: (config: ExtensionConfig, force: boolean, withInbox?: boolean, invoices?: boolean) => Promise<CachedRoot>;
  /** Forgets the cached root and open invoices (at sign-out: a signed-out browser shows nobody's name). */
  forget: () => Promise<void>;
  /** The cached root's line of paused alerts written again, after a pause began or ended. */
  renote: () => Promise<void>;
  /**
   * The root and the inbox fetched again (counts, badge, the popup's letters) after something here
   * changed them: a letter read, moved or deleted must no longer show as it was. A failure is only
   * logged: it must not hide what was done. `invoices`: the open invoices are read again too (after
   * a write, which may pay, move or delete one; a letter read changes none).
   */
  refresh: (config: ExtensionConfig, invoices?: boolean) => Promise<void>;
}

export function createRootCache(deps: RootCacheDeps): RootCache {
  const { storage, session } = deps;
  const { dueInvoices } = deps;

  async function cachedRoot(): Promise<CachedRoot | undefined> {
    const stored = await getItem(storage, rootCacheItem);
    return typeof stored?.generation === 'number' ? { ...stored, generation: stored.generation } : undefined;
  }

  /** Caches a snapshot fetched under `generation`, fenced to that session's (generation-fence.ts). */
  async function store(snapshot: RootSnapshot, generation: number): Promise<CachedRoot> {
    const note = await deps.alertsNote?.();
    const cached: CachedRoot = { ...snapshot, generation };
    if (note === undefined) delete cached.alertsNote;
    else cached.alertsNote = note;
    const stands = await fencedToGeneration(
      session,
      generation,
      () => setItems(storage, put(rootCacheItem, cached)),
      async () => {
        // Only our own write: a new session may have cached its root by now.
        if ((await cachedRoot())?.generation === generation) await removeItems(storage, rootCacheItem);
      },
    );
    if (!stands) throw new AppError('signed_out');
    return cached;
  }

  /** The badge shows the count, unless the session fetched under has ended meanwhile. */
  async function announce(root: RootResource, at: number, generation: number): Promise<void> {
    await fencedToGeneration(
      session,
      generation,
      () => deps.badge.showUnread({ counts: unreadCounts(root), at }),
      () => deps.badge.showSignedOut(),
    );
  }

  /**
   * The root could not be read: the badge no longer says its count is current. Without an answer
   * (or with one that cannot be used) the last count stays, grey and said to be of its time; a
   * missing permission to reach the service says so. A session that ended says so by itself
   * (Session: onSignedOut), and nothing is said for a session that is no longer the one fetched for.
   */
  async function announceFailure(error: unknown, generation: number): Promise<void> {
    const info = toErrorInfo(error);
    if (needsConnect(info) || !(await sameGeneration(session, generation))) return;
    if (needsSettings(info)) {
      await deps.badge.showPermissionNeeded();
      return;
    }
    const last = await cachedRoot();
    await deps.badge.showNoAnswer(last?.generation === generation ? { counts: unreadCounts(last.root), at: last.fetchedAt } : undefined);
  }

  /**
   * The inbox's address is known from the last root, so when both are stale they are fetched side
   * by side; only without a cached root does the inbox wait for the root to name it. A fetch of the
   * root alone (the alarm) keeps the letters already cached, with their own time. Each fetch
   * refreshes the cache; each fetch of the root refreshes the badge too.
   */
  async function getRootAndAnnounce(config: ExtensionConfig, force: boolean, withInbox = false, invoices = true): Promise<CachedRoot> {
    // Read before anything is fetched: what is fetched from here on belongs to this session only.
    const generation = await session.generation();
    try {
      return await fetchAndAnnounce(config, force, withInbox, invoices, generation);
    } catch (error) {
      await announceFailure(error, generation).catch((failed: unknown) => warn('Could not update the badge', failed));
      throw error;
    }
  }

  async function fetchAndAnnounce(
    config: ExtensionConfig,
    force: boolean,
    withInbox: boolean,
    invoices: boolean,
    generation: number,
  ): Promise<CachedRoot> {
    const serviceOrigin = new URL(config.baseUrl).origin;
    const now = deps.now();
    const stored = await cachedRoot();
    // A cache from another session (left by a sign-out that raced its write) is nobody's to see.
    const cached = stored?.serviceOrigin === serviceOrigin && stored.generation === generation ? stored : undefined;
    const knownInbox = inboxLinkOf(cached?.root);
    const rootFresh = !force && cached !== undefined && now - cached.fetchedAt < FRESHNESS_MS;
    const inboxFresh =
      !force && cached?.inbox !== undefined && cached.inbox.uri === knownInbox?.uri && now - cached.inbox.fetchedAt < FRESHNESS_MS;
    if (cached && rootFresh && (!withInbox || inboxFresh || !knownInbox)) return cached;

    const status = await session.status();
    if (status.state !== 'signed_in') throw notSignedIn(status);
    if (cached && rootFresh && knownInbox) {
      // Only the letters are out of date (the alarm fetched the root a moment ago).
      return store({ ...cached, inbox: await fetchInboxGlance(deps, config, knownInbox, cached.root) }, generation);
    }
    const early = withInbox && knownInbox ? fetchInboxGlance(deps, config, knownInbox, cached?.root) : undefined;
    const data = await deps.calls.authorizedFetch(config, { url: rootResourceUrl(config.baseUrl), relation: 'self' });
    const root = parseWith(rootResourceSchema, data, 'root resource');
    const inboxLink = inboxLinkOf(root);
    let inbox: InboxGlance | undefined;
    if (inboxLink && withInbox && early && knownInbox?.uri === inboxLink.uri) {
      inbox = await early;
    } else if (inboxLink && withInbox) {
      // The letters wait for this root to name their inbox (none cached, or it moved). Their request
      // goes out first; meanwhile the root is cached, and the popup, which watches the cache, shows it.
      const letters = fetchInboxGlance(deps, config, inboxLink, root);
      letters.catch(() => undefined);
      await store({ root, fetchedAt: deps.now(), serviceOrigin, scopes: status.scopes }, generation);
      inbox = await letters;
    } else if (inboxLink && cached?.inbox?.uri === inboxLink.uri) {
      inbox = cached.inbox;
    }
    const snapshot = await store(
      { root, fetchedAt: deps.now(), serviceOrigin, scopes: status.scopes, ...(inbox ? { inbox } : {}) },
      generation,
    );
    // The badge and new-letter notifications follow in the background: the popup does not wait.
    deps.background.run(
      announce(root, snapshot.fetchedAt, generation).catch((error: unknown) => warn('Could not update the badge', error)),
    );
    deps.background.run(
      deps.notifyNewLetters(config, root, generation).catch((error: unknown) => warn('Could not check for new letters', error)),
    );
    // So are the open invoices beyond the newest letters: every place, two reads at once, one round at a time (due-invoices.ts).
    // (Not after a letter was read, which changes none: `invoices` false.)
    if (invoices)
      deps.background.run(
        dueInvoices.readRound(config, root, generation).catch((error: unknown) => warn('Could not read the open invoices', error)),
      );
    return snapshot;
  }

  async function refresh(config: ExtensionConfig, invoices = true): Promise<void> {
    try {
      await getRootAndAnnounce(config, true, true, invoices);
    } catch (error) {
      warn('Could not update the unread count', error);
    }
  }

  async function renote(): Promise<void> {
    const cached = await cachedRoot();
    if (cached) await store(cached, cached.generation).catch(() => undefined);
  }

  return {
    getRootAndAnnounce,
    forget: () => removeItems(storage, rootCacheItem, needsItem),
    refresh,
    renote,
  };
}
