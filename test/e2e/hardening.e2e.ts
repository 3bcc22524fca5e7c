import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenItem } from '../../src/storage/items.ts';
import { rootCacheItem } from '../../src/storage/page-items.ts';
import { getJson, signIn, type RootJson } from '../emulator/flow.ts';
import { SHARED_MAILBOX } from '../emulator/shared-mailbox.ts';
import {
  badgeText,
  cachedLink,
  dropRootCache,
  inLetter,
  openDetails,
  openPlace,
  savedDownload,
  showsAccount,
  signInWith,
  storeItems,
  untilIdle,
  untilServiceQuiet,
  viewerPageFor,
} from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { count, css, readable, role, roleSelector, says, shows, stopsShowing, textOf, until } from '../support/person.ts';
import {
  addTrackerLetter,
  startCountingServer,
  TRACKER_LETTER_SUBJECT,
  TRACKER_LETTER_TEXT,
  type CountingServer,
} from '../support/tracker-letter.ts';

/*
 * Points 1 and 3 of the hardening, against the emulator: a token endpoint that never answers, and
 * an HTML letter that tries to tell its sender it was read. And points 1 and 3 of issue #44, odd
 * and hostile answers: a mailbox shared with the person (the emulator's sharedMailbox, her father
 * Ola Nordmann's) whose entry in the root says odd things, and a finished write asked for again
 * while a read of the service fails.
 */

let h: Harness;
let tracker: CountingServer;
const downloads = mkdtempSync(join(tmpdir(), 'hardening-downloads-'));

/** Opens the inbox, then its newest letter; `watch` sees the tab before the letter is asked for. */
async function openNewestLetter(watch: (page: Page) => void): Promise<Page> {
  const page = await h.open(await viewerPageFor(h, { url: await cachedLink(h, 'account', 'document_inbox'), relation: 'document_inbox' }));
  watch(page);
  await css(page, '.letter-row a').click();
  await css(page, '.letter-head').wait();
  return page;
}

beforeAll(async () => {
  tracker = await startCountingServer();
  h = await startHarness({ downloads, emulator: { sharedMailbox: true } });
  await signInWith(h, ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_DOCUMENT_CONTENT', 'UPDATE_DOCUMENT']);
});
afterAll(async () => {
  await h.close();
  await tracker.stop();
  rmSync(downloads, { recursive: true, force: true });
});

describe('an HTML letter loads nothing from any host', () => {
  it('opening a letter full of trackers makes no request or connection to the tracker, while its embedded image shows', async () => {
    await addTrackerLetter(h.emulator.admin, tracker.origin);
    // The popup refreshes the root, so the inbox shows the new letter.
    const popup = await h.openPopup();
    await showsAccount(h, popup);
    await popup.close();
    // Requests the browser completed to the tracker (one it blocks still raises a 'request' event).
    const seenByBrowser: string[] = [];
    const page = await openNewestLetter((tab) =>
      tab.on('requestfinished', (request) => {
        if (request.url().startsWith(tracker.origin)) seenByBrowser.push(request.url());
      }),
    );
    expect(await textOf(page, 'h1')).toContain(TRACKER_LETTER_SUBJECT);

    const frame = await css(page, 'iframe.letter-frame').waitHandle();
    expect(await frame.evaluate((el) => el.getAttribute('sandbox'))).not.toContain('allow-scripts');
    // The whole letter reads, and its data: image shows, once the letter's document has loaded.
    await until(page, 'The letter did not show whole, with its embedded image.', () => {
      const doc = document.querySelector<HTMLIFrameElement>('iframe.letter-frame')?.contentDocument;
      const image = doc?.querySelector<HTMLImageElement>('#embedded');
      return (
        doc?.readyState === 'complete' &&
        doc.querySelector('#tracker-end') !== null &&
        image?.complete === true &&
        image.naturalWidth === 12
      );
    });
    expect(await inLetter(page, (doc) => doc?.querySelector('#tracker-text')?.textContent)).toBe(TRACKER_LETTER_TEXT);
    await untilIdle(page);
    expect(tracker.requests()).toEqual([]);
    expect(tracker.connections()).toBe(0);
    expect(seenByBrowser).toEqual([]);

    // The frame is as tall as the letter (which is longer than the window), not a fixed box.
    const heights = await inLetter(page, (doc, element) => ({
      frame: element?.getBoundingClientRect().height ?? 0,
      letter: doc?.documentElement.getBoundingClientRect().height ?? 0,
    }));
    expect(heights.letter).toBeGreaterThan(900);
    expect(Math.abs(heights.frame - heights.letter)).toBeLessThanOrEqual(4);

    // Download hands over the bytes as a file, never as a page that renders.
    const link = await role(page, 'link', 'Download').waitHandle();
    expect(await link.evaluate(async (a) => (await (await fetch((a as HTMLAnchorElement).href)).blob()).type)).toBe(
      'application/octet-stream',
    );
    await role(page, 'link', 'Download').click();
    await savedDownload(downloads, `${TRACKER_LETTER_SUBJECT}.html`);
    expect((await h.tabs()).filter((tab) => tab.address.startsWith('blob:'))).toEqual([]);
    expect(tracker.requests()).toEqual([]);
    await page.close();
  });
});

describe('every network wait is bounded', () => {
  it('a token endpoint that never answers: the popup says so, and the next try works once the service answers', async () => {
    // The access token has run out, so the next call must go to the token endpoint first.
    await storeItems(h, 'session', { [accessTokenItem.key]: { token: 'expired', expiresAt: 0 }, [rootCacheItem.key]: undefined });
    await h.emulator.admin.configure({ stallTokenEndpoint: true });
    try {
      const popup = await h.openPopup();
      // In words first; the technical sentence only under Details.
      await shows(popup, 'Digipost isn’t answering right now');
      await openDetails(popup, 'Details');
      await shows(popup, 'no answer within 5 s');
      await h.emulator.admin.configure({ stallTokenEndpoint: false });
      // No reload of the extension: the popup's own Try again works.
      await role(popup, 'button', 'Try again').click();
      await showsAccount(h, popup);
      await popup.close();
    } finally {
      await h.emulator.admin.configure({ stallTokenEndpoint: false });
    }
  });
});

describe('one odd field of a shared mailbox costs only itself (issue #44, point 1)', () => {
  it('a shared mailbox listed with usedStorage null and a storage of -1: the person’s popup still shows their name, unread count and newest letters, the badge counts, and the shared mailbox is listed', async () => {
    const shared = SHARED_MAILBOX.digipostaddress;
    // A new letter in each mailbox: what the popup and the badge show is read from the odd root, not one seen before.
    await h.emulator.admin.addLetter({ subject: 'Eget brev ved en rar nabo', creatorName: 'Skatteetaten' });
    await h.emulator.admin.addLetter({ subject: 'Brev til Ola med rar lagring', creatorName: 'NAV', mailbox: shared });
    await h.emulator.admin.setMailboxEntryFields({ usedStorage: null, totalAvailableStorage: -1 }, shared);
    try {
      // The counts as the service has them, read with a token of the test's own.
      const { access_token: token } = await signIn(h.emulator, 'READ_ACCOUNT_INFO');
      const served = await getJson<RootJson>(`${h.emulator.url}/post/api`, token);
      expect(served.mailbox[1]).toMatchObject({ usedStorage: null, totalAvailableStorage: -1 });
      const own = served.primaryAccount.unreadItemsInInbox;
      const theirs = served.mailbox[1]?.unreadItemsInInbox ?? NaN;

      await dropRootCache(h);
      const popup = await h.openPopup();
      await showsAccount(h, popup);
      await role(popup, 'button', `Inbox ${own} unread`).wait();
      await role(popup, 'button', `Ola Nordmann’s inbox ${theirs} unread`).wait();
      await shows(popup, 'Eget brev ved en rar nabo');
      await shows(popup, 'Brev til Ola med rar lagring');
      expect(await count(popup, roleSelector('alert'))).toBe(0);
      await expect.poll(() => badgeText(h)).toBe(String(own + theirs));
      await popup.close();
    } finally {
      await h.emulator.admin.setMailboxEntryFields({}, shared);
    }
  });
});

describe('a finished write asked for again is not sent again when a read fails (issue #44, point 3)', () => {
  it('a new folder whose answer was lost: a failed look says it could not check, the folder made asked for again while a read fails sends nothing, and Look again finds it, one POST in all', async () => {
    const name = 'Kvitteringer 2025';
    const admin = h.emulator.admin;
    const folderPosts = async () => (await admin.requests()).filter((r) => r.method === 'POST' && r.path.endsWith('/folders'));
    const alert = roleSelector('alert');
    const UNKNOWN = 'Digipost did not say whether the change was made';
    const CREATED = `The folder “${name}” was created.`;
    /** New folder, the name, Create folder, as a person does. */
    const askForFolder = async (page: Page) => {
      await role(page, 'button', 'New folder').click();
      await role(page, 'textbox', 'Folder name').fill(name);
      await role(page, 'button', 'Create folder').click();
    };
    /** Waits until the page's alert says it could not check, then opens its details and reads why. */
    const saysCouldNotCheck = async (page: Page) => {
      await says(page, 'alert', UNKNOWN);
      await until(
        page,
        'The alert did not say the look could not check.',
        () => document.querySelector('[role="alert"] .alert-detail')?.textContent.includes('could not check') === true,
      );
      await openDetails(page, 'Details');
      await shows(page, 'could not check: http_server');
      await css(page, `${alert} ${roleSelector('button', 'Send again, though it may have arrived')}`).wait();
      expect(await readable(page)).not.toContain(CREATED);
    };
    /** The next read of the root (the look for a new folder) fails once, once the worker's reads in the background are over. */
    const nextRootReadFails = async () => {
      await untilServiceQuiet(admin);
      await admin.failNext(1, '500', '/post/api', 'GET', true);
    };

    // The popup reads the root afresh: the viewer opens at the inbox the root names.
    const popup = await h.openPopup();
    await showsAccount(h, popup);
    await popup.close();
    const page = await openPlace(h, 'document_inbox');
    await admin.clearRequests();
    try {
      // The service makes it and the gateway answers 504, then stays down: the worker's own look sees nothing either.
      await admin.failNext(1, '504-after-down', '/post/api/private/accounts/', 'POST');
      await askForFolder(page);
      await says(page, 'alert', UNKNOWN);
      await css(page, `${alert} ${roleSelector('button', 'Look again')}`).wait();
      expect(await folderPosts()).toHaveLength(1);

      // Look again while the read fails once: it could not check, and sends nothing.
      await admin.configure({ gatewayDown: false });
      await nextRootReadFails();
      await css(page, `${alert} ${roleSelector('button', 'Look again')}`).click();
      await saysCouldNotCheck(page);
      expect(await folderPosts()).toHaveLength(1);

      // The service answers: Look again finds the folder. The write is done.
      await css(page, `${alert} ${roleSelector('button', 'Look again')}`).click();
      await says(page, 'status', CREATED);
      await stopsShowing(page, UNKNOWN);
      expect(await folderPosts()).toHaveLength(1);

      // Asked for again, the same folder, while the read that would show it fails once: not known,
      // never "not there". Nothing is sent; the page says it could not check.
      await nextRootReadFails();
      await askForFolder(page);
      // Once the page has its answer (the last one's alert went with the folder made), the service has had no second POST.
      await css(page, alert).wait();
      expect(await folderPosts()).toHaveLength(1);
      await saysCouldNotCheck(page);

      // With the service answering, Look again says it is done: still one POST, one folder.
      await css(page, `${alert} ${roleSelector('button', 'Look again')}`).click();
      await says(page, 'status', CREATED);
      expect(await folderPosts()).toHaveLength(1);
      await css(page, `${roleSelector('navigation', 'Mailbox')} ${roleSelector('link', name)}`).wait();
      expect(await count(page, `${roleSelector('navigation', 'Mailbox')} ${roleSelector('link', name)}`)).toBe(1);
    } finally {
      await admin.configure({ gatewayDown: false });
    }
    await page.close();
  });
});
