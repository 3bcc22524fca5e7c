import type { ElementHandle, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../emulator/index.ts';
import { E2E_CLIENT_ID, E2E_CLIENT_SECRET } from '../support/build-extension.ts';
import { launchFirefoxWithExtension, type FirefoxWithExtension } from '../support/firefox.ts';
import { connectFromPopup, element, openPopup, readable, WAIT, waitFor } from '../support/firefox-page.ts';
import { FIREFOX_E2E_DIST, FIREFOX_E2E_PORT } from './firefox-setup.ts';

/*
 * Issue #29, points 3 and 4, in Firefox, as find-letter.e2e.ts checks them in Chromium: a letter
 * that lives only in a folder is found by part of its subject under the folder's name and opened
 * with Enter; the person's settings open from the popup's account section, in words.
 */

const SUBJECT = 'Kvittering for sykkelreparasjon';

let emulator: RunningEmulator;
let firefox: FirefoxWithExtension;

/** Clicks what `find` returns in a fresh popup, and waits for the viewer tab it opens to be drawn. */
async function openFromPopup(find: (popup: Page) => Promise<ElementHandle>): Promise<Page> {
  const popup = await openPopup(firefox);
  const button = await find(popup);
  const page = await firefox.nextPage(() => button.click());
  await waitFor(page, () => document.querySelector('main h1') !== null && document.querySelector('main .skeleton') === null, WAIT);
  await popup.close().catch(() => undefined);
  return page;
}

/** A place of the popup by its own label (a letter's subject above may hold the same word). */
const place = (label: string) => async (popup: Page) =>
  (await waitFor(
    popup,
    (wanted: string) => [...document.querySelectorAll('.goto button')].find((b) => (b.querySelector('.place-label') ?? b).textContent.trim() === wanted),
    WAIT,
    label,
  )) as ElementHandle;

/** A button of the account section, unfolded first. */
const accountButton = (label: string) => async (popup: Page) => {
  await popup.$eval('details.account', (d) => ((d).open = true));
  return (await waitFor(
    popup,
    (wanted: string) => [...document.querySelectorAll('details.account button')].find((b) => b.textContent.trim() === wanted),
    WAIT,
    label,
  )) as ElementHandle;
};

beforeAll(async () => {
  emulator = await startEmulator({ port: FIREFOX_E2E_PORT, clientId: E2E_CLIENT_ID, clientSecret: E2E_CLIENT_SECRET, letters: 8, quiet: true });
  await emulator.admin.addLetter({ subject: SUBJECT, creatorName: 'Sykkelverkstedet', folderId: '2', read: true });
  firefox = await launchFirefoxWithExtension(FIREFOX_E2E_DIST);
  await connectFromPopup(firefox);
});

afterAll(async () => {
  await (firefox as FirefoxWithExtension | undefined)?.close();
  await (emulator as RunningEmulator | undefined)?.stop();
});

describe('Firefox: finding a letter', () => {
  it("finds a letter only a folder holds by part of its subject, under the folder's name, and Enter opens it", async () => {
    const page = await openFromPopup(place('Inbox'));
    await element(page, '.letter-row', WAIT);
    expect(await readable(page, 'main')).not.toContain(SUBJECT);
    await page.keyboard.press('/');
    await waitFor(page, () => document.activeElement?.id === 'letter-query', WAIT);
    await page.keyboard.type('SYKKELrep');
    await waitFor(
      page,
      (subject: string) =>
        [...document.querySelectorAll('#letter-results [role="group"]')].some(
          (group) => document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent.trim() === 'Bolig' && group.textContent.includes(subject),
        ),
      WAIT,
      SUBJECT,
    );
    expect(await page.$$eval('#letter-results [role="group"]', (groups) => groups.length)).toBe(1);
    expect(await page.$eval('.letter-finder [role="status"]', (el) => el.textContent.trim())).toBe('1 letter found.');
    await page.keyboard.press('Enter');
    await waitFor(page, (subject: string) => document.querySelector('main h1')?.textContent.trim() === subject, WAIT, SUBJECT);
    await page.close();
  });
});

describe("Firefox: the person's settings from the popup", () => {
  it('opens the account settings from the account section, in words', async () => {
    const page = await openFromPopup(accountButton('Account settings'));
    expect((await readable(page, 'main h1')).trim()).toBe('Account settings');
    await element(page, 'main .fields', WAIT);
    expect(await readable(page, 'main')).toMatch(/Notify by text message\s+No/);
    await page.close();
  });

  it('opens the mailbox settings from the account section; without the permission to see settings, it says which to grant', async () => {
    // This session was granted the default permissions, which leave the mailbox's settings out.
    const page = await openFromPopup(accountButton('Mailbox settings'));
    expect((await readable(page, 'main h1')).trim()).toBe('Couldn’t open Mailbox settings');
    expect(await readable(page, 'main')).toContain('this needs the permission “See your Digipost settings”');
    await page.close();
  });
});

describe('Firefox: "All links from the service" in words', () => {
  it('names every page of the mailbox, the account and the service, grouped, with no ids, icon codes or relation names', async () => {
    const page = await openFromPopup(place('All links from the service'));
    await element(page, 'main section h2', WAIT);
    const groups = await page.$$eval('main section[aria-labelledby]', (sections) =>
      sections.map((section) => [section.querySelector('h2')?.textContent.trim(), [...section.querySelectorAll('a')].map((a) => a.textContent.trim())]),
    );
    expect(groups).toEqual([
      ['Your mailbox', ['Inbox', 'Mailbox settings', 'Skatt', 'Bolig', 'Arkiv']],
      ['Your account', ['Receipts', 'Account settings', 'Event log', 'Connected applications']],
      ['This sign-in and the service', ['Sign-in session', 'Recipient search', 'Recipient suggestions']],
    ]);
    const shown = await readable(page, 'main');
    for (const internal of ['Identifier', 'Icon', 'TAX', 'HOUSE', 'http', '/post/', 'account_settings', 'document_inbox']) expect(shown, internal).not.toContain(internal);
    await page.close();
  });
});
