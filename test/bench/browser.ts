import type { Page } from 'puppeteer-core';
import type { ExtensionBrowser } from '../support/extension-browser.ts';
import { launchChromium } from '../support/launch-chromium.ts';
import { BENCH_DIST } from './build.ts';
import { PROBE_SCRIPT } from './probe.ts';

/** The popup's own size (popup.css), so the popup and the blank page lay out the same viewport. */
export const POPUP_VIEWPORT = { width: 380, height: 600 };

export interface BenchBrowser extends ExtensionBrowser {
  /** A new tab, blank, whose every document gets the timing probe before its own scripts. */
  newPage: () => Promise<Page>;
  /** DevTools' stop of the extension's worker, and code run in the worker itself (Chromium's). */
  stopWorker: NonNullable<ExtensionBrowser['stopWorker']>;
  inWorker: NonNullable<ExtensionBrowser['inWorker']>;
}

/** Chromium with the bench build installed; the tabs it opens for the measures carry the timing probe. */
export async function launchBenchBrowser(): Promise<BenchBrowser> {
  const browser = await launchChromium({ dist: BENCH_DIST, viewport: POPUP_VIEWPORT });
  const { stopWorker, inWorker } = browser;
  if (!stopWorker || !inWorker) throw new Error("the driver reaches no worker of this Chromium's");
  return {
    ...browser,
    stopWorker,
    inWorker,
    newPage: async () => {
      const page = await browser.browser.newPage();
      await page.evaluateOnNewDocument(PROBE_SCRIPT.content);
      return page;
    },
  };
}
