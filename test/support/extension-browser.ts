import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type LaunchOptions, type Worker } from 'playwright-core';
import { findChromium, QUIET_FLAGS, sandboxFlags } from './chromium.ts';

/** Chromium's flags to run with one unpacked extension and nothing else. */
export function extensionArgs(dist: string, lang = 'en-US'): string[] {
  const path = resolve(dist);
  return [...QUIET_FLAGS, ...sandboxFlags(), `--lang=${lang}`, `--disable-extensions-except=${path}`, `--load-extension=${path}`];
}

export interface ExtensionBrowser {
  context: BrowserContext;
  extensionId: string;
  /** An address inside the extension, e.g. url('src/popup/popup.html'). */
  url: (path: string) => string;
  /** The extension's worker, started again first if the browser had stopped it. */
  worker: () => Promise<Worker>;
  /** Stops the worker the way the browser does when it idles (DevTools' stopAllWorkers). */
  stopWorker: () => Promise<void>;
  close: () => Promise<void>;
}

export interface ExtensionBrowserOptions {
  dist: string;
  lang?: string;
  colorScheme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
  /** The IANA time zone the pages run in (default: the machine's). */
  timezoneId?: string;
  /** Passed on to Playwright as they are (signal handling, headless, ...). */
  launch?: LaunchOptions;
  /** A profile to use and keep (a browser started again over it); by default a throwaway one. */
  profile?: string;
}

/** Headless Chromium with the extension built in `dist` installed, in a throwaway profile unless one is given. */
export async function launchWithExtension(options: ExtensionBrowserOptions): Promise<ExtensionBrowser> {
  const profile = options.profile ?? mkdtempSync(join(tmpdir(), 'digipost-browser-'));
  const lang = options.lang ?? 'en-US';
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    headless: true,
    locale: lang,
    colorScheme: options.colorScheme ?? 'light',
    ...(options.viewport ? { viewport: options.viewport } : {}),
    // Playwright's override reaches the pages it opens, but a tab the extension opens may draw before
    // it arrives: the browser's own zone (TZ) is set too, so every page is in the one zone.
    ...(options.timezoneId ? { timezoneId: options.timezoneId, env: { ...process.env, TZ: options.timezoneId } } : {}),
    ...options.launch,
    args: extensionArgs(options.dist, lang),
  });
  const firstWorker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(firstWorker.url()).host;
  const origin = `chrome-extension://${extensionId}/`;
  const url = (path: string) => `${origin}${path.replace(/^\//, '')}`;
  const live = () => context.serviceWorkers().find((w) => w.url().startsWith(origin));

  return {
    context,
    extensionId,
    url,
    worker: async () => {
      const running = live();
      if (running) return running;
      // A stopped worker starts again on the next event; a page asking it something is one.
      const page = await context.newPage();
      const started = context.waitForEvent('serviceworker');
      await page.goto(url('src/options/options.html'));
      const revived = await started;
      await page.close();
      return revived;
    },
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
    close: async () => {
      await context.close();
      if (options.profile === undefined) rmSync(profile, { recursive: true, force: true });
    },
  };
}
