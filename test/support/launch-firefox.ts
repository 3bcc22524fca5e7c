// Firefox with the extension installed, over WebDriver BiDi.
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import puppeteer from 'puppeteer-core';
import { DEFAULT_FIREFOX_ADDON_ID } from '../../src/config/build-defaults.ts';
import { tabsOf, type ExtensionBrowser, type LaunchOptions } from './extension-browser.ts';
import { findBrowser } from './find-browser.ts';
import { removeProfile } from './remove-profile.ts';

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

/*
 * A throwaway profile is a copy of one Firefox has started in once: a new profile's first start
 * builds its databases and caches (startupCache, compiled scripts), which costs about twice the
 * processor time of a start over one that has them (3.7 s against 2.0 s measured), and an
 * end-to-end run starts Firefox some twenty-five times. No extension has been installed in it and
 * nothing opened but a blank tab; each copy is one browser's alone. The end-to-end suite's global
 * setup makes it once per run, where E2E_FIREFOX_STARTED_PROFILE says, and removes it at the end;
 * the tools (npm start, the screenshots, the benchmark) make their own, removed when they exit.
 */
export async function startProfile(folder: string): Promise<void> {
  mkdirSync(folder, { recursive: true });
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: findFirefox(),
    headless: true,
    userDataDir: folder,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  await browser.close();
}

let startedProfile: Promise<string> | undefined;

function profileStartedOnce(): Promise<string> {
  startedProfile ??= (async () => {
    const made = process.env.E2E_FIREFOX_STARTED_PROFILE;
    if (made && existsSync(made)) return made;
    const folder = mkdtempSync(join(tmpdir(), 'digipost-firefox-started-'));
    process.once('exit', () => removeProfile(folder));
    await startProfile(folder);
    return folder;
  })();
  return startedProfile;
}

async function throwawayProfile(): Promise<string> {
  const copy = mkdtempSync(join(tmpdir(), 'digipost-firefox-'));
  cpSync(await profileStartedOnce(), copy, { recursive: true });
  return copy;
}

/**
 * Firefox (headless unless told otherwise) with the build in `dist` installed as a temporary add-on
 * under a UUID fixed beforehand, so its pages have a known address, in a throwaway profile unless
 * one is given.
 */
export async function launchFirefox(options: LaunchOptions): Promise<ExtensionBrowser> {
  const signals = options.handleSignals ?? true;
  const uuid = randomUUID();
  const profile = options.profile ?? (await throwawayProfile());
  const forget = () => {
    if (options.profile === undefined) removeProfile(profile);
  };
  const launching = puppeteer.launch({
    browser: 'firefox',
    executablePath: findFirefox(),
    headless: options.headless ?? true,
    defaultViewport: options.viewport ?? null,
    handleSIGINT: signals,
    handleSIGTERM: signals,
    handleSIGHUP: signals,
    userDataDir: profile,
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
  const browser = await launching.catch((error: unknown) => {
    forget();
    throw error;
  });
  try {
    const id = await browser.installExtension(resolve(options.dist));
    if (id !== FIREFOX_ADDON_ID) throw new Error(`the add-on installed as ${id}, expected ${FIREFOX_ADDON_ID}`);
  } catch (error) {
    await browser.close();
    forget();
    throw error;
  }
  const url = (path: string) => `moz-extension://${uuid}/${path.replace(/^\//, '')}`;
  return {
    name: 'firefox',
    browser,
    url,
    ...tabsOf(browser, url, true),
    close: async () => {
      await browser.close();
      forget();
    },
  };
}
