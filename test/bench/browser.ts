import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { findChromium, QUIET_FLAGS, sandboxFlags } from '../e2e/chromium.ts';
import { BENCH_DIST } from './build.ts';
import { PROBE_SCRIPT } from './probe.ts';

/** The popup's own size (popup.css), so the popup and the blank page lay out the same viewport. */
export const POPUP_VIEWPORT = { width: 380, height: 600 };

export interface BenchBrowser {
  context: BrowserContext;
  extensionId: string;
  url(path: string): string;
  worker(): Promise<Worker>;
  stopWorker(): Promise<void>;
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

/** Chromium with the bench build installed, and the timing probe injected into every page. */
export async function launchBenchBrowser(): Promise<BenchBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'digipost-bench-'));
  const dist = resolve(BENCH_DIST);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    headless: true,
    locale: 'en-US',
    viewport: POPUP_VIEWPORT,
    args: [...QUIET_FLAGS, ...sandboxFlags(), '--lang=en-US', `--disable-extensions-except=${dist}`, `--load-extension=${dist}`],
  });
  await context.addInitScript(PROBE_SCRIPT);
  const firstWorker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(firstWorker.url()).host;
  const origin = `chrome-extension://${extensionId}/`;
  const url = (path: string) => `${origin}${path.replace(/^\//, '')}`;
  const live = () => context.serviceWorkers().find((w) => w.url().startsWith(origin));

  const worker = async (): Promise<Worker> => {
    const running = live();
    if (running) return running;
    const page = await context.newPage();
    const started = context.waitForEvent('serviceworker');
    await page.goto(url('src/options/options.html'));
    const revived = await started;
    await page.close();
    return revived;
  };

  return {
    context,
    extensionId,
    url,
    worker,
    stopWorker: async () => {
      const running = live();
      const page = context.pages()[0] ?? (await context.newPage());
      const cdp = await context.newCDPSession(page);
      await cdp.send('ServiceWorker.enable');
      const closed = running ? new Promise<void>((done) => running.once('close', () => done())) : Promise.resolve();
      await cdp.send('ServiceWorker.stopAllWorkers');
      await cdp.detach();
      await Promise.race([closed, new Promise((done) => setTimeout(done, 2000))]);
    },
    newPage: () => context.newPage(),
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
