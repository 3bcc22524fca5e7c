// What every end-to-end test starts from: the emulator the e2e build points at, and the browser
// under test (E2E_BROWSER) with that build installed.
import type { Page } from 'puppeteer-core';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../emulator/index.ts';
import { E2E_CLIENT_ID, E2E_CLIENT_SECRET, e2eBuildFor } from './build-extension.ts';
import { browserUnderTest, type BrowserName, type ExtensionBrowser, type LaunchOptions } from './extension-browser.ts';
import { launchChromium } from './launch-chromium.ts';
import { launchFirefox } from './launch-firefox.ts';
import { role } from './person.ts';

export interface Harness extends ExtensionBrowser {
  emulator: RunningEmulator;
  /** The popup's page in a tab of its own. */
  openPopup(): Promise<Page>;
  /** Clicks Connect in a page, then the given button on the service's consent page. */
  connectVia(page: Page, decision?: 'Approve' | 'Decline'): Promise<void>;
}

export interface HarnessOptions extends Omit<LaunchOptions, 'dist'> {
  emulator?: EmulatorOptions;
  /** Share a running emulator (a second browser against the same service); close() leaves it running. */
  reuseEmulator?: RunningEmulator;
  /** Another build of the extension to install (default: the e2e build for the browser under test). */
  dist?: string;
  /** Another browser than the one under test (the tools choose). */
  browser?: BrowserName;
}

export function launchExtensionBrowser(name: BrowserName, options: LaunchOptions): Promise<ExtensionBrowser> {
  return name === 'firefox' ? launchFirefox(options) : launchChromium(options);
}

/** Starts the emulator and the browser under test with the e2e build installed. */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const name = options.browser ?? browserUnderTest();
  const build = e2eBuildFor(name);
  const emulator =
    options.reuseEmulator ??
    (await startEmulator({ port: build.port, clientId: E2E_CLIENT_ID, clientSecret: E2E_CLIENT_SECRET, quiet: true, ...options.emulator }));
  // What the browser is launched with: the options less those of the emulator and the choice of browser.
  const launch: HarnessOptions = { ...options };
  delete launch.emulator;
  delete launch.reuseEmulator;
  delete launch.browser;
  const extension = await launchExtensionBrowser(name, { ...launch, dist: options.dist ?? build.dist }).catch(async (error: unknown) => {
    if (!options.reuseEmulator) await emulator.stop();
    throw error;
  });

  return {
    ...extension,
    emulator,
    openPopup: () => extension.open('src/popup/popup.html'),
    connectVia: async (page, decision = 'Approve') => {
      const consent = await extension.nextPage(
        () => role(page, 'button', 'Connect').click(),
        (address) => address.includes('/oauth/authorize'),
      );
      await role(consent, 'button', decision).click();
    },
    close: async () => {
      // The emulator stops however the browser's close went: left running, its port would fail
      // every file after this one (the files share one worker).
      try {
        await extension.close();
      } finally {
        if (!options.reuseEmulator) await emulator.stop();
      }
    },
  };
}
