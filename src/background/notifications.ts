// Desktop notifications of new unread letters: the worker's side. What to notify is decided in
// notifications-plan.ts (no browser API); this module reads and writes storage, fetches the inbox
// with the token, shows the notifications and opens a letter when one is clicked.
//
// The `notifications` permission is optional: Chrome defines `chrome.notifications` only once it
// is granted (undefined before, in the worker as in pages), so every use is guarded, and the click
// listener is added at the top level when the API exists at start, or as soon as it is granted.
import type { Notifications, Permissions } from 'webextension-polyfill';
import { parseWith } from '../api/http.ts';
import { inboxLinkOf } from '../api/inbox.ts';
import { targetOf, type LinkTarget } from '../api/links.ts';
import { unreadInEveryMailbox } from '../api/inbox.ts';
import type { SharedWith } from '../api/mailbox-lists.ts';
import { inboxSchema, type Link, type RootResource } from '../api/schemas.ts';
import type { Session } from '../auth/session.ts';
import type { ExtensionConfig } from '../config/config.ts';
import { NOTIFICATIONS_PERMISSION } from '../config/notifications-permission.ts';
import { newPageId, viewerAddressOf } from '../shared/viewer-address.ts';
import { sameGeneration } from '../shared/generation-fence.ts';
import { t, uiLanguage } from '../shared/i18n.ts';
import { opaqueKey } from '../shared/opaque-key.ts';
import { warn } from '../shared/warn.ts';
import type { ServiceCalls } from './authorized-fetch.ts';
import { readEveryInbox } from './inbox-page.ts';
import { sharedInboxes } from '../api/mailbox-lists.ts';
import { getItem, put, removeItems, setItems, type StorageAreas } from '../storage/item.ts';
import {
  notificationAwayItem,
  notificationCheckItem,
  notificationTargetsItem,
  notifiedLettersItem,
  type SeenState,
} from '../storage/items.ts';
import { alertSettingsItem } from '../storage/alert-items.ts';
import {
  boundTargets,
  letterText,
  MAILBOXES_LIMIT,
  planNotifications,
  rememberKeys,
  shouldFetchInbox,
  summaryText,
  unreadLetters,
  type NotificationText,
  type UnreadLetter,
} from './notifications-plan.ts';

const LETTER_PREFIX = 'letter-';
const SUMMARY_PREFIX = 'more-';
const ICON = 'icons/icon-96.png';

export type NotificationsApi = Pick<Notifications.Static, 'create' | 'getAll' | 'clear' | 'onClicked'>;

export interface NotificationsDeps {
  storage: StorageAreas;
  session: Pick<Session, 'generation' | 'status'>;
  currentConfig: () => Promise<ExtensionConfig>;
  calls: Pick<ServiceCalls, 'authorizedFetch'>;
  /** Milliseconds since the epoch. */
  now: () => number;
  /** The notifications API, when the optional permission is held (Chrome leaves it undefined before). */
  notificationsApi: () => NotificationsApi | undefined;
  permissions: Pick<Permissions.Static, 'contains'>;
  /** The address of a file of the extension (runtime.getURL). */
  extensionUrl: (path: string) => string;
  /** Runs `fn` alone among every context of the extension (a Web Lock). */
  exclusive: (name: string, fn: () => Promise<void>) => Promise<void>;
  /** The viewer pages a notification opens: which letter each page id stands for. */
  viewerPages: {
    remember(id: string, target: LinkTarget): Promise<void>;
    forgetNamed(ids: readonly string[]): Promise<void>;
  };
  /** Opens a viewer page in a tab (a click on a notification). */
  openViewer: (url: string) => Promise<void>;
  /**
   * Whether the person is at the computer: 'idle' or 'locked' keeps alerts quiet until they are
   * back (the idle API; 'active' where it is missing).
   */
  idleState: () => Promise<'active' | 'idle' | 'locked'>;
}

export interface LetterNotifications {
  /**
   * After each fetch of the root (the alarm, a popup, a sign-in): when notifications are on and
   * allowed, looks at the inbox's first page if it may hold something new, and notifies each unread
   * letter not notified before.
   */
  notifyNewLetters: (config: ExtensionConfig, root: RootResource, generation: number) => Promise<void>;
  /** Whether the browser lets the extension show notifications. */
  notificationsAllowed: () => Promise<boolean>;
  /** Clears the notifications this extension shows (they name senders and subjects) and their targets. */
  clearLetterNotifications: () => Promise<void>;
  /** Forgets which letters were already unread: the next check only takes note of them. */
  resetNotificationBaseline: () => Promise<void>;
  /** Saving the options: switching notifications on starts from what is unread now; off clears them. */
  notifySettingSaved: (
    before: ExtensionConfig,
    after: ExtensionConfig,
    currentRoot: () => Promise<{ root: RootResource; generation: number }>,
  ) => Promise<void>;
  /** Listens for clicks on notifications, once the API is there (at start, or when the permission is granted). */
  listen: () => void;
}

/** What one check wrote that names letters or marks them seen: taken back if the session ended meanwhile. */
interface Written {
  seenBefore?: SeenState;
  checkMark: boolean;
  notifications: string[];
  pages: string[];
}

/** The inbox of a mailbox shared with the person when every letter lies in it; otherwise undefined (the person's own inbox). */
function inboxOfAll(letters: readonly UnreadLetter[]): LinkTarget | undefined {
  const mailbox = letters[0]?.target.mailbox;
  if (mailbox === undefined || letters.some((letter) => letter.target.mailbox !== mailbox)) return undefined;
  return { url: mailbox, relation: 'document_inbox', mailbox };
}

export function createLetterNotifications(deps: NotificationsDeps): LetterNotifications {
  const { storage, session } = deps;

  /** Clears the notifications this extension shows (they name senders and subjects) and their targets. */
  async function clearLetterNotifications(): Promise<void> {
    const api = deps.notificationsApi();
    if (api) {
      const shown = await api.getAll();
      await Promise.all(Object.keys(shown).map((id) => api.clear(id)));
    }
    await removeItems(storage, notificationTargetsItem);
  }

  function loadSeen(): Promise<SeenState> {
    return getItem(storage, notifiedLettersItem);
  }

  function loadTargets(): Promise<Record<string, string>> {
    return getItem(storage, notificationTargetsItem);
  }

  /**
   * Forgets which letters were already unread, so that the next check only takes note of them
   * (switching on, or a new sign-in, must not notify a whole inbox). Notified keys stay remembered.
   */
  async function resetNotificationBaseline(): Promise<void> {
    const seen = await loadSeen();
    await setItems(storage, put(notifiedLettersItem, { ...seen, primed: false }));
    // Letters waiting for the person at an idle computer were another start's: not news now either.
    await removeItems(storage, notificationCheckItem, notificationAwayItem);
  }

  async function show(api: NotificationsApi, id: string, text: NotificationText): Promise<void> {
    await api.create(id, { type: 'basic', iconUrl: deps.extensionUrl(ICON), title: text.title, message: text.message });
  }

  /**
   * Takes back what a check wrote for a session that has ended since its inbox was fetched. The
   * notifications it showed and their targets go (they name senders and subjects); the remembered
   * letters go back to what they were, unprimed, so the next session's first check only takes note.
   */
  async function undo(written: Written): Promise<void> {
    if (written.notifications.length > 0) {
      const api = deps.notificationsApi();
      if (api) await Promise.all(written.notifications.map((id) => api.clear(id)));
      const targets = await loadTargets();
      for (const id of written.notifications) Reflect.deleteProperty(targets, id);
      await setItems(storage, put(notificationTargetsItem, targets));
    }
    await deps.viewerPages.forgetNamed(written.pages);
    if (written.checkMark) await removeItems(storage, notificationCheckItem);
    if (written.seenBefore) await setItems(storage, put(notifiedLettersItem, { ...written.seenBefore, primed: false }));
  }

  /** The shared mailboxes taken note of in `seen`, with those of `keys` (their inbox links hashed) added. */
  function withMailboxes(seen: SeenState, keys: readonly string[]): string[] {
    return rememberKeys(seen.mailboxes ?? [], keys, MAILBOXES_LIMIT);
  }

  /**
   * One look at the inbox for a root fetched under `generation`. Every write is fenced as the root
   * cache's is: checked after it lands, and taken back if the session moved on meanwhile.
   */
  async function check(config: ExtensionConfig, root: RootResource, generation: number): Promise<void> {
    const written: Written = { checkMark: false, notifications: [], pages: [] };
    try {
      await look(config, root, generation, written);
    } finally {
      // Whatever became of the look, even one that failed half-way: what it wrote was for that session.
      if (!(await sameGeneration(session, generation))) await undo(written);
    }
  }

  async function look(config: ExtensionConfig, root: RootResource, generation: number, written: Written): Promise<void> {
    // Every mailbox the person can read: the count is their sum, as the badge's.
    const unread = unreadInEveryMailbox(root);
    const seen = await loadSeen();
    const last = await getItem(storage, notificationCheckItem);
    const now = deps.now();
    const minInterval = (config.pollMinutes * 60_000) / 2;
    const wasAway = (await getItem(storage, notificationAwayItem)) !== undefined;
    // Each shared mailbox's opaque key, as the remembered state names it.
    const sharedKeys = new Map(
      await Promise.all(sharedInboxes(root).map(async ({ shared }) => [shared.mailbox, await opaqueKey(shared.mailbox)] as const)),
    );
    // Stored before this was kept (no `mailboxes`): every mailbox counts as taken note of, as it did.
    const known = seen.mailboxes === undefined ? undefined : new Set(seen.mailboxes);
    if (unread === 0) {
      // Nothing unread: nothing to take note of either, and nothing left waiting for the person (what
      // came while they were away was read meanwhile; a later letter is news of its own). Every
      // mailbox shared now is taken note of: it holds nothing that was there before.
      written.seenBefore = seen;
      const mailboxes = withMailboxes(seen, [...sharedKeys.values()]);
      if (!seen.primed || mailboxes.join() !== seen.mailboxes?.join())
        await setItems(storage, put(notifiedLettersItem, { keys: seen.keys, primed: true, mailboxes }));
      written.checkMark = true;
      await setItems(storage, put(notificationCheckItem, { unread, at: now }));
      if (wasAway) await removeItems(storage, notificationAwayItem);
      return;
    }
    // What waited for the person is looked at whenever they may be back, and a shared mailbox not yet
    // taken note of (shared since, or not readable then) at every check until it is, however soon
    // after the last look: a letter that arrived before its first read would be taken for old.
    const unnoted = known !== undefined && [...sharedKeys.values()].some((key) => !known.has(key));
    if (seen.primed && !wasAway && !unnoted && !shouldFetchInbox(unread, last, now, minInterval)) return;
    const inboxLink = inboxLinkOf(root);
    if (!inboxLink) return;
    const serviceOrigin = new URL(config.baseUrl).origin;
    const lettersOf = async (link: Link, shared?: SharedWith) =>
      unreadLetters(
        parseWith(inboxSchema, await deps.calls.authorizedFetch(config, targetOf(link, 'document_inbox')), 'inbox'),
        serviceOrigin,
        shared,
      );
    // The person's inbox and, side by side, the inbox of each mailbox shared with them, whose letters
    // say whose they are and open in that mailbox. A shared one that cannot be read is looked at
    // again next time; it does not keep the person's own letters from being notified. A few at a
    // time (inbox-page.ts), never one request for each of 40 shared mailboxes at once.
    const { own, others } = await readEveryInbox(inboxLink, root, lettersOf);
    if (own.status === 'rejected') throw own.reason;
    const readKeys = others.flatMap(({ shared, outcome }) =>
      outcome.status === 'fulfilled' ? (sharedKeys.get(shared.mailbox) ?? []) : [],
    );
    const firstRead = known === undefined ? [] : readKeys.filter((key) => !known.has(key));
    const inboxes = [
      own.value,
      ...others.map(({ outcome }) =>
        outcome.status === 'fulfilled' ? outcome.value : (warn('Could not read the new letters of a shared mailbox', outcome.reason), []),
      ),
    ];
    const alerts = await getItem(storage, alertSettingsItem);
    const away = (await deps.idleState()) !== 'active';
    const plan = planNotifications(inboxes.flat(), seen, { alerts, now, away, wasAway, firstRead });
    // A sign-out, or notifications switched off, while the inbox was on its way: show nothing. (A
    // sign-out after this point is caught by the fence in check().)
    if (!(await sameGeneration(session, generation)) || !(await deps.currentConfig()).notify) return;
    if (plan.waitForPerson) {
      // Nothing remembered and no mark of this look: the next check, once the person is back, finds
      // these letters still new (idle.onStateChanged starts it) and sums them up in one alert.
      if (!wasAway) await setItems(storage, put(notificationAwayItem, { since: now }));
      return;
    }
    const api = deps.notificationsApi();
    const news = plan.shown.length > 0 || plan.summary !== undefined;
    // Granted, but the API not yet there in this worker: keep the news for a later check.
    if (news && !api) return;
    // Remembered before shown: a failure below may lose a notification, never repeat one.
    written.seenBefore = seen;
    await setItems(
      storage,
      put(notifiedLettersItem, {
        keys: rememberKeys(seen.keys, plan.remember),
        primed: true,
        mailboxes: withMailboxes(seen, readKeys),
      }),
    );
    written.checkMark = true;
    await setItems(storage, put(notificationCheckItem, { unread, at: now }));
    if (wasAway) await removeItems(storage, notificationAwayItem);
    if (!api || !news) return;
    const targets = await loadTargets();
    const opening = async (id: string, target: LinkTarget) => {
      const page = newPageId();
      written.pages.push(page);
      await deps.viewerPages.remember(page, target);
      targets[id] = viewerAddressOf(page);
      written.notifications.push(id);
    };
    // The worker is spared the pages' fallback for dates (uiLocale): the catalogue's language as it is.
    const locale = uiLanguage();
    for (const letter of plan.shown) {
      const id = `${LETTER_PREFIX}${letter.key}`;
      await opening(id, letter.target);
      await show(api, id, letterText(letter, t, locale));
    }
    if (plan.summary) {
      const id = `${SUMMARY_PREFIX}${now}`;
      // The inbox they lie in when it is one, else the person's own.
      await opening(id, inboxOfAll(plan.summary.letters) ?? targetOf(inboxLink, 'document_inbox'));
      await show(api, id, summaryText(plan.summary, t, locale));
    }
    await setItems(storage, put(notificationTargetsItem, boundTargets(targets)));
  }

  /**
   * After each fetch of the root (the alarm, a popup, a sign-in): when notifications are on and
   * allowed, looks at the inbox's first page if it may hold something new, and notifies each unread
   * letter not notified before. One check at a time in all of the extension (a Web Lock), so a popup
   * and the alarm at the same moment cannot both notify the same letter.
   */
  async function notifyNewLetters(config: ExtensionConfig, root: RootResource, generation: number): Promise<void> {
    if (!config.notify || !(await notificationsAllowed())) return;
    await deps.exclusive('notify-new-letters', () => check(config, root, generation));
  }

  /** Whether the browser lets the extension show notifications. */
  function notificationsAllowed(): Promise<boolean> {
    return deps.permissions.contains(NOTIFICATIONS_PERMISSION);
  }

  async function onClicked(id: string): Promise<void> {
    const targets = await loadTargets();
    const url = targets[id];
    Reflect.deleteProperty(targets, id);
    await setItems(storage, put(notificationTargetsItem, targets));
    await deps.notificationsApi()?.clear(id);
    if (url) await deps.openViewer(url);
  }

  let listening = false;

  function listen(): void {
    const api = deps.notificationsApi();
    if (listening || !api) return;
    api.onClicked.addListener((id: string) => {
      onClicked(id).catch((error: unknown) => warn('Could not open the letter', error));
    });
    listening = true;
  }

  /**
   * Saving the options: switching on starts from what is unread now (taken note of at once when
   * signed in, so a letter that arrives after the save is new); switching off clears the screen and
   * forgets the baseline, so that switching on again starts afresh. `currentRoot` is the root as the
   * popup would get it (passed in, so this module does not depend on the root cache).
   */
  async function notifySettingSaved(
    before: ExtensionConfig,
    after: ExtensionConfig,
    currentRoot: () => Promise<{ root: RootResource; generation: number }>,
  ): Promise<void> {
    if (before.notify && !after.notify) {
      await clearLetterNotifications();
      await resetNotificationBaseline();
      return;
    }
    if (!after.notify || before.notify) return;
    await resetNotificationBaseline();
    if ((await session.status()).state !== 'signed_in') return;
    try {
      const { root, generation } = await currentRoot();
      await notifyNewLetters(after, root, generation);
    } catch (error) {
      // Not fatal: the first check after the next poll takes note instead.
      warn('Could not take note of the unread letters', error);
    }
  }

  return { notifyNewLetters, notificationsAllowed, clearLetterNotifications, resetNotificationBaseline, notifySettingSaved, listen };
}
