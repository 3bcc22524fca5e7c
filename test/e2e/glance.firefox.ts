import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../emulator/index.ts';
import { E2E_CLIENT_ID, E2E_CLIENT_SECRET } from '../support/build-extension.ts';
import { launchFirefoxWithExtension, type FirefoxWithExtension } from '../support/firefox.ts';
import { connectFromPopup, openPopup, shows, WAIT, waitFor } from '../support/firefox-page.ts';
import { FIREFOX_E2E_DIST, FIREFOX_E2E_PORT } from './firefox-setup.ts';

/*
 * A mailbox a person trusts at a glance (issue #29, points 1 and 2) in Firefox, as glance.e2e.ts
 * checks it in Chromium: "Invoices due soon" names the unpaid invoices beyond the five newest
 * letters and in a folder, and keeps them after a new letter arrives; two letters opened from the
 * popup one after the other go to one viewer tab.
 */

let emulator: RunningEmulator;
let firefox: FirefoxWithExtension;

/** The texts of the "Invoices due soon" callout, once it names the folder's tax bill (read by the worker in the background). */
async function dueSoon(popup: Page): Promise<string[]> {
  await waitFor(popup, () => [...document.querySelectorAll('.due li')].some((li) => li.textContent.startsWith('Skatteetaten · ')), WAIT);
  return popup.$$eval('.due li', (items) => items.map((li) => li.textContent));
}

const viewerTabs = async () => (await firefox.browser.pages()).filter((p) => p.url().includes('/src/viewer/viewer.html'));

const heading = (page: Page, text: string) =>
  waitFor(page, (wanted: string) => document.querySelector('main h1')?.textContent.trim() === wanted, WAIT, text);

beforeAll(async () => {
  emulator = await startEmulator({ port: FIREFOX_E2E_PORT, clientId: E2E_CLIENT_ID, clientSecret: E2E_CLIENT_SECRET, letters: 12, quiet: true });
  firefox = await launchFirefoxWithExtension(FIREFOX_E2E_DIST);
  await connectFromPopup(firefox);
});

afterAll(async () => {
  await (firefox as FirefoxWithExtension | undefined)?.close();
  await (emulator as RunningEmulator | undefined)?.stop();
});

describe('Firefox: at a glance', () => {
  it('calls out invoices due soon beyond the five newest letters and in a folder, and keeps them after a new letter arrives', async () => {
    const popup = await openPopup(firefox);
    expect(await popup.$$eval('.letter-list .letter', (rows) => rows.length)).toBe(5);
    const dueAmongNewest = await popup.$$eval('.letter-list .letter-invoice.due-soon', (rows) => rows.length);
    const before = await dueSoon(popup);
    expect(before.find((text) => text.startsWith('Skatteetaten'))).toMatch(/NOK\s4,817\.00 · due in 10\sdays/);
    expect(before.length).toBeGreaterThanOrEqual(dueAmongNewest + 2);
    await emulator.admin.addLetter({ subject: 'Nytt brev i Firefox', creatorName: 'NAV' });
    // The cached root is fresh for a minute: forget it, so the next popup fetches the new letter.
    await popup.evaluate(() => (globalThis as unknown as { browser: { storage: { session: { remove(key: string): Promise<void> } } } }).browser.storage.session.remove('rootCache'));
    await popup.close();

    const again = await openPopup(firefox);
    await shows(again, 'Nytt brev i Firefox');
    expect(await dueSoon(again)).toEqual(before);
    await again.close();
  });

  it('opens two letters from the popup one after the other in one viewer tab, which shows the second, and Back returns to the first', async () => {
    expect(await viewerTabs()).toEqual([]);
    const popup = await openPopup(firefox);
    await dueSoon(popup);
    const viewer = await firefox.nextPage(() => popup.$$eval('.due button.due-open', (buttons) => buttons.find((b) => b.textContent.startsWith('Skatteetaten'))?.click()));
    await heading(viewer, 'Restskatt 2024');
    await popup.close().catch(() => undefined);

    const second = await openPopup(firefox);
    const subject = await second.$eval('.letter-list .letter-subject', (el) => el.textContent);
    await second.$eval('.letter-list button.letter-open', (button) => button.click());
    await heading(viewer, subject);
    await second.close().catch(() => undefined);
    expect((await viewerTabs()).length).toBe(1);
    expect(viewer.url()).toMatch(/viewer\.html\?page=[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await viewer.evaluate(() => history.back());
    await heading(viewer, 'Restskatt 2024');
    await viewer.close();
  });
});
