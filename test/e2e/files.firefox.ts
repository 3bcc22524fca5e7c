import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ElementHandle, Page } from 'puppeteer-core';
import { renameInInbox } from '../emulator/flow.ts';
import { startEmulator, type RunningEmulator } from '../emulator/index.ts';
import { E2E_CLIENT_ID, E2E_CLIENT_SECRET } from '../support/build-extension.ts';
import { launchFirefoxWithExtension, navigate, type FirefoxWithExtension } from '../support/firefox.ts';
import { click, control, element, field, shows, WAIT, waitFor } from '../support/firefox-page.ts';
import { FIREFOX_E2E_DIST, FIREFOX_E2E_PORT } from './firefox-setup.ts';

/*
 * Firefox: filing letters in the viewer (move and Undo, rename, delete after the confirmation,
 * folders), what reaches the emulator, and no action without the permissions. The permissions are
 * set in the extension's stored settings before Connect, as the options page would save them.
 */

let emulator: RunningEmulator;
let firefox: FirefoxWithExtension;

const READ = ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO'];
const FILING = [...READ, 'UPDATE_DOCUMENT', 'DELETE_DOCUMENT'];

beforeAll(async () => {
  emulator = await startEmulator({ port: FIREFOX_E2E_PORT, clientId: E2E_CLIENT_ID, clientSecret: E2E_CLIENT_SECRET, letters: 10, quiet: true });
  firefox = await launchFirefoxWithExtension(FIREFOX_E2E_DIST);
});

afterAll(async () => {
  await (firefox as FirefoxWithExtension | undefined)?.close();
  await (emulator as RunningEmulator | undefined)?.stop();
});

interface BrowserInPage {
  browser: { storage: { local: { set(items: Record<string, unknown>): Promise<void> } } };
}

/** Stores the settings with these permissions, connects from the popup and opens the inbox. */
async function connectWith(scopes: readonly string[]): Promise<Page> {
  const popup = await firefox.openPage('src/popup/popup.html');
  await popup.evaluate(
    (config) => (globalThis as unknown as BrowserInPage).browser.storage.local.set({ config }),
    { baseUrl: emulator.url, clientId: E2E_CLIENT_ID, clientSecret: E2E_CLIENT_SECRET, scopes, pollMinutes: 5 },
  );
  await navigate(popup, firefox.url('src/popup/popup.html'));
  const consent = await firefox.nextPage(() => click(popup, 'Connect', true), (t) => t.url().includes('/oauth/authorize'));
  await click(consent, 'Approve', true);
  await shows(popup, emulator.user.fullName);
  const viewer = await firefox.nextPage(() => click(popup, 'Inbox'));
  await element(viewer, '.letter-row', WAIT);
  await popup.close();
  return viewer;
}

async function writesLogged(): Promise<string[]> {
  return (await emulator.admin.requests()).filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path.replace(/^.*\/accounts\/[^/]+/, '')}`);
}

/** Waits until a row with this subject is (or is no longer) in the list. */
async function rowShown(page: Page, subject: string, shown = true): Promise<void> {
  await waitFor(
    page,
    (s: string, want: boolean) => [...document.querySelectorAll('.letter-row')].some((row) => row.textContent.includes(s)) === want,
    WAIT,
    subject,
    shown,
  );
}

async function rowControl(page: Page, subject: string, selector: string): Promise<ElementHandle> {
  const handle = await waitFor(
    page,
    (s: string, sel: string) => [...document.querySelectorAll('.letter-row')].find((row) => row.textContent.includes(s))?.querySelector(sel),
    WAIT,
    subject,
    selector,
  );
  return handle as ElementHandle;
}

async function chooseMenuItem(page: Page, name: string): Promise<void> {
  const item = await waitFor(
    page,
    (n: string) => [...document.querySelectorAll('[role="menuitem"]')].find((el) => el.textContent.trim() === n),
    WAIT,
    name,
  );
  await (item as ElementHandle).click();
}

async function openFolder(page: Page, name: string): Promise<void> {
  const link = await waitFor(page, (n: string) => [...document.querySelectorAll('nav a')].find((a) => a.textContent.trim() === n), WAIT, name);
  await (link as ElementHandle).click();
  await waitFor(page, (n: string) => document.querySelector('h1')?.textContent === n, WAIT, name);
}

async function backToInbox(page: Page): Promise<void> {
  await openFolder(page, 'Inbox');
  await element(page, '.letter-row', WAIT);
}

describe('Firefox: filing letters', () => {
  let page: Page;

  it('moves a letter to a folder with one request: gone from the inbox, there in the folder', async () => {
    const { id } = await emulator.admin.addLetter({ subject: 'Flytt i Firefox', creatorName: 'Strømselskapet AS' });
    page = await connectWith(FILING);
    await rowShown(page, 'Flytt i Firefox');
    await emulator.admin.clearRequests();
    await (await rowControl(page, 'Flytt i Firefox', '.row-menu-button')).click();
    await chooseMenuItem(page, 'Skatt');
    await rowShown(page, 'Flytt i Firefox', false);
    await shows(page, 'Moved to Skatt.');
    expect(await writesLogged()).toEqual([`POST /documents/${id}/update`]);
    await openFolder(page, 'Skatt');
    await rowShown(page, 'Flytt i Firefox');
  });

  it('Undo after a move is a request of its own', async () => {
    const { id } = await emulator.admin.addLetter({ subject: 'Angre i Firefox' });
    await openFolder(page, 'Skatt');
    await backToInbox(page);
    await rowShown(page, 'Angre i Firefox');
    await emulator.admin.clearRequests();
    await (await rowControl(page, 'Angre i Firefox', '.row-menu-button')).click();
    await chooseMenuItem(page, 'Arkiv');
    await rowShown(page, 'Angre i Firefox', false);
    await click(page, 'Undo', true);
    await rowShown(page, 'Angre i Firefox');
    await shows(page, 'Undone.');
    expect(await writesLogged()).toEqual([`POST /documents/${id}/update`, `POST /documents/${id}/update`]);
  });

  it('renames a letter on its page, and deletes one only after the confirmation, once for a double click', async () => {
    const { id } = await emulator.admin.addLetter({ subject: 'Gammelt i Firefox', creatorName: 'Strømselskapet AS' });
    await openFolder(page, 'Skatt');
    await backToInbox(page);
    await (await rowControl(page, 'Gammelt i Firefox', 'a')).click();
    await waitFor(page, () => document.querySelector('h1')?.textContent === 'Gammelt i Firefox', WAIT);
    await emulator.admin.clearRequests();
    await click(page, 'Rename', true);
    const input = await field(page, 'New subject');
    await input.click({ count: 3 });
    await input.type('Nytt i Firefox');
    await click(page, 'Save', true);
    await waitFor(page, () => document.querySelector('h1')?.textContent === 'Nytt i Firefox', WAIT);
    expect(await writesLogged()).toEqual([`POST /documents/${id}/update`]);

    await emulator.admin.clearRequests();
    await click(page, 'Delete…', true);
    await shows(page, '“Nytt i Firefox” from Strømselskapet AS will be deleted from your Digipost mailbox. This cannot be undone.');
    await click(page, 'Cancel', true);
    await waitFor(page, () => !document.querySelector('dialog[open]'), WAIT);
    expect(await writesLogged()).toEqual([]);

    await click(page, 'Delete…', true);
    await (await control(page, 'Delete the letter', true)).click({ count: 2 });
    await waitFor(page, () => document.querySelector('h1')?.textContent === 'Inbox', WAIT);
    await element(page, '.letter-row', WAIT);
    await shows(page, 'The letter was deleted.');
    await rowShown(page, 'Nytt i Firefox', false);
    expect(await writesLogged()).toEqual([`DELETE /documents/${id}`]);
  });

  it("in a short window a row's menu at the bottom edge opens upwards, and Back after a delete finds the list where it was", async () => {
    await emulator.admin.addLetter({ subject: 'Rullet i Firefox', creatorName: 'Strømselskapet AS' });
    for (const subject of ['Over 1', 'Over 2', 'Over 3', 'Over 4', 'Over 5', 'Over 6']) await emulator.admin.addLetter({ subject });
    const before = await page.evaluate(() => ({ width: innerWidth, height: innerHeight }));
    await page.setViewport({ width: 1000, height: 320 });
    try {
      await openFolder(page, 'Skatt');
      await backToInbox(page);
      await rowShown(page, 'Rullet i Firefox');

      // The lowest row whose ⋯ is in the window, at the top of the page: no room below it for its menu,
      // which opens above its button, inside the window.
      await page.evaluate(() => scrollTo(0, 0));
      const lowest = await page.evaluate(() => {
        const buttons = [...document.querySelectorAll('.letter-row .row-menu-button')];
        return buttons.findLastIndex((button) => button.getBoundingClientRect().bottom <= innerHeight - 2);
      });
      expect(lowest).toBeGreaterThan(0);
      await (await page.$$('.letter-row .row-menu-button'))[lowest]?.click();
      await element(page, '[role="menu"]', WAIT);
      const placed = await page.evaluate((at: number) => {
        const menu = document.querySelector('[role="menu"]')?.getBoundingClientRect();
        const button = document.querySelectorAll('.letter-row .row-menu-button')[at]?.getBoundingClientRect();
        return { top: menu?.top ?? -1, bottom: menu?.bottom ?? 1e6, buttonTop: button?.top ?? 0, height: innerHeight };
      }, lowest);
      expect(placed.top).toBeGreaterThanOrEqual(0);
      expect(placed.bottom).toBeLessThanOrEqual(placed.height);
      expect(placed.bottom).toBeLessThanOrEqual(placed.buttonTop + 1);
      await page.keyboard.press('Escape');

      // Deleted from its page: back in the list, scrolled as it was, and told so.
      await page.evaluate(() => [...document.querySelectorAll('.letter-row')].find((row) => row.textContent.includes('Rullet i Firefox'))?.scrollIntoView({ block: 'end' }));
      const scrolled = await page.evaluate(() => scrollY);
      expect(scrolled).toBeGreaterThan(100);
      await (await rowControl(page, 'Rullet i Firefox', 'a')).click();
      await waitFor(page, () => document.querySelector('h1')?.textContent === 'Rullet i Firefox', WAIT);
      await click(page, 'Delete…', true);
      await click(page, 'Delete the letter', true);
      await waitFor(page, () => document.querySelector('h1')?.textContent === 'Inbox', WAIT);
      await shows(page, 'The letter was deleted.');
      await rowShown(page, 'Rullet i Firefox', false);
      await waitFor(page, (at: number) => Math.abs(scrollY - at) < 80, WAIT, scrolled);
    } finally {
      await page.setViewport(before);
    }
  });

  it('a rename asked while a move runs reaches the service after it, and neither is lost', async () => {
    const { id } = await emulator.admin.addLetter({ subject: 'Flytt og navn i Firefox' });
    await openFolder(page, 'Skatt');
    await backToInbox(page);
    await (await rowControl(page, 'Flytt og navn i Firefox', 'a')).click();
    await waitFor(page, () => document.querySelector('h1')?.textContent === 'Flytt og navn i Firefox', WAIT);
    await emulator.admin.clearRequests();
    // The move is carried out and never answered: it runs until the worker gives up and looks.
    await emulator.admin.failNext(1, 'stall', '/post/api/private/accounts/', 'POST');
    await click(page, 'Move to…', true);
    await chooseMenuItem(page, 'Arkiv');
    await click(page, 'Rename', true);
    const input = await field(page, 'New subject');
    await input.click({ count: 3 });
    await input.type('Nytt navn i Arkiv');
    await click(page, 'Save', true);
    await waitFor(page, () => document.querySelector('h1')?.textContent === 'Nytt navn i Arkiv', { ...WAIT, timeout: 30_000 });
    await shows(page, 'Renamed.');
    expect(await writesLogged()).toEqual([`POST /documents/${id}/update`, `POST /documents/${id}/update`]);
    await openFolder(page, 'Arkiv');
    await rowShown(page, 'Nytt navn i Arkiv');
  });

  it('Undo after a rename made elsewhere in the meantime sends nothing and says what changed', async () => {
    const { id } = await emulator.admin.addLetter({ subject: 'Før i Firefox' });
    await backToInbox(page);
    await (await rowControl(page, 'Før i Firefox', 'a')).click();
    await waitFor(page, () => document.querySelector('h1')?.textContent === 'Før i Firefox', WAIT);
    await click(page, 'Rename', true);
    const input = await field(page, 'New subject');
    await input.click({ count: 3 });
    await input.type('Etter i Firefox');
    await click(page, 'Save', true);
    await waitFor(page, () => document.querySelector('h1')?.textContent === 'Etter i Firefox', WAIT);
    await renameInInbox(emulator, id, 'Endret på mobilen');
    await emulator.admin.clearRequests();
    await click(page, 'Undo', true);
    await shows(page, 'Not undone: the letter was renamed elsewhere to “Endret på mobilen”.');
    expect(await writesLogged()).toEqual([]);
    await backToInbox(page);
  });

  it('creates a folder and deletes it; a folder with letters is refused in words', async () => {
    await click(page, 'New folder', true);
    await (await field(page, 'Folder name')).type('Reiser');
    await click(page, 'Create folder', true);
    await shows(page, 'The folder “Reiser” was created.');
    await openFolder(page, 'Reiser');
    await click(page, 'Delete folder', true);
    await waitFor(page, () => document.querySelector('h1')?.textContent === 'Inbox', WAIT);
    await waitFor(page, () => ![...document.querySelectorAll('nav a')].some((a) => a.textContent.trim() === 'Reiser'), WAIT);

    await openFolder(page, 'Skatt');
    await click(page, 'Delete folder', true);
    await shows(page, 'The folder still holds letters.');
  });

  it('a new folder whose answer a gateway lost is made once: it cannot tell, Look again finds it, nothing goes twice', async () => {
    await backToInbox(page);
    await click(page, 'New folder', true);
    await (await field(page, 'Folder name')).type('Bak porten');
    await emulator.admin.clearRequests();
    // The service makes it, the gateway answers 504 and stays down: nobody can see the folder yet.
    await emulator.admin.failNext(1, '504-after-down', '/post/api/private/accounts/', 'POST');
    try {
      await click(page, 'Create folder', true);
      await shows(page, 'Digipost did not say whether the change was made');
      await shows(page, 'Send again, though it may have arrived');
      await emulator.admin.configure({ gatewayDown: false });
      await click(page, 'Look again', true);
      await shows(page, 'The folder “Bak porten” was created.');
    } finally {
      await emulator.admin.configure({ gatewayDown: false });
    }
    expect((await writesLogged()).filter((w) => w.startsWith('POST /folders'))).toHaveLength(1);
    await waitFor(page, () => [...document.querySelectorAll('nav a')].filter((a) => a.textContent.trim() === 'Bak porten').length === 1, WAIT);
  });

  it('a 403 leaves the list as it was and says so', async () => {
    await emulator.admin.addLetter({ subject: 'Nektet i Firefox' });
    await backToInbox(page);
    await rowShown(page, 'Nektet i Firefox');
    await emulator.admin.failNext(2, '403', '/post/api/private/accounts/', 'POST');
    await (await rowControl(page, 'Nektet i Firefox', '.row-menu-button')).click();
    await chooseMenuItem(page, 'Skatt');
    await shows(page, 'has been withdrawn. Nothing was changed.');
    await rowShown(page, 'Nektet i Firefox');
    await page.close();
  });

  it('without the permissions no action is shown', async () => {
    const signingOut = await firefox.openPage('src/popup/popup.html');
    await click(signingOut, 'Sign out', true);
    await control(signingOut, 'Connect', true);
    await signingOut.close();
    await emulator.admin.addLetter({ subject: 'Bare lesing i Firefox' });
    const reader = await connectWith(READ);
    await rowShown(reader, 'Bare lesing i Firefox');
    const offered = () => reader.evaluate(() => document.querySelectorAll('.row-menu-button, .row-select, .folder-tools').length);
    expect(await offered()).toBe(0);
    await (await rowControl(reader, 'Bare lesing i Firefox', 'a')).click();
    await waitFor(reader, () => document.querySelector('h1')?.textContent === 'Bare lesing i Firefox', WAIT);
    expect(await reader.evaluate(() => document.querySelectorAll('.letter-filing').length)).toBe(0);
  });
});
