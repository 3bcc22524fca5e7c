import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedLink, nextFrames, signInWith, viewerPageFor } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { addTrickLetters, LETTER_END, LETTER_START, LINKS, LINKS_SUBJECT, linksLetterHtml, TRICK_LETTERS } from '../support/parser-trick-letters.ts';
import { addTrackerLetter, startCountingServer, TRACKER_LETTER_SUBJECT, TRACKER_LETTER_TEXT, type CountingServer } from '../support/tracker-letter.ts';

/*
 * Issue 18, points 1, 2 and 7, in Chromium against the emulator: letters built to be undone by the
 * browser's second parse, links in SVG and MathML, and what Download saves. Every test counts
 * connections as well as requests: a preconnect opens a connection and sends nothing.
 */

let h: Harness;
const servers: CountingServer[] = [];

async function countingServer(): Promise<CountingServer> {
  const server = await startCountingServer();
  servers.push(server);
  return server;
}

/** Opens the letter in a viewer tab, which shows its main document at once. */
async function openLetter(id: string): Promise<Page> {
  const inbox = await cachedLink(h, 'account', 'document_inbox');
  const page = await h.context.newPage();
  await page.goto(await viewerPageFor(h, { url: inbox.replace('/documents/inbox', `/documents/${id}`), relation: 'self' }));
  return page;
}

/** Waits until the letter's frame shows its first line, or shows no letter document of ours any more (a trick moved it). */
async function letterShown(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.locator('iframe.letter-frame').evaluate((frame: HTMLIFrameElement, start) => {
        const doc = frame.contentDocument;
        return doc === null || (doc.URL === 'about:srcdoc' && doc.readyState === 'complete' && doc.body.textContent.includes(start));
      }, LETTER_START),
    )
    .toBe(true);
}

/** What the letter's frame shows: its address (null for another origin's page) and whether the whole letter reads. */
function frameState(page: Page): Promise<{ address: string | null; whole: boolean }> {
  return page.locator('iframe.letter-frame').evaluate((frame: HTMLIFrameElement, end) => {
    const doc = frame.contentDocument;
    return { address: doc?.URL ?? null, whole: doc?.body.textContent.includes(end) ?? false };
  }, LETTER_END);
}

/**
 * Nothing announces "nothing happened": once the letter shows, give late loaders (a preconnect
 * when the browser is idle, a refresh after the load event) a moment, then count. The same
 * moment as the tracker letter's test in hardening.e2e.ts.
 */
async function settle(page: Page): Promise<void> {
  await nextFrames(page);
  await page.waitForTimeout(750);
}

beforeAll(async () => {
  h = await startHarness();
  await signInWith(h, ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_DOCUMENT_CONTENT']);
});
afterAll(async () => {
  await h.close();
  await Promise.all(servers.map((server) => server.stop()));
});

describe('point 1: a letter cannot be undone by the second parse', () => {
  it('no letter of the family (MathML, SVG, noscript, template, comments, CDATA) opens a connection to its sender', async () => {
    const trackers = await Promise.all(TRICK_LETTERS.map(() => countingServer()));
    const ids = await addTrickLetters(h.emulator.admin, trackers.map((t) => t.origin));
    const pages: Page[] = [];
    for (const id of ids) {
      const page = await openLetter(id);
      await letterShown(page);
      pages.push(page);
    }
    const [newest] = pages.slice(-1);
    if (!newest) throw new Error('no letter was opened');
    await settle(newest);
    const reached = TRICK_LETTERS.map((trick, index) => ({ trick: trick.name, connections: trackers[index]?.connections(), requests: trackers[index]?.requests() }));
    expect(reached.filter((r) => r.connections !== 0 || r.requests?.length !== 0)).toEqual([]);
    // Each letter still shows in the viewer, whole (its own frame, not the sender's page).
    for (const page of pages) {
      expect(await frameState(page)).toEqual({ address: 'about:srcdoc', whole: true });
      await page.close();
    }
  });
});

describe('point 2: links in SVG and MathML follow the link rules', () => {
  it('an SVG or MathML link does not take the letter frame to the sender, while an HTML link opens in a new tab', async () => {
    const tracker = await countingServer();
    const { id } = await h.emulator.admin.addLetter({ subject: LINKS_SUBJECT, creatorName: 'Lenkefirma AS', html: linksLetterHtml(tracker.origin) });
    const page = await openLetter(id);
    const letter = page.frameLocator('iframe.letter-frame');
    await letterShown(page);

    for (const link of [LINKS.svgHref, LINKS.svgXlink, LINKS.mathml]) {
      const opened: Page[] = [];
      const onPage = (p: Page) => opened.push(p);
      h.context.on('page', onPage);
      await letter.getByText(link.text).click();
      await settle(page);
      h.context.off('page', onPage);
      expect({ link: link.text, opened: opened.map((p) => p.url()) }).toEqual({ link: link.text, opened: [] });
      expect(await frameState(page)).toEqual({ address: 'about:srcdoc', whole: true });
    }
    expect(tracker.requests()).toEqual([]);

    // The control: the same click on the HTML link does reach the sender, in a tab of its own.
    const opening = h.context.waitForEvent('page');
    await letter.getByText(LINKS.html.text).click();
    const tab = await opening;
    await tab.waitForURL(`${tracker.origin}/${LINKS.html.path}`);
    expect(tracker.requests()).toContain(`GET /${LINKS.html.path}`);
    expect(tracker.requests().filter((r) => r !== `GET /${LINKS.html.path}` && r !== 'GET /favicon.ico')).toEqual([]);
    await tab.close();
    await page.close();
  });

  it("the viewer's policy frames nothing from another host, while a PDF still shows in the browser's viewer", async () => {
    const tracker = await countingServer();
    const inbox = await cachedLink(h, 'account', 'document_inbox');
    const page = await h.context.newPage();
    await page.goto(await viewerPageFor(h, { url: inbox, relation: 'document_inbox' }));
    await page.getByRole('heading', { name: 'Inbox' }).waitFor();
    // A frame the page itself asks for: here the policy (frame-src), not the sanitiser, is what stops it.
    await page.evaluate((address) => {
      const frame = document.createElement('iframe');
      frame.src = address;
      document.body.append(frame);
    }, `${tracker.origin}/framed`);
    // Chromium shows its error page in a frame its policy refuses.
    await expect.poll(() => page.frames().map((f) => f.url())).toContain('chrome-error://chromewebdata/');
    await settle(page);
    // The request never leaves (Chromium may have opened a connection while it set the frame up:
    // a policy governs requests, which is why the letter's own markup never gets that far).
    expect(tracker.requests()).toEqual([]);
    await page.close();

    // A PDF still shows under the page's policy: pdf.js draws it in the page, its worker a file of the extension's own.
    const { id } = await h.emulator.admin.addLetter({ subject: 'Et PDF-brev', fileType: 'pdf' });
    const pdf = await openLetter(id);
    await pdf.locator('.pdf-page[data-drawn="true"]').first().waitFor();
    await pdf.close();
  });
});

describe('point 7: Download saves what the viewer would show', () => {
  it('a file is named after what the viewer shows, not after the type its sender states', async () => {
    const { id } = await h.emulator.admin.addLetter({ subject: 'Faktura mars', fileType: 'pdf', statedFileType: 'exe' });
    const page = await openLetter(id);
    await page.locator('.pdf-page[data-drawn="true"]').first().waitFor();
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download' }).click();
    expect((await downloading).suggestedFilename()).toBe('Faktura mars.pdf');
    await page.close();
  });

  it('an HTML letter is saved as its checked copy, which opened from disk reaches no host', async () => {
    const tracker = await countingServer();
    const { id } = await addTrackerLetter(h.emulator.admin, tracker.origin);
    const page = await openLetter(id);
    await page.frameLocator('iframe.letter-frame').getByText(TRACKER_LETTER_TEXT).waitFor();

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${TRACKER_LETTER_SUBJECT}.html`);
    const folder = mkdtempSync(join(tmpdir(), 'letter-download-'));
    try {
      const file = join(folder, download.suggestedFilename());
      await download.saveAs(file);
      const saved = readFileSync(file, 'utf8');
      expect(saved).toContain("default-src 'none'");
      expect(saved).not.toMatch(/<link|<script|<base|http-equiv="refresh"/i);

      // Opened from disk, as a person opens a downloaded file: the letter shows and reaches nothing.
      const opened = await h.context.newPage();
      await opened.goto(pathToFileURL(file).href);
      expect(await opened.locator('#tracker-text').textContent()).toBe(TRACKER_LETTER_TEXT);
      await settle(opened);
      expect(tracker.requests()).toEqual([]);
      expect(tracker.connections()).toBe(0);
      await opened.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    await page.close();
  });
});
