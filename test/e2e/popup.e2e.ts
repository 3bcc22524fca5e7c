import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessibilityViolations } from './axe.ts';
import { badgeText, dropRootCache, storeItems, storedItems } from './extension-state.ts';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
let popup: Page;

beforeAll(async () => {
  h = await startHarness();
  const origin = new URL(h.emulator.url);
  // Links the extension must refuse: another origin (same host name, other port), and not http.
  await h.emulator.admin.configure({
    extraLinks: {
      root: [
        { rel: `${h.emulator.url}/post/relations/help_centre`, uri: 'https://help.example.org/faq', 'media-type': 'text/html' },
        { rel: `${h.emulator.url}/post/relations/support_mail`, uri: 'mailto:support@example.org', 'media-type': 'text/plain' },
      ],
      account: [
        {
          rel: `${h.emulator.url}/post/relations/archive_export`,
          uri: `http://localhost:${origin.port}/post/api/private/accounts/export`,
          'media-type': 'application/vnd.digipost-v2+json',
        },
      ],
    },
  });
  popup = await h.openPopup();
  await h.connectVia(popup, 'Approve');
  await popup.getByRole('heading', { level: 1, name: h.emulator.user.fullName }).waitFor();
});
afterAll(async () => {
  await h.close();
});

describe('the popup, signed in', () => {
  it('shows the account summary, leaving out empty fields', async () => {
    const summary = popup.locator('.summary');
    const text = (await summary.textContent()) ?? '';
    expect(text).toContain(h.emulator.user.digipostaddress);
    expect(text).toMatch(/Identity number\s*\d{6}\*+/);
    expect(text).toContain('E-mail');
    expect(text).toContain('Phone');
    expect(text).toContain('Address');
    expect(text).toMatch(/\d+ unread letters?/);
    expect(text).toContain('Authentication level2');
    expect(await popup.locator('.fetched').textContent()).toMatch(/^Fetched at \d{1,2}:\d{2}/);
    // It fits the popup: nothing wider than the popup's 380 px.
    expect(await popup.evaluate(() => document.body.scrollWidth)).toBeLessThanOrEqual(380);
    // The middle name is an empty string in the service's answer: no blank row for it.
    expect(await summary.locator('dd').evaluateAll((dds) => dds.filter((d) => d.textContent.trim() === '').length)).toBe(0);
  });

  it('groups the followable relations by where they came from, with label and name', async () => {
    const groups = await popup.locator('.relation-group h2').allTextContents();
    expect(groups.slice(0, 2)).toEqual(['Service', 'Your account']);
    expect(groups.some((g) => g.startsWith('Mailbox: '))).toBe(true);
    const account = popup.getByRole('region', { name: 'Your account' });
    const inbox = account.getByRole('button', { name: /Inbox/ });
    expect(await inbox.textContent()).toContain('document_inbox');
    expect(await account.getByRole('button', { name: /Receipts/ }).count()).toBe(1);
    // Unknown relations get a label made from their name.
    expect(await account.getByRole('button', { name: /Event log/ }).count()).toBe(1);
    // Actions are not navigation.
    const names = await popup.locator('.relation-name').allTextContents();
    for (const action of ['logout', 'update_account', 'upload_document', 'close_account', 'change_language', 'create_folder']) {
      expect(names).not.toContain(action);
    }
  });

  it('shows foreign and non-web links as not followable, with the reason, and never sends them the token', async () => {
    const help = popup.locator('.relation-blocked', { hasText: 'help_centre' });
    expect(await help.textContent()).toContain('another site than the service');
    const mail = popup.locator('.relation-blocked', { hasText: 'support_mail' });
    expect(await mail.textContent()).toContain('not a web address');
    const other = popup.locator('.relation-blocked', { hasText: 'archive_export' });
    expect(await other.textContent()).toContain('another site than the service');
    const log = await h.emulator.admin.requests();
    const hostOfService = new URL(h.emulator.url).host;
    expect(log.filter((r) => r.authorization && r.host !== hostOfService)).toEqual([]);
  });

  it('opens a relation in a new tab next to the popup, and the viewer follows its links', async () => {
    const tabOpened = h.context.waitForEvent('page');
    await popup.getByRole('region', { name: 'Your account' }).getByRole('button', { name: /Inbox/ }).click();
    const viewer = await tabOpened;
    await viewer.getByRole('heading', { name: 'Inbox' }).waitFor();
    // The address names a random page id only; the resource stays out of the browser's history.
    expect(viewer.url()).toMatch(/viewer\.html\?page=[A-Za-z0-9_-]{22}$/);
    // Next to the tab it was opened from.
    const tabs = await (await h.worker()).evaluate(() =>
      (globalThis as unknown as { chrome: { tabs: { query(q: object): Promise<{ index: number; url?: string; openerTabId?: number; id?: number }[]> } } }).chrome.tabs.query({}),
    );
    const opened = tabs.find((t) => t.url?.includes('viewer.html'));
    const opener = tabs.find((t) => t.id === opened?.openerTabId);
    expect(opened && opener ? opened.index - opener.index : undefined).toBe(1);
    // Each letter row is a real link to the letter, in the same tab; back returns to the inbox.
    const letter = viewer.locator('.letter-row a').first();
    await letter.click();
    await viewer.locator('.fields').first().waitFor();
    expect(await viewer.locator('h1').textContent()).not.toBe('Inbox');
    await viewer.goBack();
    await viewer.getByRole('heading', { name: 'Inbox' }).waitFor();
    // A reload shows the same resource again.
    await viewer.reload();
    await viewer.getByRole('heading', { name: 'Inbox' }).waitFor();
    expect(await accessibilityViolations(viewer)).toEqual([]);
    await viewer.close();
  });

  it('opens from the cache without a request while the cache is fresh', async () => {
    await h.emulator.admin.clearRequests();
    const again = await h.openPopup();
    await again.getByRole('heading', { level: 1, name: h.emulator.user.fullName }).waitFor();
    await again.waitForTimeout(300);
    expect(await h.emulator.admin.requests()).toEqual([]);
    expect(await accessibilityViolations(again)).toEqual([]);
    await again.close();
  });

  it('keeps the badge on the unread count, and lowers it when the count falls', async () => {
    const worker = await h.worker();
    const before = Number(await badgeText(worker));
    expect(before).toBeGreaterThan(0);
    await h.emulator.admin.addLetter({ subject: 'Ny melding', creatorName: 'Testavsender' });
    const cache = await storedItems(worker, 'session');
    const snapshot = cache.rootCache as { fetchedAt: number };
    await storeItems(worker, 'session', { rootCache: { ...snapshot, fetchedAt: 0 } });
    const again = await h.openPopup();
    await again.getByText(`${before + 1} unread letters`).waitFor();
    expect(await badgeText(worker)).toBe(String(before + 1));
    await again.close();
  });

  it('shows a specific error with "Try again" when the service fails', async () => {
    await dropRootCache(await h.worker());
    await h.emulator.admin.failNext(1, 'malformed', '/post/api');
    const page = await h.openPopup();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('not JSON');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: h.emulator.user.fullName }).waitFor();
    await page.close();
  });

  it('signs out, greys the badge and forgets the personal data', async () => {
    const page = await h.openPopup();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Connect' }).waitFor();
    const worker = await h.worker();
    await expect.poll(() => badgeText(worker), { timeout: 2000 }).toBe('');
    expect(JSON.stringify(await storedItems(worker, 'session'))).not.toContain(h.emulator.user.fullName);
    expect((await h.emulator.admin.requests()).some((r) => r.method === 'POST' && r.path.endsWith('/logout'))).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.close();
  });
});
