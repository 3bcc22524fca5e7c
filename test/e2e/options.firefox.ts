import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { startEmulator, type RunningEmulator } from '../emulator/index.ts';
import { E2E_CLIENT_ID, E2E_CLIENT_SECRET } from '../support/build-extension.ts';
import { launchFirefoxWithExtension, type FirefoxWithExtension } from '../support/firefox.ts';
import { click, element, flip, shows, switchedOn } from '../support/firefox-page.ts';
import { FIREFOX_E2E_DIST, FIREFOX_E2E_PORT } from './firefox-setup.ts';

/*
 * Firefox: the options page opens with the person and says in words what the extension may do;
 * a permission switched on while signed in runs the consent flow (identity.launchWebAuthFlow)
 * against the emulator, and the grant that comes back holds it.
 */

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

interface Answer {
  ok: boolean;
  value?: unknown;
}

/** What the worker answers the page for a request, as the page itself would ask. */
function askWorker(page: Page, request: object): Promise<Answer> {
  interface Runtime {
    browser: { runtime: { sendMessage(message: object): Promise<Answer> } };
  }
  return page.evaluate((r: object) => (globalThis as unknown as Runtime).browser.runtime.sendMessage(r), request);
}

const RECEIPTS = 'See your receipts';

describe('Firefox: the options page', () => {
  it('opens with the person and offers permissions in words, no permission code visible outside the details', async () => {
    const page = await firefox.openPage('src/options/options.html');
    await shows(page, 'What the extension may do');
    await shows(page, 'Not connected');
    const text = await page.evaluate(() => document.body.innerText);
    for (const words of ['See your letters', 'Open your letters', RECEIPTS, 'Manage your letters']) expect(text).toContain(words);
    expect(text).not.toMatch(/\b(READ|UPDATE|DELETE|UPLOAD|SEND)_[A-Z_]+\b/);
    expect(await page.$$eval('[role="switch"]', (switches) => switches.length)).toBe(6);
    expect(await switchedOn(page, 'Open your letters')).toBe(true);
    expect(await switchedOn(page, RECEIPTS)).toBe(false);
    await page.close();
  });

  it('links to the privacy statement shipped with it, in English and Bokmål', async () => {
    const page = await firefox.openPage('src/options/options.html');
    await shows(page, 'What the extension may do');
    const link = await element<HTMLAnchorElement>(page, 'a[href="/privacy.html"]');
    expect(await link.evaluate((a) => [a.textContent, a.href, a.target])).toEqual([
      'How this extension handles your data (privacy statement)',
      firefox.url('privacy.html'),
      '_blank',
    ]);
    await page.close();
    const statement = await firefox.openPage('privacy.html');
    const text = await statement.evaluate(() => document.body.innerText);
    expect(text).toContain('independent, open-source client');
    // Read as UTF-8: the Bokmål heading's æ is one letter, not two.
    expect(text).toContain('Personvernerklæring');
    await statement.close();
  });

  it('names the shortcut that opens the popup as Firefox holds it, and opens Firefox’s page for shortcuts', async () => {
    const page = await firefox.openPage('src/options/options.html');
    await shows(page, 'Alt+Shift+D opens the mailbox from any tab.');
    const addonsTabs = async () => (await firefox.browser.pages()).filter((p) => p.url().startsWith('about:addons'));
    expect(await addonsTabs()).toHaveLength(0);
    await click(page, 'Change the shortcut…');
    // The add-ons manager is reported once it has loaded its address, not as it opens.
    await expect.poll(async () => (await addonsTabs()).length, { timeout: 20_000 }).toBe(1);
    for (const tab of await addonsTabs()) await tab.close().catch(() => undefined);
    await page.close();
  });

  it('a permission switched on while signed in runs the consent flow, and the new grant holds it', async () => {
    const page = await firefox.openPage('src/options/options.html');
    await shows(page, 'Not connected');
    const consent = await firefox.nextPage(() => click(page, 'Connect', true), (t) => t.url().includes('/oauth/authorize'));
    await click(consent, 'Approve', true);
    await shows(page, emulator.user.fullName);
    await shows(page, emulator.user.digipostaddress);

    const root = (await askWorker(page, { type: 'getRoot' })).value as { root: { primaryAccount: { link: { rel: string; uri: string }[] } } };
    const link = root.root.primaryAccount.link.find((l) => l.rel.endsWith('/receipts'));
    const receipts = { type: 'getResource', url: link?.uri ?? '', relation: link?.rel };
    expect((await askWorker(page, receipts)).ok).toBe(false);

    const again = await firefox.nextPage(() => flip(page, RECEIPTS), (t) => t.url().includes('/oauth/authorize'));
    expect(new URL(again.url()).searchParams.get('scope')?.split(' ')).toContain('READ_RECEIPTS');
    await click(again, 'Approve', true);
    await shows(page, 'Done. Digipost now allows what is switched on.');
    expect(await switchedOn(page, RECEIPTS)).toBe(true);
    expect((await askWorker(page, receipts)).ok).toBe(true);
    expect(await askWorker(page, { type: 'getStatus' })).toMatchObject({ ok: true, value: { state: 'signed_in', scopes: expect.arrayContaining(['READ_RECEIPTS']) as unknown } });
    await shows(page, emulator.user.fullName);
  });
});
