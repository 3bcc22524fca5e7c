import type { ElementHandle, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../emulator/index.ts';
import { E2E_CLIENT_ID, E2E_CLIENT_SECRET } from '../support/build-extension.ts';
import { launchFirefoxWithExtension, type FirefoxWithExtension } from '../support/firefox.ts';
import { connectFromPopup, openPopup, readable, WAIT, waitFor } from '../support/firefox-page.ts';
import { FIREFOX_E2E_DIST, FIREFOX_E2E_PORT } from './firefox-setup.ts';

/*
 * The popup's places in Firefox (issue #20, points 2 and 3), as popup.e2e.ts checks them in
 * Chromium: the main view offers the person's places (the inbox, each folder, receipts, the
 * website) and names no resource of the session or the API; no page a place leads to shows the
 * form token, the validation rules or other internals outside its collapsed details.
 */

/** What the service's root carries that no person needs to see (test/emulator/api-root.ts). */
const INTERNALS = ['Csrf', 'csrfToken', 'Validation', 'validationRules', '^[0-9]{11}$', 'authenticationlevelIdporten', 'PRIVAT', 'This resource', 'Digipost resource'];
/** The service's resources that are not places, by their labels, and a second way to the inbox. */
const NOT_PLACES = ['Service overview', 'Sign-in session', 'Recipient suggestions', 'Event log', 'Connected applications', 'Open inbox'];
/** A form token as the emulator makes them: 32 hexadecimal digits. */
const TOKEN = /\b[0-9a-f]{32}\b/;

let emulator: RunningEmulator;
let firefox: FirefoxWithExtension;

/** Opens a place from a fresh popup, and waits for its page to be drawn (heading, no skeleton). */
async function openPlace(label: string): Promise<Page> {
  const popup = await openPopup(firefox);
  // By the place's own label: a letter's subject above may hold the same word ("Skatt").
  const button = await waitFor(
    popup,
    (wanted: string) =>
      [...document.querySelectorAll('.goto button')].find((b) => (b.querySelector('.place-label') ?? b).textContent.trim() === wanted),
    WAIT,
    label,
  );
  const page = await newViewerDocument(() => (button as ElementHandle).click());
  await popup.close().catch(() => undefined);
  return page;
}

/** When each open tab's document started: a tab that loads another page has a new one. */
async function documentsStarted(): Promise<Map<Page, number>> {
  const pages = await firefox.browser.pages();
  return new Map(await Promise.all(pages.map(async (page) => [page, await page.evaluate(() => performance.timeOrigin).catch(() => 0)] as const)));
}

/**
 * The viewer tab with a new document once `action` has run, drawn (heading, no skeleton): a new
 * tab, or the viewer tab a test before left (one viewer tab: a place goes to the open one, and a
 * tab just closed may still be open for the browser when the next place is opened).
 */
async function newViewerDocument(action: () => Promise<void>): Promise<Page> {
  const before = await documentsStarted();
  await action();
  const deadline = Date.now() + WAIT.timeout;
  for (;;) {
    for (const page of await firefox.browser.pages()) {
      const drawn = await page
        .evaluate(() => ({
          started: performance.timeOrigin,
          ready: location.pathname.endsWith('/viewer.html') && document.querySelector('main h1') !== null && document.querySelector('main .skeleton') === null,
        }))
        .catch(() => undefined);
      if (drawn?.ready && drawn.started !== before.get(page)) return page;
    }
    if (Date.now() > deadline) throw new Error(`no viewer tab showed a new page in ${WAIT.timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  emulator = await startEmulator({ port: FIREFOX_E2E_PORT, clientId: E2E_CLIENT_ID, clientSecret: E2E_CLIENT_SECRET, letters: 8, quiet: true });
  firefox = await launchFirefoxWithExtension(FIREFOX_E2E_DIST);
  await connectFromPopup(firefox);
});

afterAll(async () => {
  await (firefox as FirefoxWithExtension | undefined)?.close();
  await (emulator as RunningEmulator | undefined)?.stop();
});

describe("Firefox: the popup's places", () => {
  it("offers the person's places, the inbox with its unread count and each folder, and names no API resource", async () => {
    const popup = await openPopup(firefox);
    const places = await popup.$$eval('.places .place', (buttons) => buttons.map((b) => b.textContent.replace(/\s+/g, ' ').trim()));
    expect(places[0]).toMatch(/^Inbox\s*\d+ unread$/);
    expect(places.slice(1)).toEqual(['Skatt', 'Bolig', 'Arkiv', 'Receipts', "Digipost’s website"]);
    expect(await popup.$$eval('.goto button.all-links', (b) => b.map((x) => x.textContent.trim()))).toEqual(['All links from the service']);
    const visible = await readable(popup);
    for (const internal of [...NOT_PLACES, ...INTERNALS]) expect(visible, internal).not.toContain(internal);
    await popup.close();
  });

  it('"All links" keeps the form token, the validation rules and relation names under its details', async () => {
    const page = await openPlace('All links from the service');
    expect((await readable(page, 'main h1')).trim()).toBe('All links from the service');
    const shown = await readable(page, 'main');
    await page.$eval('details.all-details', (d) => (d.open = true));
    const details = await readable(page, 'details.all-details');
    // The details do hold what the main view must not: the test would see it if it leaked.
    const token = TOKEN.exec(details)?.[0];
    expect(token).toBeDefined();
    expect(details).toContain('^[0-9]{11}$');
    expect(shown).not.toMatch(TOKEN);
    for (const internal of INTERNALS) expect(shown, internal).not.toContain(internal);
    // No relation name the service offered (document_inbox, event_log, …) in the popup's main view.
    const relations = [...new Set(details.match(/\b[a-z]+(?:_[a-z]+)+\b/g) ?? [])];
    expect(relations).toContain('document_inbox');
    const popup = await openPopup(firefox);
    const popupText = await readable(popup);
    for (const name of relations) expect(popupText, name).not.toContain(name);
    await popup.close();
    await page.close();
  });

  it.each(['Inbox', 'Skatt', 'Bolig', 'Arkiv', 'Receipts'])('the page %s leads to shows no internals outside its details', async (place) => {
    const page = await openPlace(place);
    const heading = (await readable(page, 'main h1')).trim();
    expect(heading).not.toMatch(/resource/i);
    const shown = await readable(page, 'main');
    expect(shown).not.toMatch(TOKEN);
    for (const internal of INTERNALS) expect(shown, internal).not.toContain(internal);
    await page.close();
  });
});
