import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenItem } from '../../src/storage/items.ts';
import { rootCacheItem } from '../../src/storage/page-items.ts';
import { cachedLink, inLetter, openDetails, savedDownload, showsAccount, signInWith, storeItems, untilIdle, viewerPageFor } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { css, role, shows, textOf, until } from '../support/person.ts';
import { addTrackerLetter, startCountingServer, TRACKER_LETTER_SUBJECT, TRACKER_LETTER_TEXT, type CountingServer } from '../support/tracker-letter.ts';

/*
 * Points 1 and 3 of the hardening, against the emulator: a token endpoint that never answers, and
 * an HTML letter that tries to tell its sender it was read.
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
  h = await startHarness({ downloads });
  await signInWith(h, ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_DOCUMENT_CONTENT']);
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
      return doc?.readyState === 'complete' && doc.querySelector('#tracker-end') !== null && image?.complete === true && image.naturalWidth === 12;
    });
    expect(await inLetter(page, (doc) => doc?.querySelector('#tracker-text')?.textContent)).toBe(TRACKER_LETTER_TEXT);
    await untilIdle(page);
    expect(tracker.requests()).toEqual([]);
    expect(tracker.connections()).toBe(0);
    expect(seenByBrowser).toEqual([]);

    // The frame is as tall as the letter (which is longer than the window), not a fixed box.
    const heights = await inLetter(page, (doc, element) => ({ frame: element?.getBoundingClientRect().height ?? 0, letter: doc?.documentElement.getBoundingClientRect().height ?? 0 }));
    expect(heights.letter).toBeGreaterThan(900);
    expect(Math.abs(heights.frame - heights.letter)).toBeLessThanOrEqual(4);

    // Download hands over the bytes as a file, never as a page that renders.
    const link = await role(page, 'link', 'Download').waitHandle();
    expect(await link.evaluate(async (a) => (await (await fetch((a as HTMLAnchorElement).href)).blob()).type)).toBe('application/octet-stream');
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
