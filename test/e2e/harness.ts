import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../emulator/index.ts';
import { E2E_CLIENT_ID, E2E_CLIENT_SECRET, E2E_DIST, E2E_PORT } from './build-extension.ts';
import { findChromium, QUIET_FLAGS, sandboxFlags } from './chromium.ts';

export interface Harness {
  emulator: RunningEmulator;
  context: BrowserContext;
  extensionId: string;
  url(path: string): string;
  worker(): Promise<Worker>;
  openPopup(): Promise<Page>;
  /** Clicks Connect in a page, then the given button on the service's consent page. */
  connectVia(page: Page, decision?: 'Approve' | 'Decline'): Promise<void>;
  stopWorker(): Promise<void>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  emulator?: EmulatorOptions;
  /** Share a running emulator (a second browser against the same service); close() leaves it running. */
  reuseEmulator?: RunningEmulator;
  lang?: string;
  colorScheme?: 'light' | 'dark';
  /** Another build of the extension to load (default: the e2e build). */
  dist?: string;
}

/** Starts the emulator the e2e build points at, and Chromium with that build installed. */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const emulator =
    options.reuseEmulator ??
    (await startEmulator({
      port: E2E_PORT,
      clientId: E2E_CLIENT_ID,
      clientSecret: E2E_CLIENT_SECRET,
      quiet: true,
      ...options.emulator,
    }));
  const profile = mkdtempSync(join(tmpdir(), 'digipost-e2e-'));
  const dist = resolve(options.dist ?? E2E_DIST);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    headless: true,
    locale: options.lang ?? 'en-US',
    colorScheme: options.colorScheme ?? 'light',
    args: [
      ...QUIET_FLAGS,
      ...sandboxFlags(),
      `--lang=${options.lang ?? 'en-US'}`,
      `--disable-extensions-except=${dist}`,
      `--load-extension=${dist}`,
    ],
  });
  const firstWorker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(firstWorker.url()).host;
  const url = (path: string) => `chrome-extension://${extensionId}/${path.replace(/^\//, '')}`;

  const worker = async (): Promise<Worker> => {
    const live = context.serviceWorkers().find((w) => w.url().startsWith(`chrome-extension://${extensionId}/`));
    if (live) return live;
    // A stopped worker starts again on the next event; a page asking it something is one.
    const page = await context.newPage();
    const started = context.waitForEvent('serviceworker');
    await page.goto(url('src/options/options.html'));
    const revived = await started;
    await page.close();
    return revived;
  };

  const connectVia = async (page: Page, decision: 'Approve' | 'Decline' = 'Approve') => {
    const consentOpened = context.waitForEvent('page', { predicate: (p) => p.url().includes('/oauth/authorize') });
    await page.getByRole('button', { name: 'Connect' }).click();
    const consent = await consentOpened;
    await consent.getByRole('button', { name: decision }).click();
  };

  const harness: Harness = {
    emulator,
    context,
    extensionId,
    url,
    worker,
    openPopup: async () => {
      const page = await context.newPage();
      await page.goto(url('src/popup/popup.html'));
      return page;
    },
    connectVia,
    stopWorker: async () => {
      const page = context.pages()[0] ?? (await context.newPage());
      const cdp = await context.newCDPSession(page);
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.stopAllWorkers');
      await cdp.detach();
    },
    close: async () => {
      await context.close();
      if (!options.reuseEmulator) await harness.emulator.stop();
      rmSync(profile, { recursive: true, force: true });
    },
  };
  return harness;
}
