import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TargetType, type Page } from 'puppeteer-core';
import { LETTERS_PER_LIST } from '../../src/background/due-invoices.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { relationName } from '../../src/api/relation-name.ts';
import type { Link } from '../../src/api/schemas.ts';
import { addressOf, adoptUnreportedTabs, browserUnderTest } from '../support/extension-browser.ts';
import {
  ageRootCache,
  badgeText,
  dropRootCache,
  newViewerFrom,
  openDetails,
  showsAccount,
  storedItems,
  untilServiceQuiet,
} from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { count, css, readable, role, roleSelector, textOf, until } from '../support/person.ts';
import { rootCacheItem } from '../../src/storage/page-items.ts';

let h: Harness;
let popup: Page;

const PAGE_ID_ADDRESS = /viewer\.html\?page=[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const MAILBOX = roleSelector('region', 'Mailbox');

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
  const cache = (await storedItems(h, 'session'))[rootCacheItem.key] as {
    root: { link?: Link[]; primaryAccount?: { link?: Link[] }; mailbox?: { link?: Link[] }[] };
  };
  const links = [
    ...(cache.root.link ?? []),
    ...(cache.root.primaryAccount?.link ?? []),
    ...(cache.root.mailbox ?? []).flatMap((m) => m.link ?? []),
  ];
  return links.map((link) => ({ name: relationName(link.rel), uri: link.uri }));
}

/** The unread count of the inbox, as the cached root has it: what the Inbox place says. */
async function inboxUnread(): Promise<number> {
  const cache = (await storedItems(h, 'session'))[rootCacheItem.key] as { root: { primaryAccount: { unreadItemsInInbox: number } } };
  return cache.root.primaryAccount.unreadItemsInInbox;
}

/** The Inbox place, named with its unread count as a screen reader says it ("Inbox 3 unread"). */
async function inboxPlace(page: Page) {
  const unread = await inboxUnread();
  return css(page, `${MAILBOX} ${roleSelector('button', unread > 0 ? `Inbox ${unread} unread` : 'Inbox')}`);
}

/** Waits until the page's h1 says exactly this. */
const headingIs = (page: Page, name: string) =>
  until(page, `The heading did not say "${name}".`, (n: string) => document.querySelector('h1')?.textContent.trim() === n, name);

/** Waits until the popup has heard from the worker: "updating…" is gone. */
const updated = (page: Page) =>
  until(
    page,
    'The popup still said it was updating.',
    () => document.querySelector('.fetched') !== null && !document.querySelector('.fetched .updating:not(.idle)'),
  );

/**
 * Whether a request is one the popup asked for: not one of the open invoices' reads (every place,
 * LETTERS_PER_LIST letters each), which follow each fetch of the root in the background
 * (due-invoices.ts), a previous one's too, whenever the worker gets to them.
 */
const isPopups = (r: { query: string }) => !r.query.includes(`limit=${LETTERS_PER_LIST}`);

/** The viewer tab that opens when the popup opens a place or a letter (the popup may close itself). */
const viewerFrom = (page: Page, act: () => Promise<unknown>) => newViewerFrom(h, page, act);

describe('the popup, signed in', () => {
  it('shows who and how many unread in the header; the account\'s details are on "All links", the settings pages below the letters', async () => {
    const header = await textOf(popup, '.summary');
    expect(header).toContain(h.emulator.user.digipostaddress);
    expect(header).toMatch(/\d+\s*unread letters?/);
    // The settings pages come after the newest letters: the first screen is for the mail.
    const order = await popup.$$eval('.scroll > *, .scroll > .late-parts > *', (parts) => parts.map((part) => part.className));
    expect(order.indexOf('account-links')).toBeGreaterThan(order.indexOf('letters'));
    // This build asks for no READ_SETTINGS: both are marked locked (#49 point 2), and their viewer pages offer Allow….
    expect(await popup.$$eval('.account-links button', (buttons) => buttons.map((b) => b.textContent))).toEqual([
      'Account settings (locked)',
      'Mailbox settings (locked)',
    ]);
    expect(await textOf(popup, '.fetched')).toMatch(/^Fetched at \d{1,2}:\d{2}/);
    // It fits the popup: nothing wider than the popup's 380 px.
    expect(await popup.evaluate(() => document.body.scrollWidth)).toBeLessThanOrEqual(380);
  });

  it('reads at a size people can read: body at least 13 px, subject and sender never smaller than the date', async () => {
    const size = (selector: string) => popup.$eval(selector, (el) => parseFloat(getComputedStyle(el).fontSize));
    expect(await size('body')).toBeGreaterThanOrEqual(13);
    const date = await size('.letter-date');
    expect(date).toBeGreaterThanOrEqual(12);
    expect(await size('.letter-subject')).toBeGreaterThanOrEqual(date);
    expect(await size('.letter-sender')).toBeGreaterThanOrEqual(date);
    expect(await size('.summary h1')).toBeGreaterThan(await size('.mailbox-address'));
    expect(await size('.place-label')).toBeGreaterThanOrEqual(13);
  });

  it('keeps Settings and Sign out in view at 600 px, however long the list below', async () => {
    await popup.setViewport({ width: 380, height: 600 });
    await until(popup, 'The popup did not take a 600 px high window.', () => innerHeight === 600);
    for (const name of ['Sign out', 'Settings']) {
      const button = await role(popup, 'button', name).waitHandle();
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
    // The letters and the settings pages below the places are there, further down the scrolling middle.
    expect(await popup.$eval('.scroll', (el) => el.scrollHeight > el.clientHeight)).toBe(true);
  });

  it("offers the person's places, the inbox with its unread count and each folder, and names no API resource in its main view", async () => {
    const unread = await inboxUnread();
    expect(await count(popup, `${MAILBOX} ${roleSelector('button', `Inbox ${unread} unread`)}`)).toBe(1);
    expect(await popup.$$eval(`${MAILBOX} ${roleSelector('button')}`, (buttons) => buttons.map((b) => b.textContent))).toEqual([
      `Inbox${unread} unread`,
      'Skatt',
      'Bolig',
      'Arkiv',
      // Without READ_RECEIPTS (this build's default permissions): marked locked.
      'Receipts (locked)',
      'Digipost’s website',
      'All links from the service',
    ]);
    expect(await count(popup, '.place .place-icon')).toBe(await count(popup, '.place'));
    // The main view: no resource of the session or the API, by label or by relation name; the inbox offered once.
    const visible = await readable(popup);
    for (const internal of [
      'Service overview',
      'This resource',
      'Sign-in session',
      'Recipient suggestions',
      'Event log',
      'Connected applications',
      'Open inbox',
    ]) {
      expect(visible, internal).not.toContain(internal);
    }
    // Nor what the service's root carries for the session and its forms (test/emulator/api-root.ts).
    for (const internal of [
      'Csrf',
      'csrfToken',
      'Validation',
      'validationRules',
      '^[0-9]{11}$',
      'authenticationlevelIdporten',
      'PRIVAT',
      'Digipost resource',
    ]) {
      expect(visible, internal).not.toContain(internal);
    }
    for (const { name } of await offeredRelations()) if (name.includes('_')) expect(visible, name).not.toContain(name);
  });

  it('"All links" opens the service\'s links in the viewer: no CSRF token or validation rule outside the details, foreign links not followable', async () => {
    const viewer = await viewerFrom(popup, () => role(popup, 'button', 'All links from the service').click());
    await headingIs(viewer, 'All links from the service');
    await css(viewer, '.fields').wait();
    await expect.poll(() => viewer.title()).toContain('All links from the service');
    // The service makes a new form token for each answer: read this page's from its details.
    const shown = await readable(viewer, 'main');
    // The account's details, which the popup no longer carries, are here in words, before the pages.
    const seen = shown.replace(/\s+/g, ' ');
    expect(seen).toMatch(/Identity number \d{6}\*+/);
    expect(seen.indexOf('Identity number')).toBeLessThan(seen.indexOf('Your mailbox'));
    await openDetails(viewer, 'All details and links');
    const details = await readable(viewer, 'details.all-details');
    const csrfToken = /\b[0-9a-f]{32}\b/.exec(details)?.[0] ?? 'no token in the details';
    // The details do hold what the main view must not: the test would see it if it leaked.
    expect(csrfToken).not.toBe('no token in the details');
    expect(details).toContain('^[0-9]{11}$');
    for (const internal of [
      csrfToken,
      'Csrf',
      'csrfToken',
      'Validation',
      'validationRules',
      '^[0-9]{11}$',
      'authenticationlevelIdporten',
      'PRIVAT',
      'This resource',
      'Digipost resource',
    ]) {
      expect(shown, internal).not.toContain(internal);
    }
    // The relation names the service offered (document_inbox, event_log, …) are under the details only.
    expect(details).toContain('document_inbox');
    // Everything, the foreign and non-web links with why they cannot be followed, under the fold.
    expect(details).toMatch(/help_centre[\s\S]*another site than the service/);
    expect(details).toMatch(/support_mail[\s\S]*not a web address/);
    await viewer.close();
    const log = await h.emulator.admin.requests();
    const hostOfService = new URL(h.emulator.url).host;
    expect(log.filter((r) => r.authorization && r.host !== hostOfService)).toEqual([]);
    // Opening a place closed the popup, as it does in the toolbar.
    if (!popup.isClosed()) await popup.close();
    popup = await h.openPopup();
    await showsAccount(h, popup);
  });

  it('opens a relation in a new tab next to the popup, and the viewer follows its links', async () => {
    // Where the browser puts each new tab as it opens it: the popup closes itself right after, and
    // the tabs after it move up (Firefox closes it before the click returns).
    interface Tab {
      index: number;
    }
    interface TabsApi {
      tabs: { getCurrent(): Promise<Tab | undefined>; onCreated: { addListener(fn: (tab: Tab) => void): void } };
    }
    await h.inExtension(() => {
      const api = globalThis as unknown as { browser?: TabsApi; chrome: TabsApi };
      const seen: Tab[] = [];
      (globalThis as unknown as { tabsCreated?: Tab[] }).tabsCreated = seen;
      (api.browser ?? api.chrome).tabs.onCreated.addListener((tab) => seen.push({ index: tab.index }));
    });
    const popupTab = await popup.evaluate(() => {
      const api = globalThis as unknown as { browser?: TabsApi; chrome: TabsApi };
      return (api.browser ?? api.chrome).tabs.getCurrent();
    });
    const inbox = await inboxPlace(popup);
    const viewer = await viewerFrom(popup, () => inbox.click());
    await headingIs(viewer, 'Inbox');
    // The address names a random page id only; the resource stays out of the browser's history.
    expect(await addressOf(viewer)).toMatch(PAGE_ID_ADDRESS);
    // Next to the tab it was opened from.
    const created = await h.inExtension(() => (globalThis as unknown as { tabsCreated: Tab[] }).tabsCreated);
    expect(created.map((tab) => tab.index)).toEqual([(popupTab?.index ?? -2) + 1]);
    // Each letter row is a real link to the letter, in the same tab; back returns to the inbox.
    await css(viewer, '.letter-row a').click();
    await css(viewer, '.letter-head').wait();
    expect(await textOf(viewer, 'h1')).not.toBe('Inbox');
    await viewer.evaluate(() => history.back());
    await headingIs(viewer, 'Inbox');
    // A reload shows the same resource again.
    await h.reload(viewer);
    await headingIs(viewer, 'Inbox');
    await css(viewer, '.letter-row').wait();
    expect(await accessibilityViolations(viewer)).toEqual([]);
    await viewer.close();
  });

  it('lists the five newest letters, newest first, unread ones marked, and a click opens that letter', async () => {
    const subjects = ['Første', 'Andre', 'Tredje', 'Fjerde', 'Femte', 'Sjette'];
    for (const [i, subject] of subjects.entries()) {
      await h.emulator.admin.addLetter({ subject, creatorName: `Avsender ${i + 1}`, read: i === 4 });
    }
    await dropRootCache(h);
    const page = await h.openPopup();
    await until(
      page,
      'The popup did not list the newest letter.',
      () => document.querySelector('.letter-list .letter-subject')?.textContent === 'Sjette',
    );
    expect(await count(page, '.letter-list .letter')).toBe(5);
    expect(await page.$$eval('.letter-subject', (els) => els.map((el) => el.textContent))).toEqual([
      'Sjette',
      'Femte',
      'Fjerde',
      'Tredje',
      'Andre',
    ]);
    expect(await textOf(page, '.letter-sender')).toBe('Avsender 6');
    // Today's letters show the time of day.
    expect(await textOf(page, '.letter-date')).toMatch(/^\d{1,2}:\d{2}( [AP]M)?$/);
    // Unread: a dot and a heavier weight; the one read letter has neither.
    const sjette = '.letter-list .letter:nth-child(1)';
    const femte = '.letter-list .letter:nth-child(2)';
    expect(await count(page, `${sjette} ${roleSelector('img', 'Unread')}`)).toBe(1);
    expect(await count(page, `${femte} ${roleSelector('img', 'Unread')}`)).toBe(0);
    const weight = (row: string) => page.$eval(`${row} .letter-sender`, (el) => Number(getComputedStyle(el).fontWeight));
    expect(await weight(sjette)).toBeGreaterThan(await weight(femte));
    expect(await count(page, `${MAILBOX} .place ::-p-text(Inbox)`)).toBe(1);
    // Only the person's own mailbox: no other inbox named by whose it is (issue #36).
    expect(await count(page, `${MAILBOX} .place ::-p-text(’s inbox)`)).toBe(0);

    // Clicked once the popup has heard from the worker: opened without a cache, as here, what is
    // still on its way may move the rows (the bench measures that), and a click aimed at a row
    // that moved can land beside it (CI once saw no tab open at all, the cause not found).
    await updated(page);
    const viewer = await viewerFrom(page, () => css(page, `.letter-list button.letter-open ::-p-text(Fjerde)`).click());
    await headingIs(viewer, 'Fjerde');
    await viewer.close();
    if (!page.isClosed()) await page.close();
  });

  it('fetches the root and the inbox page side by side when the cache is stale', async () => {
    const latencyMs = 1_500;
    await ageRootCache(h, (snapshot) => ({ ...snapshot, fetchedAt: Date.now() - 5 * 60_000 }));
    await h.emulator.admin.configure({ latencyMs });
    await h.emulator.admin.clearRequests();
    const page = await h.openPopup();
    await updated(page);
    await h.emulator.admin.configure({ latencyMs: 0 });
    const log = (await h.emulator.admin.requests()).filter((r) => r.method === 'GET' && isPopups(r));
    expect(log.map((r) => r.path).sort()).toEqual(['/post/api', expect.stringMatching(/\/documents\/inbox$/)].sort());
    // Both were under way at once: the second began before the first could have been answered,
    // which the service does no sooner than `latencyMs` after it arrived (its clock for both). A
    // bound the service sets, not a speed asked of the machine: one fetched after the other's
    // answer would begin at least that much later, however fast the browser.
    const [first, second] = log.map((r) => r.time).sort((a, b) => a - b);
    expect((second ?? 0) - (first ?? 0)).toBeLessThan(latencyMs);
    // The inbox page is kept with the root, so the next open needs neither.
    const cached = (await storedItems(h, 'session'))[rootCacheItem.key] as { inbox?: { documents?: unknown[] } };
    expect(cached.inbox?.documents).toHaveLength(5);
    await page.close();
  });

  it('after the alarm refreshed the root alone, fetches only the letters', async () => {
    // The open invoices the worker reads after each fetch of the root are no request of this popup's:
    // ageRootCache lets them end first.
    await ageRootCache(h, (snapshot) => ({
      ...snapshot,
      fetchedAt: Date.now(),
      inbox: { ...snapshot.inbox, fetchedAt: Date.now() - 5 * 60_000 },
    }));
    await h.emulator.admin.clearRequests();
    const page = await h.openPopup();
    // The letters already cached are shown at once, while they are brought up to date.
    await css(page, '.letter-list .letter').wait();
    expect(await count(page, '.letter-list .letter')).toBe(5);
    await updated(page);
    const log = (await h.emulator.admin.requests()).filter(isPopups);
    expect(log.map((r) => `${r.method} ${r.path}`)).toEqual([expect.stringMatching(/^GET .*\/documents\/inbox$/)]);
    await page.close();
  });

  it('opens from the cache without a request while the cache is fresh', async () => {
    // The open invoices the worker reads after each fetch of the letters are no request of this popup's.
    await untilServiceQuiet(h.emulator.admin);
    await h.emulator.admin.clearRequests();
    const again = await h.openPopup();
    await headingIs(again, h.emulator.user.fullName);
    expect(await count(again, '.letter-list .letter')).toBe(5);
    // The popup paints the cache and asks the worker; "updating" goes when the worker has answered,
    // so the request log is then complete.
    await updated(again);
    expect((await h.emulator.admin.requests()).filter(isPopups)).toEqual([]);
    expect(await accessibilityViolations(again)).toEqual([]);
    await again.close();
  });

  it('keeps the badge on the unread count, and lowers it when the count falls', async () => {
    const before = Number(await badgeText(h));
    expect(before).toBeGreaterThan(0);
    await h.emulator.admin.addLetter({ subject: 'Ny melding', creatorName: 'Testavsender' });
    await ageRootCache(h, (snapshot) => ({ ...snapshot, fetchedAt: 0 }));
    const again = await h.openPopup();
    await css(again, `::-p-text(${before + 1} unread letters)`).wait();
    await expect.poll(() => badgeText(h)).toBe(String(before + 1));
    await again.close();
  });

  it('signs out: revokes the grant, greys the badge and forgets the personal data', async () => {
    const page = await h.openPopup();
    await role(page, 'button', 'Sign out').click();
    await role(page, 'button', 'Connect').wait();
    await expect.poll(() => badgeText(h), { timeout: 10_000 }).toBe('');
    expect(JSON.stringify(await storedItems(h, 'session'))).not.toContain(h.emulator.user.fullName);
    // The grant is revoked: a refresh token left anywhere no longer works. (The popup shows the
    // signed-out state at once; the service is told right after.)
    const told = async () =>
      (await h.emulator.admin.requests())
        .filter((r) => r.method === 'POST' && (r.path.endsWith('/logout') || r.path.endsWith('/oauth/revoke')))
        .map((r) => [r.path, r.status]);
    await expect.poll(told).toEqual([['/post/api/oauth/revoke', 200]]);
    expect(await page.evaluate(() => document.body.textContent.includes('Digipost has not yet been told'))).toBe(false);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.close();
  });
});

describe('the dark theme', () => {
  it('has no accessibility violations in the signed-in popup', async () => {
    const dark = await startHarness({ colorScheme: 'dark', reuseEmulator: h.emulator });
    try {
      const page = await dark.openPopup();
      await dark.connectVia(page, 'Approve');
      await css(page, '.letter-list .letter').wait();
      // The browser asks for dark, and the popup follows it.
      expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(27, 27, 31)');
      expect(await accessibilityViolations(page)).toEqual([]);
    } finally {
      await dark.close();
    }
  });
});

describe.runIf(browserUnderTest() === 'firefox')(
  'the driver under these tests (Firefox only: over WebDriver BiDi it has been seen not to report a tab)',
  () => {
    it('a tab the driver was not told of is taken from the browser’s own tree, and can be driven', async () => {
      const page = await h.open('src/options/options.html');
      const pages = () => h.browser.targets().filter((t) => t.type() === TargetType.PAGE).length;
      const before = pages();
      expect(await adoptUnreportedTabs(h.browser)).toBe(0);
      expect(pages()).toBe(before);
      // The driver forgets the tab, as if Firefox had never reported it; the browser still has it.
      const context = (page.mainFrame() as unknown as { _id: string })._id;
      (h.browser as unknown as { connection: { emit(event: string, info: object): void } }).connection.emit(
        'browsingContext.contextDestroyed',
        { context, url: '', children: null },
      );
      expect(pages()).toBe(before - 1);
      const found = h.browser.waitForTarget((t) => t.type() === TargetType.PAGE && t.url().includes('options.html'));
      expect(await adoptUnreportedTabs(h.browser)).toBe(1);
      const again = await (await found).page();
      expect(await again?.evaluate(() => location.pathname)).toContain('options.html');
      expect(pages()).toBe(before);
      await again?.close();
    });
  },
);
