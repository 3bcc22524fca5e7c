import { randomBytes } from 'node:crypto';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootCacheItem, viewerPages } from '../../src/storage/page-items.ts';
import { startEmulator, type RunningEmulator } from '../emulator/index.ts';
import { E2E_CLIENT_ID, E2E_CLIENT_SECRET } from '../support/build-extension.ts';
import { launchFirefoxWithExtension, navigate, type FirefoxWithExtension } from '../support/firefox.ts';
import { click, control, element, WAIT, waitFor } from '../support/firefox-page.ts';
import { FIREFOX_E2E_DIST, FIREFOX_E2E_PORT } from './firefox-setup.ts';
import { VIEWER_MEDIA_TYPE } from '../support/helpers.ts';
import { addTrickLetters, LETTER_END, LETTER_START, LINKS, LINKS_SUBJECT, linksLetterHtml, TRICK_LETTERS } from '../support/parser-trick-letters.ts';
import { addTrackerLetter, startCountingServer, TRACKER_LETTER_TEXT, type CountingServer } from '../support/tracker-letter.ts';

/*
 * What an HTML letter may not do, in Firefox (Debian's firefox-esr over WebDriver BiDi): reach its
 * sender through anything it names (the tracker letter), through the browser's second parse (issue
 * 18, point 1: the family of tricks), or through a link in SVG or MathML (point 2). Every test
 * counts connections as well as requests: a preconnect opens a connection and sends nothing.
 *
 * Firefox runs with speculative connections at its default. The profile puppeteer makes turns them
 * off (network.http.speculative-parallel-limit 0, so a test's stray connections do not linger), and
 * with them off a preconnect opens nothing: the very leak these tests look for would be hidden.
 */

/** Firefox's own default (modules/libpref/init/StaticPrefList.yaml), which puppeteer's profile sets to 0. */
const SPECULATIVE_CONNECTIONS = { 'network.http.speculative-parallel-limit': 6 };

let emulator: RunningEmulator;
let firefox: FirefoxWithExtension;
let popup: Page;
let viewer: Page;
const servers: CountingServer[] = [];

async function countingServer(): Promise<CountingServer> {
  const server = await startCountingServer();
  servers.push(server);
  return server;
}

interface BrowserInPage {
  browser: { storage: { session: { get(key: string): Promise<Record<string, unknown>>; set(items: object): Promise<void> } } };
}

/** The letter's address at the service, from the inbox link of the root the popup cached. */
async function letterAddress(id: string): Promise<string> {
  const inbox = await popup.evaluate(async (key: string) => {
    const { browser } = globalThis as unknown as BrowserInPage;
    const cached = (await browser.storage.session.get(key))[key] as { root: { primaryAccount: { link: { rel: string; uri: string }[] } } };
    return cached.root.primaryAccount.link.find((l) => l.rel.endsWith('/document_inbox'))?.uri ?? '';
  }, rootCacheItem.key);
  expect(inbox).toContain('/documents/inbox');
  return inbox.replace('/documents/inbox', `/documents/${id}`);
}

/** Shows a letter in the viewer tab the way the extension does (a page id in storage.session). */
async function letterPage(id: string): Promise<void> {
  const page = randomBytes(16).toString('base64url');
  const target = { url: await letterAddress(id), mediaType: VIEWER_MEDIA_TYPE, relation: 'self' };
  await popup.evaluate(
    async (key: string, value: object) => {
      await (globalThis as unknown as BrowserInPage).browser.storage.session.set({ [key]: value });
    },
    viewerPages.item(page).key,
    target,
  );
  await viewer.bringToFront();
  await navigate(viewer, firefox.url(`src/viewer/viewer.html?page=${page}`));
}

/** Shows a letter, which opens its main document at once. */
async function openLetter(id: string): Promise<void> {
  await letterPage(id);
}

/** From now on, the viewer page keeps what its own policy refused ("frame-src blob:…"), for refused(). */
async function recordRefusals(): Promise<void> {
  await viewer.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { refusedByPolicy: string[] }).refusedByPolicy = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
}

function refused(): Promise<string[]> {
  return viewer.evaluate(() => [...(window as unknown as { refusedByPolicy: string[] }).refusedByPolicy]);
}

/**
 * Waits until the letter's frame shows its first line, or shows no letter document of ours any
 * more (a trick moved it).
 */
async function letterShown(): Promise<void> {
  await waitFor(
    viewer,
    (wanted: string) => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe.letter-frame');
      if (!frame) return false;
      const doc = frame.contentDocument;
      return doc === null || (doc.URL === 'about:srcdoc' && doc.readyState === 'complete' && doc.body.textContent.includes(wanted));
    },
    WAIT,
    LETTER_START,
  );
}

/** What the letter's frame shows: its address (null for another origin's page) and whether the whole letter reads. */
function frameState(): Promise<{ address: string | null; whole: boolean }> {
  return viewer.evaluate((end: string) => {
    const doc = document.querySelector<HTMLIFrameElement>('iframe.letter-frame')?.contentDocument;
    return { address: doc?.URL ?? null, whole: doc?.body.textContent.includes(end) ?? false };
  }, LETTER_END);
}

/**
 * Nothing announces "nothing happened": once the letter shows, give late loaders (a preconnect
 * when the browser is idle, a refresh after the load event) the same moment as the Chromium tests.
 */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 750));
}

beforeAll(async () => {
  emulator = await startEmulator({ port: FIREFOX_E2E_PORT, clientId: E2E_CLIENT_ID, clientSecret: E2E_CLIENT_SECRET, letters: 10, quiet: true });
  firefox = await launchFirefoxWithExtension(FIREFOX_E2E_DIST, { prefs: SPECULATIVE_CONNECTIONS });
  popup = await firefox.openPage('src/popup/popup.html');
  const consent = await firefox.nextPage(() => click(popup, 'Connect', true), (t) => t.url().includes('/oauth/authorize'));
  await click(consent, 'Approve', true);
  await waitFor(popup, (name: string) => [...document.querySelectorAll('h1')].some((h) => h.textContent.trim() === name), WAIT, emulator.user.fullName);
  viewer = await firefox.browser.newPage();
});

afterAll(async () => {
  // Any may be missing when beforeAll failed part-way.
  await (firefox as FirefoxWithExtension | undefined)?.close();
  await (emulator as RunningEmulator | undefined)?.stop();
  await Promise.all(servers.map((server) => server.stop()));
});

describe('Firefox: an HTML letter loads nothing from any host', () => {
  it('opening a letter full of trackers makes no request or connection to the tracker, while its embedded image shows', async () => {
    const tracker = await countingServer();
    const { id } = await addTrackerLetter(emulator.admin, tracker.origin);
    await openLetter(id);
    // The frame runs no script but shares nothing else: the page can read what it shows.
    const shown = await waitFor(
      viewer,
      () => {
        const frame = document.querySelector<HTMLIFrameElement>('iframe.letter-frame');
        const doc = frame?.contentDocument;
        const image = doc?.querySelector<HTMLImageElement>('#embedded');
        if (doc?.readyState !== 'complete' || !image?.complete) return undefined;
        return { text: doc.querySelector('#tracker-text')?.textContent, imageWidth: image.naturalWidth, sandbox: frame?.getAttribute('sandbox') ?? '' };
      },
      WAIT,
    );
    const seen = (await shown.jsonValue()) as { text: string; imageWidth: number; sandbox: string };
    expect(seen.text).toBe(TRACKER_LETTER_TEXT);
    expect(seen.imageWidth).toBe(12);
    expect(seen.sandbox).not.toContain('allow-scripts');
    await settle();
    expect(tracker.requests()).toEqual([]);
    expect(tracker.connections()).toBe(0);
  });
});

describe('Firefox: a letter cannot be undone by the second parse (issue 18, point 1)', () => {
  it('no letter of the family (MathML, SVG, noscript, template, comments, CDATA) opens a connection to its sender', async () => {
    const trackers = await Promise.all(TRICK_LETTERS.map(() => countingServer()));
    const ids = await addTrickLetters(emulator.admin, trackers.map((t) => t.origin));
    const shown: { trick: string; address: string | null; whole: boolean }[] = [];
    for (const [index, id] of ids.entries()) {
      await openLetter(id);
      await letterShown();
      await settle();
      shown.push({ trick: TRICK_LETTERS[index]?.name ?? id, ...(await frameState()) });
    }
    const reached = TRICK_LETTERS.map((trick, index) => ({ trick: trick.name, connections: trackers[index]?.connections(), requests: trackers[index]?.requests() }));
    expect(reached.filter((r) => r.connections !== 0 || r.requests?.length !== 0)).toEqual([]);
    // Each letter still shows in the viewer, whole (its own frame, not the sender's page).
    expect(shown.filter((s) => s.address !== 'about:srcdoc' || !s.whole)).toEqual([]);
  });
});

describe('Firefox: links in SVG and MathML follow the link rules (issue 18, point 2)', () => {
  /** Clicks, with the mouse, the element of the letter whose text is `text`. */
  async function clickInLetter(text: string): Promise<void> {
    const point = await viewer.evaluate((wanted: string) => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe.letter-frame');
      const doc = frame?.contentDocument;
      const walker = doc?.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
      let node = walker?.nextNode();
      while (node && !node.nodeValue?.includes(wanted)) node = walker?.nextNode();
      const target = node?.parentElement;
      if (!frame || !target) return null;
      const outer = frame.getBoundingClientRect();
      const inner = target.getBoundingClientRect();
      return { x: outer.left + inner.left + inner.width / 2, y: outer.top + inner.top + inner.height / 2 };
    }, text);
    if (!point) throw new Error(`the letter shows no “${text}”`);
    await viewer.mouse.click(point.x, point.y);
  }

  it('an SVG or MathML link does not take the letter frame to the sender, while an HTML link opens in a new tab', async () => {
    const tracker = await countingServer();
    const { id } = await emulator.admin.addLetter({ subject: LINKS_SUBJECT, creatorName: 'Lenkefirma AS', html: linksLetterHtml(tracker.origin) });
    await openLetter(id);
    await letterShown();
    for (const link of [LINKS.svgHref, LINKS.svgXlink, LINKS.mathml]) {
      const tabs = (await firefox.browser.pages()).length;
      await clickInLetter(link.text);
      await settle();
      expect({ link: link.text, frame: await frameState(), newTabs: (await firefox.browser.pages()).length - tabs }).toEqual({
        link: link.text,
        frame: { address: 'about:srcdoc', whole: true },
        newTabs: 0,
      });
    }
    expect(tracker.requests()).toEqual([]);

    // The control: the same click on the HTML link does reach the sender, in a tab of its own.
    await clickInLetter(LINKS.html.text);
    await expect.poll(() => tracker.requests(), { timeout: WAIT.timeout }).toContain(`GET /${LINKS.html.path}`);
    expect((await frameState()).address).toBe('about:srcdoc');
    for (const page of await firefox.browser.pages()) if (page.url().startsWith(tracker.origin)) await page.close();
  });

  it("the viewer's policy frames nothing from another host, while a PDF still shows", async () => {
    const tracker = await countingServer();
    const { id } = await emulator.admin.addLetter({ subject: 'Et PDF-brev', fileType: 'pdf' });
    await letterPage(id);
    await recordRefusals();
    // A frame the page itself asks for: here the policy (frame-src), not the sanitiser, is what stops it.
    await viewer.evaluate((address: string) => {
      const frame = document.createElement('iframe');
      frame.src = address;
      document.body.append(frame);
    }, `${tracker.origin}/framed`);
    // Either the policy refuses it, or the frame's request reaches the tracker.
    await expect.poll(async () => (await refused()).length + tracker.requests().length, { timeout: WAIT.timeout }).toBeGreaterThan(0);
    await settle();
    expect(tracker.requests()).toEqual([]);
    expect(await refused()).toEqual([`frame-src ${tracker.origin}`]);

    // The PDF is drawn in the page by pdf.js (its worker a file of the extension's own), and the policy refuses nothing more.
    await element(viewer, '.pdf-page[data-drawn="true"]', WAIT);
    await control(viewer, 'Download', true);
    await settle();
    expect(await refused()).toEqual([`frame-src ${tracker.origin}`]);
  });
});
