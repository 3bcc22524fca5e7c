import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_CLIENT_SECRET } from '../support/build-extension.ts';
import { badgeText, showsAccount, storedItems, storeItems } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { configItem } from '../../src/storage/items.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});
beforeEach(async () => {
  await h.emulator.admin.reset();
  const worker = await h.worker();
  await worker.evaluate(() => (globalThis as unknown as { chrome: { storage: { session: { clear(): Promise<void> } } } }).chrome.storage.session.clear());
  await worker.evaluate(async (configKey) => {
    const local = (globalThis as unknown as { chrome: { storage: { local: { get(k: null): Promise<Record<string, unknown>>; remove(k: string[]): Promise<void> } } } }).chrome.storage.local;
    const keys = Object.keys(await local.get(null)).filter((k) => k !== configKey);
    await local.remove(keys);
  }, configItem.key);
  for (const page of h.context.pages().slice(1)) await page.close();
});

function tokenRequests(log: { path: string }[]) {
  return log.filter((entry) => entry.path.endsWith('/oauth/accesstoken')).length;
}

describe('connecting through the service consent window', () => {
  it('approving shows the user in the popup and the unread count on the badge', async () => {
    const popup = await h.openPopup();
    await popup.getByRole('heading', { name: 'Not connected' }).waitFor();
    await h.connectVia(popup, 'Approve');
    await showsAccount(h, popup);
    const worker = await h.worker();
    await expect.poll(async () => Number(await badgeText(worker))).toBeGreaterThan(0);
    // Tokens stay in the worker's storage: the access token only in the session area.
    const local = JSON.stringify(await storedItems(worker, 'local'));
    const session = JSON.stringify(await storedItems(worker, 'session'));
    const tokenCall = (await h.emulator.admin.requests()).filter((r) => r.path.endsWith('/oauth/accesstoken'));
    expect(tokenCall).toHaveLength(1);
    expect(session).toMatch(/[A-Za-z0-9_-]{43}/);
    expect(local).not.toContain(h.emulator.user.fullName);
  });

  it('declining says so and stays signed out', async () => {
    const popup = await h.openPopup();
    await h.connectVia(popup, 'Decline');
    const alert = popup.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('You declined access');
    expect(tokenRequests(await h.emulator.admin.requests())).toBe(0);
    await popup.reload();
    await popup.getByRole('button', { name: 'Connect' }).waitFor();
  });

  it('closing the consent window cancels the sign-in', async () => {
    const popup = await h.openPopup();
    const consentOpened = h.context.waitForEvent('page', { predicate: (p) => p.url().includes('/oauth/authorize') });
    await popup.getByRole('button', { name: 'Connect' }).click();
    const consent = await consentOpened;
    await consent.close();
    const alert = popup.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Sign-in was cancelled.');
  });

  it('an unknown client ID: the service refuses it, and the popup says the client ID may be wrong', async () => {
    const worker = await h.worker();
    const { config } = await storedItems(worker, 'local');
    const unknown = { baseUrl: h.emulator.url, clientId: 'not-registered', clientSecret: E2E_CLIENT_SECRET, scopes: ['READ_ACCOUNT_INFO'], pollMinutes: 5 };
    await storeItems(worker, 'local', { config: unknown });
    try {
      const popup = await h.openPopup();
      // Firefox shows the service's error page in the sign-in window and the user closes it;
      // Chrome reports it as a page it could not load. Either way: the same message.
      const closeErrorPage = (page: Page) => void page.close();
      h.context.on('page', closeErrorPage);
      await popup.getByRole('button', { name: 'Connect' }).click();
      const alert = popup.getByRole('alert');
      await alert.waitFor();
      h.context.off('page', closeErrorPage);
      const text = (await alert.textContent()) ?? '';
      expect(text).toContain('the client ID in settings may be wrong');
      expect(text).not.toContain('cancelled');
      // The way to mend it is right there.
      await alert.getByRole('button', { name: 'Open settings' }).waitFor();
      expect(tokenRequests(await h.emulator.admin.requests())).toBe(0);
    } finally {
      await storeItems(worker, 'local', { config });
    }
  });

  it('the service not answering during the code exchange: "Could not reach the service", not a cancel', async () => {
    await h.emulator.admin.failNext(1, 'drop', '/post/api/oauth/accesstoken');
    const popup = await h.openPopup();
    await h.connectVia(popup, 'Approve');
    const alert = popup.getByRole('alert');
    await alert.waitFor();
    expect(await alert.locator('.alert-message').textContent()).toBe('Could not reach the service. Check your connection and try again.');
    // The browser's own words are there, small and secondary.
    const sizes = await alert.evaluate((el) => {
      const size = (selector: string) => parseFloat(getComputedStyle(el.querySelector(selector) ?? el).fontSize);
      return { message: size('.alert-message'), detail: size('.alert-detail') };
    });
    expect(sizes.detail).toBeLessThan(sizes.message);
    expect(JSON.stringify(await storedItems(await h.worker(), 'session'))).not.toMatch(/access/i);
    await popup.reload();
    await popup.getByRole('button', { name: 'Connect' }).waitFor();
  });

  it('refuses an id_token with a bad signature and stores nothing', async () => {
    await h.emulator.admin.configure({ badIdTokenSignature: true });
    const popup = await h.openPopup();
    await h.connectVia(popup, 'Approve');
    const alert = popup.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain("identity token’s signature is wrong");
    const session = await storedItems(await h.worker(), 'session');
    expect(JSON.stringify(session)).not.toMatch(/access/i);
    await popup.reload();
    await popup.getByRole('button', { name: 'Connect' }).waitFor();
  });
});

describe('keeping the session', () => {
  async function connected() {
    const popup = await h.openPopup();
    await h.connectVia(popup, 'Approve');
    await showsAccount(h, popup);
    return popup;
  }

  async function openInbox() {
    const popup = await h.openPopup();
    const tabOpened = h.context.waitForEvent('page');
    // The Inbox place, named with its unread count ("Inbox 3 unread").
    await popup.getByRole('region', { name: 'Mailbox' }).getByRole('button', { name: /^Inbox/ }).click();
    const viewer = await tabOpened;
    await viewer.waitForLoadState();
    return viewer;
  }

  it('refreshes an expired access token once, and the next page still loads', async () => {
    await h.emulator.admin.configure({ accessTokenLifetime: 2 });
    await connected();
    // Every token issued so far lives 2 s; the one the refresh brings lives long enough for the
    // rest of the test, however slow the machine, so exactly one refresh is expected.
    await h.emulator.admin.configure({ accessTokenLifetime: 900 });
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    await h.emulator.admin.clearRequests();
    const viewer = await openInbox();
    await viewer.getByRole('heading', { name: 'Inbox' }).waitFor();
    await viewer.locator('.letter-row').first().waitFor();
    expect(tokenRequests(await h.emulator.admin.requests())).toBe(1);
  });

  it('a revoked grant signs the user out with a clear message and clears the badge', async () => {
    await connected();
    await h.emulator.admin.revokeGrants();
    const viewer = await openInbox();
    // Said calmly, as a sign-out is: nothing failed that Try again could mend.
    const notice = viewer.getByRole('status').filter({ hasText: 'Your access to Digipost has ended' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Connect to see your mailbox here again.');
    expect(await viewer.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await notice.getByRole('button', { name: 'Connect' }).waitFor();
    const worker = await h.worker();
    await expect.poll(() => badgeText(worker), { timeout: 10_000 }).toBe('');
    const popup = await h.openPopup();
    await popup.getByRole('button', { name: 'Connect' }).waitFor();
  });

  it('works after the browser stopped the worker between sign-in and first use', async () => {
    await connected();
    await h.stopWorker();
    await h.emulator.admin.clearRequests();
    const viewer = await openInbox();
    await viewer.getByRole('heading', { name: 'Inbox' }).waitFor();
    await viewer.locator('.letter-row').first().waitFor();
    expect(tokenRequests(await h.emulator.admin.requests())).toBe(0);
  });
});
