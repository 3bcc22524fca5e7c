// `npm run test:firefox`: proves the Firefox build loads and runs in a real Firefox (Debian's
// firefox-esr, headless): the build, configured for the local emulator, is installed as a temporary
// add-on over WebDriver BiDi; its options page renders, and its popup gets an answer from the
// background script. Exits non-zero, saying why, when any step fails.
import { rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { startEmulator } from '../emulator/index.ts';
import { buildForEmulator, E2E_CLIENT_ID, E2E_CLIENT_SECRET } from './build-extension.ts';
import { findFirefox } from './firefox.ts';

// Any free port: the build is configured with the emulator's address after it has started.
const PORT = Number(process.env.FIREFOX_SMOKE_PORT ?? 0);
const DIST = `dist-e2e-firefox-${process.pid}`;
const ADDON_ID = 'digipost-mailbox@extensions.example';
const STEP_TIMEOUT = 20_000;

const executablePath = findFirefox();
const started = Date.now();
const emulator = await startEmulator({ port: PORT, clientId: E2E_CLIENT_ID, clientSecret: E2E_CLIENT_SECRET, quiet: true });
let browser: Browser | undefined;
const results: { name: string; ok: boolean; detail: string }[] = [];

async function check(name: string, run: () => Promise<string>): Promise<void> {
  try {
    results.push({ name, ok: true, detail: await run() });
  } catch (error) {
    results.push({ name, ok: false, detail: error instanceof Error ? error.message : String(error) });
  }
}

async function heading(page: Page, selector: string): Promise<string> {
  const element = await page.waitForSelector(selector, { timeout: STEP_TIMEOUT });
  const text = await element?.evaluate((node) => node.textContent);
  return (text ?? '').trim();
}

/** Starts the navigation without waiting for a load event (an extension page may not report one over BiDi); the checks wait for content. */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 1500 }).catch((error: unknown) => {
    if (!(error instanceof Error && error.name === 'TimeoutError')) throw error;
  });
}

try {
  process.env.DIGIPOST_TARGET = 'firefox';
  await buildForEmulator(DIST, emulator.url, emulator.clientId, emulator.clientSecret);
  Reflect.deleteProperty(process.env, 'DIGIPOST_TARGET');

  // A fixed internal UUID for the add-on, so its pages have a known moz-extension:// address.
  const uuid = randomUUID();
  browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath,
    headless: true,
    // WebDriver BiDi may open moz-extension:// pages only with this flag (a test browser, temporary profile).
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [ADDON_ID]: uuid }),
      'intl.locale.requested': 'en-US',
    },
  });
  const version = await browser.version();

  await check('installs as a temporary add-on', async () => {
    const id = await browser?.installExtension(resolve(DIST));
    if (id !== ADDON_ID) throw new Error(`installed as ${String(id)}, expected ${ADDON_ID}`);
    return `${id} in ${version}`;
  });

  const page = await browser.newPage();
  await check('options page renders', async () => {
    await open(page, `moz-extension://${uuid}/src/options/options.html`);
    return `heading "${await heading(page, 'h1')}"`;
  });
  await check('popup gets an answer from the background script', async () => {
    await open(page, `moz-extension://${uuid}/src/popup/popup.html`);
    await page.waitForSelector('::-p-text(Connect)', { timeout: STEP_TIMEOUT });
    return `heading "${await heading(page, 'h1')}", Connect button shown`;
  });
} catch (error) {
  results.push({ name: 'setup', ok: false, detail: error instanceof Error ? error.message : String(error) });
} finally {
  await browser?.close().catch(() => undefined);
  await emulator.stop();
  rmSync(DIST, { recursive: true, force: true });
}

for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name}: ${r.detail}`);
const failed = results.filter((r) => !r.ok).length;
console.log(`Firefox smoke test took ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`firefox: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
