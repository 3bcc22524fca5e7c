import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ElementHandle, Page } from 'puppeteer-core';
import { accessibilityViolations } from '../support/axe.ts';
import { badgeText, cachedLink, row, rows, signInWith, viewerPageFor } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { css, goBack, goForward, isThere, role, roleSelector, textOf, until } from '../support/person.ts';

/*
 * The mailbox views against an inbox of 10,000 letters. Positions in the inbox (0 = newest) are the
 * emulator's seeded special letters (test/emulator/seed.ts SPECIAL): 0 markup in the subject,
 * 1 HTML, 2 IDPORTEN_4, 3 opening receipt, 4 JPEG, 6 a PDF invoice; the first eight are unread.
 * How fast the pages come is `npm run bench`'s to measure, not these tests'.
 */
const PAGE = 50;

let h: Harness;

const classOf = (element: ElementHandle) => element.evaluate((el) => el.className);
const textIn = (element: ElementHandle, selector: string) => element.$eval(selector, (el) => el.textContent);

/** Clicks the link of the row at a place in the list, as a person does. */
async function openRow(page: Page, position: number): Promise<void> {
  const link = await (await row(page, position)).$('a');
  if (!link) throw new Error(`row ${position} has no link`);
  await link.click();
}

const headingIs = (page: Page, words: string) =>
  until(page, `The heading did not become "${words}".`, (w: string) => document.querySelector('main h1')?.textContent.trim() === w, words);

async function openInbox(): Promise<Page> {
  const page = await h.open(await viewerPageFor(h, { url: await cachedLink(h, 'account', 'document_inbox'), relation: 'document_inbox' }));
  await rows(page);
  return page;
}

/** Opens the letter at a place in the inbox, the way a person does: by its row, in the same tab. */
async function openLetter(position: number): Promise<Page> {
  const page = await openInbox();
  await openRow(page, position);
  await css(page, '.letter-head').wait();
  return page;
}

beforeAll(async () => {
  // The size the layout's checks were written for (a wide column for the letter's pages).
  h = await startHarness({ emulator: { letters: 10_000 }, viewport: { width: 1280, height: 720 } });
  // Reading content needs READ_DOCUMENT_CONTENT, which the build's defaults do not ask for.
  await signInWith(h, ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_DOCUMENT_CONTENT', 'READ_RECEIPTS']);
});
afterAll(async () => {
  await h.close();
});

describe('the inbox', () => {
  it('pages through 10,000 letters: newest first, rows appended, never duplicated', async () => {
    await h.emulator.admin.clearRequests();
    const page = await h.open(
      await viewerPageFor(h, { url: await cachedLink(h, 'account', 'document_inbox'), relation: 'document_inbox' }),
    );
    expect(await rows(page, PAGE)).toHaveLength(PAGE);
    expect(await textOf(page, 'h1')).toBe('Inbox');

    // Existing rows are left alone when a page is appended: only new <li> nodes arrive.
    await page.evaluate(() => {
      const list = document.querySelector('ul.letters');
      const log = { added: 0, other: 0 };
      (globalThis as unknown as { mutationLog: typeof log }).mutationLog = log;
      new MutationObserver((records) => {
        for (const record of records) {
          if (record.type === 'childList' && record.target === list) record.addedNodes.forEach(() => (log.added += 1));
          else log.other += 1;
        }
      }).observe(list as Node, { childList: true, subtree: true, attributes: true, characterData: true });
    });

    for (let pages = 2; pages <= 4; pages++) {
      await role(page, 'button', 'Load more').click();
      expect(await rows(page, pages * PAGE)).toHaveLength(pages * PAGE);
    }
    const mutations = await page.evaluate(() => (globalThis as unknown as { mutationLog: { added: number; other: number } }).mutationLog);
    expect(mutations).toEqual({ added: 3 * PAGE, other: 0 });

    const hrefs = await page.$$eval('.letter-row a', (links) => links.map((a) => a.getAttribute('href')));
    expect(new Set(hrefs).size).toBe(4 * PAGE);
    const times = await page.$$eval('.letter-row time', (els) => els.map((el) => Date.parse(el.getAttribute('datetime') ?? '')));
    expect(times).toHaveLength(4 * PAGE);
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeLessThan(times[i - 1] ?? Number.NaN);
    const statuses = await page.$$eval(roleSelector('status'), (els) => els.map((el) => el.textContent));
    expect(statuses.filter((s) => s.includes('Showing the newest 200 letters'))).toHaveLength(1);

    // The service was asked page by page (one request per page, not the whole mailbox).
    const inboxRequests = (await h.emulator.admin.requests()).filter((r) => r.path.includes('/documents/inbox'));
    expect(inboxRequests).toHaveLength(4);
    await page.close();
  });

  it('shows sender, subject, date, unread, lock, paperclip and invoice state; keyboard reaches rows and "Load more"', async () => {
    const page = await openInbox();
    const [first, , locked, receipt, , threeDocuments, invoiceRow] = await rows(page, 7);
    if (!first || !locked || !receipt || !threeDocuments || !invoiceRow) throw new Error('fewer than seven rows');
    expect(await classOf(first)).toContain('unread');
    expect(await textIn(first, '.letter-sender')).not.toBe('');
    expect(await locked.$$('.mark-lock')).toHaveLength(1);
    expect(await receipt.$$('.mark-lock')).toHaveLength(0);
    const paperclip = await threeDocuments.$('.mark-attachments');
    expect(await paperclip?.$$(roleSelector('img', '3 documents'))).toHaveLength(1);
    const invoice = await textIn(invoiceRow, '.invoice');
    expect(invoice).toMatch(/NOK|kr/);
    expect(invoice).toContain('due');
    expect(invoice).toMatch(/paid/);
    // The side list comes from the root, read beside the letters: it may arrive after them.
    await css(page, `${roleSelector('navigation', 'Mailbox')} ${roleSelector('link', 'Skatt')}`).wait();

    await page.keyboard.press('Tab');
    let focused = '';
    for (let i = 0; i < 10 && !focused.includes('letter-link'); i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.className ?? '');
    }
    expect(focused).toContain('letter-link');
    let onButton = false;
    for (let i = 0; i < 80 && !onButton; i++) {
      await page.keyboard.press('Tab');
      onButton = await page.evaluate(() => document.activeElement?.textContent === 'Load more');
    }
    expect(onButton).toBe(true);
    await page.keyboard.press('Enter');
    await rows(page, 2 * PAGE);
    // Loading on scroll is the person's choice; then reaching the end loads the next page.
    await role(page, 'checkbox', 'Load more as I scroll').click();
    await page.evaluate(() => {
      window.scrollTo(0, document.body.scrollHeight);
    });
    await rows(page, 3 * PAGE);

    expect(await accessibilityViolations(page)).toEqual([]);
    await page.close();
  });
});

describe('a letter', () => {
  it('a click on a letter in the inbox shows its PDF, every page drawn with selectable text, with no other click; the letter is then read in the list, the popup and the badge', async () => {
    const before = Number(await badgeText(h));
    expect(before).toBeGreaterThan(0);
    const page = await openInbox();
    const letterRow = await row(page, 6);
    expect(await classOf(letterRow)).toContain('is-unread');
    const subject = (await textIn(letterRow, '.subject-text')).trim();
    await openRow(page, 6);
    // The first page is drawn (pdf.js marks it once its canvas and text are on screen), and its text is the letter's.
    const firstPage = await css(page, '.pdf-page[data-drawn="true"]').waitHandle();
    expect(await isThere(page, 'button', 'Open')).toBe(false);
    await until(
      page,
      'The first page showed no text layer with the subject.',
      (s: string) => document.querySelector('.pdf-page[data-drawn="true"] .textLayer')?.textContent.includes(s),
      subject,
    );
    const canvas = await firstPage.$('canvas');
    if (!canvas) throw new Error('the drawn page has no canvas');
    // Drawn, not blank: the canvas has dark pixels where the text is.
    expect(
      await canvas.evaluate((drawn) => {
        const data = drawn.getContext('2d')?.getImageData(0, 0, drawn.width, drawn.height).data ?? new Uint8ClampedArray();
        let dark = 0;
        for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 128) dark++;
        return dark;
      }),
    ).toBeGreaterThan(100);
    // At a readable width: the column's, not a thumbnail.
    expect((await firstPage.boundingBox())?.width ?? 0).toBeGreaterThan(500);
    // Drawn at that width, not drawn smaller and stretched (blurred text, a text layer off its glyphs).
    expect(await canvas.evaluate((c) => c.width / (c.clientWidth * Math.min(devicePixelRatio, 2)))).toBeGreaterThan(0.98);
    // The window narrowed, then widened again (the column is at its widest here): each time the page
    // is drawn again at the column's new width, not stretched from the old one and left blurred.
    const size = await page.evaluate(() => ({ width: innerWidth, height: innerHeight }));
    for (const width of [size.width - 500, size.width]) {
      const before = await page.$eval('.pdf-page[data-drawn="true"] canvas', (c) => c.width);
      await page.setViewport({ width, height: size.height });
      await until(
        page,
        `At a window ${width} px wide, the PDF was not drawn again at the column's width.`,
        (old: number) => {
          const drawn = document.querySelector<HTMLCanvasElement>('.pdf-page[data-drawn="true"] canvas');
          return (
            drawn !== null && drawn.width !== old && Math.abs(drawn.width / (drawn.clientWidth * Math.min(devicePixelRatio, 2)) - 1) < 0.02
          );
        },
        before,
      );
    }
    expect(await page.$eval('.letter-details', (el) => el.getAttribute('open'))).toBeNull();
    const fields = await page.$$eval('.letter-fields .field', (els) => els.map((el) => el.textContent));
    expect(fields.find((field) => field.includes('Status'))).toMatch(/Status\s*Read/);
    expect(await accessibilityViolations(page)).toEqual([]);
    await expect.poll(() => badgeText(h)).toBe(String(before - 1));
    const popup = await h.openPopup();
    await until(
      popup,
      `The popup did not count ${before - 1} unread letters.`,
      (words: string) => document.body.innerText.replace(/\s+/g, ' ').includes(words),
      `${before - 1} unread letters`,
    );
    await popup.close();
    // Back returns to the inbox, where the letter is now read; forward and reload show the letter again.
    await page.bringToFront();
    await goBack(page);
    await headingIs(page, 'Inbox');
    expect(await classOf(await row(page, 6))).not.toContain('is-unread');
    await goForward(page);
    await css(page, '.pdf-page[data-drawn="true"]').wait();
    await h.reload(page);
    await css(page, '.pdf-page[data-drawn="true"]').wait();
    await page.close();
  });

  it('shows HTML only in a sandboxed frame without scripts, as tall as the letter', async () => {
    const page = await openLetter(1);
    const frame = await css(page, 'iframe.letter-frame').waitHandle();
    expect(await frame.evaluate((el) => el.getAttribute('sandbox'))).not.toContain('allow-scripts');
    await until(page, 'The letter did not show.', () =>
      document.querySelector<HTMLIFrameElement>('iframe.letter-frame')?.contentDocument?.body.textContent.includes('eksempelbrev'),
    );
    // A short letter gets a short frame: its height follows the letter, not a fixed box.
    await until(page, 'The frame did not take the letter’s height.', () => {
      const element = document.querySelector<HTMLIFrameElement>('iframe.letter-frame');
      const root = element?.contentDocument?.documentElement;
      return element && root ? Math.abs(element.getBoundingClientRect().height - root.getBoundingClientRect().height) <= 4 : false;
    });
    expect(await frame.evaluate((el) => el.getBoundingClientRect().height < window.innerHeight)).toBe(true);
    await page.close();
  });

  it('follows a redirect to another host for content, without the token going there', async () => {
    await h.emulator.admin.configure({ contentRedirect: true });
    await h.emulator.admin.clearRequests();
    try {
      const page = await openLetter(4);
      const image = await css(page, 'img.content-image').waitHandle();
      expect(await image.evaluate((img) => img.getAttribute('src'))).toMatch(/^blob:/);
      await until(
        page,
        'The picture did not show.',
        () => (document.querySelector<HTMLImageElement>('img.content-image')?.naturalWidth ?? 0) > 0,
      );
      const log = await h.emulator.admin.requests();
      const serviceHost = new URL(h.emulator.url).host;
      const redirected = log.filter((r) => r.path.startsWith('/post/content/'));
      expect(redirected).toHaveLength(1);
      expect(redirected[0]?.host).not.toBe(serviceHost);
      expect(redirected[0]?.status).toBe(200);
      expect(log.filter((r) => r.host !== serviceHost && r.authorization)).toEqual([]);
      expect(log.some((r) => r.path.endsWith('/content') && r.status === 307 && r.authorization)).toBe(true);
      await page.close();
    } finally {
      await h.emulator.admin.configure({ contentRedirect: false });
    }
  });
});
