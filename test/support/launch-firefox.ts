// Firefox with the extension installed, over WebDriver BiDi.
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import puppeteer from 'puppeteer-core';
import { DEFAULT_FIREFOX_ADDON_ID } from '../../src/config/build-defaults.ts';
import { tabsOf, type ExtensionBrowser, type LaunchOptions } from './extension-browser.ts';
import { findBrowser } from './find-browser.ts';

/** The test build's add-on ID (the default; the e2e build ignores DIGIPOST_FIREFOX_ID): Firefox derives the redirect URI from it. */
const FIREFOX_ADDON_ID = DEFAULT_FIREFOX_ADDON_ID;

/** Finds the Firefox the tests drive: FIREFOX_PATH, then Debian's firefox-esr, then firefox. */
export function findFirefox(env: NodeJS.ProcessEnv = process.env): string {
  return findBrowser(
    {
      purpose: 'Firefox for the end-to-end tests',
      envVar: 'FIREFOX_PATH',
      paths: ['/usr/bin/firefox-esr', '/usr/bin/firefox'],
      debianPackage: 'firefox-esr',
      alternative: 'a Firefox binary (140 or later)',
    },
    env,
  );
}

/** Firefox's settings to save each download in `folder` as it comes, without asking where or how. */
function savingDownloadsIn(folder: string): Record<string, unknown> {
  return {
    'browser.download.folderList': 2,
    'browser.download.dir': folder,
    'browser.download.useDownloadDir': true,
    'browser.download.start_downloads_in_tmp_dir': false,
    'browser.download.always_ask_before_handling_new_types': false,
    'browser.download.alwaysOpenPanel': false,
  };
}

/**
 * Firefox (headless unless told otherwise) with the build in `dist` installed as a temporary add-on
 * under a UUID fixed beforehand, so its pages have a known address, in a throwaway profile.
 */
export async function launchFirefox(options: LaunchOptions): Promise<ExtensionBrowser> {
  const signals = options.handleSignals ?? true;
  const uuid = randomUUID();
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: findFirefox(),
    headless: options.headless ?? true,
    defaultViewport: options.viewport ?? null,
    handleSIGINT: signals,
    handleSIGTERM: signals,
    handleSIGHUP: signals,
    ...(options.profile ? { userDataDir: options.profile } : {}),
    // WebDriver BiDi may open moz-extension:// pages only with this flag (a test browser, temporary profile).
    args: ['--remote-allow-system-access'],
    // Firefox takes its time zone from TZ, as any program does (it has no switch of its own).
    ...(options.timeZone ? { env: { ...process.env, TZ: options.timeZone } } : {}),
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [FIREFOX_ADDON_ID]: uuid }),
      'intl.locale.requested': options.lang ?? 'en-US',
      'intl.accept_languages': options.lang ?? 'en-US',
      // 0 dark, 1 light: what prefers-color-scheme answers in every page.
      'layout.css.prefers-color-scheme.content-override': options.colorScheme === 'dark' ? 0 : 1,
      ...(options.downloads ? savingDownloadsIn(resolve(options.downloads)) : {}),
      ...options.prefs,
    },
  });
  try {
    const id = await browser.installExtension(resolve(options.dist));
    if (id !== FIREFOX_ADDON_ID) throw new Error(`the add-on installed as ${id}, expected ${FIREFOX_ADDON_ID}`);
  } catch (error) {
    await browser.close();
    throw error;
  }
  const url = (path: string) => `moz-extension://${uuid}/${path.replace(/^\//, '')}`;
  return { name: 'firefox', browser, url, ...tabsOf(browser, url, true), close: () => browser.close() };
}
