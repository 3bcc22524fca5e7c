import type { Page } from 'playwright-core';
import { launchWithExtension, type ExtensionBrowser } from '../support/extension-browser.ts';
import { BENCH_DIST } from './build.ts';
import { PROBE_SCRIPT } from './probe.ts';

/** The popup's own size (popup.css), so the popup and the blank page lay out the same viewport. */
const POPUP_VIEWPORT = { width: 380, height: 600 };

export interface BenchBrowser extends ExtensionBrowser {
  newPage: () => Promise<Page>;
}

/** Chromium with the bench build installed, and the timing probe injected into every page. */
export async function launchBenchBrowser(): Promise<BenchBrowser> {
  const browser = await launchWithExtension({ dist: BENCH_DIST, viewport: POPUP_VIEWPORT });
  await browser.context.addInitScript(PROBE_SCRIPT);
  return { ...browser, newPage: () => browser.context.newPage() };
}
