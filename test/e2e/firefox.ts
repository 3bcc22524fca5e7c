import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import puppeteer, { TargetType, type Browser, type Page, type Target } from 'puppeteer-core';
import { findBrowser } from './find-browser.ts';

/** The Firefox build's add-on ID (vite.config.ts): Firefox derives the redirect URI from it. */
export const FIREFOX_ADDON_ID = 'digipost-mailbox@extensions.example';

/** Finds the Firefox the Firefox tests drive: FIREFOX_PATH, then Debian's firefox-esr, then firefox. */
export function findFirefox(env: NodeJS.ProcessEnv = process.env): string {
  return findBrowser(
    {
      purpose: 'Firefox for the Firefox tests',
      envVar: 'FIREFOX_PATH',
      paths: ['/usr/bin/firefox-esr', '/usr/bin/firefox'],
      debianPackage: 'firefox-esr',
      alternative: 'a Firefox binary (140 or later)',
    },
    env,
  );
}

export interface FirefoxWithExtension {
  browser: Browser;
  /** The add-on's internal UUID, fixed before it is installed, so its pages have a known address. */
  uuid: string;
  /** An address inside the extension, e.g. url('src/popup/popup.html'). */
  url: (path: string) => string;
  /** A new tab showing an extension page. */
  openPage: (path: string) => Promise<Page>;
  /** The next tab or window that opens, once `action` has run. */
  nextPage: (action: () => Promise<void>, predicate?: (target: Target) => boolean) => Promise<Page>;
  close: () => Promise<void>;
}

/**
 * Starts a page's navigation without waiting for its load event: over WebDriver BiDi Firefox
 * reports none for a moz-extension:// page, so the callers wait for what the page shows instead.
 */
export async function navigate(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 1000 }).catch((error: unknown) => {
    if (!(error instanceof Error && error.name === 'TimeoutError')) throw error;
  });
}

/**
 * Firefox (headless unless HEADLESS=0 and a display is there) over WebDriver BiDi, with the build in
 * `dist` installed as a temporary add-on under a fixed UUID, in a throwaway profile.
 */
export async function launchFirefoxWithExtension(
  dist: string,
  options: { headless?: boolean; handleSignals?: boolean } = {},
): Promise<FirefoxWithExtension> {
  const signals = options.handleSignals ?? true;
  const uuid = randomUUID();
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: findFirefox(),
    headless: options.headless ?? true,
    defaultViewport: null,
    handleSIGINT: signals,
    handleSIGTERM: signals,
    handleSIGHUP: signals,
    // WebDriver BiDi may open moz-extension:// pages only with this flag (a test browser, temporary profile).
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [FIREFOX_ADDON_ID]: uuid }),
      'intl.locale.requested': 'en-US',
    },
  });
  try {
    const id = await browser.installExtension(resolve(dist));
    if (id !== FIREFOX_ADDON_ID) throw new Error(`the add-on installed as ${id}, expected ${FIREFOX_ADDON_ID}`);
  } catch (error) {
    await browser.close();
    throw error;
  }
  const url = (path: string) => `moz-extension://${uuid}/${path.replace(/^\//, '')}`;
  return {
    browser,
    uuid,
    url,
    openPage: async (path) => {
      const page = await browser.newPage();
      await navigate(page, url(path));
      return page;
    },
    nextPage: async (action, predicate = () => true) => {
      const before = new Set(browser.targets());
      const opened = browser.waitForTarget((t) => t.type() === TargetType.PAGE && !before.has(t) && predicate(t), { timeout: 20_000 });
      await action();
      const target = await opened;
      const page = await target.page();
      if (!page) throw new Error(`no page for ${target.url()}`);
      return page;
    },
    close: () => browser.close(),
  };
}
