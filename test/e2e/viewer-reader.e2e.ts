import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ElementHandle, Page } from 'puppeteer-core';
import { accessibilityViolations } from '../support/axe.ts';
import { viewerPages } from '../../src/storage/page-items.ts';
import { addressOf } from '../support/extension-browser.ts';
import { cachedLink, openTabs, row, rows, signInWith, storedItems, storeItems, viewerPageFor } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { css, goBack, goForward, isThere, role, roleSelector, shows, textOf, until } from '../support/person.ts';

/*
 * The viewer as only a real browser shows it: dates the same way everywhere in the browser's time
 * zone, unread rows by their computed weight and height, a middle click's new tab, history that
 * works, private tab titles and addresses, no accessibility violations in either theme, and an open
 * tab after signing out. What a page shows (no service internals, the side list, the recipient
 * search, actions explained calmly, the places' pages) is test/component/viewer-reader.test.tsx's.
 */

// A time zone far from the emulator's (+01:00) and from UTC, so a date in the wrong zone shows.
const TIME_ZONE = 'America/New_York';
// The size the layout's checks were written for.
const VIEWPORT = { width: 1280, height: 720 };

let h: Harness;

const link = (where: 'root' | 'account', relation: string, harness = h) => cachedLink(harness, where, relation);

async function open(where: 'root' | 'account', relation: string, harness = h): Promise<Page> {
  return harness.open(await viewerPageFor(harness, { url: await link(where, relation, harness), relation }));
}

interface TabsInPage {
  tabs: { create(options: object): Promise<unknown> };
}

/** Opens a viewer tab the way the popup and notifications do: a new tab with nothing before it. */
async function openFresh(relation: string): Promise<Page> {
  const address = await viewerPageFor(h, { url: await link('account', relation), relation });
  // As a notification click does: the extension opens the tab, with no opener and nothing before it.
  return h.nextPage(
    () =>
      h.inExtension((url: string) => {
        const apis = globalThis as unknown as { browser?: TabsInPage; chrome?: TabsInPage };
        // eslint-disable-next-line no-restricted-syntax -- the test drives the browser, not the extension's code
        return (apis.browser ?? apis.chrome)?.tabs.create({ url });
      }, address),
    (shown) => shown === address,
  );
}

/** Clicks the link of the row at a place in the list, as a person does. */
async function openRow(page: Page, position: number, options: { button?: 'middle' } = {}): Promise<void> {
  const rowLink = await (await row(page, position)).$('a');
  if (!rowLink) throw new Error(`row ${position} has no link`);
  await rowLink.click(options);
}

const textIn = async (element: ElementHandle, selector: string) => (await element.$eval(selector, (el) => el.textContent)).trim();

const headingIs = (page: Page, words: string) =>
  until(page, `The heading did not become "${words}".`, (w: string) => document.querySelector('main h1')?.textContent.trim() === w, words);

/** The link with this name in the side list of places. */
const place = (page: Page, name: string) => css(page, `${roleSelector('navigation', 'Mailbox')} ${roleSelector('link', name)}`);

/** Waits until the tab shows an address whose path ends so (a page of another document, after Back). */
const arrivesAt = (page: Page, pathEnd: string) =>
  until(
    page,
    `The tab did not arrive at ${pathEnd}.`,
    (end: string) => location.pathname.endsWith(end) && document.readyState === 'complete',
    pathEnd,
  );

beforeAll(async () => {
  h = await startHarness({ timeZone: TIME_ZONE, viewport: VIEWPORT });
  await signInWith(h, ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_DOCUMENT_CONTENT', 'READ_RECEIPTS', 'READ_SETTINGS']);
});
afterAll(async () => {
  await h.close();
});

describe('what a person sees', () => {
  it("shows the same letter with the same date and time in the inbox and on its page, in the browser's time zone", async () => {
    const page = await open('account', 'document_inbox');
    const time = await (await row(page, 0)).$('time');
    if (!time) throw new Error('the newest letter shows no date');
    const { iso, listed, full } = await time.evaluate((el) => ({
      iso: el.getAttribute('datetime') ?? '',
      listed: el.textContent,
      full: el.getAttribute('title') ?? '',
    }));
    // The seeded newest letter is from today: the list shows its time of day, in New York time.
    const expectedTime = new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone: TIME_ZONE }).format(Date.parse(iso));
    const expectedFull = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone: TIME_ZONE }).format(
      Date.parse(iso),
    );
    expect(full).toBe(expectedFull);
    if (/\d:\d\d/.test(listed)) expect(listed).toBe(expectedTime);
    await openRow(page, 0);
    expect(await textOf(page, '.letter-when time')).toBe(expectedFull);
    await page.close();
  });
});

describe('the list of letters', () => {
  it('marks unread letters by weight and a dot without changing the row height, wide and narrow', async () => {
    const page = await open('account', 'document_inbox');
    await rows(page, 9);
    // Row 7 is unread (no test before this one opens it: opening reads a letter), row 8 read; neither is an invoice (whose details take a line of their own when narrow).
    for (const size of [
      { width: 1280, height: 800 },
      { width: 420, height: 800 },
    ]) {
      await page.setViewport(size);
      const [unread, read] = [await row(page, 7), await row(page, 8)];
      const look = (element: ElementHandle) =>
        element.evaluate((el) => {
          const sender = el.querySelector('.letter-sender');
          return {
            height: el.getBoundingClientRect().height,
            unread: el.classList.contains('is-unread'),
            weight: sender ? getComputedStyle(sender).fontWeight : '',
          };
        });
      const [unreadLook, readLook] = [await look(unread), await look(read)];
      expect(unreadLook.unread).toBe(true);
      expect(readLook.unread).toBe(false);
      // The same height, to a hundredth of a pixel (Firefox lays out in sixtieths of one).
      expect(unreadLook.height).toBeCloseTo(readLook.height, 2);
      expect(await unread.$$(roleSelector('img', 'Unread'))).toHaveLength(1);
      expect([unreadLook.weight, readLook.weight]).toEqual(['700', '400']);
    }
    await page.close();
  });

  it('opens a letter in a new tab on a middle click, leaving the list where it was', async () => {
    const page = await open('account', 'document_inbox');
    const subject = await textIn(await row(page, 1), '.subject-text');
    const tab = await h.nextPage(
      () => openRow(page, 1, { button: 'middle' }),
      (address) => address.includes('viewer.html'),
    );
    await headingIs(tab, subject);
    expect(await addressOf(tab)).toMatch(/viewer\.html\?page=[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await textOf(page, 'main h1')).toBe('Inbox');
    await tab.close();
    await page.close();
  });
});

describe('history and privacy', () => {
  it('tab titles and addresses name neither the letter nor the service; Reload and Back still work', async () => {
    const page = await openFresh('document_inbox');
    const letterRow = await row(page, 6);
    const subject = await textIn(letterRow, '.subject-text');
    const sender = await textIn(letterRow, '.letter-sender');
    expect(subject.length).toBeGreaterThan(3);
    await expect.poll(() => page.title()).toBe('Inbox – Digipost');
    await openRow(page, 6);
    await headingIs(page, subject);
    // The heading names the letter from its row at once; the tab's title follows once it is read.
    await expect.poll(() => page.title()).toBe('Letter – Digipost');

    // What the browser keeps, as another extension with the `tabs` permission would read it.
    const tabs = (await openTabs(h)).filter((tab) => tab.url?.includes('viewer.html'));
    expect(tabs.length).toBeGreaterThan(0);
    for (const tab of [...tabs, { url: await addressOf(page), title: await page.title() }]) {
      for (const secret of [
        subject,
        sender,
        h.emulator.url,
        new URL(h.emulator.url).host,
        encodeURIComponent(h.emulator.url),
        '/documents/',
      ]) {
        expect(tab.url).not.toContain(secret);
        expect(tab.title).not.toContain(secret);
      }
    }

    await h.reload(page);
    await headingIs(page, subject);
    await expect.poll(() => page.title()).toBe('Letter – Digipost');
    await goBack(page);
    await headingIs(page, 'Inbox');
    await goForward(page);
    await headingIs(page, subject);
    await page.close();
  });

  it('Back after following a link inside the viewer; no Back control on a tab that started here', async () => {
    const page = await openFresh('document_inbox');
    await rows(page);
    expect(await isThere(page, 'button', 'Back')).toBe(false);
    await place(page, 'Bolig').click();
    await headingIs(page, 'Bolig');
    await openRow(page, 0);
    await css(page, '.letter-head').wait();
    await role(page, 'button', 'Back').click();
    await headingIs(page, 'Bolig');
    await role(page, 'button', 'Back').click();
    await headingIs(page, 'Inbox');
    expect(await isThere(page, 'button', 'Back')).toBe(false);
    await page.close();
  });

  it('Back from the first page returns to the page the tab came from', async () => {
    const page = await h.open('src/options/options.html');
    await css(page, 'h1').wait();
    const before = await page.title();
    await h.goto(page, await viewerPageFor(h, { url: await link('account', 'document_inbox'), relation: 'document_inbox' }));
    await rows(page);
    await role(page, 'button', 'Back').click();
    await arrivesAt(page, 'options.html');
    await expect.poll(() => page.title()).toBe(before);
    await page.close();
  });
});

describe('accessibility', () => {
  async function checkAll(harness: Harness): Promise<void> {
    const page = await open('account', 'document_inbox', harness);
    await rows(page);
    expect(await accessibilityViolations(page), 'inbox').toEqual([]);
    // The finder, open with what it found in a folder ("/" from the page; what it finds and how it
    // groups them is letter-finder.test.tsx's), and what was asked for is nowhere on disk.
    await page.keyboard.press('/');
    await page.keyboard.type('RESTskat');
    await css(page, `${roleSelector('listbox', 'Letters found')} ${roleSelector('group', 'Skatt')}`).wait();
    await css(page, `${roleSelector('search', 'Find a letter')} [role="status"]::-p-text("found.")`).wait();
    expect(await accessibilityViolations(page), 'finder').toEqual([]);
    expect(JSON.stringify(await storedItems(harness, 'local')).toLowerCase()).not.toContain('restskat');
    await page.keyboard.press('Escape');
    await openRow(page, 6);
    await css(page, '.pdf-page[data-drawn="true"]').wait();
    expect(await accessibilityViolations(page), 'letter').toEqual([]);
    await goBack(page);
    await headingIs(page, 'Inbox');
    await openRow(page, 2);
    await css(page, '.info-panel').wait();
    expect(await accessibilityViolations(page), 'locked letter').toEqual([]);
    await place(page, 'Receipts').click();
    await headingIs(page, 'Receipts');
    await rows(page);
    expect(await accessibilityViolations(page), 'receipts').toEqual([]);
    await openRow(page, 0);
    await css(page, '.receipt-paper').wait();
    expect(await accessibilityViolations(page), 'receipt').toEqual([]);
    await page.close();
    for (const [where, relation] of [
      ['account', 'account_settings'],
      ['account', 'token_list'],
      ['root', 'logout'],
      ['root', 'search'],
    ] as const) {
      const other = await open(where, relation, harness);
      await css(other, 'main .fields, main .field-cards, main [role=note], main form').wait();
      if (relation === 'search') {
        // The search as a person leaves it when nothing matched (the words: viewer-reader.test.tsx).
        await role(other, 'searchbox', 'Name or Digipost address').fill('ingen slik mottaker');
        await role(other, 'button', 'Search').click();
        await shows(other, 'No recipient matches “ingen slik mottaker”.');
      }
      expect(await accessibilityViolations(other), relation).toEqual([]);
      await other.close();
    }
  }

  it('has no violations in the light theme', async () => {
    await checkAll(h);
  });

  it('has no violations in the dark theme, the popup included', async () => {
    const dark = await startHarness({ reuseEmulator: h.emulator, colorScheme: 'dark', timeZone: TIME_ZONE, viewport: VIEWPORT });
    try {
      // The same signed-in state, carried over to the second browser.
      await storeItems(dark, 'local', await storedItems(h, 'local'));
      await storeItems(dark, 'session', await storedItems(h, 'session'));
      await checkAll(dark);
      // The signed-in popup follows the browser's dark scheme too.
      const popup = await dark.openPopup();
      await css(popup, '.letter-list .letter').wait();
      expect(await popup.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
      expect(await popup.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(27, 27, 31)');
      expect(await accessibilityViolations(popup), 'popup').toEqual([]);
    } finally {
      await dark.close();
    }
  });
});

describe('after signing out', () => {
  it('an open viewer tab names nothing any more: Reload says the page is gone, and no page id is remembered', async () => {
    const page = await open('account', 'document_inbox');
    await openRow(page, 0);
    await css(page, '.letter-head').wait();
    const popup = await h.openPopup();
    await role(popup, 'button', 'Sign out').click();
    await role(popup, 'button', 'Connect').wait();
    await popup.close();
    const remembered = async () => Object.keys(await storedItems(h, 'session')).filter((key) => key.startsWith(viewerPages.prefix));
    await expect.poll(remembered).toEqual([]);
    await page.bringToFront();
    await h.reload(page);
    await shows(page, 'This page is no longer here');
    const reloaded = await addressOf(page);
    await goBack(page);
    await until(
      page,
      'Back did not show that the page before is gone too.',
      (left: string) =>
        location.href !== left &&
        [...document.querySelectorAll('[role="note"]')].some((note) => note.textContent.includes('This page is no longer here')),
      reloaded,
    );
    // The way on is said once the root has answered (signed out): connect again, and the note
    // offers what it says: connect, and the inbox opens.
    const connect = css(page, `[role="note"] ${roleSelector('button', 'Connect and open the inbox')}`);
    await connect.wait();
    const note = await page.$eval('[role="note"]', (el) => el.textContent);
    expect(note).toContain('Connect to open the inbox again.');
    expect(note).not.toContain('Open the inbox to carry on');
    const consent = await h.nextPage(
      () => connect.click(),
      (address) => address.includes('/oauth/authorize'),
    );
    await role(consent, 'button', 'Approve').click();
    await page.bringToFront();
    await headingIs(page, 'Inbox');
    await page.close();
  });
});
