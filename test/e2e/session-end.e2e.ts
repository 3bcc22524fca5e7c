import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pendingRevocationsItem } from '../../src/storage/items.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { cachedLink, sayingWhatItShows, showsAccount, signInWith, storedItems, viewerPageFor, visibleText } from '../support/helpers.ts';

/*
 * What the end of a session does to the extension's open pages and to the service: an open viewer
 * tab drops the letter it shows (and its blob: addresses) when the popup signs out, and a sign-out
 * the service could not be told of is said so, kept, and told once the service answers again.
 */

const SUBJECT = 'Lønnsslipp for mars';
const REVOKE_PATH = '/post/api/oauth/revoke';

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
  await popup.getByRole('button', { name: 'Sign out' }).click();
  await popup.getByRole('button', { name: 'Connect' }).waitFor();
  return popup;
}

async function revokeStatuses(): Promise<number[]> {
  return (await h.emulator.admin.requests()).filter((r) => r.path === REVOKE_PATH).map((r) => r.status);
}

describe('an open viewer tab when the popup signs out', () => {
  it('drops the letter: no subject, no letter frame, its blob: addresses revoked, and Connect offered', async () => {
    const viewer = await h.context.newPage();
    await viewer.goto(await viewerPageFor(h, { url: await cachedLink(h, 'account', 'document_inbox'), relation: 'document_inbox' }));
    await viewer.getByRole('link', { name: new RegExp(SUBJECT) }).first().click();
    await viewer.getByRole('heading', { level: 1, name: SUBJECT }).waitFor();
    // The letter opens to its document at once: its pages drawn, its file behind a blob: address.
    await viewer.locator('.pdf-page[data-drawn]').first().waitFor();
    const addresses = [(await viewer.getByRole('link', { name: 'Download' }).getAttribute('href')) ?? ''];
    expect(addresses.every((address) => address.startsWith('blob:'))).toBe(true);
    const readable = (address: string) => viewer.evaluate((a) => fetch(a).then(() => true, () => false), address);
    expect(await readable(addresses[0] ?? '')).toBe(true);

    const popup = await signOutInPopup();
    await popup.close();

    await viewer.getByRole('button', { name: 'Connect' }).waitFor();
    expect(await visibleText(viewer)).not.toContain(SUBJECT);
    expect(await viewer.locator('iframe, .pdf-page').count()).toBe(0);
    expect(await viewer.locator('a[href^="blob:"]').count()).toBe(0);
    for (const address of addresses) expect(await readable(address), address).toBe(false);
    expect(await viewer.title()).not.toContain(SUBJECT);

    // Connect brings the page back for whoever signs in.
    await h.connectVia(viewer, 'Approve');
    await viewer.getByRole('heading', { level: 1, name: SUBJECT }).waitFor();
    await viewer.close();
  });
});

describe('a sign-out the service could not be told of', () => {
  it('is said so in the popup and the options page, kept, and told exactly once when the worker starts again', async () => {
    const popup = await h.openPopup();
    await showsAccount(h, popup);
    await popup.close();
    await h.emulator.admin.configure({ failRevoke: true });
    await h.emulator.admin.clearRequests();

    const signedOut = await signOutInPopup();
    const notice = signedOut.getByRole('status').filter({ hasText: 'Digipost has not yet been told that you signed out' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('tries again by itself');

    // "Try now" while the service is still down: it says so, and keeps it.
    await notice.getByRole('button', { name: 'Try now' }).click();
    await notice.getByText('Tried again just now: The service had an error.').waitFor();
    expect(await accessibilityViolations(signedOut)).toEqual([]);

    const options = await h.context.newPage();
    await options.goto(h.url('src/options/options.html'));
    const optionsNotice = options.getByRole('status').filter({ hasText: 'Digipost has not yet been told that you signed out' });
    await optionsNotice.waitFor();
    expect(await accessibilityViolations(options)).toEqual([]);
    // The try at sign-out, "Try now", and any start of the worker meanwhile: all refused.
    const refused = await revokeStatuses();
    expect(refused.length).toBeGreaterThanOrEqual(2);
    expect(refused.every((status) => status === 503)).toBe(true);
    expect(Object.keys(await storedItems(await h.worker(), 'local'))).toContain(pendingRevocationsItem.key);

    // The service is back. The browser stops the worker; opening the popup starts it again.
    await h.emulator.admin.configure({ failRevoke: false });
    await h.stopWorker();
    const popup2 = await h.openPopup();
    await popup2.getByRole('button', { name: 'Connect' }).waitFor();

    // Both pages hear that it was done: the options page, open all along, and the new popup.
    await optionsNotice.waitFor({ state: 'detached' });
    await popup2.getByText('Digipost has not yet been told').waitFor({ state: 'detached' });
    expect(await revokeStatuses()).toEqual([...refused, 200]);
    expect(Object.keys(await storedItems(await h.worker(), 'local'))).not.toContain(pendingRevocationsItem.key);

    // Nothing is left to tell: a new popup shows no notice, and no further revoke goes out.
    const again = await h.openPopup();
    await again.getByRole('button', { name: 'Connect' }).waitFor();
    expect(await again.getByText('Digipost has not yet been told').count()).toBe(0);
    expect(await revokeStatuses()).toEqual([...refused, 200]);
    await Promise.all([again.close(), popup2.close(), options.close(), signedOut.close()]);
  });
});

describe('a sign-out while the browser is offline', () => {
  it('is said so, and told exactly once when the browser is back online', async () => {
    await h.emulator.admin.configure({ failRevoke: false });
    const popup = await h.openPopup();
    await h.connectVia(popup, 'Approve');
    await showsAccount(h, popup);
    await h.emulator.admin.clearRequests();
    await h.context.setOffline(true);
    try {
      await popup.getByRole('button', { name: 'Sign out' }).click();
      await popup.getByRole('button', { name: 'Connect' }).waitFor();
      const notice = popup.getByRole('status').filter({ hasText: 'Digipost has not yet been told that you signed out' });
      await notice.waitFor();
      // Nothing reached the service: the browser had no network.
      expect(await revokeStatuses()).toEqual([]);
    } finally {
      await h.context.setOffline(false);
    }
    // The popup hears the browser come back online, and the worker tells the service.
    await sayingWhatItShows(popup, 'The notice stayed.', () => popup.getByText('Digipost has not yet been told').waitFor({ state: 'detached' }));
    expect(await revokeStatuses()).toEqual([200]);
    await popup.close();
  });
});
