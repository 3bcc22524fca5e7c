import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../emulator/index.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { E2E_CLIENT_ID, E2E_CLIENT_SECRET, E2E_PORT } from '../support/build-extension.ts';
import { actInClosingPopup, dropRootCache, storedItems, storeItems, untilServiceQuiet } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { rootCacheItem } from '../../src/storage/page-items.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe('each state of the popup has one obvious next step', () => {
  it('not configured: "Open settings" opens the options page', async () => {
    const worker = await h.worker();
    const { config } = await storedItems(worker, 'local');
    await storeItems(worker, 'local', {
      config: { baseUrl: h.emulator.url, clientId: '', clientSecret: '', scopes: ['READ_ACCOUNT_INFO'], pollMinutes: 5 },
    });
    const popup = await h.openPopup();
    await popup.getByRole('heading', { name: 'Set up the extension' }).waitFor();
    expect(await accessibilityViolations(popup)).toEqual([]);
    const optionsOpened = h.context.waitForEvent('page');
    await actInClosingPopup(popup, () => popup.getByRole('button', { name: 'Open settings' }).click());
    const options = await optionsOpened;
    await options.getByLabel('Client ID').waitFor();
    await options.close();
    await popup.close();
    await storeItems(worker, 'local', { config });
  });

  it('signed out, then connecting while the consent window is open', async () => {
    const popup = await h.openPopup();
    await popup.getByRole('heading', { name: 'Not connected' }).waitFor();
    // The extension's icon, what it does, and what Digipost will ask to be allowed.
    expect(await popup.locator('img.brand').count()).toBe(1);
    await popup.getByText('Digipost will ask you to allow:').waitFor();
    // In the settings page's words.
    expect(await popup.locator('.asked li').allTextContents()).toEqual(['See your account details', 'See your letters']);
    expect(await accessibilityViolations(popup)).toEqual([]);
    const consentOpened = h.context.waitForEvent('page', { predicate: (p) => p.url().includes('/oauth/authorize') });
    await popup.getByRole('button', { name: 'Connect' }).click();
    const consent = await consentOpened;
    await popup.getByRole('status').filter({ hasText: 'Connecting…' }).waitFor();
    expect(await accessibilityViolations(popup)).toEqual([]);
    await consent.getByRole('button', { name: 'Approve' }).click();
    await popup.getByRole('heading', { level: 1, name: h.emulator.user.fullName }).waitFor();
    await popup.close();
  });

  it('loading: a skeleton until the root resource arrives, without a cache', async () => {
    await dropRootCache(await h.worker());
    await h.emulator.admin.configure({ latencyMs: 800 });
    const popup = await h.openPopup();
    await popup.locator('[aria-busy="true"]').waitFor();
    // The root comes first (it names the inbox): the header shows while the letters are on their way.
    await popup.getByRole('heading', { level: 1, name: h.emulator.user.fullName }).waitFor();
    expect(await popup.locator('.letters [aria-busy="true"]').count()).toBe(1);
    await popup.locator('.letter-list .letter').first().waitFor();
    expect(await popup.locator('[aria-busy="true"]').count()).toBe(0);
    await h.emulator.admin.configure({ latencyMs: 0 });
    await popup.close();
  });

  it('ready at once from an old cache, saying it is updating until the fresh answer arrives', async () => {
    const worker = await h.worker();
    const snapshot = (await storedItems(worker, 'session'))[rootCacheItem.key] as { fetchedAt: number };
    await storeItems(worker, 'session', { [rootCacheItem.key]: { ...snapshot, fetchedAt: snapshot.fetchedAt - 5 * 60_000 } });
    await h.emulator.admin.configure({ latencyMs: 800 });
    const popup = await h.openPopup();
    await popup.getByRole('heading', { level: 1, name: h.emulator.user.fullName }).waitFor();
    expect(await popup.locator('.fetched').textContent()).toContain('updating…');
    await popup.locator('.fetched .updating').waitFor({ state: 'detached' });
    const fresh = (await storedItems(worker, 'session'))[rootCacheItem.key] as { fetchedAt: number };
    expect(fresh.fetchedAt).toBeGreaterThan(snapshot.fetchedAt);
    await h.emulator.admin.configure({ latencyMs: 0 });
    await popup.close();
  });

  it('is usable with the keyboard: Tab to a place and Enter opens it in a new tab', async () => {
    const popup = await h.openPopup();
    await popup.getByRole('heading', { level: 1, name: h.emulator.user.fullName }).waitFor();
    const inbox = popup.getByRole('region', { name: 'Mailbox' }).getByRole('button', { name: /^Inbox/ });
    const hasFocus = () => inbox.evaluate((el) => el === document.activeElement);
    let focused = false;
    for (let i = 0; i < 40 && !focused; i++) {
      await popup.keyboard.press('Tab');
      focused = await hasFocus();
    }
    expect(focused).toBe(true);
    const tabOpened = h.context.waitForEvent('page');
    const popupClosed = popup.waitForEvent('close');
    await actInClosingPopup(popup, () => popup.keyboard.press('Enter'));
    const viewer = await tabOpened;
    await viewer.getByRole('heading', { name: 'Inbox' }).waitFor();
    await popupClosed;
    await viewer.close();
  });

  it('refreshes the badge on an alarm every 5 minutes by default', async () => {
    const worker = await h.worker();
    const alarm = await worker.evaluate(() =>
      (globalThis as unknown as { chrome: { alarms: { get(name: string): Promise<{ periodInMinutes?: number } | undefined> } } }).chrome.alarms.get('poll-unread'),
    );
    expect(alarm?.periodInMinutes).toBe(5);
  });

  it('offline: Try again in the notice fetches afresh once the service answers', async () => {
    const worker = await h.worker();
    const snapshot = (await storedItems(worker, 'session'))[rootCacheItem.key] as { fetchedAt: number };
    await storeItems(worker, 'session', { [rootCacheItem.key]: { ...snapshot, fetchedAt: Date.now() - 5 * 60_000 } });
    // The root and the inbox page (fetched side by side for a stale cache) both fail to arrive.
    await untilServiceQuiet(h.emulator.admin);
    await h.emulator.admin.failNext(2, 'drop', '/post/api');
    const popup = await h.openPopup();
    const notice = popup.getByRole('status').filter({ hasText: 'You seem to be offline.' });
    await notice.waitFor();
    await notice.getByRole('button', { name: 'Try again' }).click();
    await notice.waitFor({ state: 'detached' });
    await popup.getByText(/^Fetched at/).waitFor();
    expect(await popup.getByText(/not up to date/).count()).toBe(0);
    await popup.close();
  });

  it('offline: the cached view, marked as not up to date', async () => {
    const worker = await h.worker();
    const snapshot = (await storedItems(worker, 'session'))[rootCacheItem.key] as { fetchedAt: number };
    await storeItems(worker, 'session', { [rootCacheItem.key]: { ...snapshot, fetchedAt: Date.now() - 5 * 60_000 } });
    await h.emulator.stop();
    try {
      const popup = await h.openPopup();
      await popup.getByText('You seem to be offline.').waitFor();
      await popup.getByText(/not up to date/).waitFor();
      expect(await popup.getByRole('heading', { level: 1 }).textContent()).toBe(h.emulator.user.fullName);
      expect(await accessibilityViolations(popup)).toEqual([]);
      await popup.close();
    } finally {
      h.emulator = await startEmulator({ port: E2E_PORT, clientId: E2E_CLIENT_ID, clientSecret: E2E_CLIENT_SECRET, quiet: true });
    }
  });
});

describe('language and theme', () => {
  it('speaks Norwegian Bokmål and follows a dark colour scheme', async () => {
    const nb = await startHarness({ lang: 'nb', colorScheme: 'dark', reuseEmulator: h.emulator });
    try {
      const popup = await nb.openPopup();
      await popup.getByRole('button', { name: 'Koble til' }).waitFor();
      expect(await popup.getByRole('heading', { level: 1 }).textContent()).toBe('Ikke tilkoblet');
      expect(await popup.evaluate(() => document.documentElement.lang)).toBe('nb');
      const background = await popup.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background).toBe('rgb(27, 27, 31)');
      expect(await accessibilityViolations(popup)).toEqual([]);
    } finally {
      await nb.close();
    }
  });
});
