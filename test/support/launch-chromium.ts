// Chromium with the extension installed, over the DevTools protocol.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import puppeteer, { TargetType, type Browser, type CDPSession, type Target } from 'puppeteer-core';
import { findChromium, QUIET_FLAGS, sandboxFlags } from './chromium.ts';
import { ARRIVAL_MS, tabsOf, type ExtensionBrowser, type LaunchOptions } from './extension-browser.ts';
import { removeProfile } from './remove-profile.ts';

/** Chromium's flags to run with one unpacked extension and nothing else. */
function extensionArgs(dist: string, lang = 'en-US'): string[] {
  const path = resolve(dist);
  return [
    ...QUIET_FLAGS,
    ...sandboxFlags(),
    `--lang=${lang}`,
    `--accept-lang=${lang}`,
    `--disable-extensions-except=${path}`,
    `--load-extension=${path}`,
  ];
}

const isWorker = (t: Target) => t.type() === TargetType.SERVICE_WORKER && t.url().startsWith('chrome-extension://');

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
    args: [
      ...extensionArgs(options.dist, lang),
      ...(options.colorScheme === 'dark' ? ['--force-dark-mode', '--blink-settings=preferredColorScheme=0'] : []),
    ],
    ...(options.downloads ? { downloadBehavior: { policy: 'allow' as const, downloadPath: resolve(options.downloads) } } : {}),
    // Chromium on Linux takes the language of its pages' i18n from LANGUAGE, and its time zone from TZ.
    env: { ...process.env, LANGUAGE: lang, ...(options.timeZone ? { TZ: options.timeZone } : {}) },
  });
  const worker = await browser.waitForTarget(isWorker, { timeout: ARRIVAL_MS });
  const extensionId = new URL(worker.url()).host;
  const url = (path: string) => `chrome-extension://${extensionId}/${path.replace(/^\//, '')}`;
  const tabs = tabsOf(browser, url, false);
  const offlineSessions: CDPSession[] = [];
  const inWorker: NonNullable<ExtensionBrowser['inWorker']> = async (fn, ...args) => {
    // A stopped worker starts again on the next event; a page of the extension asking it something is one.
    if (!browser.targets().some(isWorker)) await tabs.open('src/options/options.html').then((page) => page.close());
    const target = await browser.waitForTarget(isWorker, { timeout: ARRIVAL_MS });
    // A session of its own, let go at once: a worker that DevTools stays attached to does not start again once stopped.
    const session = await target.createCDPSession();
    try {
      // The worker's own context, as DevTools reports it once asked: a worker just started may not
      // have one yet (it may even wait for a debugger), and an evaluation before it finds no APIs.
      const context = new Promise<number>((done) =>
        session.once('Runtime.executionContextCreated', ({ context: created }: { context: { id: number } }) => done(created.id)),
      );
      await session.send('Runtime.enable');
      await session.send('Runtime.runIfWaitingForDebugger').catch(() => undefined);
      const contextId = await Promise.race([
        context,
        new Promise<never>((_, fail) =>
          setTimeout(() => fail(new Error(`the worker showed no context to run in within ${ARRIVAL_MS} ms`)), ARRIVAL_MS).unref(),
        ),
      ]);
      // Its extension APIs arrive a moment after the context itself: asked for until they are there.
      const deadline = Date.now() + ARRIVAL_MS;
      const ready = async () =>
        (await session.send('Runtime.evaluate', { expression: 'Boolean(globalThis.chrome?.runtime?.id)', contextId, returnByValue: true }))
          .result.value === true;
      while (!(await ready())) {
        if (Date.now() > deadline) throw new Error(`the worker had no extension APIs within ${ARRIVAL_MS} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const expression = `(${String(fn)})(...${JSON.stringify(args)})`;
      const { result, exceptionDetails } = await session.send('Runtime.evaluate', {
        expression,
        contextId,
        awaitPromise: true,
        returnByValue: true,
      });
      if (exceptionDetails) throw new Error(`in the worker: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
      return result.value as never;
    } finally {
      await session.detach().catch(() => undefined);
    }
  };
  return {
    name: 'chromium',
    browser,
    url,
    ...tabs,
    stopWorker: async () => {
      const page = (await browser.pages())[0] ?? (await browser.newPage());
      const cdp = await page.createCDPSession();
      interface Versions {
        versions: { scriptURL: string; runningStatus: string }[];
      }
      // Stopped when DevTools reports the extension's worker so (its target may outlive the stop).
      const stopped = new Promise<void>((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`the worker was still running ${ARRIVAL_MS} ms after it was stopped`)), ARRIVAL_MS);
        cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }: Versions) => {
          const ours = versions.filter((v) => v.scriptURL.startsWith(url('')));
          if (ours.length > 0 && ours.every((v) => v.runningStatus === 'stopped')) {
            clearTimeout(timer);
            done();
          }
        });
      });
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.stopAllWorkers');
      await stopped.finally(() => cdp.detach().catch(() => undefined));
    },
    // The worker has every API a page of the extension has, in every build (an earlier release too).
    inExtension: inWorker,
    inWorker,
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
      if (options.profile === undefined) removeProfile(profile);
    },
  };
}
