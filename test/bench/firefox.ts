// The popup's figures in Firefox (Debian's firefox-esr, headless, over WebDriver BiDi with
// puppeteer-core, as the Firefox journey in test/e2e drives it). Firefox's toolbar popup cannot be opened
// from a test, so the popup page is opened in a tab, as in Chromium; and its add-on is not signed
// in (the benchmark does not sign in through the consent window, as the Firefox journey in npm test does), so the popup is timed with the
// cache Chromium's signed-in run left, copied into Firefox's storage.session: what the popup
// paints from the cache is then the same content from the same data.
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import type { RunningEmulator } from '../emulator/index.ts';
import { buildForEmulator } from '../e2e/build-extension.ts';
import { findFirefox } from '../e2e/firefox.ts';
import { BENCH_CLIENT_ID, BENCH_CLIENT_SECRET, BLANK_PAGE } from './build.ts';
import { POPUP_PAGE, SUMMARY } from './pages.ts';

const DIST = 'dist-bench-firefox';
const ADDON_ID = 'digipost-mailbox@extensions.example';

export interface FirefoxTimings {
  version: string;
  blank: number[];
  warm: number[];
}

/**
 * Firefox runs no init script in moz-extension:// pages (puppeteer's evaluateOnNewDocument does
 * not reach them), so the time is the page's own first contentful paint: for both pages that is
 * the heading, since the popup's first render from a fresh cache is its content (no skeleton), and
 * it is rendered before any answer of the worker can change it. (That answer, in this signed-out
 * add-on, then turns the popup to its Connect screen: the paint entry stays.)
 */
async function firstContentfulPaint(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? false,
    { timeout: 15_000, polling: 50 },
  );
  return (await handle.jsonValue()) as number;
}

/** Starts the navigation without waiting for a load event (an extension page may not report one over BiDi). */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 1500 }).catch((error: unknown) => {
    if (!(error instanceof Error && error.name === 'TimeoutError')) throw error;
  });
}

async function timeOnce(browser: Browser, url: string): Promise<number> {
  const page = await browser.newPage();
  try {
    await open(page, url);
    return await firstContentfulPaint(page);
  } finally {
    await page.close();
  }
}

/** `rootCache` is the snapshot the popup reads (from Chromium's storage.session after its runs). */
export async function measureFirefoxPopup(emulator: RunningEmulator, rootCache: unknown, runs: number): Promise<FirefoxTimings> {
  await buildForEmulator(DIST, emulator.url, BENCH_CLIENT_ID, BENCH_CLIENT_SECRET, { target: 'firefox' });
  mkdirSync(join(DIST, 'bench'), { recursive: true });
  copyFileSync('test/bench/blank.html', join(DIST, BLANK_PAGE));
  const uuid = randomUUID();
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: findFirefox(),
    headless: true,
    args: ['--remote-allow-system-access', '--width=380', '--height=600'],
    extraPrefsFirefox: { 'extensions.webextensions.uuids': JSON.stringify({ [ADDON_ID]: uuid }), 'intl.locale.requested': 'en-US' },
  });
  try {
    const version = await browser.version();
    await browser.installExtension(resolve(DIST));
    const base = `moz-extension://${uuid}/`;
    const seed = await browser.newPage();
    await open(seed, `${base}${BLANK_PAGE}`);
    await seed.waitForSelector(SUMMARY.replace('selector:', ''));
    await seed.evaluate(async (snapshot) => {
      const api = (globalThis as unknown as { browser: { storage: { session: { set(items: object): Promise<void> } } } }).browser;
      await api.storage.session.set({ rootCache: { ...(snapshot as object), fetchedAt: Date.now() } });
    }, rootCache);
    await seed.close();
    const result: FirefoxTimings = { version, blank: [], warm: [] };
    await timeOnce(browser, `${base}${BLANK_PAGE}`);
    await timeOnce(browser, `${base}${POPUP_PAGE}`);
    for (let i = 0; i < runs; i++) {
      result.blank.push(await timeOnce(browser, `${base}${BLANK_PAGE}`));
      result.warm.push(await timeOnce(browser, `${base}${POPUP_PAGE}`));
    }
    return result;
  } finally {
    await browser.close().catch(() => undefined);
    rmSync(DIST, { recursive: true, force: true });
  }
}
