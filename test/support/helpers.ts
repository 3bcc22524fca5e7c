// The helpers the e2e tests (and the screenshot and benchmark tools) share: reading and writing the
// extension's storage through its worker, opening viewer pages, signing in with a set of permissions.
import { randomBytes } from 'node:crypto';
import type { Locator, Page, Worker } from 'playwright-core';
import { configItem } from '../../src/storage/items.ts';
import { rootCacheItem, viewerPages } from '../../src/storage/page-items.ts';
import type { Permission } from '../../src/shared/permissions.ts';
import { E2E_CLIENT_ID, E2E_CLIENT_SECRET } from './build-extension.ts';
import type { EmulatorAdmin } from '../emulator/admin-client.ts';
import type { Harness } from './harness.ts';

interface ChromeInWorker {
  action: { getBadgeText(details: object): Promise<string> };
  storage: {
    local: { get(keys: null): Promise<Record<string, unknown>>; set(items: object): Promise<void>; remove(keys: string[]): Promise<void> };
    session: {
      get(keys: null): Promise<Record<string, unknown>>;
      set(items: object): Promise<void>;
      remove(keys: string[]): Promise<void>;
    };
  };
}

/** What the toolbar badge says right now. */
export function badgeText(worker: Worker): Promise<string> {
  return worker.evaluate(() => (globalThis as unknown as { chrome: ChromeInWorker }).chrome.action.getBadgeText({}));
}

/** Everything the extension keeps, per area, to prove what was (not) stored. */
export function storedItems(worker: Worker, area: 'local' | 'session'): Promise<Record<string, unknown>> {
  return worker.evaluate((a) => (globalThis as unknown as { chrome: ChromeInWorker }).chrome.storage[a].get(null), area);
}

/** Stores items; an item whose value is undefined is removed, so a saved state can be put back exactly. */
export function storeItems(worker: Worker, area: 'local' | 'session', items: Record<string, unknown>): Promise<void> {
  const absent = Object.keys(items).filter((key) => items[key] === undefined);
  return worker.evaluate(
    async ([a, i, gone]) => {
      const storage = (globalThis as unknown as { chrome: ChromeInWorker }).chrome.storage[a];
      await storage.set(i);
      if (gone.length > 0) await storage.remove(gone);
    },
    [area, items, absent] as const,
  );
}

/** Forgets the popup's cached root, as if it had never been fetched in this browser session. */
export function dropRootCache(worker: Worker): Promise<void> {
  return worker.evaluate((key) => (globalThis as unknown as { chrome: ChromeInWorker }).chrome.storage.session.remove([key]), rootCacheItem.key);
}

/*
 * Opening the viewer on a resource the way the extension does: the target goes to storage.session
 * under a random page id, and the tab's address carries only that id (src/protocol/viewer-address.ts).
 */
export const VIEWER_MEDIA_TYPE = 'application/vnd.digipost-v2+json';

export interface Target {
  url: string;
  relation: string;
  mediaType?: string;
}

interface Extension {
  worker(): Promise<Worker>;
  url(path: string): string;
}

/** The viewer's address for a target, remembered first through the worker. */
export async function viewerPageFor(extension: Extension, target: Target): Promise<string> {
  const worker = await extension.worker();
  const id = randomBytes(16).toString('base64url');
  const stored = { url: target.url, mediaType: target.mediaType ?? VIEWER_MEDIA_TYPE, relation: target.relation };
  await worker.evaluate(
    ([key, value]) => (globalThis as unknown as { chrome: ChromeInWorker }).chrome.storage.session.set({ [key]: value }),
    [`${viewerPages.prefix}${id}`, stored] as const,
  );
  return extension.url(`src/viewer/viewer.html?page=${id}`);
}

/** The text a person sees on the page: closed "All details and links" and hidden text left out. */
export function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => document.body.innerText);
}

/** The cached root snapshot (what the popup shows), as the worker stored it. */
async function cachedRoot(worker: Worker): Promise<Record<string, unknown> & { fetchedAt: number }> {
  const snapshot = (await storedItems(worker, 'session'))[rootCacheItem.key];
  if (typeof snapshot !== 'object' || snapshot === null) throw new Error('no cached root');
  return snapshot as Record<string, unknown> & { fetchedAt: number };
}

interface CachedLinks {
  root: { link: { rel: string; uri: string }[]; primaryAccount: { link: { rel: string; uri: string }[] } };
}

/** The address of a relation of the cached root (`root`) or of its account (`account`). */
export async function cachedLink(h: Pick<Harness, 'worker'>, where: 'root' | 'account', relation: string): Promise<string> {
  const { root } = (await cachedRoot(await h.worker())) as unknown as CachedLinks;
  const links = where === 'root' ? root.link : root.primaryAccount.link;
  const found = links.find((l) => l.rel.endsWith(`/${relation}`));
  if (!found) throw new Error(`no ${relation} link`);
  return found.uri;
}

/** Configures the extension with these permissions and signs in through the popup and the consent page. */
export async function signInWith(h: Harness, scopes: readonly Permission[]): Promise<void> {
  await storeItems(await h.worker(), 'local', {
    [configItem.key]: { baseUrl: h.emulator.url, clientId: E2E_CLIENT_ID, clientSecret: E2E_CLIENT_SECRET, scopes, pollMinutes: 5 },
  });
  const popup = await h.openPopup();
  await h.connectVia(popup, 'Approve');
  await showsAccount(h, popup);
  await popup.close();
}

/**
 * Waits until the popup shows the signed-in user and its newest letters have arrived too: from then
 * on, the requests the emulator logs are the test's own, not the popup's letters still on their way.
 */
export async function showsAccount(h: Harness, popup: Page): Promise<void> {
  await sayingWhatItShows(popup, `The popup did not show ${h.emulator.user.fullName}'s account.`, async () => {
    await popup.getByRole('heading', { level: 1, name: h.emulator.user.fullName }).waitFor();
    await popup.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  });
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
 * Opens a folded section (a <details>) by its summary, as a person does, once it is open. A
 * letter's body arrives after its page and pushes what follows it down: a click can land where the
 * summary was a moment before, in the letter's frame, where the page never sees it. So a click
 * that left the section closed is made again, never one on an open section, which would close it.
 */
export async function openDetails(summary: Locator): Promise<void> {
  const isOpen = () => summary.evaluate((node) => (node.parentElement as HTMLDetailsElement).open);
  for (let tries = 1; !(await isOpen()); tries++) {
    if (tries > 5) throw new Error('the section stayed closed after 5 clicks on its summary');
    await summary.click();
    await summary.page().waitForTimeout(300);
  }
}

/**
 * Does something in the popup that opens a tab, after which the popup closes itself: that can
 * happen before Playwright's key press or click returns, which then fails with "Target page,
 * context or browser has been closed". That failure is the popup doing its job; any other is not.
 */
export async function actInClosingPopup(popup: Page, act: () => Promise<void>): Promise<void> {
  await act().catch((error: unknown) => {
    if (!popup.isClosed()) throw error;
  });
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
