// The helpers the e2e tests (and the screenshot and benchmark tools) share: reading and writing the
// extension's storage from one of its pages, opening viewer pages, signing in with a set of permissions.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { configItem } from '../../src/storage/items.ts';
import { rootCacheItem, viewerPages } from '../../src/storage/page-items.ts';
import type { Permission } from '../../src/shared/permissions.ts';
import { E2E_CLIENT_ID, E2E_CLIENT_SECRET } from './build-extension.ts';
import type { EmulatorAdmin } from '../emulator/admin-client.ts';
import { ARRIVAL_MS, ownTabContexts, pollInPage, type ExtensionBrowser } from './extension-browser.ts';
import type { Harness } from './harness.ts';
import { actInClosingPopup, css, until } from './person.ts';

type Extension = Pick<ExtensionBrowser, 'inExtension' | 'url'>;

interface ExtensionApis {
  action: { getBadgeText(details: object): Promise<string>; getTitle(details: object): Promise<string> };
  storage: Record<
    'local' | 'session',
    { get(keys: null): Promise<Record<string, unknown>>; set(items: object): Promise<void>; remove(keys: string[]): Promise<void> }
  >;
}

/*
 * In the functions below, run in an extension page, the extension's APIs are `browser` in Firefox
 * and `chrome` in Chromium (both promise-based); each function looks for them itself, since only
 * its own source reaches the page.
 */
interface InPage {
  browser?: ExtensionApis;
  chrome: ExtensionApis;
}

/** What the toolbar badge says right now. */
export function badgeText(h: Extension): Promise<string> {
  return h.inExtension(() =>
    ((globalThis as unknown as InPage).browser ?? (globalThis as unknown as InPage).chrome).action.getBadgeText({}),
  );
}

/** What the toolbar button's title says right now (what the pointer shows over it). */
export function badgeTitle(h: Extension): Promise<string> {
  return h.inExtension(() => ((globalThis as unknown as InPage).browser ?? (globalThis as unknown as InPage).chrome).action.getTitle({}));
}

/** Everything the extension keeps, per area, to prove what was (not) stored. */
export function storedItems(h: Extension, area: 'local' | 'session'): Promise<Record<string, unknown>> {
  return h.inExtension(
    (a: 'local' | 'session') =>
      ((globalThis as unknown as InPage).browser ?? (globalThis as unknown as InPage).chrome).storage[a].get(null),
    area,
  );
}

/** Stores items; an item whose value is undefined is removed, so a saved state can be put back exactly. */
export function storeItems(h: Extension, area: 'local' | 'session', items: Record<string, unknown>): Promise<void> {
  const absent = Object.keys(items).filter((key) => items[key] === undefined);
  return h.inExtension(
    async (a: 'local' | 'session', i: Record<string, unknown>, gone: string[]) => {
      const storage = ((globalThis as unknown as InPage).browser ?? (globalThis as unknown as InPage).chrome).storage[a];
      await storage.set(i);
      if (gone.length > 0) await storage.remove(gone);
    },
    area,
    items,
    absent,
  );
}

/** Forgets the popup's cached root, as if it had never been fetched in this browser session. */
export function dropRootCache(h: Extension): Promise<void> {
  return storeItems(h, 'session', { [rootCacheItem.key]: undefined });
}

/** The popup's cached root as the tests change it: when it was read, and when its inbox page was. */
export type CachedRootTimes = Record<string, unknown> & { fetchedAt: number; inbox?: Record<string, unknown> & { fetchedAt: number } };

/**
 * Stores the popup's cached root as `change` makes it (older, so the next open reads again), and
 * returns it as it was. The worker's reads still on their way are let end first: one answering
 * after would write a fresh cache over the aged one (seen in a fresh clone's run).
 */
export async function ageRootCache(
  h: Extension & { emulator: { admin: Pick<EmulatorAdmin, 'requests'> } },
  change: (snapshot: CachedRootTimes) => CachedRootTimes,
): Promise<CachedRootTimes> {
  await untilServiceQuiet(h.emulator.admin);
  const snapshot = await cachedRoot(h);
  await storeItems(h, 'session', { [rootCacheItem.key]: change(snapshot) });
  return snapshot;
}

/*
 * Opening the viewer on a resource the way the extension does: the target goes to storage.session
 * under a random page id, and the tab's address carries only that id (src/shared/viewer-address.ts).
 */
const VIEWER_MEDIA_TYPE = 'application/vnd.digipost-v2+json';

export interface Target {
  url: string;
  relation: string;
  mediaType?: string;
}

/** The viewer's address for a target, remembered first in the extension's session storage. */
export async function viewerPageFor(h: Extension, target: Target): Promise<string> {
  const id = randomBytes(16).toString('base64url');
  const stored = { url: target.url, mediaType: target.mediaType ?? VIEWER_MEDIA_TYPE, relation: target.relation };
  await storeItems(h, 'session', { [`${viewerPages.prefix}${id}`]: stored });
  return h.url(`src/viewer/viewer.html?page=${id}`);
}

/** The text a person sees on the page: closed "All details and links" and hidden text left out. */
export function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => document.body.innerText);
}

/** The cached root snapshot (what the popup shows), as the worker stored it. */
async function cachedRoot(h: Extension): Promise<CachedRootTimes> {
  const snapshot = (await storedItems(h, 'session'))[rootCacheItem.key];
  if (typeof snapshot !== 'object' || snapshot === null) throw new Error('no cached root');
  return snapshot as CachedRootTimes;
}

interface CachedLinks {
  root: { link: { rel: string; uri: string }[]; primaryAccount: { link: { rel: string; uri: string }[] } };
}

/** The address of a relation of the cached root (`root`) or of its account (`account`). */
export async function cachedLink(h: Extension, where: 'root' | 'account', relation: string): Promise<string> {
  const { root } = (await cachedRoot(h)) as unknown as CachedLinks;
  const links = where === 'root' ? root.link : root.primaryAccount.link;
  const found = links.find((l) => l.rel.endsWith(`/${relation}`));
  if (!found) throw new Error(`no ${relation} link`);
  return found.uri;
}

/** A new tab showing the viewer on one of the account's places (document_inbox, …), once its list is there. */
export async function openPlace(h: Harness, relation: string): Promise<Page> {
  const page = await h.open(await viewerPageFor(h, { url: await cachedLink(h, 'account', relation), relation }));
  await css(page, 'main .letters').wait();
  return page;
}

/** What a person who reads their letters and files, deletes and uploads them has allowed. */
export const READ_AND_MANAGE: readonly Permission[] = [
  'READ_ACCOUNT_INFO',
  'READ_DOCUMENT_META_INFO',
  'READ_DOCUMENT_CONTENT',
  'UPDATE_DOCUMENT',
  'DELETE_DOCUMENT',
  'UPLOAD_DOCUMENT',
];

/** Configures the extension with these permissions and signs in through the popup and the consent page. */
export async function signInWith(h: Harness, scopes: readonly Permission[]): Promise<void> {
  await storeItems(h, 'local', {
    [configItem.key]: { baseUrl: h.emulator.url, clientId: E2E_CLIENT_ID, clientSecret: E2E_CLIENT_SECRET, scopes, pollMinutes: 5 },
  });
  const popup = await h.openPopup();
  await h.connectVia(popup, 'Approve');
  await showsAccount(h, popup);
  await popup.close();
}

/** Connects with the build's own settings through the popup and the consent page, and closes the popup once signed in. */
export async function connectInPopup(h: Harness): Promise<void> {
  const popup = await h.openPopup();
  await h.connectVia(popup, 'Approve');
  await showsAccount(h, popup);
  await popup.close();
}

/**
 * Waits until the popup shows the signed-in user and its newest letters have arrived too: from then
 * on, the requests the emulator logs are the test's own, not the popup's letters still on their way.
 */
export async function showsAccount(h: Pick<Harness, 'emulator'>, popup: Page): Promise<void> {
  await until(
    popup,
    `The popup did not show ${h.emulator.user.fullName}'s account.`,
    (name: string) => document.querySelector('h1')?.textContent.trim() === name && !document.querySelector('[aria-busy="true"]'),
    h.emulator.user.fullName,
  );
}

/**
 * Waits as `wait` does; when that fails, the error also says what the page shows instead (an
 * error, Connect, a skeleton), which is what a report of a failure on another machine needs.
 */
export async function sayingWhatItShows(page: Page, failure: string, wait: () => Promise<unknown>): Promise<void> {
  try {
    await wait();
  } catch (error) {
    const shown = await page.evaluate(() => document.body.innerText).catch((why: unknown) => `(unreadable: ${String(why)})`);
    throw new Error(`${failure} It shows:\n${shown}`, { cause: error });
  }
}

/** Two animation frames: what was just rendered is painted, and the effects it scheduled have run. */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * Opens a folded section (a <details>) by its summary's words and waits until it is open. The
 * click is the summary's own (the element's click, not the mouse at a point): a letter's body
 * arrives after its page and pushes what follows it down, and a click at a point can land where
 * the summary was a moment before, in the letter's frame.
 */
export async function openDetails(page: Page, summary: string): Promise<void> {
  await css(page, `summary::-p-text(${JSON.stringify(summary)})`).wait();
  // Not by focus and Enter: a page still drawing moves the focus to its heading when it is done,
  // and the Enter lands there (CI saw it). Clicked again if a page still drawing puts a new, closed
  // section in its place; never closed, since it acts only on a section that is not open.
  await until(
    page,
    `The section "${summary}" did not open.`,
    (s: string) => {
      const sections = [...document.querySelectorAll('details')].filter((d) => d.querySelector('summary')?.textContent.includes(s));
      if (sections.some((d) => d.open)) return true;
      sections[0]?.querySelector('summary')?.click();
      return false;
    },
    summary,
  );
}

/**
 * Waits until the service has had no request for `quietMs` (at most `withinMs` in all): the worker
 * reads the open invoices in the background after each fetch of the root, and a failure injected
 * for the next request must meet the request the test means, not one of those.
 */
export async function untilServiceQuiet(admin: Pick<EmulatorAdmin, 'requests'>, quietMs = 800, withinMs = 15_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  let seen = (await admin.requests()).length;
  let since = Date.now();
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = (await admin.requests()).length;
    if (now !== seen) {
      seen = now;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return;
  }
  throw new Error(`the service kept getting requests for ${withinMs} ms`);
}

/*
 * A letter in HTML shows in a sandboxed frame that runs no script of its own, and whose document
 * the viewer page may read. The tests read and click it from the page: over WebDriver BiDi,
 * Firefox reports no frame inside an extension's page (page.frames() holds the page alone).
 */

/**
 * Runs `read` in the viewer page with the letter frame's document (null when the frame shows
 * another origin's page, or there is no frame) and the frame itself.
 */
export function inLetter<Args extends unknown[], Result>(
  page: Page,
  read: (doc: Document | null, frame: HTMLIFrameElement | null, ...args: Args) => Result,
  ...args: Args
): Promise<Awaited<Result>> {
  return page.evaluate(
    `(() => { const frame = document.querySelector('iframe.letter-frame'); return (${String(read)})(frame?.contentDocument ?? null, frame, ...${JSON.stringify(args)}); })()`,
  ) as Promise<Awaited<Result>>;
}

/** Clicks with the mouse, as a person does, the element of the letter whose text holds `words`, once it shows. */
export async function clickInLetter(page: Page, words: string): Promise<void> {
  const point = await pollInPage(
    page,
    (wanted: string) => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe.letter-frame');
      const doc = frame?.contentDocument;
      if (!frame || doc?.readyState !== 'complete') return null;
      const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
      let node = walker.nextNode();
      while (node && !node.nodeValue?.includes(wanted)) node = walker.nextNode();
      const target = node?.parentElement;
      if (!target) return null;
      // The frame is as tall as the letter: the page scrolls to what is clicked.
      target.scrollIntoView({ block: 'center', behavior: 'instant' });
      const outer = frame.getBoundingClientRect();
      const inner = target.getBoundingClientRect();
      return {
        x: outer.left + frame.clientLeft + inner.left + inner.width / 2,
        y: outer.top + frame.clientTop + inner.top + inner.height / 2,
      };
    },
    words,
  );
  if (!point) throw new Error(`the letter shows no “${words}”`);
  await page.mouse.click(point.x, point.y);
}

/**
 * Nothing announces that nothing happened. What a letter could load late has had its turn once
 * the page has drawn twice since (a lazy image starts on layout) and the browser has had idle time
 * after that (a prefetch, a preconnect or a refresh comes after the load event, when it is idle).
 */
export async function untilIdle(page: Page): Promise<void> {
  await nextFrames(page);
  await page.evaluate(() => new Promise((done) => requestIdleCallback(() => requestIdleCallback(done))));
}

/**
 * The path of the file `name` once the browser has saved it in `folder` (started with `downloads`):
 * Chromium writes a .crdownload and Firefox a .part beside it until the download is done.
 */
export async function savedDownload(folder: string, name: string): Promise<string> {
  const file = join(folder, name);
  const deadline = Date.now() + ARRIVAL_MS;
  const done = () => existsSync(file) && readdirSync(folder).every((f) => !f.endsWith('.part') && !f.endsWith('.crdownload'));
  while (!done()) {
    if (Date.now() > deadline)
      throw new Error(`no ${name} was saved in ${ARRIVAL_MS} ms; the folder holds: ${readdirSync(folder).join(', ') || 'nothing'}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return file;
}

export interface OpenTab {
  id?: number;
  /** Only where the extension may read it: its own pages, and hosts it has permission for. */
  url?: string;
  title?: string;
}

/**
 * Every tab the browser has open, as the extension's tabs API reports it (and as another extension
 * would read it). It sees tabs puppeteer is not told of: over WebDriver BiDi, Firefox reports no
 * tab that a page of the extension opened (a letter's link).
 */
export function openTabs(h: Extension): Promise<OpenTab[]> {
  return h.inExtension(() => {
    const apis = globalThis as unknown as Record<'browser' | 'chrome', { tabs: { query(query: object): Promise<OpenTab[]> } } | undefined>;
    return (apis.browser ?? apis.chrome)?.tabs.query({}) ?? [];
  });
}

/** Closes tabs by their ids (from openTabs). */
export function closeTabs(h: Extension, ids: number[]): Promise<void> {
  return h.inExtension(async (tabIds: number[]) => {
    const apis = globalThis as unknown as Record<'browser' | 'chrome', { tabs: { remove(ids: number[]): Promise<void> } } | undefined>;
    await (apis.browser ?? apis.chrome)?.tabs.remove(tabIds);
  }, ids);
}

/** The rows of the list of letters, once there are at least `least`. */
export async function rows(page: Page, least = 1): Promise<ElementHandle[]> {
  await until(page, `The list did not show ${least} letters.`, (n: number) => document.querySelectorAll('.letter-row').length >= n, least);
  return page.$$('.letter-row');
}

/** The row at a place in the list (0 = the first), once it is there. */
export async function row(page: Page, position: number): Promise<ElementHandle> {
  const found = (await rows(page, position + 1))[position];
  if (!found) throw new Error(`no row ${position}`);
  return found;
}

/**
 * Closes every viewer tab, before a test that has the popup open one, and waits until the extension
 * no longer lists any: the popup opens a page in the one viewer tab when there is one, so a tab an
 * earlier test left open (having failed before it closed it), or one still closing, would be reused,
 * and the new tab the test waits for would never come (seen in Firefox once, right after the tab
 * was closed by the driver). Found as the popup finds them (ownTabContexts).
 */
async function closeViewerTabs(h: Extension): Promise<void> {
  const deadline = Date.now() + ARRIVAL_MS;
  for (;;) {
    const viewers = (await h.inExtension(ownTabContexts)).filter((c) => c.documentUrl?.includes('/src/viewer/viewer.html'));
    const open = viewers.length;
    if (open === 0) return;
    await h.inExtension(
      async (ids: number[]) => {
        const apis = globalThis as unknown as Record<'browser' | 'chrome', { tabs: { remove(ids: number[]): Promise<void> } } | undefined>;
        const tabs = (apis.browser ?? apis.chrome)?.tabs;
        if (!tabs) return;
        // A tab already gone by the time it is removed is what was wanted.
        await Promise.all(ids.map((id) => tabs.remove([id]).catch(() => undefined)));
      },
      [...new Set(viewers.map((c) => c.tabId))],
    );
    if (Date.now() > deadline) throw new Error(`${open} viewer tabs were still listed ${ARRIVAL_MS / 1000} s after they were closed`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The new viewer tab that `act` in the popup opens. The extension's viewer tabs are closed first,
 * else the popup would rightly show the place in the one it has and no new tab would come: a
 * tab the driver closed can still be listed a moment after (seen in CI, Firefox).
 */
export async function newViewerFrom(
  h: Extension & Pick<ExtensionBrowser, 'nextPage'>,
  popup: Page,
  act: () => Promise<unknown>,
  wanted?: (address: string) => boolean,
): Promise<Page> {
  await closeViewerTabs(h);
  return h.nextPage(() => actInClosingPopup(popup, act), wanted);
}
