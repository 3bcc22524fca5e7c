import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { RELATIONS } from '../../src/api/relations.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { actInClosingPopup, cachedLink, showsAccount, signInWith, storedItems, viewerPageFor, visibleText } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';

/*
 * Issue #29, points 3 and 4, in Chromium (find-letter.firefox.ts checks the same in Firefox): a
 * letter that lives only in a folder is found by part of its subject, under the folder's name, and
 * Enter opens it; the person's settings open from the popup's account section, in words; "All
 * links from the service" names every page of the root, the account and the mailbox in words.
 */

const SUBJECT = 'Kvittering for sykkelreparasjon';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  // Bolig (folder 2) holds it; the inbox does not.
  await h.emulator.admin.addLetter({ subject: SUBJECT, creatorName: 'Sykkelverkstedet', folderId: '2', read: true });
  await signInWith(h, ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_DOCUMENT_CONTENT', 'READ_RECEIPTS', 'READ_SETTINGS']);
});
afterAll(async () => {
  await h.close();
});

async function openInbox(): Promise<Page> {
  const page = await h.context.newPage();
  await page.goto(await viewerPageFor(h, { url: await cachedLink(h, 'account', 'document_inbox'), relation: 'document_inbox' }));
  await page.locator('.letter-row').first().waitFor();
  return page;
}

/** Opens a place from the popup and returns the viewer tab it opened. */
async function fromPopup(click: (popup: Page) => Promise<void>): Promise<Page> {
  const popup = await h.openPopup();
  await showsAccount(h, popup);
  const opened = h.context.waitForEvent('page');
  await actInClosingPopup(popup, () => click(popup));
  return opened;
}

describe('finding a letter', () => {
  it('finds a letter only a folder holds by part of its subject, under the folder\'s name, and Enter opens it', async () => {
    const page = await openInbox();
    expect(await visibleText(page)).not.toContain(SUBJECT);
    // "/" from the page, not from a field: the finder takes focus.
    await page.locator('body').press('/');
    const field = page.getByRole('combobox', { name: 'Find a letter by sender or subject' });
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('SYKKELrep');
    const results = page.getByRole('listbox', { name: 'Letters found' });
    const group = results.getByRole('group', { name: 'Bolig' });
    await group.getByRole('option', { name: new RegExp(SUBJECT) }).waitFor();
    expect(await results.getByRole('group').count()).toBe(1);
    await page.getByRole('search', { name: 'Find a letter' }).getByRole('status').filter({ hasText: '1 letter found.' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: SUBJECT }).waitFor();
    // Finding it wrote nothing to disk.
    expect(JSON.stringify(await storedItems(await h.worker(), 'local'))).not.toContain('sykkel');
    await page.close();
  });

  it('finds by the sender too, and a click opens a result', async () => {
    const page = await openInbox();
    const field = page.getByRole('combobox', { name: 'Find a letter by sender or subject' });
    await field.click();
    await field.fill('sykkelverksted');
    const option = page.getByRole('option', { name: new RegExp(SUBJECT) });
    await option.click();
    await page.getByRole('heading', { level: 1, name: SUBJECT }).waitFor();
    await page.close();
  });
});

describe("the person's settings and every link, in words", () => {
  it('opens the account settings from the popup\'s account section, in words', async () => {
    const viewer = await fromPopup(async (popup) => {
      await popup.getByText('Account details').click();
      await popup.getByRole('button', { name: 'Account settings' }).click();
    });
    await viewer.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor();
    await viewer.locator('main .fields').first().waitFor();
    expect(await visibleText(viewer)).toMatch(/Notify by text message\s+No/);
    await viewer.close();
  });

  it('opens the mailbox settings from the popup too', async () => {
    const viewer = await fromPopup(async (popup) => {
      await popup.getByText('Account details').click();
      await popup.getByRole('button', { name: 'Mailbox settings' }).click();
    });
    await viewer.getByRole('heading', { level: 1, name: 'Mailbox settings' }).waitFor();
    await viewer.locator('main .fields').first().waitFor();
    expect(await visibleText(viewer)).toMatch(/Order of letters\s+Newest first/);
    await viewer.close();
  });

  it('"All links from the service" names every page of the mailbox, the account and the service in words, and no ids, icon codes or relation names', async () => {
    const viewer = await fromPopup((popup) => popup.getByRole('button', { name: 'All links from the service' }).click());
    await viewer.getByRole('region', { name: 'Your account' }).waitFor();
    const names = async (region: string) => (await viewer.getByRole('region', { name: region }).getByRole('link').allInnerTexts()).map((text) => text.trim());
    expect(await names('Your mailbox')).toEqual(['Inbox', 'Mailbox settings', 'Skatt', 'Bolig', 'Arkiv']);
    expect(await names('Your account')).toEqual(['Receipts', 'Account settings', 'Event log', 'Connected applications']);
    expect(await names('This sign-in and the service')).toEqual(['Sign-in session', 'Recipient search', 'Recipient suggestions']);
    const text = await visibleText(viewer);
    for (const internal of ['Identifier', 'Icon', 'TAX', 'HOUSE', 'http', '/post/']) expect(text, internal).not.toContain(internal);
    for (const name of [...RELATIONS.keys()].filter((n) => n.includes('_'))) expect(text, name).not.toContain(name);
    await viewer.getByRole('region', { name: 'Your account' }).getByRole('link', { name: 'Account settings' }).click();
    await viewer.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor();
    await viewer.close();
  });
});
