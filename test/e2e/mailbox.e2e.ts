import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessibilityViolations } from '../support/axe.ts';
import { badgeText, cachedLink, nextFrames, signInWith, viewerPageFor } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';

/*
 * The mailbox views against an inbox of 10,000 letters. Positions in the inbox (0 = newest) are the
 * emulator's seeded special letters (test/emulator/seed.ts SPECIAL): 0 markup in the subject,
 * 1 HTML, 2 IDPORTEN_4, 3 opening receipt, 4 JPEG, 6 a PDF invoice; the first eight are unread.
 */
const PAGE = 50;

let h: Harness;

async function openInbox(): Promise<Page> {
  const page = await h.context.newPage();
  await page.goto(await viewerPageFor(h, { url: await cachedLink(h, 'account', 'document_inbox'), relation: 'document_inbox' }));
  await page.locator('.letter-row').first().waitFor();
  return page;
}

/** Opens the letter at a place in the inbox, the way a person does: by its row, in the same tab. */
async function openLetter(position: number): Promise<Page> {
  const page = await openInbox();
  await page.locator('.letter-row a').nth(position).click();
  await page.locator('.letter-head').waitFor();
  return page;
}

beforeAll(async () => {
  h = await startHarness({ emulator: { letters: 10_000 } });
  // Reading content needs READ_DOCUMENT_CONTENT, which the build's defaults do not ask for.
  await signInWith(h, ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_DOCUMENT_CONTENT', 'READ_RECEIPTS']);
});
afterAll(async () => {
  await h.close();
});

describe('the inbox', () => {
  it('pages through 10,000 letters: newest first, rows appended, never duplicated', async () => {
    await h.emulator.admin.clearRequests();
    const page = await h.context.newPage();
    const started = Date.now();
    await page.goto(await viewerPageFor(h, { url: await cachedLink(h, 'account', 'document_inbox'), relation: 'document_inbox' }));
    await page.locator('.letter-row').nth(PAGE - 1).waitFor();
    const firstPageMs = Date.now() - started;
    expect(await page.locator('.letter-row').count()).toBe(PAGE);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Inbox');

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

    const nextPageMs: number[] = [];
    for (let pages = 2; pages <= 4; pages++) {
      const before = Date.now();
      await page.getByRole('button', { name: 'Load more' }).click();
      await page.locator('.letter-row').nth(pages * PAGE - 1).waitFor();
      nextPageMs.push(Date.now() - before);
      expect(await page.locator('.letter-row').count()).toBe(pages * PAGE);
    }
    const mutations = await page.evaluate(() => (globalThis as unknown as { mutationLog: { added: number; other: number } }).mutationLog);
    expect(mutations).toEqual({ added: 3 * PAGE, other: 0 });

    const hrefs = await page.locator('.letter-row a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(new Set(hrefs).size).toBe(4 * PAGE);
    const times = await page.locator('.letter-row time').evaluateAll((els) => els.map((el) => Date.parse(el.getAttribute('datetime') ?? '')));
    expect(times).toHaveLength(4 * PAGE);
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeLessThan(times[i - 1] ?? Number.NaN);
    expect(await page.getByRole('status').filter({ hasText: 'Showing the newest 200 letters' }).count()).toBe(1);

    // The service was asked page by page (one request per page, not the whole mailbox).
    const inboxRequests = (await h.emulator.admin.requests()).filter((r) => r.path.includes('/documents/inbox'));
    expect(inboxRequests).toHaveLength(4);

    console.info(`10,000-letter inbox: first page ${firstPageMs} ms, next pages ${nextPageMs.join(', ')} ms`);
    await page.close();
  });

  it('shows sender, subject, date, unread, lock, paperclip and invoice state; keyboard reaches rows and "Load more"', async () => {
    const page = await openInbox();
    const rows = page.locator('.letter-row');
    expect(await rows.nth(0).getAttribute('class')).toContain('unread');
    expect(await rows.nth(0).locator('.letter-sender').textContent()).not.toBe('');
    expect(await rows.nth(2).locator('.mark-lock').count()).toBe(1);
    expect(await rows.nth(3).locator('.mark-lock').count()).toBe(0);
    expect(await rows.nth(5).locator('.mark-attachments').getByRole('img', { name: '3 documents' }).count()).toBe(1);
    const invoice = (await rows.nth(6).locator('.invoice').textContent()) ?? '';
    expect(invoice).toMatch(/NOK|kr/);
    expect(invoice).toContain('due');
    expect(invoice).toMatch(/paid/);
    // The side list comes from the root, read beside the letters: it may arrive after them.
    await page.getByRole('navigation', { name: 'Mailbox' }).getByRole('link', { name: 'Skatt' }).waitFor();

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
    await rows.nth(2 * PAGE - 1).waitFor();
    // Loading on scroll is the person's choice; then reaching the end loads the next page.
    await page.getByRole('checkbox', { name: 'Load more as I scroll' }).check();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await rows.nth(3 * PAGE - 1).waitFor();

    expect(await accessibilityViolations(page)).toEqual([]);
    await page.close();
  });

  it('shows markup in a subject as the characters it is', async () => {
    const page = await openInbox();
    const subject = page.locator('.letter-row').first().locator('.subject-text');
    expect(await subject.textContent()).toBe('<b>Viktig</b> & "sitat"');
    expect(await page.locator('main b').count()).toBe(0);
    await page.locator('.letter-row a').first().click();
    await page.getByRole('heading', { level: 1, name: '<b>Viktig</b> & "sitat"' }).waitFor();
    expect(await page.locator('main b').count()).toBe(0);
    await page.close();
  });

  it('opens a folder from the inbox as a list of its letters', async () => {
    const page = await openInbox();
    await page.getByRole('navigation', { name: 'Mailbox' }).getByRole('link', { name: 'Skatt' }).click();
    // The heading names the folder while its letters are on their way; then they are listed.
    await page.getByRole('heading', { level: 1, name: 'Skatt' }).waitFor();
    await page.locator('.letter-row').first().waitFor();
    // The folder's own letters (Skatt holds Skatteetaten's), not the inbox's.
    const rows = await page.locator('.letter-row').allTextContents();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toContain('Skatteetaten');
    await page.close();
  });
});

describe('a letter', () => {
  it('a click on a letter in the inbox shows its PDF, every page drawn with selectable text, with no other click; the letter is then read in the list, the popup and the badge', async () => {
    const worker = await h.worker();
    const before = Number(await badgeText(worker));
    expect(before).toBeGreaterThan(0);
    const page = await openInbox();
    const row = page.locator('.letter-row').nth(6);
    expect(await row.getAttribute('class')).toContain('is-unread');
    const subject = ((await row.locator('.subject-text').textContent()) ?? '').trim();
    await row.locator('a').click();
    // The first page is drawn (pdf.js marks it once its canvas and text are on screen), and its text is the letter's.
    const firstPage = page.locator('.pdf-page[data-drawn="true"]').first();
    await firstPage.waitFor();
    expect(await page.locator('button', { hasText: /^Open$/ }).count()).toBe(0);
    await expect.poll(async () => (await firstPage.locator('.textLayer').textContent()) ?? '').toContain(subject);
    // Drawn, not blank: the canvas has dark pixels where the text is.
    expect(await firstPage.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
      const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray();
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 128) dark++;
      return dark;
    })).toBeGreaterThan(100);
    // At a readable width: the column's, not a thumbnail.
    expect((await firstPage.boundingBox())?.width ?? 0).toBeGreaterThan(500);
    // Drawn at that width, not drawn smaller and stretched (blurred text, a text layer off its glyphs).
    expect(await firstPage.locator('canvas').evaluate((canvas: HTMLCanvasElement) => canvas.width / (canvas.clientWidth * Math.min(devicePixelRatio, 2)))).toBeGreaterThan(0.98);
    expect(await page.locator('.letter-details').getAttribute('open')).toBeNull();
    expect(await page.locator('.letter-fields .field', { hasText: 'Status' }).textContent()).toMatch(/Status\s*Read/);
    expect(await accessibilityViolations(page)).toEqual([]);
    await expect.poll(() => badgeText(worker), { timeout: 10_000 }).toBe(String(before - 1));
    const popup = await h.openPopup();
    await popup.getByText(`${before - 1} unread letters`).waitFor();
    await popup.close();
    // Back returns to the inbox, where the letter is now read; forward and reload show the letter again.
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    await page.locator('.letter-row').nth(6).waitFor();
    expect(await page.locator('.letter-row').nth(6).getAttribute('class')).not.toContain('is-unread');
    await page.goForward();
    await page.locator('.pdf-page[data-drawn="true"]').first().waitFor();
    await page.reload();
    await page.locator('.pdf-page[data-drawn="true"]').first().waitFor();
    await page.close();
  });

  it('refuses a letter that needs a stronger login, explains why, and offers the website', async () => {
    await h.emulator.admin.clearRequests();
    const page = await openLetter(2);
    const notice = page.locator('.info-panel').first();
    expect(await notice.textContent()).toContain('needs a stronger login');
    expect(await page.locator('button', { hasText: /^Open$/ }).count()).toBe(0);
    const opened = h.context.waitForEvent('page');
    await notice.getByRole('button', { name: "Open on Digipost’s website" }).click();
    const site = await opened;
    expect(site.url()).toBe(`${h.emulator.url}/app/`);
    await site.close();
    expect((await h.emulator.admin.requests()).filter((r) => r.path.endsWith('/content'))).toEqual([]);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.close();
  });

  it('sends an opening receipt only on the click, then opens the content', async () => {
    await h.emulator.admin.clearRequests();
    const page = await openLetter(3);
    const panel = page.locator('.info-panel').first();
    expect(await panel.locator('.info-panel-title').textContent()).toBe('The sender asks for an opening receipt');
    // The body says what happens, without repeating the title.
    expect(await panel.locator('p:not(.info-panel-title)').first().textContent()).toMatch(/^When you open this document, Digipost tells the sender that you opened it/);
    // The letter is on screen, so the page has its answer; the view asks for nothing by itself
    // (no effect fetches), so once its effects have run the request log is complete without a click.
    await nextFrames(page);
    const quiet = await h.emulator.admin.requests();
    expect(quiet.filter((r) => r.path.includes('/openingreceipt') || r.path.endsWith('/content'))).toEqual([]);
    await page.getByRole('button', { name: 'Send opening receipt and open' }).click();
    // A PDF drawn, a picture from a blob: address, or an HTML letter from its srcdoc.
    await page.locator('.content-panel :is(.pdf-page[data-drawn], img[src^="blob:"], iframe.letter-frame[srcdoc])').first().waitFor();
    const log = await h.emulator.admin.requests();
    const receipt = log.filter((r) => r.method === 'POST' && r.path.includes('/openingreceipt'));
    const content = log.filter((r) => r.method === 'GET' && r.path.endsWith('/content'));
    expect(receipt).toHaveLength(1);
    expect(receipt[0]?.status).toBe(200);
    expect(content).toHaveLength(1);
    expect(content[0]?.status).toBe(200);
    expect(content[0]?.time ?? 0).toBeGreaterThanOrEqual(receipt[0]?.time ?? Infinity);
    await page.close();
  });

  it('shows HTML only in a sandboxed frame without scripts, as tall as the letter', async () => {
    const page = await openLetter(1);
    const frame = page.locator('iframe.letter-frame');
    await frame.waitFor();
    expect(await frame.getAttribute('sandbox')).not.toContain('allow-scripts');
    await expect.poll(async () => page.frameLocator('iframe.letter-frame').locator('body').textContent()).toContain('eksempelbrev');
    // A short letter gets a short frame: its height follows the letter, not a fixed box.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const element = document.querySelector<HTMLIFrameElement>('iframe.letter-frame');
          const root = element?.contentDocument?.documentElement;
          return element && root ? Math.abs(element.getBoundingClientRect().height - root.getBoundingClientRect().height) : Infinity;
        }),
      )
      .toBeLessThanOrEqual(4);
    expect((await frame.boundingBox())?.height ?? Infinity).toBeLessThan(page.viewportSize()?.height ?? 0);
    await page.close();
  });

  it('follows a redirect to another host for content, without the token going there', async () => {
    await h.emulator.admin.configure({ contentRedirect: true });
    await h.emulator.admin.clearRequests();
    try {
      const page = await openLetter(4);
      const image = page.locator('img.content-image');
      await image.waitFor();
      expect(await image.getAttribute('src')).toMatch(/^blob:/);
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
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

describe('receipts', () => {
  it('shows receipts as a list of store, amount and time', async () => {
    const page = await h.context.newPage();
    await page.goto(await viewerPageFor(h, { url: await cachedLink(h, 'account', 'receipts'), relation: 'receipts' }));
    const list = page.locator('ul.receipts');
    await list.waitFor();
    expect(await list.locator('.letter-row').count()).toBe(6);
    const first = (await list.locator('.letter-row').first().textContent()) ?? '';
    expect(first).toContain('Rema 1000');
    expect(first).toMatch(/NOK|kr/);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.close();
  });
});
