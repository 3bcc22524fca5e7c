import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import type { Permission } from '../../src/shared/permissions.ts';
import { cachedLink, signInWith, viewerPageFor } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { count, css, goBack, goForward, isThere, role, roleSelector, until } from '../support/person.ts';

/*
 * Back to a list (issue #35, point 3): after "Load more" three times and a letter opened far down,
 * Back shows the list as it was left, as deep and with that letter's row focused and in view; and
 * when the service stops answering, the same list from the tab's memory, said so, with nothing
 * offered that would change anything, until the service answers again.
 */
const PAGE = 50;
/** A person who may file, delete and upload: what the list from memory must not offer. */
const SCOPES: Permission[] = [
  'READ_ACCOUNT_INFO',
  'READ_DOCUMENT_META_INFO',
  'READ_DOCUMENT_CONTENT',
  'UPDATE_DOCUMENT',
  'DELETE_DOCUMENT',
  'UPLOAD_DOCUMENT',
];
const FROM_MEMORY = 'Digipost isn’t answering right now — showing the list as you last saw it. Nothing can be changed until it answers.';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ emulator: { letters: 300 }, viewport: { width: 1280, height: 720 } });
  await signInWith(h, SCOPES);
});
afterAll(async () => {
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

  it('while the service does not answer: the list as it was from memory, said so, with no Upload, move or delete; brought up to date once it answers', async () => {
    const page = await inboxFourPagesDeep();
    // Read from the service, the list offers its writes.
    await role(page, 'button', 'Upload a file').wait();
    expect(await count(page, 'main .letter-row input[type="checkbox"]')).toBeGreaterThan(0);
    const subject = await openRow(page, 170);

    await h.emulator.admin.configure({ gatewayDown: true });
    try {
      await goBack(page);
      await until(
        page,
        'The list from memory was not said to be so.',
        (words: string) => document.querySelector('main [role="status"].offline')?.textContent.includes(words),
        FROM_MEMORY,
      );
      await inboxHeading(page);
      await focusedRowIs(page, subject);
      expect(await rowCount(page)).toBe(4 * PAGE);
      expect(await page.evaluate(() => document.body.innerText)).not.toMatch(/Couldn.t open/);
      expect(await isThere(page, 'button', 'Upload a file')).toBe(false);
      expect(await count(page, 'main .letter-row input[type="checkbox"], main .letter-row button')).toBe(0);
    } finally {
      await h.emulator.admin.configure({ gatewayDown: false });
    }

    await css(page, `.offline ${roleSelector('button', 'Try again')}`).click();
    await role(page, 'button', 'Upload a file').wait();
    expect(await page.evaluate(() => document.body.innerText)).not.toContain(FROM_MEMORY);
    expect(await rowCount(page)).toBe(4 * PAGE);
    await focusedRowIs(page, subject);
    await page.close();
  });
});
