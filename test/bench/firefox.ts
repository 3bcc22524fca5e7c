// The popup's figures in Firefox (Debian's firefox-esr, headless, over WebDriver BiDi with
// puppeteer-core, as the Firefox journey in test/e2e drives it). Firefox's toolbar popup cannot be
// opened from a test, so the popup page is opened in a tab, as in Chromium. The add-on signs in
// through the emulator's consent window, as a user does, and then is measured as in Chromium:
// blank page, warm and cold popup interleaved, and the popup opened while the background is stopped.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { randomBytes } from 'node:crypto';
import { relationName } from '../../src/api/relation-name.ts';
import { rootCacheItem, viewerPages } from '../../src/storage/page-items.ts';
import type { RunningEmulator } from '../emulator/index.ts';
import { buildForEmulator } from '../support/build-extension.ts';
import type { ExtensionBrowser } from '../support/extension-browser.ts';
import { launchFirefox } from '../support/launch-firefox.ts';
import { css, role } from '../support/person.ts';
import { POPUP_VIEWPORT } from './browser.ts';
import { BENCH_CLIENT_ID, BENCH_CLIENT_SECRET, BENCH_SCOPE, BLANK_PAGE } from './build.ts';
import { addPdfLetter, clickLetterRow, LIMIT_PAGE, packagePdf, PAGE_DRAWN_MARK, pagesWidth, writeLimitPage } from './letter-open.ts';
import { ageCachedRootInExtension, POPUP_PAGE, sleep, SUMMARY } from './pages.ts';
import { ROUND_TRIP_MS } from './popup-timing.ts';
import { PROBE_SCRIPT, type ProbeMarks } from './probe.ts';
import { measureLayout, type LayoutResult } from './layout-shift.ts';
import { writeFirstPaintFloor, type PopupParts } from './popup-parts.ts';

const DIST = 'dist-bench-firefox';
const PROBE_FILE = 'bench/probe.js';
/**
 * Firefox suspends an idle background page after `extensions.background.idle.timeout` (30 s by
 * default). The benchmark shortens it, so a stopped background is a wait away rather than half a
 * minute, and wakes the background with a message before every run that wants it running.
 */
const IDLE_TIMEOUT_MS = 2_000;
const SUSPENDED_AFTER_MS = IDLE_TIMEOUT_MS + 1_500;

export interface FirefoxTimings {
  version: string;
  blank: number[];
  warm: number[];
  /** The warm popup in parts, as Chromium's (popup-parts.ts): parsed, script to its read, read, render, frame. */
  warmParts: PopupParts[];
  /** The warm popup's first frame as a page with no script but the probe (popup-timing.ts' staticFrame, here). */
  still: number[];
  /** The same frame, its content put in by a script once the page is parsed, with no read: the floor of any script that paints. */
  stillNoRead: number[];
  cold: number[];
  /** Popup to content from the cache, with the background stopped / running. */
  stoppedContent: number[];
  runningContent: number[];
  /** The popup's first answer from the background, stopped / running. */
  stoppedAnswer: number[];
  runningAnswer: number[];
  /** Click on a PDF letter in the viewer's inbox to its page one drawn, and the same PDF in a tab (letter-open.ts). */
  letterOpen: number[];
  letterLimit: number[];
  /** Why the letter was not measured, if it was not (the popup's figures stand on their own). */
  letterError?: string;
}

/**
 * The probe as the first script of the benchmark's copy of a page (classic, so it runs while the
 * page is parsed, before the page's own module), since Firefox runs no init script in
 * moz-extension:// pages. The blank page gets it too, so both pay the same.
 */
function addProbe(page: string): void {
  const file = join(DIST, page);
  const depth = page.split('/').length - 1;
  const src = `${'../'.repeat(depth)}${PROBE_FILE}`;
  const html = readFileSync(file, 'utf8');
  if (!html.includes('<head>')) throw new Error(`${page} has no <head> to put the probe in`);
  writeFileSync(file, html.replace('<head>', `<head><script src="${src}"></script>`));
}

async function build(emulator: RunningEmulator): Promise<void> {
  await buildForEmulator(DIST, emulator.url, BENCH_CLIENT_ID, BENCH_CLIENT_SECRET, { scope: BENCH_SCOPE, target: 'firefox' });
  mkdirSync(join(DIST, 'bench'), { recursive: true });
  writeFileSync(join(DIST, PROBE_FILE), PROBE_SCRIPT.content);
  writeFileSync(join(DIST, BLANK_PAGE), readFileSync('test/bench/blank.html', 'utf8'));
  addProbe(BLANK_PAGE);
  addProbe(POPUP_PAGE);
  addProbe(VIEWER_PAGE);
  writeLimitPage(DIST, 'probe.js');
}

const VIEWER_PAGE = 'src/viewer/viewer.html';
const STATIC_FRAME = 'bench/popup-frame.html';

/**
 * The warm popup's whole first frame as a page with no script but the probe, as Chromium's
 * (popup-timing.ts): the floor of any popup that paints this content in Firefox.
 */
async function staticFrame(firefox: ExtensionBrowser): Promise<string> {
  const page = await firefox.open(POPUP_PAGE);
  try {
    await page.waitForSelector('.late-parts:not(.pending) .letter-list');
    const html = await page.evaluate(() => {
      for (const script of document.querySelectorAll('script')) script.remove();
      return `<!doctype html>\n${document.documentElement.outerHTML}`;
    });
    // Beside the probe in bench/, so it loads the probe as every other page of this build does.
    writeFileSync(join(DIST, STATIC_FRAME), html.replace('<head>', '<head><script src="probe.js"></script>'));
    return STATIC_FRAME;
  } finally {
    await page.close();
  }
}

async function markOf(page: Page, key: string): Promise<number> {
  const handle = await page.waitForFunction(
    (k: string) => {
      const value = (window as unknown as { __bench?: ProbeMarks }).__bench?.[k];
      return typeof value === 'number' ? value : false;
    },
    { timeout: 15_000, polling: 50 },
    key,
  );
  return (await handle.jsonValue()) as number;
}

interface Opened {
  content: number;
  answer: number | undefined;
  /** Where the time went, when asked for (the popup's page: its cache read is its first act). */
  parts?: PopupParts;
}

/** Opens a page in a new tab; the time its content was on screen and, if asked, its first answer. */
async function openTimed(firefox: ExtensionBrowser, path: string, answer: boolean, parts = false): Promise<Opened> {
  const page = await firefox.browser.newPage();
  try {
    await firefox.goto(page, firefox.url(path));
    const content = await markOf(page, SUMMARY);
    const opened: Opened = { content, answer: answer ? await markOf(page, 'answer') : undefined };
    if (parts) {
      const readStart = await markOf(page, 'readStart');
      const readEnd = await markOf(page, 'readEnd');
      const inserted = await markOf(page, `inserted:${SUMMARY.replace('selector:', '')}`);
      const parsed = await page.evaluate(
        () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domInteractive,
      );
      opened.parts = {
        total: content,
        parsed,
        script: readStart - parsed,
        read: readEnd - readStart,
        render: inserted - readEnd,
        frame: content - inserted,
      };
    }
    return opened;
  } finally {
    await page.close();
  }
}

interface ExtensionApi {
  storage: { session: { remove(k: string): Promise<void> } };
  runtime: { sendMessage(message: object): Promise<unknown> };
}

interface RootLink {
  rel: string;
  uri: string;
  'media-type'?: string;
}
interface RootAnswer {
  ok: boolean;
  value?: { data: { link?: RootLink[]; mailbox?: { link?: RootLink[] }[] } };
}

/** What the benchmark does with the add-on's own API, from one of its pages that stays open. */
interface Controls {
  /** Any message wakes the background; a page it does not serve is refused, which is an answer too. */
  wake: () => Promise<void>;
  dropCache: () => Promise<void>;
  /** Makes the cached root and newest letters look just fetched. */
  freshenCache: () => Promise<void>;
  /** The viewer's address for the inbox, remembered through the add-on's storage as its pages do. */
  inboxViewer: (rootUrl: string) => Promise<string>;
}

async function controls(firefox: ExtensionBrowser): Promise<Controls> {
  const page = await firefox.open(BLANK_PAGE);
  return {
    wake: () =>
      page.evaluate(async () => {
        await (globalThis as unknown as { browser: ExtensionApi }).browser.runtime
          .sendMessage({ type: 'getStatus' })
          .catch(() => undefined);
      }),
    dropCache: () =>
      page.evaluate(
        (key: string) => (globalThis as unknown as { browser: ExtensionApi }).browser.storage.session.remove(key),
        rootCacheItem.key,
      ),
    freshenCache: () => page.evaluate(ageCachedRootInExtension, [rootCacheItem.key, 0] as const),
    inboxViewer: async (rootUrl) => {
      const root = (await page.evaluate(
        (url: string) =>
          (globalThis as unknown as { browser: ExtensionApi }).browser.runtime.sendMessage({ type: 'getResource', url, relation: 'self' }),
        rootUrl,
      )) as RootAnswer;
      const data = root.value?.data;
      const links = [...(data?.link ?? []), ...(data?.mailbox ?? []).flatMap((m) => m.link ?? [])];
      const inbox = links.find((l) => relationName(l.rel) === 'document_inbox');
      if (!inbox) throw new Error(`the root has no document_inbox link: ${JSON.stringify(root).slice(0, 200)}`);
      const id = randomBytes(16).toString('base64url');
      const stored = { url: inbox.uri, relation: 'document_inbox', mediaType: inbox['media-type'] ?? 'application/vnd.digipost-v2+json' };
      await page.evaluate(
        (key: string, value: object) =>
          (globalThis as unknown as { browser: { storage: { session: { set(i: object): Promise<void> } } } }).browser.storage.session.set({
            [key]: value,
          }),
        `${viewerPages.prefix}${id}`,
        stored,
      );
      return firefox.url(`${VIEWER_PAGE}?page=${id}`);
    },
  };
}

/** Connects through the popup and the emulator's consent window, as a user would. */
async function signIn(firefox: ExtensionBrowser): Promise<void> {
  const popup = await firefox.open(POPUP_PAGE);
  const consent = await firefox.nextPage(
    () => role(popup, 'button', 'Connect').click(),
    (address) => address.includes('/oauth/authorize'),
  );
  await role(consent, 'button', 'Approve').click();
  await css(popup, SUMMARY.replace('selector:', '')).wait();
  await popup.close();
}

export async function measureFirefoxPopup(emulator: RunningEmulator, runs: number): Promise<FirefoxTimings> {
  await build(emulator);
  // Each tab at the popup's size, as in Chromium.
  const firefox = await launchFirefox({
    dist: DIST,
    viewport: POPUP_VIEWPORT,
    prefs: { 'extensions.background.idle.timeout': IDLE_TIMEOUT_MS },
  });
  try {
    const result: FirefoxTimings = {
      version: await firefox.browser.version(),
      blank: [],
      warm: [],
      warmParts: [],
      still: [],
      stillNoRead: [],
      cold: [],
      stoppedContent: [],
      runningContent: [],
      stoppedAnswer: [],
      runningAnswer: [],
      letterOpen: [],
      letterLimit: [],
    };
    await signIn(firefox);
    const { wake, dropCache, freshenCache, inboxViewer } = await controls(firefox);

    await emulator.admin.configure({ latencyMs: ROUND_TRIP_MS });
    try {
      // One unmeasured round warms the browser's caches of the pages themselves.
      await wake();
      await openTimed(firefox, BLANK_PAGE, false);
      await openTimed(firefox, POPUP_PAGE, false);
      const still = await staticFrame(firefox);
      await openTimed(firefox, still, false);
      // The frame's content put back by a script that reads nothing (popup-parts.ts), beside the probe.
      const noRead = writeFirstPaintFloor(DIST, still, false);
      await openTimed(firefox, noRead, false);
      for (let i = 0; i < runs; i++) {
        await wake();
        result.blank.push((await openTimed(firefox, BLANK_PAGE, false)).content);
        result.still.push((await openTimed(firefox, still, false)).content);
        result.stillNoRead.push((await openTimed(firefox, noRead, false)).content);
        await dropCache();
        await wake();
        result.cold.push((await openTimed(firefox, POPUP_PAGE, false)).content);
        await wake();
        const warm = await openTimed(firefox, POPUP_PAGE, false, true);
        result.warm.push(warm.content);
        if (warm.parts) result.warmParts.push(warm.parts);
      }
    } finally {
      await emulator.admin.configure({ latencyMs: 0 });
    }

    const stoppedRuns = Math.max(3, Math.round(runs / 2));
    for (let i = 0; i < stoppedRuns; i++) {
      // A fresh cache, so the answer is the background's own work and no network.
      await freshenCache();
      await wake();
      const running = await openTimed(firefox, POPUP_PAGE, true);
      result.runningContent.push(running.content);
      result.runningAnswer.push(running.answer ?? Number.NaN);
      await sleep(SUSPENDED_AFTER_MS);
      const stopped = await openTimed(firefox, POPUP_PAGE, true);
      result.stoppedContent.push(stopped.content);
      result.stoppedAnswer.push(stopped.answer ?? Number.NaN);
    }

    // The one-click letter and its limit, interleaved, as in Chromium (viewer.ts).
    try {
      const letterRuns = Math.max(3, Math.round(runs / 3));
      for (let i = 0; i < letterRuns; i++) {
        const { subject, pdf } = await addPdfLetter(emulator, 'Firefox', i);
        await wake();
        const viewer = await firefox.browser.newPage();
        await firefox.goto(viewer, await inboxViewer(`${emulator.url}/post/api`));
        await viewer.waitForFunction((text: string) => document.body.textContent.includes(text), { timeout: 15_000, polling: 50 }, subject);
        const clickedAt = await viewer.evaluate(clickLetterRow, subject);
        if (clickedAt === null) throw new Error(`no row for ${subject} in the inbox`);
        result.letterOpen.push((await markOf(viewer, PAGE_DRAWN_MARK)) - clickedAt);
        const width = await viewer.evaluate(pagesWidth);
        await viewer.close();

        packagePdf(DIST, pdf);
        const limit = await firefox.browser.newPage();
        await firefox.goto(limit, firefox.url(`${LIMIT_PAGE}?width=${width}`));
        result.letterLimit.push(await markOf(limit, PAGE_DRAWN_MARK));
        await limit.close();
      }
    } catch (error) {
      result.letterError = error instanceof Error ? error.message : String(error);
    }
    return result;
  } finally {
    await firefox.close().catch(() => undefined);
    rmSync(DIST, { recursive: true, force: true });
  }
}

export const FIREFOX_METHOD = `Firefox: Debian's firefox-esr, headless, driven over WebDriver BiDi by puppeteer-core (test/support/launch-firefox.ts), the Firefox build installed as a temporary add-on and signed in through the emulator's consent window. Its toolbar popup cannot be opened from a test, so the popup page is opened in a tab. Firefox runs no init script in moz-extension:// pages, so the benchmark's copy of the popup and of the blank page carries the same probe as Chromium's as its first (classic) script: times are taken the same way. The background is an event page, which Firefox suspends after extensions.background.idle.timeout; the benchmark sets that to ${IDLE_TIMEOUT_MS} ms, wakes the background with a message before each run that wants it running, and waits ${SUSPENDED_AFTER_MS} ms for a stopped one.`;

/** Layout shift in Firefox (layout-shift.ts): the same pages as in Chromium, in the Firefox build carrying the probe. */
export async function measureFirefoxLayout(emulator: RunningEmulator, runs: number): Promise<{ results: LayoutResult[]; version: string }> {
  await build(emulator);
  // Firefox's own idle timeout: shortened to IDLE_TIMEOUT_MS, the event page would be stopped in
  // the middle of a first open's reads at 4 s of latency, which the popup's timing rows want and
  // this measure does not.
  const firefox = await launchFirefox({ dist: DIST, viewport: POPUP_VIEWPORT });
  try {
    await signIn(firefox);
    const results = await measureLayout({ newPage: () => firefox.browser.newPage(), extension: firefox }, emulator, runs);
    return { results, version: await firefox.browser.version() };
  } finally {
    await firefox.close().catch(() => undefined);
    rmSync(DIST, { recursive: true, force: true });
  }
}
