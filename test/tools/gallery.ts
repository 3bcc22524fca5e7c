// The gallery of `npm run screenshots`: every state of the popup and the options page, in light and
// dark, English, Norwegian Bokmål and Nynorsk, written to test/screenshots/gallery/ as
// <page>-<state>-<language>-<theme>.png. Each picture is a state a user can really reach, made the
// way it happens (the emulator's knobs, the extension's own storage), never drawn by hand.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Target } from 'puppeteer-core';
import type { RunningEmulator } from '../emulator/index.ts';
import { OWN_STORAGE } from '../emulator/mailboxes.ts';
import type { ExtensionBrowser } from '../support/extension-browser.ts';
import { gone, settled, shootTop, tabOfSize } from '../support/gallery-session.ts';
import { ageRootCache, dropRootCache, storedItems, storeItems, untilServiceQuiet } from '../support/helpers.ts';
import { launchChromium } from '../support/launch-chromium.ts';
import { buildWithNotificationsGranted } from '../support/notifications-granted.ts';
import { css, role, until } from '../support/person.ts';
import { needsItem } from '../../src/storage/page-items.ts';
import { PICTURE_TIME_ZONE } from '../support/picture-time-zone.ts';

const VARIANTS = [
  { lang: 'en-US', name: 'en', colorScheme: 'light' },
  { lang: 'en-US', name: 'en', colorScheme: 'dark' },
  { lang: 'nb', name: 'nb', colorScheme: 'light' },
  { lang: 'nb', name: 'nb', colorScheme: 'dark' },
  { lang: 'nn', name: 'nn', colorScheme: 'light' },
  { lang: 'nn', name: 'nn', colorScheme: 'dark' },
] as const;

/** The permissions the demo build asks for (npm start's DEMO_SCOPE). */
const DEMO_SCOPES = ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_DOCUMENT_CONTENT', 'READ_SETTINGS', 'READ_RECEIPTS'];

/** The folder Arkiv of the demo user (test/emulator/seed.ts), whose read the still-looking picture holds back. */
const STALLED_FOLDER = '/post/api/private/accounts/1059282/folders/3';

/** The overdue invoice is added once, for the first variant; the emulator keeps it for the rest. */
let overdueAdded = false;

/** A calendar day `days` from the service's today (the pictures' clock), on this machine's calendar. */
function dayFromToday(emulator: RunningEmulator, days: number): string {
  const at = new Date(emulator.now() + days * 86_400_000);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
}

/** How the popup begins "still looking in N places" in a language of ours (its messages.json): the words before the number. */
function stillLookingWords(language: string): string {
  const messages = JSON.parse(readFileSync(`src/public/_locales/${language}/messages.json`, 'utf8')) as Record<
    string,
    { message: string } | undefined
  >;
  const words = messages.due_still_looking_other?.message.split('$VALUE$')[0];
  if (!words) throw new Error(`the ${language} messages have no due_still_looking_other`);
  return words;
}

/** Chrome's popup: 380 px wide, as tall as its content up to 600 px. */
const POPUP = { width: 380, height: 600 };

export interface GalleryOptions {
  emulator: RunningEmulator;
  /** The extension built for this emulator. */
  dist: string;
  outDir: string;
}

/** The popup as Chrome shows it: clipped to its content's height, never more than 600 px. */
async function shootPopup(page: Page, file: string): Promise<void> {
  // No hover left over from the last click.
  await page.mouse.move(POPUP.width - 1, 0);
  await settled(page);
  const height = await page.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));
  await shootTop(page, { width: POPUP.width, height: Math.min(Math.max(height, 1), POPUP.height) }, file);
}

/** Runs `during` with a changed configuration (the one the demo build ships, patched), then puts back what was stored. */
async function withConfig(
  extension: ExtensionBrowser,
  emulator: RunningEmulator,
  patch: Record<string, unknown>,
  during: () => Promise<void>,
): Promise<void> {
  const { config } = await storedItems(extension, 'local');
  const shipped = {
    baseUrl: emulator.url,
    clientId: emulator.clientId,
    clientSecret: emulator.clientSecret,
    scopes: DEMO_SCOPES,
    pollMinutes: 5,
    notify: false,
  };
  await storeItems(extension, 'local', { config: { ...shipped, ...patch } });
  try {
    await during();
  } finally {
    await storeItems(extension, 'local', { config });
  }
}

/**
 * The popup's cache made `ageMs` old, on the clock the extension reads (the emulator's: the
 * pictures' clock), once the worker's reads on their way have ended (ageRootCache, as the tests age it).
 */
async function ageCache(extension: ExtensionBrowser, emulator: RunningEmulator, ageMs: number): Promise<void> {
  await ageRootCache({ inExtension: extension.inExtension, url: extension.url, emulator }, (snapshot) => ({
    ...snapshot,
    fetchedAt: emulator.now() - ageMs,
  }));
}

async function popupStates(
  browser: ExtensionBrowser,
  emulator: RunningEmulator,
  language: string,
  shot: (page: Page, state: string) => Promise<void>,
): Promise<void> {
  const open = async () => {
    const page = await tabOfSize(browser, POPUP);
    await browser.goto(page, browser.url('src/popup/popup.html'));
    return page;
  };

  await withConfig(browser, emulator, { clientId: '' }, async () => {
    const page = await open();
    await css(page, '.welcome button.primary').wait();
    await shot(page, 'not-configured');
    await page.close();
  });

  // An unknown client ID: the service shows its own error page, and the user closes it.
  await withConfig(browser, emulator, { clientId: 'not-registered' }, async () => {
    const page = await open();
    await css(page, '.welcome .asked li').wait();
    // Chrome does not show an error page in the sign-in window (Firefox does, and the user closes it).
    const closeErrorPage = (opened: Target) => void opened.page().then((p) => p?.close());
    browser.browser.on('targetcreated', closeErrorPage);
    await css(page, '.welcome button.primary').click();
    await role(page, 'alert').wait();
    browser.browser.off('targetcreated', closeErrorPage);
    await shot(page, 'sign-in-failed');
    await page.close();
  });

  let page: Page;
  const popup = await open();
  await css(popup, '.welcome .asked li').wait();
  await shot(popup, 'signed-out');
  const consent = await browser.nextPage(
    () => css(popup, '.welcome button.primary').click(),
    (address) => address.includes('/oauth/authorize'),
  );
  await css(popup, '.busy').wait();
  await shot(popup, 'connecting');
  await role(consent, 'button', 'Approve').click();
  await css(popup, '.summary h1').wait();
  await gone(popup, '.fetched .updating:not(.idle)');
  await shot(popup, 'ready');
  // Scrolled to the newest letters: the shared mailbox's among the person's own, each saying whose.
  await popup.$eval('.letters', (section) => section.scrollIntoView());
  await shot(popup, 'letters');
  await popup.close();

  // Invoices due soon on a first open, while a folder has not answered yet: the list says where it
  // is still looking; once that read fails, that it could not check there. Then an invoice overdue
  // (in a folder, so the inbox's pictures stay as they were), beside those due soon, all of them shown.
  await dropRootCache(browser);
  await storeItems(browser, 'session', { [needsItem.key]: undefined });
  await untilServiceQuiet(emulator.admin);
  await emulator.admin.failNext(1, 'stall', STALLED_FOLDER, 'GET');
  page = await open();
  const looking = stillLookingWords(language);
  await until(
    page,
    'The popup did not say it was still looking.',
    (words: string) => document.querySelector('.due .due-note [role="status"]')?.textContent.startsWith(words) === true,
    looking,
  );
  await gone(page, '.fetched .updating:not(.idle)');
  await shot(page, 'due-still-looking');
  // The extension gives up on the folder after its network deadline (20 s in this build).
  await page.waitForFunction(
    (words: string) => document.querySelector('.due .due-note [role="status"]')?.textContent.startsWith(words) === false,
    { timeout: 60_000, polling: 200 },
    looking,
  );
  await shot(page, 'due-not-checked');
  await page.close();
  if (!overdueAdded) {
    overdueAdded = true;
    await emulator.admin.addLetter({
      subject: 'Nettleie oktober',
      creatorName: 'Hafslund Nett',
      folderId: '2',
      invoice: { kid: '20240000000111', accountNumber: '15031234567', amount: 812.4, dueDate: dayFromToday(emulator, -3), paid: false },
    });
  }
  await dropRootCache(browser);
  page = await open();
  await until(
    page,
    'The popup did not list the overdue invoice.',
    () =>
      document.querySelector('.due li.overdue') !== null && document.querySelector('.due .due-note [role="status"]')?.textContent === '',
  );
  await gone(page, '.fetched .updating:not(.idle)');
  await page.$eval('.due .due-more', (more) => (more as HTMLElement).click()).catch(() => undefined);
  await shot(page, 'due-overdue');
  await page.close();

  // The person's mailbox nearly full: the note under the header says so, with the share used.
  await emulator.admin.setUsedStorage(Math.round(0.95 * OWN_STORAGE.totalAvailableStorage));
  try {
    await dropRootCache(browser);
    page = await open();
    await css(page, '.storage-full').wait();
    await gone(page, '.fetched .updating:not(.idle)');
    await shot(page, 'storage-full');
    await page.close();
  } finally {
    await emulator.admin.setUsedStorage(OWN_STORAGE.usedStorage);
  }

  // A cache older than a minute paints at once and says it is updating.
  await ageCache(browser, emulator, 5 * 60_000);
  await emulator.admin.configure({ latencyMs: 4000 });
  page = await open();
  await css(page, '.fetched .updating:not(.idle)').wait();
  await shot(page, 'updating');
  // Nothing left under way when the next state is set up.
  await gone(page, '.fetched .updating:not(.idle)');
  await page.close();

  await dropRootCache(browser);
  page = await open();
  await css(page, '.skeleton').wait();
  await shot(page, 'loading');
  await css(page, '.summary h1').wait();
  await shot(page, 'letters-loading');
  await css(page, '.letter-list .letter').wait();
  await page.close();
  await emulator.admin.configure({ latencyMs: 0 });

  // The service goes away (the root and both inboxes' pages, the person's and the shared mailbox's,
  // break off): the last view, marked as not up to date.
  // Tried again (twice at most) when a request of the worker's own, such as its alarm's look at the
  // root, came between and took one of the failures, so the root was answered and no offline shown.
  for (let attempt = 1; ; attempt++) {
    await ageCache(browser, emulator, 5 * 60_000);
    await untilServiceQuiet(emulator.admin);
    await emulator.admin.failNext(3, 'drop', '/post/api');
    page = await open();
    try {
      await css(page, '.offline').wait();
      break;
    } catch (error) {
      await page.close();
      if (attempt === 3) throw error;
    }
  }
  await shot(page, 'offline');
  await page.close();

  // Digipost not answering, and no view kept (as after a browser start): why, Try again, Settings and Sign out.
  await dropRootCache(browser);
  await untilServiceQuiet(emulator.admin);
  await emulator.admin.failNext(1, '500', '/post/api');
  page = await open();
  await role(page, 'alert').wait();
  await shot(page, 'error');
  await page.close();

  // Digipost ended the connection (the grant withdrawn on its website): why, and Connect.
  await emulator.admin.revokeGrants();
  await dropRootCache(browser);
  page = await open();
  await css(page, '.welcome .asked li').wait();
  await shot(page, 'ended');
  // Connected again, for the settings page's pictures.
  const again = await browser.nextPage(
    () => css(page, '.welcome button.primary').click(),
    (address) => address.includes('/oauth/authorize'),
  );
  await role(again, 'button', 'Approve').click();
  await css(page, '.summary h1').wait();
  await page.close();
}

async function optionsStates(browser: ExtensionBrowser, shot: (page: Page, state: string) => Promise<void>): Promise<void> {
  const page = await tabOfSize(browser, { width: 900, height: 800 });
  await browser.goto(page, browser.url('src/options/options.html'));
  // Signed in by the popup's states: the person first, their name from the root.
  await until(page, 'The options page showed no person.', () =>
    [...document.querySelectorAll('.person .avatar')].some((avatar) => !avatar.textContent.includes('?')),
  );
  await shot(page, 'page');
  // Alerts switched on: a switch per kind and per mailbox (the person's and the one shared with
  // them), and Pause alerts; then paused until tomorrow morning; then resumed and switched off.
  await css(page, '#notify').click();
  await until(
    page,
    'The alerts’ choices did not show both mailboxes.',
    () => document.querySelectorAll('.alert-choices fieldset').length === 2,
  );
  await shot(page, 'alerts');
  await css(page, '.alert-pause-choices button:nth-child(2)').click();
  await css(page, '.alert-paused [role="status"]').wait();
  await shot(page, 'alerts-paused');
  await css(page, '.alert-paused button').click();
  await css(page, '.alert-pause-choices').wait();
  await css(page, '#notify').click();
  await until(page, 'Alerts were not switched off again.', () => document.querySelector('.alert-choices') === null);
  // A permission switched on: Digipost's window asks; declined, the switch goes back.
  const consent = await browser.nextPage(
    () => css(page, '#may-manage').click(),
    (address) => address.includes('/oauth/authorize'),
  );
  await css(page, '.switch-note .busy').wait();
  await shot(page, 'permission-waiting');
  await role(consent, 'button', 'Decline').click();
  await css(page, '.switch-note .note-warn').wait();
  await shot(page, 'permission-unchanged');
  // The publisher's connection settings, unfolded.
  await css(page, 'details.publisher > summary').click();
  await css(page, '#clientId').wait();
  await shot(page, 'publisher');
  // A change of the client ID ends the session: the page says so, with Connect.
  const clientId = await page.$eval('#clientId', (input) => (input as HTMLInputElement).value);
  await css(page, '#clientId').fill(`${clientId}-other`);
  await css(page, 'button[type="submit"]').click();
  await css(page, '.save-result.signed-out').wait();
  await shot(page, 'saved-signed-out');
  // Back to the registered client, as it was.
  await css(page, '#clientId').fill(clientId);
  await css(page, 'button[type="submit"]').click();
  await until(page, 'The options page did not say how the save went.', () =>
    [...document.querySelectorAll('p.save-result')].some((result) => /\S/.test(result.textContent)),
  );
  // A setting of new letters, saved the moment it is chosen, and said so; then put back.
  await browser.goto(page, browser.url('src/options/options.html'));
  await (await css(page, '#pollMinutes').waitHandle()).select('15');
  await css(page, '.switch-note .note-done').wait();
  await shot(page, 'letters-saved');
  await (await css(page, '#pollMinutes').waitHandle()).select('5');
  await until(
    page,
    'The interval was not put back.',
    () =>
      document.querySelector<HTMLSelectElement>('#pollMinutes')?.value === '5' &&
      document.querySelector('.switch-note .note-done') !== null,
  );
  await page.close();
}

/** Writes the gallery; returns the files written. */
export async function writeGallery(options: GalleryOptions): Promise<string[]> {
  rmSync(options.outDir, { recursive: true, force: true });
  mkdirSync(options.outDir, { recursive: true });
  const files: string[] = [];
  const grantedDist = buildWithNotificationsGranted(options.dist);
  try {
    for (const variant of VARIANTS) {
      const browser = await launchChromium({
        // Notifications granted as the person's "Allow" leaves them (no headless browser can answer
        // the prompt), so the settings can show the alerts' choices; nothing else differs.
        dist: grantedDist,
        lang: variant.lang,
        colorScheme: variant.colorScheme,
        timeZone: PICTURE_TIME_ZONE,
      });
      const suffix = `${variant.name}-${variant.colorScheme}`;
      try {
        await popupStates(browser, options.emulator, variant.name, async (page, state) => {
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
  } finally {
    rmSync(grantedDist, { recursive: true, force: true });
  }
  return files;
}
