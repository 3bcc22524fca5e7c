// Desktop notifications of new letters, end to end: the options page switches them on, the real
// poll alarm finds new letters in the emulator's inbox, Chromium shows the notifications, and a
// click opens the letter in the viewer.
//
// The `notifications` permission is optional, and Chromium asks the user before granting it (it
// carries the warning "Display notifications"). That prompt is browser UI: in headless Chromium
// nothing can answer it (Playwright and CDP reach pages, not browser dialogs; CDP's
// Browser.grantPermissions is about web permissions; --apps-gallery-install-auto-confirm-for-tests
// does not apply to permissions.request), so the request would stay pending for ever. This suite
// therefore loads a copy of the e2e build whose manifest also lists `notifications` as granted at
// install, which is what the user's "Allow" leads to: the options page's real request then answers
// true at once, as Chromium does for a permission already held, and everything after it is the
// product's own code. Only the prompt itself and a refusal are not covered here.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { LETTERS_PER_LIST } from '../../src/background/due-invoices.ts';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Worker } from 'playwright-core';
import { E2E_DIST } from '../support/build-extension.ts';
import { showsAccount, storedItems } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { notificationTargetsItem, notifiedLettersItem } from '../../src/storage/items.ts';
import { rootCacheItem, viewerPages } from '../../src/storage/page-items.ts';

const GRANTED_DIST = `${E2E_DIST}-notifications-granted`;
const POLL_ALARM = 'poll-unread';
const LOCK = 'notify-new-letters';

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

function buildWithPermissionGranted(): string {
  rmSync(GRANTED_DIST, { recursive: true, force: true });
  cpSync(E2E_DIST, GRANTED_DIST, { recursive: true });
  const path = join(GRANTED_DIST, 'manifest.json');
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as { permissions: string[]; optional_permissions?: string[] };
  expect(manifest.optional_permissions).toContain('notifications');
  manifest.permissions = [...manifest.permissions, 'notifications'];
  writeFileSync(path, JSON.stringify(manifest, null, 2));
  return GRANTED_DIST;
}

function shown(worker: Worker): Promise<string[]> {
  return worker.evaluate(async () => Object.keys(await (globalThis as WorkerGlobal).chrome.notifications.getAll()));
}

async function rootFetchedAt(worker: Worker): Promise<number> {
  const items = await worker.evaluate((key) => (globalThis as WorkerGlobal).chrome.storage.session.get([key]), rootCacheItem.key);
  return (items[rootCacheItem.key] as { fetchedAt?: number } | undefined)?.fetchedAt ?? 0;
}

/**
 * Fires the real poll alarm now (keeping its period), waits for the fresh root it fetches, then
 * for the notification check that follows it to let go of its lock.
 */
async function poll(): Promise<void> {
  const worker = await h.worker();
  const before = await rootFetchedAt(worker);
  await worker.evaluate(
    ([name]) => (globalThis as WorkerGlobal).chrome.alarms.create(name, { when: Date.now() + 10, periodInMinutes: 5 }),
    [POLL_ALARM] as const,
  );
  await expect.poll(() => rootFetchedAt(worker), { timeout: 10_000 }).toBeGreaterThan(before);
  // The check asks for its lock right after the root is stored; then wait for it to be done. (On a
  // very slow machine the lock may be asked for later still: what a check shows is therefore
  // awaited with expect.poll, and this wait only keeps "nothing was shown" from being vacuous.)
  await new Promise((resolve) => setTimeout(resolve, 300));
  await worker.evaluate(([lock]) => (globalThis as WorkerGlobal).navigator.locks.request(lock, () => undefined), [LOCK] as const);
}

/** Looks at the inbox for new letters: not the open invoices' read of its newest hundred, which each fetch of the root starts (due-invoices.ts). */
function inboxFetches(): Promise<number> {
  return h.emulator.admin
    .requests()
    .then((log) => log.filter((r) => r.method === 'GET' && r.path.includes('/documents/inbox') && !r.query.includes(`limit=${LETTERS_PER_LIST}`)).length);
}

async function targets(worker: Worker): Promise<Record<string, string>> {
  return ((await storedItems(worker, 'session'))[notificationTargetsItem.key] ?? {}) as Record<string, string>;
}

/** What a viewer address stands for: its page id's target in storage.session (src/protocol/viewer-address.ts). */
function pageTarget(session: Record<string, unknown>, address: string): { url: string; relation?: string } | undefined {
  const id = new URL(address).searchParams.get('page') ?? '';
  return session[`${viewerPages.prefix}${id}`] as { url: string; relation?: string } | undefined;
}

/** Clicks a notification: the event Chromium fires for a click, dispatched to the worker's listeners. */
async function click(worker: Worker, id: string): Promise<Page> {
  const before = new Set(h.context.pages());
  await worker.evaluate((nid) => (globalThis as WorkerGlobal).chrome.notifications.onClicked.dispatch(nid), id);
  // A tab the extension opens is announced before it has navigated: wait for its address.
  let opened: Page | undefined;
  await expect
    .poll(() => (opened = h.context.pages().find((p) => !before.has(p) && p.url().startsWith(h.url('src/viewer/viewer.html')))), {
      timeout: 10_000,
    })
    .toBeDefined();
  if (!opened) throw new Error('no viewer opened');
  return opened;
}

async function saveNotify(on: boolean): Promise<void> {
  await options.reload();
  const box = options.getByRole('checkbox', { name: 'Notify me of new letters' });
  await box.setChecked(on);
  await options.getByRole('button', { name: 'Save' }).click();
  await options.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
}

beforeAll(async () => {
  h = await startHarness({ dist: buildWithPermissionGranted() });
  const popup = await h.openPopup();
  await h.connectVia(popup, 'Approve');
  await showsAccount(h, popup);
  await popup.close();
  options = await h.context.newPage();
  await options.goto(h.url('src/options/options.html'));
  await options.getByLabel('Check for new letters every (minutes)').waitFor();
});
afterAll(async () => {
  await h.close();
  rmSync(GRANTED_DIST, { recursive: true, force: true });
});

describe('notifications of new letters', () => {
  it('are off by default: a new letter is not notified, and the inbox is not fetched for it', async () => {
    expect(await options.getByRole('checkbox', { name: 'Notify me of new letters' }).isChecked()).toBe(false);
    await h.emulator.admin.addLetter({ subject: 'Brev mens varsler er av', creatorName: 'Avsender Av' });
    await h.emulator.admin.clearRequests();
    await poll();
    expect(await shown(await h.worker())).toEqual([]);
    expect(await inboxFetches()).toBe(0);
  });

  it('switched on, take note of the letters already unread without notifying any of them', async () => {
    await saveNotify(true);
    const worker = await h.worker();
    const unread = ((await storedItems(worker, 'session'))[rootCacheItem.key] as { root: { primaryAccount: { unreadItemsInInbox: number } } }).root
      .primaryAccount.unreadItemsInInbox;
    expect(unread).toBeGreaterThan(1);
    const seen = (await storedItems(worker, 'local'))[notifiedLettersItem.key] as { keys: string[]; primed: boolean };
    expect(seen.primed).toBe(true);
    // The emulator's inbox page holds every unread letter (fewer than 50).
    expect(seen.keys).toHaveLength(unread);
    await poll();
    expect(await shown(worker)).toEqual([]);
    await options.reload();
    expect(await options.getByRole('checkbox', { name: 'Notify me of new letters' }).isChecked()).toBe(true);
  });

  it('notify a new letter exactly once, keeping only opaque ids in storage.local', async () => {
    const worker = await h.worker();
    const { id } = await h.emulator.admin.addLetter({ subject: 'Vedtak om bostøtte', creatorName: 'Husbanken Test' });
    await poll();
    await expect.poll(() => shown(worker)).toHaveLength(1);
    const [notificationId = ''] = await shown(worker);
    expect(notificationId).toMatch(/^letter-[A-Za-z0-9_-]{22}$/);
    // Where its click leads (storage.session): the viewer, on that letter's self link.
    const target = (await targets(worker))[notificationId] ?? '';
    expect(target.startsWith(h.url('src/viewer/viewer.html?'))).toBe(true);
    expect(pageTarget(await storedItems(worker, 'session'), target)?.url).toMatch(new RegExp(`/documents/${id}$`));
    expect(pageTarget(await storedItems(worker, 'session'), target)?.relation).toBe('self');
    // Subjects, senders and addresses of letters are personal data: never in storage.local.
    const local = JSON.stringify(await storedItems(worker, 'local'));
    for (const personal of ['Vedtak om bostøtte', 'Husbanken Test', '/documents/', 'Avsender Av']) expect(local).not.toContain(personal);

    // The next poll, with nothing new, notifies nothing and (same unread count) does not even fetch the inbox.
    await worker.evaluate((nid) => (globalThis as WorkerGlobal).chrome.notifications.clear(nid), notificationId);
    await h.emulator.admin.clearRequests();
    await poll();
    expect(await shown(worker)).toEqual([]);
    expect(await inboxFetches()).toBe(0);

    // Another letter: the inbox is looked at again, and only the new one is notified.
    await h.emulator.admin.addLetter({ subject: 'Ny timeavtale', creatorName: 'Legekontoret' });
    await poll();
    await expect.poll(() => shown(worker)).toHaveLength(1);
    const next = await shown(worker);
    expect(next).not.toContain(notificationId);
    expect(await inboxFetches()).toBe(1);
  });

  it('open the letter in the viewer when clicked, also after the worker was stopped', async () => {
    const before = await h.worker();
    const [id = ''] = await shown(before);
    const url = (await targets(before))[id] ?? '';
    expect(url).not.toBe('');
    // A mark in the worker's memory tells a restarted worker from the same one still running.
    const marked = () => h.worker().then((w) => w.evaluate(() => (globalThis as { testMark?: true }).testMark === true));
    await before.evaluate(() => {
      (globalThis as { testMark?: true }).testMark = true;
    });
    await h.stopWorker();
    // The options page asks the worker for the configuration: an event, which starts it again.
    // (Playwright keeps the same Worker object for the restarted worker.)
    await options.reload();
    await options.getByLabel('Check for new letters every (minutes)').waitFor();
    expect(await marked()).toBe(false);
    const worker = await h.worker();
    // The listener that answers is the one the restarted worker registered at its top level.
    const viewer = await click(worker, id);
    expect(viewer.url()).toBe(url);
    await viewer.getByText('Ny timeavtale').first().waitFor();
    await expect.poll(() => shown(worker)).toEqual([]);
    expect((await targets(worker))[id]).toBeUndefined();
    await viewer.close();
  });

  it('sum up many new letters: two shown one by one, one for the rest, which opens the inbox', async () => {
    const worker = await h.worker();
    for (let i = 1; i <= 5; i++) await h.emulator.admin.addLetter({ subject: `Massebrev ${i}`, creatorName: 'Nyhetsbrev' });
    await poll();
    await expect.poll(async () => (await shown(worker)).length).toBe(3);
    const ids = await shown(worker);
    expect(ids.filter((id) => id.startsWith('letter-'))).toHaveLength(2);
    const summaries = ids.filter((id) => id.startsWith('more-'));
    expect(summaries).toHaveLength(1);
    const summary = summaries[0] ?? '';
    const viewer = await click(worker, summary);
    expect(pageTarget(await storedItems(worker, 'session'), viewer.url())?.relation).toBe('document_inbox');
    await viewer.getByRole('heading', { name: 'Inbox' }).waitFor();
    await viewer.close();
    // All five are remembered: none of them comes back.
    await h.emulator.admin.addLetter({ subject: 'Etter massebrevene', creatorName: 'Banken' });
    await Promise.all((await shown(worker)).map((id) => worker.evaluate((nid) => (globalThis as WorkerGlobal).chrome.notifications.clear(nid), id)));
    await poll();
    await expect.poll(() => shown(worker)).toHaveLength(1);
  });

  it('switched off, clear what is shown and notify nothing more', async () => {
    await saveNotify(false);
    const worker = await h.worker();
    expect(await shown(worker)).toEqual([]);
    expect(await targets(worker)).toEqual({});
    await h.emulator.admin.addLetter({ subject: 'Etter at varsler ble slått av', creatorName: 'Avsender' });
    await h.emulator.admin.clearRequests();
    await poll();
    expect(await shown(worker)).toEqual([]);
    expect(await inboxFetches()).toBe(0);
  });
});
