import type { BrowserContext, Page, Worker } from 'playwright-core';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../emulator/index.ts';
import { E2E_CLIENT_ID, E2E_CLIENT_SECRET, E2E_DIST, E2E_PORT } from './build-extension.ts';
import { launchWithExtension } from './extension-browser.ts';

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
  /** The IANA time zone the pages run in (default: the machine's). */
  timezoneId?: string;
  /** Another build of the extension to load (default: the e2e build). */
  dist?: string;
  /** A browser profile to use and keep (default: a throwaway one). */
  profile?: string;
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
  const browser = await launchWithExtension({
    dist: options.dist ?? E2E_DIST,
    ...(options.lang ? { lang: options.lang } : {}),
    ...(options.colorScheme ? { colorScheme: options.colorScheme } : {}),
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    ...(options.profile ? { profile: options.profile } : {}),
  });
  const { context, url } = browser;

  const connectVia = async (page: Page, decision: 'Approve' | 'Decline' = 'Approve') => {
    const consentOpened = context.waitForEvent('page', { predicate: (p) => p.url().includes('/oauth/authorize') });
    await page.getByRole('button', { name: 'Connect' }).click();
    const consent = await consentOpened;
    await consent.getByRole('button', { name: decision }).click();
  };

  const harness: Harness = {
    emulator,
    context,
    extensionId: browser.extensionId,
    url,
    worker: browser.worker,
    openPopup: async () => {
      const page = await context.newPage();
      await page.goto(url('src/popup/popup.html'));
      return page;
    },
    connectVia,
    stopWorker: browser.stopWorker,
    close: async () => {
      await browser.close();
      if (!options.reuseEmulator) await harness.emulator.stop();
    },
  };
  return harness;
}
