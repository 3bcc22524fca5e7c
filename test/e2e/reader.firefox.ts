import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../emulator/index.ts';
import { E2E_CLIENT_ID, E2E_CLIENT_SECRET } from '../support/build-extension.ts';
import { launchFirefoxWithExtension, type FirefoxWithExtension } from '../support/firefox.ts';
import { click, element, shows, WAIT, waitFor } from '../support/firefox-page.ts';
import { FIREFOX_E2E_DIST, FIREFOX_E2E_PORT } from './firefox-setup.ts';

/*
 * The one-click letter in Firefox (issue #20, point 1): a letter behind an opening receipt or a
 * stronger login fetches nothing until the person chooses, and a letter opened from the inbox is
 * read in the list and in the popup's count afterwards. The emulator's request log is what counts.
 */

const RECEIPT_SUBJECT = 'Innkalling til time';
const STRONGER_SUBJECT = 'Vedtak om bostøtte';
const PLAIN_SUBJECT = 'Strømregning for november';

let emulator: RunningEmulator;
let firefox: FirefoxWithExtension;
let viewer: Page;

async function contentAndReceiptRequests(): Promise<{ method: string; path: string; status: number; time: number }[]> {
  return (await emulator.admin.requests()).filter((r) => r.path.endsWith('/content') || r.path.includes('/openingreceipt'));
}

/** Two animation frames: the view's effects (which would ask the worker for content) have run. */
function afterEffects(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

/** The popup's unread count, as it says it ("3 unread letters"). */
async function popupUnreadCount(): Promise<number> {
  const popup = await firefox.openPage('src/popup/popup.html');
  try {
    await shows(popup, 'unread letters');
    const text = await popup.evaluate(() => document.body.innerText);
    const count = /(\d+)\s+unread letters?/.exec(text)?.[1];
    if (count === undefined) throw new Error(`the popup says no unread count: ${text.slice(0, 300)}`);
    return Number(count);
  } finally {
    await popup.close();
  }
}

/** Back to the inbox from a letter, as the browser's Back button does inside the tab. */
async function backToInbox(): Promise<void> {
  await viewer.evaluate(() => history.back());
  await waitFor(viewer, () => document.querySelector('h1')?.textContent.trim() === 'Inbox', WAIT);
}

function rowIsUnread(subject: string): Promise<boolean | undefined> {
  return viewer.evaluate(
    (s: string) => [...document.querySelectorAll('.letter-row')].find((row) => row.textContent.includes(s))?.classList.contains('is-unread'),
    subject,
  );
}

beforeAll(async () => {
  emulator = await startEmulator({ port: FIREFOX_E2E_PORT, clientId: E2E_CLIENT_ID, clientSecret: E2E_CLIENT_SECRET, letters: 10, quiet: true });
  await emulator.admin.addLetter({ subject: PLAIN_SUBJECT, creatorName: 'Fjordkraft', fileType: 'pdf' });
  await emulator.admin.addLetter({ subject: STRONGER_SUBJECT, creatorName: 'Husbanken', fileType: 'pdf', authenticationLevel: 'IDPORTEN_4' });
  await emulator.admin.addLetter({ subject: RECEIPT_SUBJECT, creatorName: 'Legekontoret', fileType: 'pdf', openingReceipt: true });
  firefox = await launchFirefoxWithExtension(FIREFOX_E2E_DIST);
  const popup = await firefox.openPage('src/popup/popup.html');
  const consent = await firefox.nextPage(() => click(popup, 'Connect', true), (t) => t.url().includes('/oauth/authorize'));
  await click(consent, 'Approve', true);
  await shows(popup, 'unread letters');
  viewer = await firefox.nextPage(() => click(popup, 'Inbox'));
  await waitFor(viewer, () => document.querySelector('h1')?.textContent.trim() === 'Inbox', WAIT);
  await shows(viewer, RECEIPT_SUBJECT);
});

afterAll(async () => {
  // Either may be missing when beforeAll failed part-way.
  await (firefox as FirefoxWithExtension | undefined)?.close();
  await (emulator as RunningEmulator | undefined)?.stop();
});

describe('Firefox: a letter that needs a choice fetches nothing before the click', () => {
  it('a letter asking for an opening receipt sends nothing and fetches no content until "Send opening receipt and open"', async () => {
    await emulator.admin.clearRequests();
    await click(viewer, RECEIPT_SUBJECT);
    await shows(viewer, 'The sender asks for an opening receipt');
    await afterEffects(viewer);
    expect(await contentAndReceiptRequests()).toEqual([]);
    expect(await viewer.$('.pdf-page')).toBeNull();

    await click(viewer, 'Send opening receipt and open', true);
    await element(viewer, '.pdf-page[data-drawn="true"]', WAIT);
    const log = await contentAndReceiptRequests();
    expect(log.map((r) => `${r.method} ${r.path.includes('/openingreceipt') ? 'receipt' : 'content'} ${r.status}`)).toEqual(['POST receipt 200', 'GET content 200']);
    await backToInbox();
  });

  it('a letter that needs a stronger login explains why and fetches no content', async () => {
    await emulator.admin.clearRequests();
    await click(viewer, STRONGER_SUBJECT);
    await shows(viewer, 'needs a stronger login');
    await afterEffects(viewer);
    expect(await contentAndReceiptRequests()).toEqual([]);
    expect(await viewer.$('.pdf-page')).toBeNull();
    await backToInbox();
  });
});

describe('Firefox: opening a letter reads it', () => {
  it('after a letter is opened from the inbox, its row is read and the popup counts one unread letter fewer', async () => {
    const before = await popupUnreadCount();
    expect(before).toBeGreaterThan(0);
    await viewer.bringToFront();
    expect(await rowIsUnread(PLAIN_SUBJECT)).toBe(true);
    await click(viewer, PLAIN_SUBJECT);
    await element(viewer, '.pdf-page[data-drawn="true"]', WAIT);
    await backToInbox();
    await waitFor(
      viewer,
      (s: string) => [...document.querySelectorAll('.letter-row')].some((row) => row.textContent.includes(s) && !row.classList.contains('is-unread')),
      WAIT,
      PLAIN_SUBJECT,
    );
    await expect.poll(popupUnreadCount, { timeout: 15_000 }).toBe(before - 1);
  });
});
