import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { browserUnderTest } from '../support/extension-browser.ts';
import { newViewerFrom, openDetails, showsAccount, signInWith } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { css, isThere, role, roleSelector, shows, textOf, until } from '../support/person.ts';

/*
 * The journey of a person after signing in, against the emulator on a port of its own (an address
 * with a port is what Firefox's host permissions once tripped on): the tests run in order in one
 * browser, as one person would: read the inbox and a PDF letter, come back after the access token
 * expired, sign out, and look at the settings. Signing in itself, declined, cancelled and
 * approved, is sign-in.e2e.ts's.
 */

const LETTER_SUBJECT = 'Strømregning for oktober';

let h: Harness;
let popup: Page;
let viewer: Page;

/** Opens the popup afresh, as a click on the toolbar button does (the popup closes itself when it opens a tab). */
async function reopenPopup(): Promise<void> {
  if (!popup.isClosed()) await popup.close();
  popup = await h.openPopup();
}

async function tokenRequests(): Promise<{ method: string; status: number }[]> {
  return (await h.emulator.admin.requests()).filter((r) => r.path.endsWith('/oauth/accesstoken'));
}

async function preflights(): Promise<unknown[]> {
  return (await h.emulator.admin.requests()).filter((r) => r.method === 'OPTIONS');
}

/** Waits until the page's h1 says these words. */
const headingSays = (page: Page, words: string) =>
  until(page, `The heading did not say "${words}".`, (w: string) => Boolean(document.querySelector('h1')?.textContent.includes(w)), words);

/** Waits until the letter's first PDF page is drawn. */
const pdfDrawn = (page: Page) =>
  until(page, 'No page of the PDF was drawn.', () => document.querySelector('.pdf-page[data-drawn="true"]') !== null);

beforeAll(async () => {
  h = await startHarness({ emulator: { letters: 40 } });
  // The newest letter: a PDF the journey opens.
  await h.emulator.admin.addLetter({ subject: LETTER_SUBJECT, creatorName: 'Fjordkraft', fileType: 'pdf' });
  // Reading letters is a permission of its own ("Open your letters"), not asked for by default.
  await signInWith(h, ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_DOCUMENT_CONTENT']);
  popup = await h.openPopup();
  await showsAccount(h, popup);
  // The newest letters: the PDF letter added last is among them.
  await shows(popup, LETTER_SUBJECT);
});
afterAll(async () => {
  await h.close();
});

describe('reading', () => {
  it('the inbox place opens the viewer in a new tab, with the newest letters', async () => {
    viewer = await newViewerFrom(h, popup, () => css(popup, `${roleSelector('region', 'Mailbox')} .place ::-p-text(Inbox)`).click());
    await headingSays(viewer, 'Inbox');
    expect(await textOf(viewer, 'h1')).toBe('Inbox');
    await shows(viewer, LETTER_SUBJECT);
  });

  it('a click on a letter shows its PDF with no other click: the first page drawn, its text selectable', async () => {
    await css(viewer, `.letter-row a ::-p-text(${LETTER_SUBJECT})`).click();
    await headingSays(viewer, LETTER_SUBJECT);
    await pdfDrawn(viewer);
    await until(
      viewer,
      'The PDF page had no text layer.',
      (s: string) => Boolean(document.querySelector('.pdf-page .textLayer')?.textContent.includes(s)),
      LETTER_SUBJECT,
    );
    expect(await isThere(viewer, 'button', 'Open')).toBe(false);
  });

  it('after the access token expired, reloading the letter refreshes the token once and still shows it', async () => {
    await h.emulator.admin.clearRequests();
    await h.emulator.admin.expireAccessTokens();
    await h.reload(viewer);
    await pdfDrawn(viewer);
    await headingSays(viewer, LETTER_SUBJECT);
    expect(await tokenRequests()).toEqual([expect.objectContaining({ method: 'POST', status: 200 })]);
    // Straight to the service: no CORS preflight, as the host permission covers it.
    expect(await preflights()).toEqual([]);
  });
});

describe('signing out and the settings', () => {
  it('Sign out in the popup ends the session; the viewer then asks to connect', async () => {
    await reopenPopup();
    await role(popup, 'button', 'Sign out').click();
    await role(popup, 'button', 'Connect').wait();
    expect(await textOf(popup, 'h1')).toBe('Not connected');
    await h.reload(viewer);
    // The letter is forgotten with the session; the tab offers what its note says: connect, then the inbox.
    await shows(viewer, 'Connect to open the inbox again.');
    await role(viewer, 'button', 'Connect and open the inbox').wait();
    await popup.close();
  });

  it('the options page shows the redirect URI the browser gives the extension, and the service address', async () => {
    const options = await h.open('src/options/options.html');
    // The connection settings are folded away once configured.
    await openDetails(options, 'Connection to Digipost');
    const valueOf = async (label: string) =>
      (await role(options, 'textbox', label).waitHandle()).evaluate((input) => (input as HTMLInputElement).value);
    // Each browser's own: Firefox's derived from the add-on's ID, Chromium's from the extension's.
    const redirect =
      browserUnderTest() === 'firefox'
        ? /^https:\/\/[0-9a-f]{40}\.extensions\.allizom\.org\/$/
        : new RegExp(`^https://${new URL(h.url('')).host}\\.chromiumapp\\.org/$`);
    expect(await valueOf('Redirect URI')).toMatch(redirect);
    expect(await valueOf('Service address')).toBe(h.emulator.url);
    await options.close();
  });

  it.runIf(browserUnderTest() === 'firefox')(
    'saving another port of the service host needs no new permission (Firefox only: its host permissions match a host at any port; Chromium’s name the port, so another one is a new permission to ask for)',
    async () => {
      const options = await h.open('src/options/options.html');
      await openDetails(options, 'Connection to Digipost');
      // Firefox holds http://127.0.0.1/* (it matches no port), so the request answers at once, with no prompt.
      await role(options, 'textbox', 'Service address').fill(`http://127.0.0.1:${Number(new URL(h.emulator.url).port) + 1}`);
      await role(options, 'button', 'Save connection').click();
      await shows(options, 'Saved.');
      await options.close();
    },
  );
});
