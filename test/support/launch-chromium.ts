// Chromium with the extension installed, over the DevTools protocol.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser, type CDPSession, type Target } from 'puppeteer-core';
import { findChromium, QUIET_FLAGS, sandboxFlags } from './chromium.ts';
import { ARRIVAL_MS, tabsOf, type ExtensionBrowser, type LaunchOptions } from './extension-browser.ts';

/** Chromium's flags to run with one unpacked extension and nothing else. */
export function extensionArgs(dist: string, lang = 'en-US'): string[] {
  const path = resolve(dist);
  return [...QUIET_FLAGS, ...sandboxFlags(), `--lang=${lang}`, `--accept-lang=${lang}`, `--disable-extensions-except=${path}`, `--load-extension=${path}`];
}

const isWorker = (t: Target) => t.type() === 'service_worker' && t.url().startsWith('chrome-extension://');

/**
 * Headless Chromium with the build in `dist` loaded unpacked (its ID follows from the folder's
 * path, as Chromium derives it), in a throwaway profile unless one is given.
 */
export async function launchChromium(options: LaunchOptions): Promise<ExtensionBrowser> {
  const profile = options.profile ?? mkdtempSync(join(tmpdir(), 'digipost-browser-'));
  const lang = options.lang ?? 'en-US';
  const signals = options.handleSignals ?? true;
  const browser: Browser = await puppeteer.launch({
    executablePath: findChromium(),
    headless: options.headless ?? true,
    userDataDir: profile,
    defaultViewport: options.viewport ?? null,
    handleSIGINT: signals,
    handleSIGTERM: signals,
    handleSIGHUP: signals,
    // Puppeteer's defaults switch extensions off; ours loads exactly one.
    ignoreDefaultArgs: ['--disable-extensions'],
    args: [...extensionArgs(options.dist, lang), ...(options.colorScheme === 'dark' ? ['--force-dark-mode', '--blink-settings=preferredColorScheme=0'] : [])],
    // Chromium on Linux takes the language of its pages' i18n from LANGUAGE, and its time zone from TZ.
    env: { ...process.env, LANGUAGE: lang, ...(options.timeZone ? { TZ: options.timeZone } : {}) },
  });
  const worker = await browser.waitForTarget(isWorker, { timeout: ARRIVAL_MS });
  const extensionId = new URL(worker.url()).host;
  const url = (path: string) => `chrome-extension://${extensionId}/${path.replace(/^\//, '')}`;
  const tabs = tabsOf(browser, url, false);
  const offlineSessions: CDPSession[] = [];
  return {
    name: 'chromium',
    browser,
    url,
    ...tabs,
    stopWorker: async () => {
      const running = browser.targets().find(isWorker);
      const gone = new Promise<void>((done, fail) => {
        if (!running) return done();
        const timer = setTimeout(() => fail(new Error(`the worker was still running ${ARRIVAL_MS} ms after it was stopped`)), ARRIVAL_MS);
        const seen = (t: Target) => {
          if (t !== running) return;
          browser.off('targetdestroyed', seen);
          clearTimeout(timer);
          done();
        };
        browser.on('targetdestroyed', seen);
      });
      const page = (await browser.pages())[0] ?? (await browser.newPage());
      const cdp = await page.createCDPSession();
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.stopAllWorkers');
      await cdp.detach();
      await gone;
    },
    setOffline: async (offline) => {
      // Each session stays attached while offline: the emulation ends with it.
      for (const session of offlineSessions.splice(0)) await session.detach().catch(() => undefined);
      if (!offline) {
        for (const page of await browser.pages()) await page.setOfflineMode(false);
        return;
      }
      for (const page of await browser.pages()) await page.setOfflineMode(true);
      for (const target of browser.targets().filter(isWorker)) {
        const session = await target.createCDPSession();
        await session.send('Network.enable');
        await session.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
        offlineSessions.push(session);
      }
    },
    close: async () => {
      await browser.close();
      if (options.profile === undefined) rmSync(profile, { recursive: true, force: true });
    },
  };
}
