// Desktop notifications of new letters, end to end: the options page switches them on, the real
// poll alarm finds new letters in the emulator's inbox, Chromium shows the notifications, and a
// click opens the letter in the viewer. Chromium only: the suite fires the worker's alarm and its
// notification listeners from inside the worker, which Firefox's background page does not let
// WebDriver BiDi reach.
//
// The `notifications` permission is optional, and Chromium asks the user before granting it (it
// carries the warning "Display notifications"). That prompt is browser UI: in headless Chromium
// nothing can answer it (puppeteer and CDP reach pages, not browser dialogs; CDP's
// Browser.grantPermissions is about web permissions; --apps-gallery-install-auto-confirm-for-tests
// does not apply to permissions.request), so the request would stay pending for ever. This suite
// therefore loads a copy of the e2e build whose manifest also lists `notifications` as granted at
// install (test/support/notifications-granted.ts), which is what the user's "Allow" leads to: the
// options page's real request then answers true at once, as Chromium does for a permission already
// held, and everything after it is the product's own code. Only the prompt itself and a refusal are
// not covered here (a refusal is in test/component/options.test.tsx).
import { rmSync } from 'node:fs';
import { LETTERS_PER_LIST } from '../../src/background/due-invoices.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { E2E_DIST } from '../support/build-extension.ts';
import { buildWithNotificationsGranted } from '../support/notifications-granted.ts';
import { addressOf, browserUnderTest } from '../support/extension-browser.ts';
import { connectInPopup, storedItems } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { isChecked, role, shows, text } from '../support/person.ts';
import { SHARED_MAILBOX } from '../emulator/shared-mailbox.ts';
import { notificationTargetsItem, notifiedLettersItem } from '../../src/storage/items.ts';
import { rootCacheItem, viewerPages } from '../../src/storage/page-items.ts';

const POLL_ALARM = 'poll-unread';
const LOCK = 'notify-new-letters';
const NOTIFY = 'Notify me of new letters';
const EVERY = 'Check for new letters';

interface ChromeInWorker {
  alarms: { create(name: string, info: { when: number; periodInMinutes: number }): Promise<void> };
  notifications: {
    getAll(): Promise<Record<string, boolean>>;
    clear(id: string): Promise<boolean>;
    onClicked: { dispatch(id: string): void };
  };
  storage: { session: { get(keys: string[]): Promise<Record<string, unknown>> } };
}
type WorkerGlobal = typeof globalThis & { chrome: ChromeInWorker; navigator: Navigator };

let h: Harness;
let options: Page;
let grantedDist = '';

/** Runs in the worker (Chromium's alone: see the top of this file). */
function inWorker<Args extends unknown[], Result>(fn: (...args: Args) => Result, ...args: Args): Promise<Awaited<Result>> {
  if (!h.inWorker) throw new Error('this browser cannot run code in the extension worker');
  return h.inWorker(fn, ...args);
}

function shown(): Promise<string[]> {
  return inWorker(async () => Object.keys(await (globalThis as WorkerGlobal).chrome.notifications.getAll()));
}

async function rootFetchedAt(): Promise<number> {
  const items = await inWorker((key: string) => (globalThis as WorkerGlobal).chrome.storage.session.get([key]), rootCacheItem.key);
  return (items[rootCacheItem.key] as { fetchedAt?: number } | undefined)?.fetchedAt ?? 0;
}

/**
 * Fires the real poll alarm now (keeping its period), waits for the fresh root it fetches, then
 * for the notification check that follows it to let go of its lock.
 */
async function poll(): Promise<void> {
  const before = await rootFetchedAt();
  await inWorker(
    (name: string) => (globalThis as WorkerGlobal).chrome.alarms.create(name, { when: Date.now() + 10, periodInMinutes: 5 }),
    POLL_ALARM,
  );
  await expect.poll(() => rootFetchedAt(), { timeout: 10_000 }).toBeGreaterThan(before);
  // The check asks for its lock once the root is stored; wait until it has let go. What a check
  // shows is awaited with expect.poll besides, since a machine may be slower still.
  await inWorker((lock: string) => (globalThis as WorkerGlobal).navigator.locks.request(lock, () => undefined), LOCK);
}

/**
 * Looks at the person's own inbox for new letters: not the open invoices' read of its newest
 * hundred, which each fetch of the root starts (due-invoices.ts), nor the shared mailbox's inbox,
 * which each look reads beside it.
 */
function inboxFetches(): Promise<number> {
  return h.emulator.admin
    .requests()
    .then(
      (log) =>
        log.filter(
          (r) =>
            r.method === 'GET' &&
            r.path.includes('/documents/inbox') &&
            !r.path.includes(`/${SHARED_MAILBOX.accountId}/`) &&
            !r.query.includes(`limit=${LETTERS_PER_LIST}`),
        ).length,
    );
}

async function targets(): Promise<Record<string, string>> {
  return ((await storedItems(h, 'session'))[notificationTargetsItem.key] ?? {}) as Record<string, string>;
}

/** What a viewer address stands for: its page id's target in storage.session (src/storage/viewer-pages.ts). */
function pageTarget(session: Record<string, unknown>, address: string): { url: string; relation?: string; mailbox?: string } | undefined {
  const id = new URL(address).searchParams.get('page') ?? '';
  return session[`${viewerPages.prefix}${id}`] as { url: string; relation?: string; mailbox?: string } | undefined;
}

/** Clicks a notification: the event Chromium fires for a click, dispatched to the worker's listeners. */
async function click(id: string): Promise<Page> {
  return h.nextPage(() => inWorker((nid: string) => (globalThis as WorkerGlobal).chrome.notifications.onClicked.dispatch(nid), id));
}

/** Switches notifications on or off: saved the moment it is switched, and said so. */
async function switchNotify(on: boolean): Promise<void> {
  // The options tab is behind the viewer tabs a click opened: a person brings it to the front first.
  await options.bringToFront();
  await h.reload(options);
  expect(await isChecked(options, 'switch', NOTIFY)).toBe(!on);
  await role(options, 'switch', NOTIFY).click();
  await text(options, 'Saved.', '[role="status"]').wait();
}

describe.runIf(browserUnderTest() === 'chromium')(
  'notifications of new letters (Chromium only: the worker is reached from inside, which Firefox does not allow)',
  () => {
    beforeAll(async () => {
      grantedDist = buildWithNotificationsGranted(E2E_DIST);
      // With Ola Nordmann's mailbox shared with the person (issue #36): every look reads both inboxes.
      h = await startHarness({ dist: grantedDist, emulator: { sharedMailbox: true } });
      await connectInPopup(h);
      options = await h.open('src/options/options.html');
      await role(options, 'combobox', EVERY).wait();
    });
    afterAll(async () => {
      await h.close();
      rmSync(grantedDist, { recursive: true, force: true });
    });

    it('are off by default: a new letter is not notified, and the inbox is not fetched for it', async () => {
      expect(await isChecked(options, 'switch', NOTIFY)).toBe(false);
      await h.emulator.admin.addLetter({ subject: 'Brev mens varsler er av', creatorName: 'Avsender Av' });
      await h.emulator.admin.clearRequests();
      await poll();
      expect(await shown()).toEqual([]);
      expect(await inboxFetches()).toBe(0);
    });

    it('switched on, take note of the letters already unread without notifying any of them', async () => {
      await switchNotify(true);
      const { root } = (await storedItems(h, 'session'))[rootCacheItem.key] as {
        root: { primaryAccount: { unreadItemsInInbox: number }; mailbox: { owner: boolean; unreadItemsInInbox: number }[] };
      };
      const unread = root.primaryAccount.unreadItemsInInbox;
      const sharedUnread = root.mailbox.find((mailbox) => !mailbox.owner)?.unreadItemsInInbox ?? 0;
      expect(unread).toBeGreaterThan(1);
      expect(sharedUnread).toBeGreaterThan(1);
      const seen = (await storedItems(h, 'local'))[notifiedLettersItem.key] as { keys: string[]; primed: boolean };
      expect(seen.primed).toBe(true);
      // The emulator's inbox pages hold every unread letter (fewer than 50): the person's and the shared mailbox's.
      expect(seen.keys).toHaveLength(unread + sharedUnread);
      await poll();
      expect(await shown()).toEqual([]);
      await h.reload(options);
      expect(await isChecked(options, 'switch', NOTIFY)).toBe(true);
    });

    it('notify a new letter exactly once, keeping only opaque ids in storage.local', async () => {
      const { id } = await h.emulator.admin.addLetter({ subject: 'Vedtak om bostøtte', creatorName: 'Husbanken Test' });
      await poll();
      await expect.poll(() => shown()).toHaveLength(1);
      const [notificationId = ''] = await shown();
      expect(notificationId).toMatch(/^letter-[A-Za-z0-9_-]{22}$/);
      // Where its click leads (storage.session): the viewer, on that letter's self link.
      const target = (await targets())[notificationId] ?? '';
      expect(target.startsWith(h.url('src/viewer/viewer.html?'))).toBe(true);
      expect(pageTarget(await storedItems(h, 'session'), target)?.url).toMatch(new RegExp(`/documents/${id}$`));
      expect(pageTarget(await storedItems(h, 'session'), target)?.relation).toBe('self');
      // Subjects, senders and addresses of letters are personal data: never in storage.local.
      const local = JSON.stringify(await storedItems(h, 'local'));
      for (const personal of ['Vedtak om bostøtte', 'Husbanken Test', '/documents/', 'Avsender Av']) expect(local).not.toContain(personal);

      // The next poll, with nothing new, notifies nothing and (same unread count) does not even fetch the inbox.
      await inWorker((nid: string) => (globalThis as WorkerGlobal).chrome.notifications.clear(nid), notificationId);
      await h.emulator.admin.clearRequests();
      await poll();
      expect(await shown()).toEqual([]);
      expect(await inboxFetches()).toBe(0);

      // Another letter: the inbox is looked at again, and only the new one is notified.
      await h.emulator.admin.addLetter({ subject: 'Ny timeavtale', creatorName: 'Legekontoret' });
      await poll();
      await expect.poll(() => shown()).toHaveLength(1);
      const next = await shown();
      expect(next).not.toContain(notificationId);
      expect(await inboxFetches()).toBe(1);
    });

    it('open the letter in the viewer when clicked, also after the worker was stopped', async () => {
      const [id = ''] = await shown();
      const url = (await targets())[id] ?? '';
      expect(url).not.toBe('');
      // A mark in the worker's memory tells a restarted worker from the same one still running.
      const marked = () => inWorker(() => (globalThis as { testMark?: true }).testMark === true);
      await inWorker(() => {
        (globalThis as { testMark?: true }).testMark = true;
      });
      await h.stopWorker?.();
      // The options page asks the worker for the configuration: an event, which starts it again.
      await h.reload(options);
      await role(options, 'combobox', EVERY).wait();
      expect(await marked()).toBe(false);
      // The listener that answers is the one the restarted worker registered at its top level.
      const viewer = await click(id);
      expect(await addressOf(viewer)).toBe(url);
      await shows(viewer, 'Ny timeavtale');
      await expect.poll(() => shown()).toEqual([]);
      expect((await targets())[id]).toBeUndefined();
      await viewer.close();
    });

    it('switched off, clear what is shown and notify nothing more', async () => {
      await switchNotify(false);
      expect(await shown()).toEqual([]);
      expect(await targets()).toEqual({});
      await h.emulator.admin.addLetter({ subject: 'Etter at varsler ble slått av', creatorName: 'Avsender' });
      await h.emulator.admin.clearRequests();
      await poll();
      expect(await shown()).toEqual([]);
      expect(await inboxFetches()).toBe(0);
    });
  },
);
