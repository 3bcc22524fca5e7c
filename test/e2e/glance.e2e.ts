import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { addressOf } from '../support/extension-browser.ts';
import { dropRootCache, showsAccount } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { actInClosingPopup, count, css, roleSelector, textOf, until } from '../support/person.ts';

/*
 * A mailbox a person trusts at a glance (issue #29, points 1 and 2): "Invoices due soon" names the
 * unpaid invoices beyond the five newest letters, in the folders too, and keeps them after a new
 * letter arrives; letters opened from the popup one after the other go to one viewer tab. The demo
 * seed holds an unpaid invoice below the fifth letter (the seventh) and a tax bill in the first
 * folder, Skatt (test/emulator/seed.ts).
 */

const DUE_SOON = roleSelector('region', 'Invoices due soon');

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  const popup = await h.openPopup();
  await h.connectVia(popup, 'Approve');
  await showsAccount(h, popup);
  await popup.close();
});
afterAll(async () => {
  await h.close();
});

const viewerTabs = async () => (await h.tabs()).filter((tab) => tab.address.includes('/src/viewer/viewer.html')).map((tab) => tab.page);

/** Waits until the page's h1 says exactly this. */
const headingIs = (page: Page, name: string) =>
  until(page, `The heading did not say "${name}".`, (n: string) => document.querySelector('h1')?.textContent.trim() === n, name);

/** The texts of the "Invoices due soon" callout, once it names the folder's tax bill (read by the worker in the background). */
async function dueSoon(popup: Page): Promise<string[]> {
  const items = `${DUE_SOON} ${roleSelector('listitem')}`;
  await css(popup, `${items} ::-p-text(Skatteetaten · )`).wait();
  return popup.$$eval(items, (lis) => lis.map((li) => li.textContent));
}

describe('at a glance', () => {
  it('calls out invoices due soon beyond the five newest letters and in a folder, and keeps them after a new letter arrives', async () => {
    const popup = await h.openPopup();
    await showsAccount(h, popup);
    expect(await count(popup, '.letter-list .letter')).toBe(5);
    const dueAmongNewest = await count(popup, '.letter-list .letter-invoice.due-soon');
    const before = await dueSoon(popup);
    // The tax bill in the folder, and at least the invoice below the fifth letter, beside those of the five.
    expect(before.find((text) => text.startsWith('Skatteetaten'))).toMatch(/NOK\s4,817\.00 · due in 10\sdays/);
    expect(before.length).toBeGreaterThanOrEqual(dueAmongNewest + 2);
    await popup.close();

    await h.emulator.admin.addLetter({ subject: 'Nytt brev i dag', creatorName: 'NAV' });
    // The cached root is fresh for a minute: forget it, so the next popup fetches the new letter.
    await dropRootCache(h);
    const again = await h.openPopup();
    await css(again, '.letter-subject ::-p-text(Nytt brev i dag)').wait();
    expect(await dueSoon(again)).toEqual(before);
    await again.close();
  });

  it('opens two letters from the popup one after the other in one viewer tab, which shows the second, and Back returns to the first', async () => {
    expect(await viewerTabs()).toEqual([]);
    const popup = await h.openPopup();
    await showsAccount(h, popup);
    await dueSoon(popup);
    const viewer = await h.nextPage(() => actInClosingPopup(popup, () => css(popup, `${DUE_SOON} button ::-p-text(Skatteetaten)`).click()));
    await headingIs(viewer, 'Restskatt 2024');
    if (!popup.isClosed()) await popup.close();

    const second = await h.openPopup();
    await showsAccount(h, second);
    const subject = await textOf(second, '.letter-list .letter-subject');
    await actInClosingPopup(second, () => css(second, '.letter-list button.letter-open').click());
    await headingIs(viewer, subject);
    if (!second.isClosed()) await second.close();
    expect(await viewerTabs()).toEqual([viewer]);
    // The tab was brought to the front.
    expect(await viewer.evaluate(() => document.visibilityState)).toBe('visible');
    // Its address names a page id only, and Back returns to the letter it showed before.
    expect(await addressOf(viewer)).toMatch(/viewer\.html\?page=[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await viewer.evaluate(() => history.back());
    await headingIs(viewer, 'Restskatt 2024');
    await viewer.close();
  });
});
