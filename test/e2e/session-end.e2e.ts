import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { pendingRevocationsItem } from '../../src/storage/items.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { browserUnderTest } from '../support/extension-browser.ts';
import {
  badgeText,
  badgeTitle,
  dropRootCache,
  openPlace,
  sayingWhatItShows,
  showsAccount,
  signInWith,
  storedItems,
  visibleText,
} from '../support/helpers.ts';
import { count, css, role, shows, stopsShowing, text, until } from '../support/person.ts';

/*
 * What the end of a session does to the extension's open pages and to the service: an open viewer
 * tab drops the letter it shows (and its blob: addresses) when the popup signs out, and a sign-out
 * the service could not be told of is said so, kept, and told once the service answers again.
 */

const SUBJECT = 'Lønnsslipp for mars';
const REVOKE_PATH = '/post/api/oauth/revoke';
const NOT_TOLD = 'Digipost has not yet been told that you signed out';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  await h.emulator.admin.addLetter({ subject: SUBJECT, creatorName: 'Arbeidsgiver AS', fileType: 'pdf' });
  await signInWith(h, ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_DOCUMENT_CONTENT']);
});
afterAll(async () => {
  await h.close();
});

async function signOutInPopup(): Promise<Page> {
  const popup = await h.openPopup();
  await role(popup, 'button', 'Sign out').click();
  await role(popup, 'button', 'Connect').wait();
  return popup;
}

async function revokeStatuses(): Promise<number[]> {
  return (await h.emulator.admin.requests()).filter((r) => r.path === REVOKE_PATH).map((r) => r.status);
}

/** The names of the buttons a page shows, in order. */
const buttonsOf = (page: Page) =>
  page.$$eval('button', (buttons) => buttons.filter((b) => b.offsetParent !== null).map((b) => b.textContent.trim()));

const headingSays = (page: Page, words: string) =>
  until(page, `The heading did not say "${words}".`, (w: string) => Boolean(document.querySelector('h1')?.textContent.includes(w)), words);

describe('an open viewer tab when the popup signs out', () => {
  it('drops the letter: no subject, no letter frame, its blob: addresses revoked, and Connect offered', async () => {
    const viewer = await openPlace(h, 'document_inbox');
    await text(viewer, SUBJECT, '.letter-row a').click();
    await headingSays(viewer, SUBJECT);
    // The letter opens to its document at once: its pages drawn, its file behind a blob: address.
    await css(viewer, '.pdf-page[data-drawn]').wait();
    await css(viewer, 'a[href^="blob:"]').wait();
    const addresses = await viewer.$$eval('a[href^="blob:"]', (links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(addresses.length).toBeGreaterThan(0);
    const readable = (address: string) =>
      viewer.evaluate(
        (a: string) =>
          fetch(a).then(
            () => true,
            () => false,
          ),
        address,
      );
    for (const address of addresses) expect(await readable(address), address).toBe(true);

    const popup = await signOutInPopup();
    await popup.close();

    await role(viewer, 'button', 'Connect').wait();
    expect(await visibleText(viewer)).not.toContain(SUBJECT);
    expect(await count(viewer, 'iframe, .pdf-page')).toBe(0);
    expect(await count(viewer, 'a[href^="blob:"]')).toBe(0);
    for (const address of addresses) expect(await readable(address), address).toBe(false);
    expect(await viewer.title()).not.toContain(SUBJECT);

    // Connect brings the page back for whoever signs in.
    await h.connectVia(viewer, 'Approve');
    await headingSays(viewer, SUBJECT);
    await viewer.close();
  });
});

describe('a connection Digipost ended (the grant withdrawn on its website)', () => {
  const ENDED = 'Digipost ended the connection';

  it('is said in the popup, closed and opened again, and in the settings, with Connect; Dismiss forgets it everywhere', async () => {
    const popup = await h.openPopup();
    await showsAccount(h, popup);
    await popup.close();
    await h.emulator.admin.revokeGrants();
    // The next look at the service finds it: its token refused, the refresh token too.
    await dropRootCache(h);

    const first = await h.openPopup();
    await headingSays(first, ENDED);
    await shows(first, 'withdrawn on Digipost’s website');
    // The toolbar button says so too: no count, and why.
    await expect.poll(() => badgeTitle(h)).toBe('Digipost ended the connection. Open to connect again.');
    expect(await badgeText(h)).toBe('');
    expect(await buttonsOf(first)).toEqual(['Connect']);
    expect(await accessibilityViolations(first)).toEqual([]);
    await first.close();

    // Closed and opened again: still said, not a bare "Not connected".
    const again = await h.openPopup();
    await headingSays(again, ENDED);
    expect(await visibleText(again)).not.toContain('Not connected');
    expect(await buttonsOf(again)).toEqual(['Connect']);
    await again.close();

    const options = await h.open('src/options/options.html');
    await role(options, 'heading', ENDED).wait();
    await role(options, 'button', 'Connect').wait();
    expect(await accessibilityViolations(options)).toEqual([]);
    await role(options, 'button', 'Dismiss').click();
    await role(options, 'heading', 'Not connected').wait();
    await options.close();

    const dismissed = await h.openPopup();
    await role(dismissed, 'heading', 'Not connected').wait();
    expect(await visibleText(dismissed)).not.toContain(ENDED);
    // Connect brings the mailbox back.
    await h.connectVia(dismissed, 'Approve');
    await showsAccount(h, dismissed);
    await dismissed.close();
  });
});

describe('a sign-out the service could not be told of', () => {
  it.runIf(browserUnderTest() === 'chromium')(
    'is said so in the popup and the options page, kept, and told exactly once when the worker starts again (Chromium only: Firefox cannot stop its background page on request)',
    async () => {
      const stopWorker = h.stopWorker;
      if (!stopWorker) throw new Error('this browser cannot stop the worker');
      const popup = await h.openPopup();
      await showsAccount(h, popup);
      await popup.close();
      await h.emulator.admin.configure({ failRevoke: true });
      await h.emulator.admin.clearRequests();

      const signedOut = await signOutInPopup();
      await shows(signedOut, NOT_TOLD);
      await shows(signedOut, 'tries again by itself');

      // "Try now" while the service is still down: it says so, and keeps it.
      await role(signedOut, 'button', 'Try now').click();
      await shows(signedOut, 'Tried again just now: The service had an error.');
      expect(await accessibilityViolations(signedOut)).toEqual([]);

      const options = await h.open('src/options/options.html');
      await shows(options, NOT_TOLD);
      expect(await accessibilityViolations(options)).toEqual([]);
      // The try at sign-out, "Try now", and any start of the worker meanwhile: all refused.
      const refused = await revokeStatuses();
      expect(refused.length).toBeGreaterThanOrEqual(2);
      expect(refused.every((status) => status === 503)).toBe(true);
      expect(Object.keys(await storedItems(h, 'local'))).toContain(pendingRevocationsItem.key);

      // The service is back. The browser stops the worker; opening the popup starts it again.
      await h.emulator.admin.configure({ failRevoke: false });
      await stopWorker();
      const popup2 = await h.openPopup();
      await role(popup2, 'button', 'Connect').wait();

      // Both pages hear that it was done: the options page, open all along, and the new popup.
      await stopsShowing(options, NOT_TOLD);
      await stopsShowing(popup2, NOT_TOLD);
      expect(await revokeStatuses()).toEqual([...refused, 200]);
      expect(Object.keys(await storedItems(h, 'local'))).not.toContain(pendingRevocationsItem.key);

      // Nothing is left to tell: a new popup shows no notice, and no further revoke goes out.
      const again = await h.openPopup();
      await role(again, 'button', 'Connect').wait();
      expect(await visibleText(again)).not.toContain(NOT_TOLD);
      expect(await revokeStatuses()).toEqual([...refused, 200]);
      await Promise.all([again.close(), popup2.close(), options.close(), signedOut.close()]);
    },
  );
});

describe('a sign-out while the browser is offline', () => {
  it.runIf(browserUnderTest() === 'chromium')(
    'is said so, and told exactly once when the browser is back online (Chromium only: Firefox cannot take its background page offline on request)',
    async () => {
      const setOffline = h.setOffline;
      if (!setOffline) throw new Error('this browser cannot go offline on request');
      await h.emulator.admin.configure({ failRevoke: false });
      const popup = await h.openPopup();
      await h.connectVia(popup, 'Approve');
      await showsAccount(h, popup);
      await h.emulator.admin.clearRequests();
      await setOffline(true);
      try {
        await role(popup, 'button', 'Sign out').click();
        await role(popup, 'button', 'Connect').wait();
        await shows(popup, NOT_TOLD);
        // Nothing reached the service: the browser had no network.
        expect(await revokeStatuses()).toEqual([]);
      } finally {
        await setOffline(false);
      }
      // The popup hears the browser come back online, and the worker tells the service.
      await sayingWhatItShows(popup, 'The notice stayed.', () => stopsShowing(popup, 'Digipost has not yet been told'));
      expect(await revokeStatuses()).toEqual([200]);
      await popup.close();
    },
  );
});
