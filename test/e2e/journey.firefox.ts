import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { startEmulator, type RunningEmulator } from '../emulator/index.ts';
import { E2E_CLIENT_ID, E2E_CLIENT_SECRET } from '../support/build-extension.ts';
import { launchFirefoxWithExtension, navigate, type FirefoxWithExtension } from '../support/firefox.ts';
import { click, control, element, field, headingText, shows, WAIT, waitFor } from '../support/firefox-page.ts';
import { FIREFOX_E2E_DIST, FIREFOX_E2E_PORT } from './firefox-setup.ts';

/*
 * The whole journey of a Firefox user, in Debian's firefox-esr over WebDriver BiDi, against the
 * emulator on a port of its own (an address with a port is what Firefox's host permissions once
 * tripped on). The tests run in order in one browser, as one person would: decline, cancel,
 * connect, read, and sign out. Elements are found by their role and text, as a person finds them.
 */

const LETTER_SUBJECT = 'Strømregning for oktober';

let emulator: RunningEmulator;
let firefox: FirefoxWithExtension;
let popup: Page;
let viewer: Page;

/** Opens the popup afresh, as a click on the toolbar button does (the popup closes itself when it opens a tab). */
async function reopenPopup(): Promise<void> {
  await popup.close().catch(() => undefined);
  popup = await firefox.openPage('src/popup/popup.html');
}

/** Clicks Connect and answers the service's consent page, in the window identity.launchWebAuthFlow opens. */
async function connectVia(decision: 'Approve' | 'Decline'): Promise<void> {
  const consent = await firefox.nextPage(() => click(popup, 'Connect', true), (t) => t.url().includes('/oauth/authorize'));
  await click(consent, decision, true);
}

async function tokenRequests(): Promise<{ method: string; status: number }[]> {
  return (await emulator.admin.requests()).filter((r) => r.path.endsWith('/oauth/accesstoken'));
}

beforeAll(async () => {
  emulator = await startEmulator({ port: FIREFOX_E2E_PORT, clientId: E2E_CLIENT_ID, clientSecret: E2E_CLIENT_SECRET, letters: 40, quiet: true });
  // The newest letter: a PDF the suite opens.
  await emulator.admin.addLetter({ subject: LETTER_SUBJECT, creatorName: 'Fjordkraft', fileType: 'pdf' });
  firefox = await launchFirefoxWithExtension(FIREFOX_E2E_DIST);
  popup = await firefox.openPage('src/popup/popup.html');
});

afterAll(async () => {
  // Either may be missing when beforeAll failed part-way.
  await (firefox as FirefoxWithExtension | undefined)?.close();
  await (emulator as RunningEmulator | undefined)?.stop();
});

describe('Firefox: signing in through identity.launchWebAuthFlow', () => {
  it('declining on the consent page says so and stays signed out', async () => {
    await control(popup, 'Connect', true);
    expect(await headingText(popup)).toBe('Not connected');
    await connectVia('Decline');
    await shows(popup, 'You declined access');
    expect(await tokenRequests()).toEqual([]);
    await reopenPopup();
    await control(popup, 'Connect', true);
  });

  it('closing the consent window cancels the sign-in', async () => {
    const consent = await firefox.nextPage(() => click(popup, 'Connect', true), (t) => t.url().includes('/oauth/authorize'));
    await control(consent, 'Approve', true);
    await consent.close();
    await shows(popup, 'Sign-in was cancelled.');
    expect(await tokenRequests()).toEqual([]);
  });

  it('approving signs in: the popup shows who is signed in, the unread count and the newest letters', async () => {
    await reopenPopup();
    await connectVia('Approve');
    await waitFor(
      popup,
      (name: string) => [...document.querySelectorAll('h1')].some((h) => h.textContent.trim() === name),
      WAIT,
      emulator.user.fullName,
    );
    await shows(popup, 'unread letters');
    // The newest letters: the PDF letter added last is among them.
    await shows(popup, LETTER_SUBJECT);
    // The token request went straight to the service: no CORS preflight, as the host permission covers it.
    expect(await tokenRequests()).toEqual([expect.objectContaining({ method: 'POST', status: 200 })]);
    expect((await emulator.admin.requests()).filter((r) => r.method === 'OPTIONS')).toEqual([]);
  });
});

describe('Firefox: reading', () => {
  it('the inbox link opens the viewer in a new tab, with the newest letters', async () => {
    viewer = await firefox.nextPage(() => click(popup, 'Inbox'));
    await waitFor(viewer, () => document.querySelector('h1')?.textContent.trim() === 'Inbox', WAIT);
    await shows(viewer, LETTER_SUBJECT);
  });

  it('a click on a letter shows its PDF with no other click: the first page drawn, its text selectable', async () => {
    await click(viewer, LETTER_SUBJECT);
    await waitFor(viewer, (s: string) => document.querySelector('h1')?.textContent.includes(s), WAIT, LETTER_SUBJECT);
    await element(viewer, '.pdf-page[data-drawn="true"]', WAIT);
    const text = await viewer.evaluate(() => document.querySelector('.pdf-page .textLayer')?.textContent ?? '');
    expect(text).toContain(LETTER_SUBJECT);
    expect(await viewer.evaluate(() => [...document.querySelectorAll('button')].some((b) => b.textContent.trim() === 'Open'))).toBe(false);
  });

  it('after the access token expired, reloading the letter refreshes the token once and still shows it', async () => {
    await emulator.admin.clearRequests();
    await emulator.admin.expireAccessTokens();
    await viewer.bringToFront();
    await navigate(viewer, await viewer.evaluate(() => location.href));
    await element(viewer, '.pdf-page[data-drawn="true"]', WAIT);
    await shows(viewer, LETTER_SUBJECT);
    expect(await tokenRequests()).toEqual([expect.objectContaining({ method: 'POST', status: 200 })]);
    expect((await emulator.admin.requests()).filter((r) => r.method === 'OPTIONS')).toEqual([]);
  });
});

describe('Firefox: signing out and the settings', () => {
  it('Sign out in the popup ends the session; the viewer then asks to connect', async () => {
    await reopenPopup();
    await click(popup, 'Sign out', true);
    await control(popup, 'Connect', true);
    expect(await headingText(popup)).toBe('Not connected');
    await navigate(viewer, await viewer.evaluate(() => location.href));
    // The letter is forgotten with the session; the tab offers what its note says: connect, then the inbox.
    await shows(viewer, 'Connect to open the inbox again.');
    await control(viewer, 'Connect and open the inbox', true);
  });

  it('the options page shows the Firefox redirect URI, and saving another port of the service host needs no new permission', async () => {
    const options = await firefox.openPage('src/options/options.html');
    // The connection settings are folded away once configured.
    await (await element(options, 'details.publisher > summary', WAIT)).click();
    const address = await field(options, 'Service address');
    const redirect = await field(options, 'Redirect URI');
    expect(await redirect.evaluate((node) => node.value)).toMatch(/^https:\/\/[0-9a-f]{40}\.extensions\.allizom\.org\/$/);
    expect(await address.evaluate((node) => node.value)).toBe(emulator.url);
    // Firefox holds http://127.0.0.1/* (it matches no port), so the request answers at once, with no prompt.
    await address.click({ count: 3 });
    await address.type(`http://127.0.0.1:${FIREFOX_E2E_PORT + 1}`);
    await click(options, 'Save', true);
    await shows(options, 'Saved.');
  });
});
