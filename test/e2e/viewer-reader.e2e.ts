import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { RELATIONS } from '../../src/api/relations.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { viewerPages } from '../../src/storage/page-items.ts';
import { cachedLink, openDetails, signInWith, storedItems, storeItems, viewerPageFor, visibleText } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';

/*
 * The viewer as a person reads it: what is on the screen (no service internals), dates the same
 * way everywhere in the browser's time zone, history that works, private tab titles and addresses,
 * recipient search, actions explained calmly; and no accessibility violations in either theme.
 */

// A time zone far from the emulator's (+01:00) and from UTC, so a date in the wrong zone shows.
const TIME_ZONE = 'America/New_York';
process.env.TZ = TIME_ZONE;

let h: Harness;

const link = (where: 'root' | 'account', relation: string) => cachedLink(h, where, relation);

async function open(where: 'root' | 'account', relation: string, harness = h): Promise<Page> {
  const page = await harness.context.newPage();
  await page.goto(await viewerPageFor(harness, { url: await link(where, relation), relation }));
  return page;
}

/** Opens a viewer tab the way the popup and notifications do: a new tab with nothing before it. */
async function openFresh(relation: string): Promise<Page> {
  const address = await viewerPageFor(h, { url: await link('account', relation), relation });
  const opened = h.context.waitForEvent('page', { predicate: (p) => p.url() === address });
  // As a notification click does: the worker opens the tab, with no opener and nothing before it.
  // eslint-disable-next-line no-restricted-syntax -- the test drives the browser, not the extension's code
  await (await h.worker()).evaluate((url) => (globalThis as unknown as { chrome: { tabs: { create(o: object): Promise<unknown> } } }).chrome.tabs.create({ url }), address);
  return opened;
}

/** Service internals a person must not see outside "All details and links". */
function internals(text: string): string[] {
  const found: string[] = [];
  const host = new URL(h.emulator.url).host;
  if (/https?:\/\//.test(text)) found.push('a URL');
  if (text.includes(host) || text.includes('/post/')) found.push('the service address');
  for (const name of [...RELATIONS.keys()].filter((n) => n.includes('_'))) {
    if (text.includes(name)) found.push(name);
  }
  for (const code of text.match(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/g) ?? []) found.push(code);
  for (const code of ['PASSWORD', 'CORPORATION', 'PUBLIC_ENTITY', 'INVOICE', 'NEWEST_FIRST', 'READ_ACCOUNT_INFO']) {
    if (new RegExp(`\\b${code}\\b`).test(text)) found.push(code);
  }
  if (/\b\d+ byte\b/.test(text.replace(/\b1 byte\b/g, ''))) found.push('"byte" after a number other than 1');
  return found;
}

beforeAll(async () => {
  h = await startHarness();
  await signInWith(h, ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_DOCUMENT_CONTENT', 'READ_RECEIPTS', 'READ_SETTINGS']);
});
afterAll(async () => {
  await h.close();
});

describe('what a person sees', () => {
  it('the inbox, a letter, a receipt, a folder and other resources show no URLs, relation names or raw codes', async () => {
    const page = await open('account', 'document_inbox');
    await page.locator('.letter-row').first().waitFor();
    expect(internals(await visibleText(page))).toEqual([]);

    // Letters of each kind: the invoice (amount, due date), the locked one, the one with an opening receipt, three documents.
    for (const position of [6, 2, 3, 5]) {
      await page.locator('.letter-row a').nth(position).click();
      // The facts are folded under Details: open them, so the check covers them too.
      await openDetails(page.locator('.letter-details > summary'));
      const text = await visibleText(page);
      expect(internals(text), `letter ${position}`).toEqual([]);
      if (position === 2) expect(text).toContain('ID-porten level 4 (BankID and similar)');
      if (position === 6) expect(text).toMatch(/Kind\s+Invoice/);
      expect(text).toMatch(/Sent by\s+(A business|A public body|A private person|Uploaded by you)/);
      // The restriction is information with a way forward, not an error.
      if (position === 2 || position === 3) {
        expect(await page.getByRole('alert').count()).toBe(0);
        expect(await page.getByRole('note').first().getByRole('button').count()).toBeGreaterThan(0);
      }
      await page.goBack();
      await page.locator('.letter-row').first().waitFor();
    }
    // The raw data is still there for who wants it.
    await page.locator('.letter-row a').nth(6).click();
    await openDetails(page.locator('details.all-details > summary'));
    expect(await visibleText(page)).toContain('get_document_content');

    await page.getByRole('navigation', { name: 'Mailbox' }).getByRole('link', { name: 'Skatt' }).click();
    await page.getByRole('heading', { level: 1, name: 'Skatt' }).waitFor();
    await page.locator('.letter-row').first().waitFor();
    expect(internals(await visibleText(page))).toEqual([]);

    await page.getByRole('navigation', { name: 'Mailbox' }).getByRole('link', { name: 'Receipts' }).click();
    await page.locator('.letter-row a').first().click();
    await page.getByRole('heading', { level: 1, name: 'Rema 1000' }).waitFor();
    const receipt = await visibleText(page);
    expect(internals(receipt)).toEqual([]);
    expect(receipt).toMatch(/Total\s+NOK\s?\d/);
    expect(receipt).toMatch(/Paid by card\s+•••• \d{4}/);
    await page.close();

    const expectations: [string, 'root' | 'account', RegExp[]][] = [
      ['account_settings', 'account', [/Notify by text message\s+No/, /Storgata 12B, 0155 OSLO/]],
      ['mailbox_settings', 'account', [/Language\s+Norwegian Bokmål/, /Order of letters\s+Newest first/, /Archived automatically\s+Never/]],
      ['event_log', 'account', [/Access given to an app/]],
      ['token_list', 'account', [/Read letter content/]],
      ['session', 'root', [/Expires in\s+\d+ minutes?( \d+ seconds?)?/, /Authentication level\s+Password/]],
      // "All links from the service": the person's own settings show, in words, beside the links.
      ['self', 'root', [/Language\s+Norwegian Bokmål/, /Notify by email\s+Yes/, /Notify by text message\s+No/]],
    ];
    for (const [relation, where, expected] of expectations) {
      const resource = await open(where, relation);
      await resource.locator('main .fields, main .field-cards').first().waitFor();
      const text = await visibleText(resource);
      expect(internals(text), relation).toEqual([]);
      for (const pattern of expected) expect(text, relation).toMatch(pattern);
      await resource.close();
    }
  });

  it('names the top bar\'s settings button for the extension, apart from the service\'s own settings pages', async () => {
    const page = await open('account', 'account_settings');
    await page.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor();
    const topBar = page.getByRole('banner');
    expect(await topBar.getByRole('button', { name: 'Open settings' }).count()).toBe(0);
    const optionsOpened = h.context.waitForEvent('page');
    await topBar.getByRole('button', { name: 'Extension settings' }).click();
    const options = await optionsOpened;
    await options.getByRole('heading', { name: 'What the extension may do' }).waitFor();
    await options.close();
    await page.close();
  });

  it('shows the same letter with the same date and time in the inbox and on its page, in the browser\'s time zone', async () => {
    const page = await open('account', 'document_inbox');
    const row = page.locator('.letter-row').first();
    const time = row.locator('time');
    await time.waitFor();
    const iso = (await time.getAttribute('datetime')) ?? '';
    const listed = (await time.textContent()) ?? '';
    const full = (await time.getAttribute('title')) ?? '';
    // The seeded newest letter is from today: the list shows its time of day, in New York time.
    const expectedTime = new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone: TIME_ZONE }).format(Date.parse(iso));
    const expectedFull = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone: TIME_ZONE }).format(Date.parse(iso));
    expect(full).toBe(expectedFull);
    if (/\d:\d\d/.test(listed)) expect(listed).toBe(expectedTime);
    await row.locator('a').click();
    const onPage = page.locator('.letter-when time');
    await onPage.waitFor();
    expect(await onPage.textContent()).toBe(expectedFull);
    await page.close();
  });
});

describe('the list of letters', () => {
  it('marks unread letters by weight and a dot without changing the row height, wide and narrow', async () => {
    const page = await open('account', 'document_inbox');
    const rows = page.locator('.letter-row');
    await rows.nth(8).waitFor();
    // Row 7 is unread (no test before this one opens it: opening reads a letter), row 8 read; neither is an invoice (whose details take a line of their own when narrow).
    for (const size of [{ width: 1280, height: 800 }, { width: 420, height: 800 }]) {
      await page.setViewportSize(size);
      const unread = await rows.nth(7).boundingBox();
      const read = await rows.nth(8).boundingBox();
      expect(await rows.nth(7).getAttribute('class')).toContain('unread');
      expect(await rows.nth(8).getAttribute('class')).not.toContain('unread');
      expect(unread?.height).toBe(read?.height);
      expect(await rows.nth(7).getByRole('img', { name: 'Unread' }).count()).toBe(1);
      const weights = await Promise.all([7, 8].map((n) => rows.nth(n).locator('.letter-sender').evaluate((el) => getComputedStyle(el).fontWeight)));
      expect(weights).toEqual(['700', '400']);
    }
    await page.close();
  });

  it('marks in the side list the place a letter or a receipt belongs to', async () => {
    const page = await open('account', 'document_inbox');
    const nav = page.getByRole('navigation', { name: 'Mailbox' });
    await nav.getByRole('link', { name: 'Inbox' }).and(page.locator('[aria-current="page"]')).waitFor();
    await page.locator('.letter-row a').first().click();
    await page.locator('.letter-head').waitFor();
    await nav.getByRole('link', { name: 'Inbox' }).and(page.locator('[aria-current="location"]')).waitFor();
    await nav.getByRole('link', { name: 'Receipts' }).click();
    await page.locator('.letters.receipts .letter-row a').first().click();
    await page.locator('.receipt-paper').getByText('Total').waitFor();
    await nav.getByRole('link', { name: 'Receipts' }).and(page.locator('[aria-current="location"]')).waitFor();
    expect(await nav.locator('[aria-current]').count()).toBe(1);
    await page.close();
  });

  it('opens a letter in a new tab on a middle click, leaving the list where it was', async () => {
    const page = await open('account', 'document_inbox');
    await page.locator('.letter-row').first().waitFor();
    const subject = (await page.locator('.letter-row .subject-text').nth(1).textContent()) ?? '';
    const opened = h.context.waitForEvent('page');
    await page.locator('.letter-row a').nth(1).click({ button: 'middle' });
    const tab = await opened;
    await tab.getByRole('heading', { level: 1, name: subject }).waitFor();
    expect(tab.url()).toMatch(/viewer\.html\?page=[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Inbox');
    await tab.close();
    await page.close();
  });
});

describe('history and privacy', () => {
  it('tab titles and addresses name neither the letter nor the service; Reload and Back still work', async () => {
    const page = await openFresh('document_inbox');
    await page.locator('.letter-row').first().waitFor();
    const subject = (await page.locator('.letter-row .subject-text').nth(6).textContent()) ?? '';
    const sender = (await page.locator('.letter-row .letter-sender').nth(6).textContent()) ?? '';
    expect(subject.length).toBeGreaterThan(3);
    await expect.poll(() => page.title()).toBe('Inbox – Digipost');
    await page.locator('.letter-row a').nth(6).click();
    await page.getByRole('heading', { level: 1, name: subject }).waitFor();
    // The heading names the letter from its row at once; the tab's title follows once it is read.
    await expect.poll(() => page.title()).toBe('Letter – Digipost');

    // What the browser keeps, as another extension with the `tabs` permission would read it.
    const tabs = (await (await h.worker()).evaluate(() =>
      (globalThis as unknown as { chrome: { tabs: { query(q: object): Promise<{ url?: string; title?: string }[]> } } }).chrome.tabs.query({}),
    )).filter((tab) => tab.url?.includes('viewer.html'));
    expect(tabs.length).toBeGreaterThan(0);
    for (const tab of [...tabs, { url: page.url(), title: await page.title() }]) {
      for (const secret of [subject, sender, h.emulator.url, new URL(h.emulator.url).host, encodeURIComponent(h.emulator.url), '/documents/']) {
        expect(tab.url).not.toContain(secret);
        expect(tab.title).not.toContain(secret);
      }
    }

    await page.reload();
    await page.getByRole('heading', { level: 1, name: subject }).waitFor();
    await expect.poll(() => page.title()).toBe('Letter – Digipost');
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    await page.goForward();
    await page.getByRole('heading', { level: 1, name: subject }).waitFor();
    await page.close();
  });

  it('Back after following a link inside the viewer; no Back control on a tab that started here', async () => {
    const page = await openFresh('document_inbox');
    await page.locator('.letter-row').first().waitFor();
    expect(await page.getByRole('button', { name: 'Back' }).count()).toBe(0);
    await page.getByRole('navigation', { name: 'Mailbox' }).getByRole('link', { name: 'Bolig' }).click();
    await page.getByRole('heading', { level: 1, name: 'Bolig' }).waitFor();
    await page.locator('.letter-row a').first().click();
    await page.locator('.letter-head').waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { level: 1, name: 'Bolig' }).waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    expect(await page.getByRole('button', { name: 'Back' }).count()).toBe(0);
    await page.close();
  });

  it('Back from the first page returns to the page the tab came from', async () => {
    const page = await h.context.newPage();
    await page.goto(h.url('src/options/options.html'));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const before = await page.title();
    await page.goto(await viewerPageFor(h, { url: await link('account', 'document_inbox'), relation: 'document_inbox' }));
    await page.locator('.letter-row').first().waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(/options\.html/);
    await expect.poll(() => page.title()).toBe(before);
    await page.close();
  });
});

describe('recipient search and actions', () => {
  it('searches recipients by what the person types, and says so when nothing matches', async () => {
    const page = await open('account', 'document_inbox');
    await page.getByRole('link', { name: 'Find someone to send to' }).click();
    await page.getByRole('heading', { level: 1, name: 'Find someone to send to' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await h.emulator.admin.clearRequests();
    await page.getByLabel('Name or Digipost address').fill('kommune');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const results = page.locator('.recipient');
    await results.first().waitFor();
    expect(await results.count()).toBe(1);
    expect(await results.first().textContent()).toContain('Oslo kommune');
    const searched = (await h.emulator.admin.requests()).filter((r) => r.path.includes('/recipients/search'));
    expect(searched.map((r) => new URLSearchParams(r.query).get('recipientId'))).toEqual(['kommune']);
    expect(internals(await visibleText(page))).toEqual([]);

    await page.getByLabel('Name or Digipost address').fill('ingen slik mottaker');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'No recipient matches “ingen slik mottaker”.' }).waitFor();
    await page.getByText('Check the spelling, or search for a Digipost address such as name#1234.').waitFor();
    expect(await results.count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.close();
  });

  it('explains an action calmly instead of fetching it, with the web site and the way back', async () => {
    await h.emulator.admin.clearRequests();
    const page = await h.context.newPage();
    await page.goto(h.url('src/options/options.html'));
    await page.goto(await viewerPageFor(h, { url: await link('root', 'logout'), relation: 'logout' }));
    const note = page.getByRole('note');
    await note.waitFor();
    expect(await note.textContent()).toContain('is something the service does, not a page');
    expect(await page.getByRole('alert').count()).toBe(0);
    expect((await h.emulator.admin.requests()).filter((r) => r.path.includes('logout'))).toEqual([]);
    expect(internals(await visibleText(page))).toEqual([]);
    // The way forward for what the extension does not do: the service's web site.
    // It comes once the service's address is known (the root is read beside the page), after Back.
    await note.getByRole('button', { name: /^Open on Digipost/ }).waitFor();
    expect(await note.getByRole('button').allTextContents()).toEqual(['Back', expect.stringMatching(/^Open on Digipost/) as unknown]);
    await note.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(/options\.html/);
    await page.close();
  });
});

describe('accessibility', () => {
  async function checkAll(harness: Harness): Promise<void> {
    const page = await open('account', 'document_inbox', harness);
    await page.locator('.letter-row').first().waitFor();
    expect(await accessibilityViolations(page), 'inbox').toEqual([]);
    await page.locator('.letter-row a').nth(6).click();
    await page.locator('.pdf-page[data-drawn="true"]').first().waitFor();
    expect(await accessibilityViolations(page), 'letter').toEqual([]);
    await page.goBack();
    await page.locator('.letter-row a').nth(2).click();
    await page.locator('.info-panel').first().waitFor();
    expect(await accessibilityViolations(page), 'locked letter').toEqual([]);
    await page.getByRole('navigation', { name: 'Mailbox' }).getByRole('link', { name: 'Receipts' }).click();
    await page.locator('.letter-row').first().waitFor();
    expect(await accessibilityViolations(page), 'receipts').toEqual([]);
    await page.locator('.letter-row a').first().click();
    await page.locator('.receipt-paper').waitFor();
    expect(await accessibilityViolations(page), 'receipt').toEqual([]);
    await page.close();
    for (const [where, relation] of [['account', 'account_settings'], ['account', 'token_list'], ['root', 'logout'], ['root', 'search']] as const) {
      const other = await open(where, relation, harness);
      await other.locator('main .fields, main .field-cards, main [role=note], main form').first().waitFor();
      expect(await accessibilityViolations(other), relation).toEqual([]);
      await other.close();
    }
  }

  it('has no violations in the light theme', async () => {
    await checkAll(h);
  });

  it('has no violations in the dark theme', async () => {
    const dark = await startHarness({ reuseEmulator: h.emulator, colorScheme: 'dark' });
    try {
      // The same signed-in state, carried over to the second browser.
      const worker = await dark.worker();
      await storeItems(worker, 'local', await storedItems(await h.worker(), 'local'));
      await storeItems(worker, 'session', await storedItems(await h.worker(), 'session'));
      await checkAll(dark);
    } finally {
      await dark.close();
    }
  });
});

describe('after signing out', () => {
  it('an open viewer tab names nothing any more: Reload says the page is gone, and no page id is remembered', async () => {
    const page = await open('account', 'document_inbox');
    await page.locator('.letter-row a').first().click();
    await page.locator('.letter-head').waitFor();
    const popup = await h.openPopup();
    await popup.getByRole('button', { name: /Sign out/ }).click();
    await popup.getByRole('button', { name: 'Connect' }).waitFor();
    await popup.close();
    const remembered = async () => Object.keys(await storedItems(await h.worker(), 'session')).filter((key) => key.startsWith(viewerPages.prefix));
    await expect.poll(remembered).toEqual([]);
    await page.reload();
    await page.getByRole('note').filter({ hasText: 'This page is no longer here' }).waitFor();
    await page.goBack();
    const note = page.getByRole('note').filter({ hasText: 'This page is no longer here' });
    await note.waitFor();
    // The way on is to connect again, and the note offers what it says: connect, and the inbox opens.
    expect(await note.textContent()).toContain('Connect to open the inbox again.');
    expect(await note.textContent()).not.toContain('Open the inbox to carry on');
    await h.connectVia(page, 'Approve');
    await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    await page.close();
  });
});
