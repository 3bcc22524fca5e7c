import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { startEmulator, type RunningEmulator } from '../emulator/index.ts';
import { E2E_CLIENT_ID, E2E_CLIENT_SECRET } from '../support/build-extension.ts';
import { launchFirefoxWithExtension, type FirefoxWithExtension } from '../support/firefox.ts';
import { click, control, element, shows, WAIT, waitFor } from '../support/firefox-page.ts';
import { FIREFOX_E2E_DIST, FIREFOX_E2E_PORT } from './firefox-setup.ts';

/*
 * Firefox: an open viewer tab drops the letter it shows when the popup signs out. The worker's
 * message reaches the tab from Firefox's event page as it does from Chrome's service worker.
 */

const SUBJECT = 'Lønnsslipp for april';

let emulator: RunningEmulator;
let firefox: FirefoxWithExtension;

beforeAll(async () => {
  emulator = await startEmulator({ port: FIREFOX_E2E_PORT, clientId: E2E_CLIENT_ID, clientSecret: E2E_CLIENT_SECRET, letters: 10, quiet: true });
  await emulator.admin.addLetter({ subject: SUBJECT, creatorName: 'Arbeidsgiver AS', fileType: 'pdf' });
  firefox = await launchFirefoxWithExtension(FIREFOX_E2E_DIST);
});

afterAll(async () => {
  await (firefox as FirefoxWithExtension | undefined)?.close();
  await (emulator as RunningEmulator | undefined)?.stop();
});

/** The text a person reads in the tab, the letter frame's own text left out. */
function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => document.body.innerText);
}

describe('Firefox: an open viewer tab when the popup signs out', () => {
  it('drops the letter: no subject, no letter frame, its blob: address revoked, and Connect offered', async () => {
    const popup = await firefox.openPage('src/popup/popup.html');
    const consent = await firefox.nextPage(() => click(popup, 'Connect', true), (t) => t.url().includes('/oauth/authorize'));
    await click(consent, 'Approve', true);
    await shows(popup, SUBJECT);

    const viewer = await firefox.nextPage(() => click(popup, 'Inbox'));
    await click(viewer, SUBJECT);
    await waitFor(viewer, (s: string) => document.querySelector('h1')?.textContent.includes(s), WAIT, SUBJECT);
    // The letter opens to its document at once: its pages drawn, its file behind a blob: address.
    await element(viewer, '.pdf-page[data-drawn]', WAIT);
    const download = await element(viewer, 'a[href^="blob:moz-extension:"]', WAIT);
    const address = (await download.evaluate((node) => node.getAttribute('href'))) ?? '';
    const readable = () => viewer.evaluate((a: string) => fetch(a).then(() => true, () => false), address);
    expect(await readable()).toBe(true);

    const signingOut = await firefox.openPage('src/popup/popup.html');
    await click(signingOut, 'Sign out', true);
    await control(signingOut, 'Connect', true);

    await viewer.bringToFront();
    await control(viewer, 'Connect', true);
    expect(await visibleText(viewer)).not.toContain(SUBJECT);
    expect(await viewer.$$eval('iframe, .pdf-page', (frames) => frames.length)).toBe(0);
    expect(await viewer.$$eval('a[href^="blob:"]', (links) => links.length)).toBe(0);
    expect(await readable()).toBe(false);
  });
});
