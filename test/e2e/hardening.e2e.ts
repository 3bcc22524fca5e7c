import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenItem } from '../../src/storage/items.ts';
import { rootCacheItem } from '../../src/storage/page-items.ts';
import { cachedLink, signInWith, storeItems, viewerPageFor } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { addTrackerLetter, startCountingServer, TRACKER_LETTER_SUBJECT, TRACKER_LETTER_TEXT, type CountingServer } from '../support/tracker-letter.ts';

/*
 * Points 1 and 3 of the hardening, in Chromium against the emulator: a token endpoint that never
 * answers, and an HTML letter that tries to tell its sender it was read.
 */

let h: Harness;
let tracker: CountingServer;

async function openNewestLetter(): Promise<Page> {
  const page = await h.context.newPage();
  await page.goto(await viewerPageFor(h, { url: await cachedLink(h, 'account', 'document_inbox'), relation: 'document_inbox' }));
  await page.locator('.letter-row a').first().click();
  await page.locator('.letter-head').waitFor();
  return page;
}

/** Reads the letter's document from the viewer page (the sandbox runs no script of its own). */
function inLetter<T>(page: Page, read: (doc: Document, frame: HTMLIFrameElement) => T): Promise<T> {
  return page.evaluate<T>(`(${read.toString()})(document.querySelector('iframe.letter-frame').contentDocument, document.querySelector('iframe.letter-frame'))`);
}

beforeAll(async () => {
  tracker = await startCountingServer();
  h = await startHarness();
  await signInWith(h, ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_DOCUMENT_CONTENT']);
});
afterAll(async () => {
  await h.close();
  await tracker.stop();
});

describe('an HTML letter loads nothing from any host', () => {
  it('opening a letter full of trackers makes no request to the tracker, while its embedded image shows', async () => {
    await addTrackerLetter(h.emulator.admin, tracker.origin);
    // Requests the browser completed to the tracker (one it blocks still raises a 'request' event).
    const seenByBrowser: string[] = [];
    h.context.on('requestfinished', (request) => {
      if (request.url().startsWith(tracker.origin)) seenByBrowser.push(request.url());
    });
    // The popup refreshes the root, so the inbox shows the new letter.
    const popup = await h.openPopup();
    await popup.getByRole('heading', { level: 1, name: h.emulator.user.fullName }).waitFor();
    await popup.close();
    const page = await openNewestLetter();
    expect(await page.locator('h1').textContent()).toContain(TRACKER_LETTER_SUBJECT);

    const frame = page.locator('iframe.letter-frame');
    await frame.waitFor();
    expect(await frame.getAttribute('sandbox')).not.toContain('allow-scripts');
    const letter = page.frameLocator('iframe.letter-frame');
    expect(await letter.locator('#tracker-text').textContent()).toBe(TRACKER_LETTER_TEXT);
    await letter.locator('#tracker-end').waitFor();
    // The data: image shows.
    await expect.poll(() => letter.locator('#embedded').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(12);
    await expect.poll(() => inLetter(page, (doc) => doc.readyState)).toBe('complete');
    // Nothing announces "nothing happened": after the letter's load event, give late loaders
    // (prefetch runs when the browser is idle, lazy images on layout) a moment, then count. This is
    // the suite's one fixed wait: a loader that never starts fires no event to wait for.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.waitForTimeout(750);
    expect(tracker.requests()).toEqual([]);
    expect(tracker.connections()).toBe(0);
    expect(seenByBrowser).toEqual([]);

    // The frame is as tall as the letter (which is longer than the window), not a fixed box.
    const heights = await inLetter(page, (doc, element) => ({ frame: element.getBoundingClientRect().height, letter: doc.documentElement.getBoundingClientRect().height }));
    expect(heights.letter).toBeGreaterThan(900);
    expect(Math.abs(heights.frame - heights.letter)).toBeLessThanOrEqual(4);

    // Download hands over the bytes as a file, never as a page that renders.
    const link = page.getByRole('link', { name: 'Download' });
    expect(await link.evaluate(async (a: HTMLAnchorElement) => (await (await fetch(a.href)).blob()).type)).toBe('application/octet-stream');
    const downloading = page.waitForEvent('download');
    await link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${TRACKER_LETTER_SUBJECT}.html`);
    expect(h.context.pages().some((p) => p.url().startsWith('blob:'))).toBe(false);
    expect(tracker.requests()).toEqual([]);
    await page.close();
  });
});

describe('every network wait is bounded', () => {
  it('a token endpoint that never answers: the popup says so, and the next try works once the service answers', async () => {
    const worker = await h.worker();
    // The access token has run out, so the next call must go to the token endpoint first.
    await storeItems(worker, 'session', { [accessTokenItem.key]: { token: 'expired', expiresAt: 0 }, [rootCacheItem.key]: undefined });
    await h.emulator.admin.configure({ stallTokenEndpoint: true });
    try {
      const popup = await h.openPopup();
      await popup.getByText('The service did not answer in time.').waitFor({ timeout: 30_000 });
      await h.emulator.admin.configure({ stallTokenEndpoint: false });
      // No reload of the extension: the popup's own Try again works.
      await popup.getByRole('button', { name: 'Try again' }).click();
      await popup.getByRole('heading', { level: 1, name: h.emulator.user.fullName }).waitFor();
      await popup.close();
    } finally {
      await h.emulator.admin.configure({ stallTokenEndpoint: false });
    }
  });
});
