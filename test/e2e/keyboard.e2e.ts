import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { edgeDifference } from '../support/edge-pixels.ts';
import { actInClosingPopup, cachedLink, dropRootCache, signInWith, viewerPageFor } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';

/*
 * The mailbox by keyboard (issue #20, point 5): focus is seen on a letter's row (the row hides its
 * off-screen content, which used to clip the ring away), j/k and the arrows move through the
 * letters of the inbox and the popup, Enter opens the one with focus, focus lands on the letter's
 * heading, and a skip link leads past the side list. The same in Firefox: keyboard.firefox.ts.
 */

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ emulator: { letters: 30 } });
  await signInWith(h, ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_DOCUMENT_CONTENT', 'READ_RECEIPTS']);
});
afterAll(async () => {
  await h.close();
});

async function openInbox(): Promise<Page> {
  const page = await h.context.newPage();
  await page.goto(await viewerPageFor(h, { url: await cachedLink(h, 'account', 'document_inbox'), relation: 'document_inbox' }));
  await page.locator('.letter-row').nth(2).waitFor();
  return page;
}

const base64 = async (element: Locator) => (await element.screenshot({ animations: 'disabled' })).toString('base64');

/** What has focus: its tag, its text, and whether the browser draws it as keyboard focus. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return { tag: el?.tagName.toLowerCase(), text: el?.textContent.trim(), visible: el?.matches(':focus-visible') ?? false };
  });

describe('the inbox by keyboard', () => {
  it('shows focus on a row: its edges look different focused and not', async () => {
    const page = await openInbox();
    const row = page.locator('.letter-row').first();
    const plain = await base64(row);
    await page.keyboard.press('j');
    expect(await row.locator('a').evaluate((a) => a === document.activeElement && a.matches(':focus-visible'))).toBe(true);
    const withFocus = await base64(row);
    expect(await page.evaluate(edgeDifference, [plain, withFocus] as [string, string])).toBeGreaterThan(60);
    await page.close();
  });

  it('j, j, Enter opens the second letter: focus on its heading, which names its subject; Back returns focus to its row', async () => {
    const page = await openInbox();
    const second = ((await page.locator('.letter-row .subject-text').nth(1).textContent()) ?? '').trim();
    expect(second).not.toBe('');
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    expect((await focused(page)).text).toContain(second);
    await page.keyboard.press('Enter');
    await page.locator('.letter-head').waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect(await focused(page)).toMatchObject({ tag: 'h1', text: second });
    // Back in the inbox, focus is on the row the letter was opened from, as in a mail client.
    await page.goBack();
    await page.waitForFunction(() => document.activeElement?.classList.contains('letter-link'));
    expect((await focused(page)).text).toContain(second);
    // k and the arrows: up one, down one.
    for (const key of ['k', 'ArrowDown', 'ArrowDown', 'ArrowUp']) await page.keyboard.press(key);
    expect((await focused(page)).text).toContain(second);
    await page.close();
  });

  it('never takes a key typed into a field: j in the recipient search is a letter in the field', async () => {
    const page = await openInbox();
    await page.getByRole('link', { name: 'Find someone to send to' }).click();
    const field = page.getByRole('searchbox');
    await field.waitFor();
    await field.focus();
    await page.keyboard.type('jk');
    expect(await field.inputValue()).toBe('jk');
    expect((await focused(page)).tag).toBe('input');
    await page.close();
  });

  it('a skip link, first on the page, leads past the side list to the page heading', async () => {
    const page = await openInbox();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((a) => a === document.activeElement)).toBe(true);
    // Seen when it has focus: inside the window, not off its top.
    const box = await skip.boundingBox();
    expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ tag: 'h1', text: 'Inbox' });
    // The address did not change: the viewer's history entries are its pages.
    expect(page.url()).not.toContain('#');
    // On from the heading: the first letter, not the side list.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('letter-link'))).toBe(true);
    await page.close();
  });
});

describe('the popup by keyboard', () => {
  it('j and the arrows move through the newest letters, with focus seen; Enter opens the letter', async () => {
    await dropRootCache(await h.worker());
    const popup = await h.openPopup();
    const rows = popup.locator('.letter-list .letter');
    await rows.nth(1).waitFor();
    const second = ((await rows.nth(1).locator('.letter-subject').textContent()) ?? '').trim();
    const plain = await base64(rows.first());
    await popup.keyboard.press('ArrowDown');
    expect((await focused(popup)).visible).toBe(true);
    const withFocus = await base64(rows.first());
    expect(await popup.evaluate(edgeDifference, [plain, withFocus] as [string, string])).toBeGreaterThan(60);
    await popup.keyboard.press('j');
    await popup.keyboard.press('ArrowDown');
    await popup.keyboard.press('k');
    expect((await focused(popup)).text).toContain(second);
    const tabOpened = h.context.waitForEvent('page');
    await actInClosingPopup(popup, () => popup.keyboard.press('Enter'));
    const viewer = await tabOpened;
    await viewer.getByRole('heading', { level: 1, name: second }).waitFor();
    await viewer.waitForFunction(() => document.activeElement?.tagName === 'H1');
    await viewer.close();
    if (!popup.isClosed()) await popup.close();
  });
});
