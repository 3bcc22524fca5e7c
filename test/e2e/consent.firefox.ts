import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { startEmulator, type RunningEmulator } from '../emulator/index.ts';
import { E2E_CLIENT_ID, E2E_CLIENT_SECRET } from '../support/build-extension.ts';
import { launchFirefoxWithExtension, type FirefoxWithExtension } from '../support/firefox.ts';
import { click, control, element, flip, shows, switchedOn, WAIT } from '../support/firefox-page.ts';
import { FIREFOX_E2E_DIST, FIREFOX_E2E_PORT } from './firefox-setup.ts';

/*
 * Firefox: switching on "Manage your letters" opens Digipost's consent window once for filing,
 * deleting and uploading; a viewer tab open meanwhile shows Upload a file without a reload, and
 * says the person signed out, with Connect, when the popup signs out.
 */

const AUTHORIZE = '/post/api/oauth/authorize/new';
const MANAGING = ['UPDATE_DOCUMENT', 'DELETE_DOCUMENT', 'UPLOAD_DOCUMENT'];

let emulator: RunningEmulator;
let firefox: FirefoxWithExtension;

beforeAll(async () => {
  emulator = await startEmulator({ port: FIREFOX_E2E_PORT, clientId: E2E_CLIENT_ID, clientSecret: E2E_CLIENT_SECRET, letters: 3, quiet: true });
  firefox = await launchFirefoxWithExtension(FIREFOX_E2E_DIST);
});

afterAll(async () => {
  await (firefox as FirefoxWithExtension | undefined)?.close();
  await (emulator as RunningEmulator | undefined)?.stop();
});

/**
 * The consent windows the service was asked to show, by the scope each asked for. Each sign-in
 * sends its own state; Firefox has been seen loading a window's address twice, which is one window.
 */
async function consentsAsked(): Promise<string[][]> {
  const windows = new Map<string, string[]>();
  for (const r of await emulator.admin.requests()) {
    if (r.method !== 'GET' || r.path !== AUTHORIZE) continue;
    const query = new URLSearchParams(r.query);
    windows.set(query.get('state') ?? '', (query.get('scope') ?? '').split(' '));
  }
  return [...windows.values()];
}

describe('Firefox: managing letters, switched on with a viewer tab open', () => {
  let viewer: Page;

  it('asks Digipost once for filing, deleting and uploading, and the open tab offers Upload a file without a reload', async () => {
    const popup = await firefox.openPage('src/popup/popup.html');
    const consent = await firefox.nextPage(() => click(popup, 'Connect', true), (t) => t.url().includes('/oauth/authorize'));
    await click(consent, 'Approve', true);
    await shows(popup, emulator.user.fullName);
    viewer = await firefox.nextPage(() => click(popup, 'Inbox'));
    await element(viewer, 'main .letters', WAIT);
    expect(await viewer.evaluate(() => document.body.innerText)).not.toContain('Upload a file');

    const options = await firefox.openPage('src/options/options.html');
    await shows(options, emulator.user.fullName);
    await emulator.admin.clearRequests();
    const again = await firefox.nextPage(() => flip(options, 'Manage your letters'), (t) => t.url().includes('/oauth/authorize'));
    await click(again, 'Approve', true);
    await shows(options, 'Done. Digipost now allows what is switched on.');
    const asked = await consentsAsked();
    expect(asked).toHaveLength(1);
    expect(asked[0]).toEqual(expect.arrayContaining(MANAGING));
    expect(await switchedOn(options, 'Manage your letters')).toBe(true);
    await options.close();

    await viewer.bringToFront();
    await control(viewer, 'Upload a file', true);
  });

  it('says the person signed out, with Connect, when the popup signs out; no Try again', async () => {
    const signingOut = await firefox.openPage('src/popup/popup.html');
    await click(signingOut, 'Sign out', true);
    await control(signingOut, 'Connect', true);

    await viewer.bringToFront();
    await shows(viewer, 'You signed out');
    await control(viewer, 'Connect', true);
    const text = await viewer.evaluate(() => document.querySelector('main')?.innerText ?? '');
    expect(text).not.toContain('Try again');
    expect(text).not.toContain('Couldn’t open');
    expect(await viewer.evaluate(() => document.querySelector('h1')?.textContent)).toBe('Inbox');
  });
});
