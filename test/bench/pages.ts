import type { Page } from 'puppeteer-core';
import { rootCacheItem } from '../../src/storage/page-items.ts';
import type { RunningEmulator } from '../emulator/index.ts';
import type { ExtensionBrowser } from '../support/extension-browser.ts';
import { css, role } from '../support/person.ts';
import type { BenchBrowser } from './browser.ts';
import type { ProbeMarks } from './probe.ts';

export const POPUP_PAGE = 'src/popup/popup.html';
export const SUMMARY = 'selector:.summary h1';

export interface Bench {
  browser: BenchBrowser;
  emulator: RunningEmulator;
}

/** Waits for a probe mark (ms since the page's navigation start) and returns it. */
export async function markOf(page: Page, key: string, timeout = 15_000): Promise<number> {
  const handle = await page.waitForFunction(
    (k: string) => {
      const marks = (window as unknown as { __bench?: ProbeMarks }).__bench;
      const value = marks?.[k];
      return typeof value === 'number' ? value : false;
    },
    { timeout, polling: 50 },
    key,
  );
  return (await handle.jsonValue()) as number;
}

/**
 * Sends the tab to an address and returns once the browser has committed to the new document (no
 * wait for its load): the probe's marks are asked of the page from then on.
 */
export async function commit(page: Page, address: string): Promise<void> {
  await page.goto(address, { waitUntil: [] });
}

/** Opens a page in a new tab and returns when the given mark was reached, with the page still open. */
export async function openTimed(bench: Bench, path: string, key: string): Promise<{ page: Page; ms: number }> {
  const page = await bench.browser.newPage();
  await commit(page, bench.browser.url(path));
  return { page, ms: await markOf(page, key) };
}

/** Opens, measures, closes. */
export async function timeOnce(bench: Bench, path: string, key: string): Promise<number> {
  const { page, ms } = await openTimed(bench, path, key);
  await page.close();
  return ms;
}

interface SessionArea {
  get(k: string): Promise<Record<string, unknown>>;
  set(i: object): Promise<void>;
}

/**
 * Runs inside the extension (Chromium's worker, a Firefox extension page; serialized by the driver,
 * so it refers to nothing outside itself): makes the cached root and its inbox page look `age` ms
 * old, as if the popup had last been opened that long ago.
 */
export async function ageCachedRootInExtension([key, age]: readonly [string, number]): Promise<void> {
  const scope = globalThis as unknown as { browser?: { storage: { session: SessionArea } }; chrome: { storage: { session: SessionArea } } };
  const area = (scope.browser ?? scope.chrome).storage.session;
  const cached = (await area.get(key))[key] as { fetchedAt: number; inbox?: { fetchedAt: number } } | undefined;
  if (!cached) throw new Error('no cached root to age');
  const at = Date.now() - age;
  await area.set({ [key]: { ...cached, fetchedAt: at, ...(cached.inbox ? { inbox: { ...cached.inbox, fetchedAt: at } } : {}) } });
}

export { dropRootCache } from '../support/helpers.ts';

/** Makes the cached root and its inbox page look `ageMs` old (in Chromium, from the worker). */
export function ageRootCache(extension: Pick<ExtensionBrowser, 'inExtension'>, ageMs: number): Promise<void> {
  return extension.inExtension(ageCachedRootInExtension, [rootCacheItem.key, ageMs] as const);
}

/** Connects through the popup and the emulator's consent page, as a user would. */
export async function signIn(bench: Bench): Promise<void> {
  const page = await bench.browser.open(POPUP_PAGE);
  const consent = await bench.browser.nextPage(
    () => role(page, 'button', 'Connect').click(),
    (address) => address.includes('/oauth/authorize'),
  );
  await role(consent, 'button', 'Approve').click();
  await css(page, '.summary h1').wait();
  await page.close();
}

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
