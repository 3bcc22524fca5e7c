import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { actInClosingPopup, dropRootCache, showsAccount } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';

/*
 * A mailbox a person trusts at a glance (issue #29, points 1 and 2), in Chromium: "Invoices due
 * soon" names the unpaid invoices beyond the five newest letters, in the folders too, and keeps
 * them after a new letter arrives; letters opened from the popup one after the other go to one
 * viewer tab. The demo seed holds an unpaid invoice below the fifth letter (the seventh) and a tax
 * bill in the first folder, Skatt (test/emulator/seed.ts). glance.firefox.ts checks the same in Firefox.
 */

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

const viewerTabs = () => h.context.pages().filter((p) => p.url().includes('/src/viewer/viewer.html'));

/** The texts of the "Invoices due soon" callout, once the open invoices the worker read have landed. */
async function dueSoon(popup: Page, wanted: readonly RegExp[]): Promise<string[]> {
  const items = popup.getByRole('region', { name: 'Invoices due soon' }).getByRole('listitem');
  for (const text of wanted) await items.filter({ hasText: text }).first().waitFor();
  return items.allTextContents();
}

describe('at a glance', () => {
  it('calls out invoices due soon beyond the five newest letters and in a folder, and keeps them after a new letter arrives', async () => {
    const popup = await h.openPopup();
    await showsAccount(h, popup);
    expect(await popup.locator('.letter-list .letter').count()).toBe(5);
    const dueAmongNewest = await popup.locator('.letter-list .letter-invoice.due-soon').count();
    const before = await dueSoon(popup, [/^Skatteetaten · /]);
    // The tax bill in the folder, and at least the invoice below the fifth letter, beside those of the five.
    expect(before.find((text) => text.startsWith('Skatteetaten'))).toMatch(/NOK\s4,817\.00 · due in 10\sdays/);
    expect(before.length).toBeGreaterThanOrEqual(dueAmongNewest + 2);
    await popup.close();

    await h.emulator.admin.addLetter({ subject: 'Nytt brev i dag', creatorName: 'NAV' });
    await dropRootCache(await h.worker());
    const again = await h.openPopup();
    await again.locator('.letter-subject', { hasText: 'Nytt brev i dag' }).waitFor();
    expect(await dueSoon(again, [/^Skatteetaten · /])).toEqual(before);
    await again.close();
  });

  it('opens two letters from the popup one after the other in one viewer tab, which shows the second, and Back returns to the first', async () => {
    expect(viewerTabs()).toEqual([]);
    const popup = await h.openPopup();
    await showsAccount(h, popup);
    const tabOpened = h.context.waitForEvent('page');
    await actInClosingPopup(popup, () => popup.getByRole('region', { name: 'Invoices due soon' }).getByRole('button', { name: /^Skatteetaten/ }).click());
    const viewer = await tabOpened;
    await viewer.getByRole('heading', { level: 1, name: 'Restskatt 2024' }).waitFor();
    if (!popup.isClosed()) await popup.close();

    const second = await h.openPopup();
    await showsAccount(h, second);
    const subject = (await second.locator('.letter-subject').first().textContent()) ?? '';
    await actInClosingPopup(second, () => second.locator('button.letter-open').first().click());
    await viewer.getByRole('heading', { level: 1, name: subject }).waitFor();
    if (!second.isClosed()) await second.close();
    expect(viewerTabs()).toEqual([viewer]);
    // The tab was brought to the front.
    expect(await viewer.evaluate(() => document.visibilityState)).toBe('visible');
    // Its address names a page id only, and Back returns to the letter it showed before.
    expect(viewer.url()).toMatch(/viewer\.html\?page=[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await viewer.goBack();
    await viewer.getByRole('heading', { level: 1, name: 'Restskatt 2024' }).waitFor();
    await viewer.close();
  });
});
