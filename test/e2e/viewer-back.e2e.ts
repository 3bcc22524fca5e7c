import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { cachedLink, READ_AND_MANAGE, signInWith, viewerPageFor } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { count, css, goBack, goForward, role, roleSelector, until } from '../support/person.ts';

/*
 * Back to a list (issue #35, point 3): after "Load more" three times and a letter opened far down,
 * Back shows the list as it was left, as deep and with that letter's row focused and in view. The
 * list from the tab's memory while the service does not answer is back-to-list.test.tsx's.
 */
const PAGE = 50;

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ emulator: { letters: 300 }, viewport: { width: 1280, height: 720 } });
  await signInWith(h, READ_AND_MANAGE);
});
afterAll(async () => {
  await h.emulator.admin.configure({ latencyMs: 0 });
  await h.close();
});

const rowCount = (page: Page) => count(page, 'main .letter-row');

/** The inbox in a viewer tab, four pages deep: Load more pressed three times, as a person does. */
async function inboxFourPagesDeep(): Promise<Page> {
  const page = await h.open(await viewerPageFor(h, { url: await cachedLink(h, 'account', 'document_inbox'), relation: 'document_inbox' }));
  for (let pages = 2; pages <= 4; pages++) {
    await role(page, 'button', 'Load more').click();
    await until(
      page,
      `The list did not grow to ${pages * PAGE} letters.`,
      (n: number) => document.querySelectorAll('main .letter-row').length === n,
      pages * PAGE,
    );
  }
  return page;
}

/** Opens the letter at a place in the list by a click on its row; resolves to its subject once its page shows. */
async function openRow(page: Page, position: number): Promise<string> {
  const subject = await page.$$eval('main .letter-row .subject-text', (els, at: number) => els[at]?.textContent.trim() ?? '', position);
  await page.$$eval('main .letter-row a', (links, at: number) => (links[at] as HTMLElement | undefined)?.click(), position);
  await css(page, '.letter-head').wait();
  return subject;
}

/** Waits until focus is on the row of the letter with `subject`, and that row is in the window. */
async function focusedRowIs(page: Page, subject: string): Promise<void> {
  await until(
    page,
    `Focus did not come back to the row of "${subject}", in view.`,
    (s: string) => {
      const row = document.activeElement?.closest('.letter-row');
      if (row?.querySelector('.subject-text')?.textContent.trim() !== s) return false;
      const box = row.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= document.documentElement.clientHeight;
    },
    subject,
  );
}

const inboxHeading = (page: Page) =>
  until(page, 'The inbox did not come back.', () => document.querySelector('main h1')?.textContent.trim() === 'Inbox');

describe('Back to a list', () => {
  it('returns to the list as deep as Load more took it, with the opened letter’s row focused and in view; Forward and Back again too', async () => {
    const page = await inboxFourPagesDeep();
    const subject = await openRow(page, 170);
    await goBack(page);
    await inboxHeading(page);
    await focusedRowIs(page, subject);
    expect(await rowCount(page)).toBe(4 * PAGE);
    expect(await page.$eval(`.paging ${roleSelector('status')}`, (el) => el.textContent)).toBe('Showing the newest 200 letters.');

    await goForward(page);
    await css(page, '.letter-head').wait();
    await goBack(page);
    await inboxHeading(page);
    await focusedRowIs(page, subject);
    expect(await rowCount(page)).toBe(4 * PAGE);
    await page.close();
  });
});

/*
 * A letter's page on a slow connection (issue #35, point 8): opened from the inbox, it shows at
 * once what the list knew (the subject as its heading, the sender), says it is opening the letter
 * once the wait passes a second, and nothing on screen moves as the letter and then its document
 * arrive: the heading, the sender and "Details" stay where they were first drawn.
 */
const LATENCY_MS = 1500;

/**
 * Where the things a person reads first are, in the window (undefined: not there). `details` is
 * the "Details" line, or the room kept for it while the letter is on its way.
 */
function positions(page: Page): Promise<Record<string, number | undefined>> {
  return page.evaluate(() => {
    const top = (selector: string) => document.querySelector(selector)?.getBoundingClientRect().top;
    return { heading: top('main h1'), sender: top('.letter-from'), details: top('.letter-details summary, .letter-details-summary') };
  });
}

describe('a letter on a slow connection', () => {
  it('shows what the list knew at once, says it is opening past a second, and moves nothing as the letter and its document arrive', async () => {
    const page = await h.open(
      await viewerPageFor(h, { url: await cachedLink(h, 'account', 'document_inbox'), relation: 'document_inbox' }),
    );
    await css(page, 'main .letter-row').wait();
    const position = 10;
    const listed = await page.$$eval(
      'main .letter-row',
      (rows, at: number) => ({
        subject: rows[at]?.querySelector('.subject-text')?.textContent.trim() ?? '',
        sender: rows[at]?.querySelector('.letter-sender')?.textContent.trim() ?? '',
      }),
      position,
    );
    await h.emulator.admin.configure({ latencyMs: LATENCY_MS });
    try {
      await page.$$eval('main .letter-row a', (links, at: number) => (links[at] as HTMLElement | undefined)?.click(), position);

      // Before the service has answered: the heading and the sender, as the list showed them.
      await until(
        page,
        'The letter’s page did not show its subject at once.',
        (s: string) => document.querySelector('main h1')?.textContent.trim() === s,
        listed.subject,
      );
      expect(await page.$eval('.letter-from', (el) => el.textContent.trim())).toBe(listed.sender);
      expect(await page.$('.letter-details summary')).toBeNull();
      const first = await positions(page);
      // Past a second, it says what it is waiting for.
      await until(page, 'No progress was shown while the letter was on its way.', () =>
        document.querySelector('main .busy')?.textContent.includes('Opening the letter'),
      );

      // The letter read: Details shows where its room was kept; the document still on its way.
      await css(page, '.letter-details summary').wait();
      const letterRead = await positions(page);
      // The document drawn.
      await css(page, '.main-document .content-panel').wait();
      const documentShown = await positions(page);

      expect(letterRead.heading).toBe(first.heading);
      expect(letterRead.sender).toBe(first.sender);
      expect(letterRead.details).toBe(first.details);
      expect(documentShown).toEqual(letterRead);
      // Details is in sight, under the sender, not below the document.
      expect(documentShown.details).toBeGreaterThan(documentShown.sender ?? Infinity);
      expect(documentShown.details).toBeLessThan(await page.evaluate(() => document.documentElement.clientHeight));
    } finally {
      await h.emulator.admin.configure({ latencyMs: 0 });
    }
    await page.close();
  });
});
