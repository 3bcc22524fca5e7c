import type { ElementHandle, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../emulator/index.ts';
import { E2E_CLIENT_ID, E2E_CLIENT_SECRET } from '../support/build-extension.ts';
import { edgeDifference } from '../support/edge-pixels.ts';
import { launchFirefoxWithExtension, type FirefoxWithExtension } from '../support/firefox.ts';
import { click, shows, WAIT, waitFor } from '../support/firefox-page.ts';
import { FIREFOX_E2E_DIST, FIREFOX_E2E_PORT } from './firefox-setup.ts';

/*
 * The mailbox by keyboard in Firefox (issue #20, point 5), as keyboard.e2e.ts does in Chromium:
 * focus is seen on a letter's row (compared in pixels, focused and not), `j`, `j`, Enter opens the
 * second letter with focus on its heading, and in the popup the arrows and j move through the
 * newest letters and Enter opens one.
 */

let emulator: RunningEmulator;
let firefox: FirefoxWithExtension;
let viewer: Page;

/** What has focus: its tag, its text, and whether Firefox draws it as keyboard focus. */
function focused(page: Page): Promise<{ tag: string | undefined; text: string | undefined; visible: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement;
    return { tag: el?.tagName.toLowerCase(), text: el?.textContent.trim(), visible: el?.matches(':focus-visible') ?? false };
  });
}

async function shot(element: ElementHandle): Promise<string> {
  return await element.screenshot({ encoding: 'base64' });
}

async function nthRow(page: Page, selector: string, n: number): Promise<ElementHandle> {
  await waitFor(page, (s: string, i: number) => document.querySelectorAll(s).length > i, WAIT, selector, n);
  const rows = await page.$$(selector);
  const row = rows[n];
  if (!row) throw new Error(`no row ${n} of ${selector}`);
  return row;
}

const textOf = (row: ElementHandle, selector: string) => row.$eval(selector, (el) => el.textContent.trim());

beforeAll(async () => {
  emulator = await startEmulator({ port: FIREFOX_E2E_PORT, clientId: E2E_CLIENT_ID, clientSecret: E2E_CLIENT_SECRET, letters: 12, quiet: true });
  firefox = await launchFirefoxWithExtension(FIREFOX_E2E_DIST);
  const popup = await firefox.openPage('src/popup/popup.html');
  const consent = await firefox.nextPage(() => click(popup, 'Connect', true), (t) => t.url().includes('/oauth/authorize'));
  await click(consent, 'Approve', true);
  await shows(popup, 'unread letters');
  viewer = await firefox.nextPage(() => click(popup, 'Inbox'));
  await waitFor(viewer, () => document.querySelector('h1')?.textContent.trim() === 'Inbox', WAIT);
  await popup.close().catch(() => undefined);
});

afterAll(async () => {
  await (firefox as FirefoxWithExtension | undefined)?.close();
  await (emulator as RunningEmulator | undefined)?.stop();
});

describe('Firefox: the mailbox by keyboard', () => {
  it('shows focus on an inbox row: its edges look different focused and not', async () => {
    await viewer.bringToFront();
    const row = await nthRow(viewer, '.letter-row', 0);
    const plain = await shot(row);
    await viewer.keyboard.press('j');
    expect(await row.$eval('a', (a) => a === document.activeElement && a.matches(':focus-visible'))).toBe(true);
    const withFocus = await shot(row);
    expect(await viewer.evaluate(edgeDifference, [plain, withFocus] as [string, string])).toBeGreaterThan(60);
  });

  it('j, j, Enter opens the second letter: focus on its heading, which names its subject; Back returns focus to its row', async () => {
    await viewer.bringToFront();
    const second = await textOf(await nthRow(viewer, '.letter-row', 1), '.subject-text');
    // Focus is on the first row from the test before; start again from the page.
    await viewer.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await viewer.keyboard.press('j');
    await viewer.keyboard.press('j');
    expect((await focused(viewer)).text).toContain(second);
    await viewer.keyboard.press('Enter');
    await waitFor(
      viewer,
      (subject: string) => document.activeElement?.tagName === 'H1' && document.activeElement.textContent.trim() === subject,
      WAIT,
      second,
    );
    expect(await focused(viewer)).toMatchObject({ tag: 'h1', text: second });
    // Back in the inbox, focus is on the row the letter was opened from.
    await viewer.evaluate(() => history.back());
    await waitFor(
      viewer,
      (subject: string) => document.activeElement?.classList.contains('letter-link') && document.activeElement.textContent.includes(subject),
      WAIT,
      second,
    );
  });

  it('in the popup the arrows and j move through the newest letters, focus seen; Enter opens the letter', async () => {
    const popup = await firefox.openPage('src/popup/popup.html');
    const first = await nthRow(popup, '.letter-list .letter', 0);
    const second = await textOf(await nthRow(popup, '.letter-list .letter', 1), '.letter-subject');
    const plain = await shot(first);
    await popup.keyboard.press('ArrowDown');
    expect((await focused(popup)).visible).toBe(true);
    expect(await popup.evaluate(edgeDifference, [plain, await shot(first)] as [string, string])).toBeGreaterThan(60);
    await popup.keyboard.press('j');
    expect((await focused(popup)).text).toContain(second);
    // The viewer tab opened before takes the letter: one viewer tab, never a second.
    await popup.keyboard.press('Enter');
    await waitFor(viewer, (subject: string) => document.querySelector('h1')?.textContent.trim() === subject, WAIT, second);
    expect((await firefox.browser.pages()).filter((p) => p.url().includes('/src/viewer/viewer.html'))).toHaveLength(1);
    await popup.close().catch(() => undefined);
  });
});
