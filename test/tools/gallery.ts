// The gallery of `npm run screenshots`: every state of the popup and the options page, in light and
// dark, English and Norwegian Bokmål, written to test/screenshots/gallery/ as
// <page>-<state>-<language>-<theme>.png. Each picture is a state a user can really reach, made the
// way it happens (the emulator's knobs, the extension's own storage), never drawn by hand.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Worker } from 'playwright-core';
import type { RunningEmulator } from '../emulator/index.ts';
import { launchWithExtension, type ExtensionBrowser } from '../support/extension-browser.ts';
import { dropRootCache, storedItems, storeItems, untilServiceQuiet } from '../support/helpers.ts';
import { rootCacheItem } from '../../src/storage/page-items.ts';
import { PICTURE_TIME_ZONE } from '../support/picture-time-zone.ts';

const VARIANTS = [
  { lang: 'en-US', name: 'en', colorScheme: 'light' },
  { lang: 'en-US', name: 'en', colorScheme: 'dark' },
  { lang: 'nb', name: 'nb', colorScheme: 'light' },
  { lang: 'nb', name: 'nb', colorScheme: 'dark' },
] as const;

/** The permissions the demo build asks for (npm start's DEMO_SCOPE). */
const DEMO_SCOPES = ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_DOCUMENT_CONTENT', 'READ_SETTINGS', 'READ_RECEIPTS'];

/** Chrome's popup: 380 px wide, as tall as its content up to 600 px. */
const POPUP = { width: 380, height: 600 };

export interface GalleryOptions {
  emulator: RunningEmulator;
  /** The extension built for this emulator. */
  dist: string;
  outDir: string;
}

async function settled(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  // Two frames: what was just rendered is painted.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** The popup as Chrome shows it: clipped to its content's height, never more than 600 px. */
async function shootPopup(page: Page, file: string): Promise<void> {
  // No hover left over from the last click.
  await page.mouse.move(POPUP.width - 1, 0);
  await settled(page);
  const height = await page.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));
  await page.screenshot({ path: file, clip: { x: 0, y: 0, width: POPUP.width, height: Math.min(Math.max(height, 1), POPUP.height) } });
}

/** Runs `during` with a changed configuration (the one the demo build ships, patched), then puts back what was stored. */
async function withConfig(worker: Worker, emulator: RunningEmulator, patch: Record<string, unknown>, during: () => Promise<void>): Promise<void> {
  const { config } = await storedItems(worker, 'local');
  const shipped = { baseUrl: emulator.url, clientId: emulator.clientId, clientSecret: emulator.clientSecret, scopes: DEMO_SCOPES, pollMinutes: 5, notify: false };
  await storeItems(worker, 'local', { config: { ...shipped, ...patch } });
  try {
    await during();
  } finally {
    await storeItems(worker, 'local', { config });
  }
}

async function ageCache(worker: Worker, ageMs: number): Promise<void> {
  const snapshot = (await storedItems(worker, 'session'))[rootCacheItem.key] as { fetchedAt: number };
  await storeItems(worker, 'session', { [rootCacheItem.key]: { ...snapshot, fetchedAt: Date.now() - ageMs } });
}

async function popupStates(browser: ExtensionBrowser, emulator: RunningEmulator, shot: (page: Page, state: string) => Promise<void>): Promise<void> {
  const { context, url } = browser;
  const open = async () => {
    const page = await context.newPage();
    await page.setViewportSize(POPUP);
    await page.goto(url('src/popup/popup.html'));
    return page;
  };
  const worker = await browser.worker();

  await withConfig(worker, emulator, { clientId: '' }, async () => {
    const page = await open();
    await page.locator('.welcome button.primary').waitFor();
    await shot(page, 'not-configured');
    await page.close();
  });

  // An unknown client ID: the service shows its own error page, and the user closes it.
  await withConfig(worker, emulator, { clientId: 'not-registered' }, async () => {
    const page = await open();
    await page.locator('.welcome .asked li').first().waitFor();
    // Chrome does not show an error page in the sign-in window (Firefox does, and the user closes it).
    const closeErrorPage = (opened: Page) => void opened.close();
    context.on('page', closeErrorPage);
    await page.locator('.welcome button.primary').click();
    await page.getByRole('alert').waitFor();
    context.off('page', closeErrorPage);
    await shot(page, 'sign-in-failed');
    await page.close();
  });

  const popup = await open();
  await popup.locator('.welcome .asked li').first().waitFor();
  await shot(popup, 'signed-out');
  const consentOpened = context.waitForEvent('page', { predicate: (p) => p.url().includes('/oauth/authorize') });
  await popup.locator('.welcome button.primary').click();
  const consent = await consentOpened;
  await popup.locator('.busy').waitFor();
  await shot(popup, 'connecting');
  await consent.getByRole('button', { name: 'Approve' }).click();
  await popup.locator('.summary h1').waitFor();
  await popup.locator('.fetched .updating').waitFor({ state: 'detached' });
  await shot(popup, 'ready');
  await popup.locator('details.account > summary').click();
  await popup.locator('details.account dl').scrollIntoViewIfNeeded();
  await shot(popup, 'account-details');
  await popup.locator('section.goto').evaluate((section) => section.scrollIntoView({ block: 'start' }));
  await shot(popup, 'places');
  await popup.close();

  // A cache older than a minute paints at once and says it is updating.
  await ageCache(worker, 5 * 60_000);
  await emulator.admin.configure({ latencyMs: 4000 });
  let page = await open();
  await page.locator('.fetched .updating').waitFor();
  await shot(page, 'updating');
  // Nothing left under way when the next state is set up.
  await page.locator('.fetched .updating').waitFor({ state: 'detached' });
  await page.close();

  await dropRootCache(worker);
  page = await open();
  await page.locator('.skeleton').waitFor();
  await shot(page, 'loading');
  await page.locator('.summary h1').waitFor();
  await shot(page, 'letters-loading');
  await page.locator('.letter-list .letter').first().waitFor();
  await page.close();
  await emulator.admin.configure({ latencyMs: 0 });

  // The service goes away (the root and the inbox page both break off): the last view, marked as not up to date.
  await ageCache(worker, 5 * 60_000);
  await untilServiceQuiet(emulator.admin);
  await emulator.admin.failNext(2, 'drop', '/post/api');
  page = await open();
  await page.locator('.offline').waitFor();
  await shot(page, 'offline');
  await page.close();

  await dropRootCache(worker);
  await untilServiceQuiet(emulator.admin);
  await emulator.admin.failNext(1, '500', '/post/api');
  page = await open();
  await page.getByRole('alert').waitFor();
  await shot(page, 'error');
  await page.close();
}

async function optionsStates(browser: ExtensionBrowser, shot: (page: Page, state: string) => Promise<void>): Promise<void> {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 900, height: 800 });
  await page.goto(browser.url('src/options/options.html'));
  // Signed in by the popup's states: the person first, their name from the root.
  await page.locator('.person .avatar').filter({ hasNotText: '?' }).waitFor();
  await shot(page, 'page');
  // A permission switched on: Digipost's window asks; declined, the switch goes back.
  const consentOpened = browser.context.waitForEvent('page', { predicate: (p) => p.url().includes('/oauth/authorize') });
  await page.locator('#may-manage').click();
  const consent = await consentOpened;
  await page.locator('.switch-note .busy').waitFor();
  await shot(page, 'permission-waiting');
  await consent.locator('button', { hasText: 'Decline' }).click();
  await page.locator('.switch-note .note-warn').waitFor();
  await shot(page, 'permission-unchanged');
  // The publisher's connection settings, unfolded.
  await page.locator('details.publisher > summary').click();
  await page.locator('#clientId').waitFor();
  await shot(page, 'publisher');
  // A change of the client ID ends the session: the page says so, with Connect.
  const clientId = await page.locator('#clientId').inputValue();
  await page.locator('#clientId').fill(`${clientId}-other`);
  await page.locator('button[type="submit"]').click();
  await page.locator('.save-result.signed-out').waitFor();
  await shot(page, 'saved-signed-out');
  // Back to the registered client, as it was.
  await page.locator('#clientId').fill(clientId);
  await page.locator('button[type="submit"]').click();
  await page.locator('p.save-result').filter({ hasText: /\S/ }).waitFor();
  await page.close();
}

/** Writes the gallery; returns the files written. */
export async function writeGallery(options: GalleryOptions): Promise<string[]> {
  rmSync(options.outDir, { recursive: true, force: true });
  mkdirSync(options.outDir, { recursive: true });
  const files: string[] = [];
  for (const variant of VARIANTS) {
    const browser = await launchWithExtension({ dist: options.dist, lang: variant.lang, colorScheme: variant.colorScheme, timezoneId: PICTURE_TIME_ZONE });
    const suffix = `${variant.name}-${variant.colorScheme}`;
    try {
      await popupStates(browser, options.emulator, async (page, state) => {
        const file = join(options.outDir, `popup-${state}-${suffix}.png`);
        await shootPopup(page, file);
        files.push(file);
      });
      await optionsStates(browser, async (page, state) => {
        const file = join(options.outDir, `options-${state}-${suffix}.png`);
        await settled(page);
        await page.screenshot({ path: file, fullPage: true });
        files.push(file);
      });
    } finally {
      await browser.close();
      await options.emulator.admin.configure({ latencyMs: 0 });
    }
  }
  return files;
}
