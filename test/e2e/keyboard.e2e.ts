import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ElementHandle, Page } from 'puppeteer-core';
import { edgeDifference } from '../support/edge-pixels.ts';
import { addressOf } from '../support/extension-browser.ts';
import { cachedLink, dropRootCache, newViewerFrom, signInWith, viewerPageFor } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { actInClosingPopup, css, role, until } from '../support/person.ts';

/*
 * The mailbox by keyboard (issue #20, point 5): focus is seen on a letter's row (the row hides its
 * off-screen content, which used to clip the ring away), j/k and the arrows move through the
 * letters of the inbox and the popup, Enter opens the one with focus, focus lands on the letter's
 * heading, and a skip link leads past the side list.
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
  const page = await h.open(await viewerPageFor(h, { url: await cachedLink(h, 'account', 'document_inbox'), relation: 'document_inbox' }));
  await nth(page, '.letter-row', 2);
  return page;
}

/** The nth (from 0) element a CSS selector matches, once there are that many. */
async function nth(page: Page, selector: string, n: number): Promise<ElementHandle> {
  await until(
    page,
    `There were not ${n + 1} of ${selector}.`,
    (s: string, i: number) => document.querySelectorAll(s).length > i,
    selector,
    n,
  );
  const found = (await page.$$(selector))[n];
  if (!found) throw new Error(`no ${selector} number ${n}`);
  return found;
}

const textIn = async (element: ElementHandle, selector: string) => element.$eval(selector, (el) => el.textContent.trim());

const base64 = (element: ElementHandle) => element.screenshot({ encoding: 'base64' });

/** What has focus: its tag, its text, and whether the browser draws it as keyboard focus. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return { tag: el?.tagName.toLowerCase(), text: el?.textContent.trim(), visible: el?.matches(':focus-visible') ?? false };
  });

/** Waits until focus is on the page's h1 and it says exactly this. */
const focusOnHeading = (page: Page, words: string) =>
  until(
    page,
    `Focus did not land on the heading "${words}".`,
    (w: string) => document.activeElement?.tagName === 'H1' && document.activeElement.textContent.trim() === w,
    words,
  );

describe('the inbox by keyboard', () => {
  it('shows focus on a row (its edges look different focused and not); j, j, Enter opens the second letter: focus on its heading, which names its subject; Back returns focus to its row', async () => {
    const page = await openInbox();
    const row = await nth(page, '.letter-row', 0);
    const plain = await base64(row);
    await page.keyboard.press('j');
    expect(await row.$eval('a', (a) => a === document.activeElement && a.matches(':focus-visible'))).toBe(true);
    const withFocus = await base64(row);
    expect(await page.evaluate(edgeDifference, [plain, withFocus] as [string, string])).toBeGreaterThan(60);

    const second = await textIn(await nth(page, '.letter-row', 1), '.subject-text');
    expect(second).not.toBe('');
    await page.keyboard.press('j');
    expect((await focused(page)).text).toContain(second);
    await page.keyboard.press('Enter');
    await css(page, '.letter-head').wait();
    await focusOnHeading(page, second);
    expect(await focused(page)).toMatchObject({ tag: 'h1', text: second });
    // Back in the inbox, focus is on the row the letter was opened from, as in a mail client.
    await page.evaluate(() => history.back());
    await until(
      page,
      'Focus did not go back to the row of the letter.',
      (subject: string) =>
        document.activeElement?.classList.contains('letter-link') && document.activeElement.textContent.includes(subject),
      second,
    );
    // k and the arrows: up one, down one.
    for (const key of ['k', 'ArrowDown', 'ArrowDown', 'ArrowUp'] as const) await page.keyboard.press(key);
    expect((await focused(page)).text).toContain(second);
    await page.close();
  });

  it('a skip link, first on the page, leads past the side list to the page heading', async () => {
    const page = await openInbox();
    await page.keyboard.press('Tab');
    const skip = await role(page, 'link', 'Skip to content').waitHandle();
    expect(await skip.evaluate((a) => a === document.activeElement)).toBe(true);
    // Seen when it has focus: inside the window, not off its top.
    const box = await skip.boundingBox();
    expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ tag: 'h1', text: 'Inbox' });
    // The address did not change: the viewer's history entries are its pages.
    expect(await addressOf(page)).not.toContain('#');
    // On from the heading: the first letter, not the side list.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('letter-link'))).toBe(true);
    await page.close();
  });
});

describe('the popup by keyboard', () => {
  it('j and the arrows move through the newest letters, with focus seen; Enter opens the letter, and the next one goes to the same viewer tab', async () => {
    await dropRootCache(h);
    const popup = await h.openPopup();
    const first = await nth(popup, '.letter-list .letter', 0);
    const newest = await textIn(first, '.letter-subject');
    const second = await textIn(await nth(popup, '.letter-list .letter', 1), '.letter-subject');
    const plain = await base64(first);
    await popup.keyboard.press('ArrowDown');
    expect((await focused(popup)).visible).toBe(true);
    const withFocus = await base64(first);
    expect(await popup.evaluate(edgeDifference, [plain, withFocus] as [string, string])).toBeGreaterThan(60);
    await popup.keyboard.press('j');
    expect((await focused(popup)).text).toContain(second);
    await popup.keyboard.press('ArrowDown');
    await popup.keyboard.press('k');
    expect((await focused(popup)).text).toContain(second);
    const viewer = await newViewerFrom(h, popup, () => popup.keyboard.press('Enter'));
    await focusOnHeading(viewer, second);
    if (!popup.isClosed()) await popup.close();

    // The viewer tab now open takes the next letter: one viewer tab, never a second.
    const again = await h.openPopup();
    await nth(again, '.letter-list .letter', 0);
    await again.keyboard.press('j');
    expect((await focused(again)).text).toContain(newest);
    await actInClosingPopup(again, () => again.keyboard.press('Enter'));
    await focusOnHeading(viewer, newest);
    expect((await h.tabs()).filter((tab) => tab.address.includes('/src/viewer/viewer.html'))).toHaveLength(1);
    await viewer.close();
    if (!again.isClosed()) await again.close();
  });
});
