import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LETTERS_PER_LIST } from '../../src/background/due-invoices.ts';
import type { Page } from 'playwright-core';
import { accessibilityViolations } from '../support/axe.ts';
import { relationName } from '../../src/api/relation-name.ts';
import type { Link } from '../../src/api/schemas.ts';
import { actInClosingPopup, badgeText, dropRootCache, openDetails, showsAccount, storeItems, storedItems } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { rootCacheItem } from '../../src/storage/page-items.ts';

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
  await showsAccount(h, popup);
});
afterAll(async () => {
  await h.close();
});

/** Every relation name the service offered in the root, the account and each mailbox, with its address. */
async function offeredRelations(): Promise<{ name: string; uri: string }[]> {
  const cache = (await storedItems(await h.worker(), 'session'))[rootCacheItem.key] as {
    root: { link?: Link[]; primaryAccount?: { link?: Link[] }; mailbox?: { link?: Link[] }[] };
  };
  const links = [...(cache.root.link ?? []), ...(cache.root.primaryAccount?.link ?? []), ...(cache.root.mailbox ?? []).flatMap((m) => m.link ?? [])];
  return links.map((link) => ({ name: relationName(link.rel), uri: link.uri }));
}

describe('the popup, signed in', () => {
  it('shows who and how many unread in the header, and the account details folded away', async () => {
    const header = popup.locator('.summary');
    const text = (await header.textContent()) ?? '';
    expect(text).toContain(h.emulator.user.digipostaddress);
    expect(text).toMatch(/\d+\s*unread letters?/);
    const account = popup.locator('details.account');
    expect(await account.getAttribute('open')).toBeNull();
    await account.locator('summary').click();
    const details = (await account.locator('dl').innerText()).replace(/\s+/g, ' ');
    expect(details).toMatch(/Identity number \d{6}\*+/);
    expect(details).toContain('Email');
    expect(details).toMatch(/Phone \+47 \d{3} \d{2} \d{3}/);
    expect(details).toContain('Address');
    expect(details).toContain('Authentication level Password');
    // The middle name is an empty string in the service's answer: no blank row for it.
    expect(await account.locator('dd').evaluateAll((dds) => dds.filter((d) => d.textContent.trim() === '').length)).toBe(0);
    await account.locator('summary').click();
    expect(await popup.locator('.fetched').textContent()).toMatch(/^Fetched at \d{1,2}:\d{2}/);
    // It fits the popup: nothing wider than the popup's 380 px.
    expect(await popup.evaluate(() => document.body.scrollWidth)).toBeLessThanOrEqual(380);
  });

  it('reads at a size people can read: body at least 13 px, subject and sender never smaller than the date', async () => {
    const size = (selector: string) => popup.locator(selector).first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(await size('body')).toBeGreaterThanOrEqual(13);
    const date = await size('.letter-date');
    expect(date).toBeGreaterThanOrEqual(12);
    expect(await size('.letter-subject')).toBeGreaterThanOrEqual(date);
    expect(await size('.letter-sender')).toBeGreaterThanOrEqual(date);
    expect(await size('.summary h1')).toBeGreaterThan(await size('.mailbox-address'));
    expect(await size('.place-label')).toBeGreaterThanOrEqual(13);
  });

  it('keeps Settings and Sign out in view at 600 px, however long the list below', async () => {
    await popup.setViewportSize({ width: 380, height: 600 });
    for (const name of ['Sign out', 'Settings']) {
      const button = popup.getByRole('button', { name, exact: true });
      const box = await button.boundingBox();
      expect(box, name).not.toBeNull();
      expect((box?.y ?? 0) + (box?.height ?? 0), name).toBeLessThanOrEqual(600);
      // Nothing lies over it: a click at its middle reaches it.
      const hit = await button.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
      });
      expect(hit, name).toBe(true);
    }
    // The places below the letters are there, further down the scrolling middle.
    expect(await popup.locator('.scroll').evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  });

  it("offers the person's places, the inbox with its unread count and each folder, and names no API resource in its main view", async () => {
    const places = popup.getByRole('region', { name: 'Mailbox' });
    const unread = (await storedItems(await h.worker(), 'session'))[rootCacheItem.key] as { root: { primaryAccount: { unreadItemsInInbox: number } } };
    const count = unread.root.primaryAccount.unreadItemsInInbox;
    expect(await places.getByRole('button', { name: `Inbox ${count} unread` }).count()).toBe(1);
    expect(await places.getByRole('button').allTextContents()).toEqual([
      `Inbox${count} unread`,
      'Skatt',
      'Bolig',
      'Arkiv',
      'Receipts',
      "Digipost’s website",
      'All links from the service',
    ]);
    expect(await popup.locator('.place svg.place-icon').count()).toBe(await popup.locator('.place').count());
    // The main view: no resource of the session or the API, by label or by relation name; the inbox offered once.
    const visible = await popup.locator('body').innerText();
    for (const internal of ['Service overview', 'This resource', 'Sign-in session', 'Recipient suggestions', 'Event log', 'Connected applications', 'Open inbox']) {
      expect(visible, internal).not.toContain(internal);
    }
    for (const { name } of await offeredRelations()) if (name.includes('_')) expect(visible, name).not.toContain(name);
  });

  it('"All links" opens the service\'s links in the viewer: no CSRF token or validation rule outside the details, foreign links not followable', async () => {
    const tabOpened = h.context.waitForEvent('page');
    await actInClosingPopup(popup, () => popup.getByRole('button', { name: 'All links from the service' }).click());
    const viewer = await tabOpened;
    await viewer.getByRole('heading', { level: 1, name: 'All links from the service' }).waitFor();
    await viewer.locator('.fields').first().waitFor();
    await expect.poll(() => viewer.title()).toContain('All links from the service');
    // The service makes a new form token for each answer: read this page's from its details.
    const shown = await viewer.locator('main').innerText();
    await openDetails(viewer.locator('details.all-details > summary'));
    const details = await viewer.locator('details.all-details').innerText();
    const csrfToken = /\b[0-9a-f]{32}\b/.exec(details)?.[0] ?? 'no token in the details';
    for (const internal of [csrfToken, 'Csrf', 'Validation', '^[0-9]{11}$', 'authenticationlevelIdporten', 'PRIVAT', 'This resource', 'Digipost resource']) {
      expect(shown, internal).not.toContain(internal);
    }
    // Everything, the foreign and non-web links with why they cannot be followed, under the fold.
    expect(details).toMatch(/help_centre[\s\S]*another site than the service/);
    expect(details).toMatch(/support_mail[\s\S]*not a web address/);
    await viewer.close();
    const log = await h.emulator.admin.requests();
    const hostOfService = new URL(h.emulator.url).host;
    expect(log.filter((r) => r.authorization && r.host !== hostOfService)).toEqual([]);
    // Opening a place closed the popup, as it does in the toolbar.
    popup = await h.openPopup();
    await showsAccount(h, popup);
  });

  it('opens a relation in a new tab next to the popup, and the viewer follows its links', async () => {
    const tabOpened = h.context.waitForEvent('page');
    await actInClosingPopup(popup, () => popup.getByRole('region', { name: 'Mailbox' }).getByRole('button', { name: /^Inbox/ }).click());
    const viewer = await tabOpened;
    await viewer.getByRole('heading', { name: 'Inbox' }).waitFor();
    // The address names a random page id only; the resource stays out of the browser's history.
    expect(viewer.url()).toMatch(/viewer\.html\?page=[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
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
    await viewer.locator('.letter-head').waitFor();
    expect(await viewer.locator('h1').textContent()).not.toBe('Inbox');
    await viewer.goBack();
    await viewer.getByRole('heading', { name: 'Inbox' }).waitFor();
    // A reload shows the same resource again.
    await viewer.reload();
    await viewer.getByRole('heading', { name: 'Inbox' }).waitFor();
    expect(await accessibilityViolations(viewer)).toEqual([]);
    await viewer.close();
  });

  it('lists the five newest letters, newest first, unread ones marked, and a click opens that letter', async () => {
    const subjects = ['Første', 'Andre', 'Tredje', 'Fjerde', 'Femte', 'Sjette'];
    for (const [i, subject] of subjects.entries()) {
      await h.emulator.admin.addLetter({ subject, creatorName: `Avsender ${i + 1}`, read: i === 4 });
    }
    await dropRootCache(await h.worker());
    const page = await h.openPopup();
    const rows = page.locator('.letter-list .letter');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(5);
    expect(await page.locator('.letter-subject').allTextContents()).toEqual(['Sjette', 'Femte', 'Fjerde', 'Tredje', 'Andre']);
    expect(await page.locator('.letter-sender').first().textContent()).toBe('Avsender 6');
    // Today's letters show the time of day.
    expect(await page.locator('.letter-date').first().textContent()).toMatch(/^\d{1,2}:\d{2}( [AP]M)?$/);
    // Unread: a dot and a heavier weight; the one read letter has neither.
    const femte = rows.nth(1);
    const sjette = rows.first();
    expect(await sjette.getByRole('img', { name: 'Unread' }).count()).toBe(1);
    expect(await femte.getByRole('img', { name: 'Unread' }).count()).toBe(0);
    const weight = (row: typeof rows) => row.locator('.letter-sender').evaluate((el) => Number(getComputedStyle(el).fontWeight));
    expect(await weight(sjette)).toBeGreaterThan(await weight(femte));
    expect(await page.getByRole('region', { name: 'Mailbox' }).getByRole('button', { name: /^Inbox/ }).count()).toBe(1);

    const tabOpened = h.context.waitForEvent('page');
    await actInClosingPopup(page, () => page.getByRole('button', { name: /Fjerde/ }).click());
    const viewer = await tabOpened;
    await viewer.getByRole('heading', { level: 1, name: 'Fjerde' }).waitFor();
    await viewer.close();
    if (!page.isClosed()) await page.close();
  });

  it('calls out an unpaid invoice due within 14 days, with amount and due date', async () => {
    // Three calendar days from today where the browser is (it runs on this machine, in its time zone).
    const day = new Date(Date.now() + 3 * 86_400_000);
    const due = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
    await h.emulator.admin.addLetter({
      subject: 'Strømregning november',
      creatorName: 'Fjordkraft',
      invoice: { kid: '12345678901', accountNumber: '15031234567', amount: 1299.5, dueDate: due, paid: false },
    });
    await dropRootCache(await h.worker());
    const page = await h.openPopup();
    const callout = page.getByRole('region', { name: 'Invoices due soon' });
    await callout.waitFor();
    expect(plain(await callout.textContent())).toMatch(/Fjordkraft · NOK 1,299\.50 · due in 3 days/);
    expect(plain(await page.locator('.letter', { hasText: 'Strømregning' }).locator('.letter-invoice').textContent())).toContain('NOK 1,299.50 · due in 3 days');
    // A no-break space holds the number to its unit, so a narrow line never ends with "3".
    expect(await callout.textContent()).toContain('due in 3\u00a0days');
    await page.close();
  });

  it('shows a letter the person uploaded themself as theirs, in the popup and in the inbox', async () => {
    await h.emulator.admin.addLetter({ subject: 'Skannet leiekontrakt', creatorName: '', origin: 'UPLOADED', read: true });
    await dropRootCache(await h.worker());
    const page = await h.openPopup();
    const row = page.locator('.letter', { hasText: 'Skannet leiekontrakt' });
    expect(await row.locator('.letter-sender').textContent()).toBe('Uploaded by you');
    const tabOpened = h.context.waitForEvent('page');
    await actInClosingPopup(page, () => page.getByRole('region', { name: 'Mailbox' }).getByRole('button', { name: /^Inbox/ }).click());
    const viewer = await tabOpened;
    const listed = viewer.locator('.letter-row', { hasText: 'Skannet leiekontrakt' });
    expect(await listed.locator('.letter-sender').textContent()).toBe('Uploaded by you');
    expect(await viewer.getByText('Unknown sender').count()).toBe(0);
    await viewer.close();
    if (!page.isClosed()) await page.close();
  });

  it('fetches the root and the inbox page side by side when the cache is stale', async () => {
    const worker = await h.worker();
    const snapshot = (await storedItems(worker, 'session'))[rootCacheItem.key] as { fetchedAt: number };
    await storeItems(worker, 'session', { [rootCacheItem.key]: { ...snapshot, fetchedAt: Date.now() - 5 * 60_000 } });
    await h.emulator.admin.configure({ latencyMs: 400 });
    await h.emulator.admin.clearRequests();
    const page = await h.openPopup();
    await page.locator('.fetched .updating').waitFor({ state: 'detached' });
    await h.emulator.admin.configure({ latencyMs: 0 });
    // Not counting the open invoices' reads, which follow the root in the background (due-invoices.ts).
    const log = (await h.emulator.admin.requests()).filter((r) => r.method === 'GET' && !r.query.includes(`limit=${LETTERS_PER_LIST}`));
    expect(log.map((r) => r.path).sort()).toEqual(['/post/api', expect.stringMatching(/\/documents\/inbox$/)].sort());
    // Both were under way at once: the second began before the first could have been answered.
    const [first, second] = log.map((r) => r.time).sort((a, b) => a - b);
    expect((second ?? 0) - (first ?? 0)).toBeLessThan(400);
    // The inbox page is kept with the root, so the next open needs neither.
    const cached = (await storedItems(worker, 'session'))[rootCacheItem.key] as { inbox?: { documents?: unknown[] } };
    expect(cached.inbox?.documents).toHaveLength(5);
    await page.close();
  });

  it('after the alarm refreshed the root alone, fetches only the letters', async () => {
    const worker = await h.worker();
    const snapshot = (await storedItems(worker, 'session'))[rootCacheItem.key] as { fetchedAt: number; inbox: { fetchedAt: number } };
    await storeItems(worker, 'session', { [rootCacheItem.key]: { ...snapshot, fetchedAt: Date.now(), inbox: { ...snapshot.inbox, fetchedAt: Date.now() - 5 * 60_000 } } });
    await h.emulator.admin.clearRequests();
    const page = await h.openPopup();
    // The letters already cached are shown at once, while they are brought up to date.
    await page.locator('.letter-list .letter').first().waitFor();
    expect(await page.locator('.letter-list .letter').count()).toBe(5);
    await page.locator('.fetched .updating').waitFor({ state: 'detached' });
    const log = await h.emulator.admin.requests();
    expect(log.map((r) => `${r.method} ${r.path}`)).toEqual([expect.stringMatching(/^GET .*\/documents\/inbox$/)]);
    await page.close();
  });

  it('opens from the cache without a request while the cache is fresh', async () => {
    await h.emulator.admin.clearRequests();
    const again = await h.openPopup();
    await again.getByRole('heading', { level: 1, name: h.emulator.user.fullName }).waitFor();
    expect(await again.locator('.letter-list .letter').count()).toBe(5);
    // The popup paints the cache and asks the worker; "updating" goes when the worker has answered,
    // so the request log is then complete.
    await again.locator('.fetched .updating').waitFor({ state: 'detached' });
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
    const snapshot = cache[rootCacheItem.key] as { fetchedAt: number };
    await storeItems(worker, 'session', { [rootCacheItem.key]: { ...snapshot, fetchedAt: 0 } });
    const again = await h.openPopup();
    await again.getByText(`${before + 1} unread letters`).waitFor();
    await expect.poll(() => badgeText(worker)).toBe(String(before + 1));
    await again.close();
  });

  it('shows a specific error with "Try again" when the service fails', async () => {
    await dropRootCache(await h.worker());
    // The root only: a list the worker still reads in the background (the due invoices of every place) must not take it.
    await h.emulator.admin.failNext(1, 'malformed', '/post/api', 'GET', true);
    const page = await h.openPopup();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('not JSON');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: h.emulator.user.fullName }).waitFor();
    await page.close();
  });

  it('signs out: revokes the grant, greys the badge and forgets the personal data', async () => {
    const page = await h.openPopup();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Connect' }).waitFor();
    const worker = await h.worker();
    await expect.poll(() => badgeText(worker), { timeout: 10_000 }).toBe('');
    expect(JSON.stringify(await storedItems(worker, 'session'))).not.toContain(h.emulator.user.fullName);
    // The grant is revoked: a refresh token left anywhere no longer works. (The popup shows the
    // signed-out state at once; the service is told right after.)
    const told = async () =>
      (await h.emulator.admin.requests()).filter((r) => r.method === 'POST' && (r.path.endsWith('/logout') || r.path.endsWith('/oauth/revoke'))).map((r) => [r.path, r.status]);
    await expect.poll(told).toEqual([['/post/api/oauth/revoke', 200]]);
    expect(await page.getByText('Digipost has not yet been told').count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.close();
  });
});

describe('the dark theme', () => {
  it('has no accessibility violations in the signed-in popup, with everything unfolded', async () => {
    const dark = await startHarness({ colorScheme: 'dark', reuseEmulator: h.emulator });
    try {
      const page = await dark.openPopup();
      await dark.connectVia(page, 'Approve');
      await page.locator('.letter-list .letter').first().waitFor();
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(27, 27, 31)');
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.locator('details.account > summary').click();
      expect(await accessibilityViolations(page)).toEqual([]);
    } finally {
      await dark.close();
    }
  });
});
