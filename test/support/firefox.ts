import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import puppeteer, { TargetType, type Browser, type Page, type Target } from 'puppeteer-core';
import { DEFAULT_FIREFOX_ADDON_ID } from '../../src/config/build-defaults.ts';
import { findBrowser } from './find-browser.ts';

/** The test build's add-on ID (the default; the e2e build ignores DIGIPOST_FIREFOX_ID): Firefox derives the redirect URI from it. */
const FIREFOX_ADDON_ID = DEFAULT_FIREFOX_ADDON_ID;

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

/** How long a tab may take to open or arrive: as long as any wait of the tests (WAIT), on a machine running both suites. */
const ARRIVAL_MS = 30_000;

interface DocumentSeen {
  href: string;
  /** When the document started: a new document (a reload too) has a new one. */
  timeOrigin: number;
  /**
   * Whether it has loaded: an extension page gets its `browser` only as it is set up, and once a
   * test's first step, reading it right after the address changed, found none.
   */
  loaded: boolean;
}

async function documentOf(page: Page): Promise<DocumentSeen> {
  return page
    .evaluate(() => ({ href: location.href, timeOrigin: performance.timeOrigin, loaded: document.readyState === 'complete' }))
    .catch(() => ({ href: '', timeOrigin: 0, loaded: false }));
}

/**
 * Waits until the tab shows a document `wanted` accepts. Over WebDriver BiDi Firefox reports no
 * navigation to a moz-extension:// page (no load event; the tab's URL stays about:blank), so a wait
 * set up before the page arrived would watch the old document: this asks the tab itself, until
 * the document is the one wanted.
 */
async function arrived(page: Page, wanted: (seen: DocumentSeen) => boolean, timeout = ARRIVAL_MS): Promise<void> {
  const deadline = Date.now() + timeout;
  let seen = await documentOf(page);
  while (!wanted(seen)) {
    if (Date.now() > deadline) throw new Error(`the tab did not arrive in ${timeout} ms; it shows ${seen.href || 'nothing yet'}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    seen = await documentOf(page);
  }
}

/** Navigates a tab to `url` (the address it shows already: a reload) and waits for the new document. */
export async function navigate(page: Page, url: string): Promise<void> {
  const before = await documentOf(page);
  // Not awaited: for a moz-extension:// page the navigation never reports its end.
  page.goto(url, { waitUntil: 'domcontentloaded', timeout: ARRIVAL_MS }).catch(() => undefined);
  await arrived(page, (seen) => seen.href === url && seen.timeOrigin !== before.timeOrigin && seen.loaded);
}

/** Each open tab's address and the start of its text, for a failure's message (Firefox reports an extension page's address as about:blank). */
async function tabsShown(browser: Browser, before: ReadonlySet<Target>): Promise<string> {
  const tabs = browser.targets().filter((t) => t.type() === TargetType.PAGE);
  const shown = await Promise.all(
    tabs.map(async (t) => {
      const page = await t.page().catch(() => null);
      const seen = await page?.evaluate(() => `${location.href}: ${document.body.innerText.replace(/\s+/g, ' ').slice(0, 400)}`).catch(() => undefined);
      return `[${before.has(t) ? '' : 'new '}${seen ?? t.url()}]`;
    }),
  );
  return shown.join(' ');
}

/**
 * Firefox (headless unless HEADLESS=0 and a display is there) over WebDriver BiDi, with the build in
 * `dist` installed as a temporary add-on under a fixed UUID, in a throwaway profile.
 */
export async function launchFirefoxWithExtension(
  dist: string,
  options: { headless?: boolean; handleSignals?: boolean; args?: string[]; prefs?: Record<string, unknown>; timeZone?: string } = {},
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
    args: ['--remote-allow-system-access', ...(options.args ?? [])],
    // Firefox takes its time zone from TZ, as any program does (it has no switch of its own).
    ...(options.timeZone ? { env: { ...process.env, TZ: options.timeZone } } : {}),
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [FIREFOX_ADDON_ID]: uuid }),
      'intl.locale.requested': 'en-US',
      ...options.prefs,
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
    // Asked of the browser every 100 ms, not by waitForTarget: a timeout then names the tabs that are open.
    nextPage: async (action, predicate = () => true) => {
      const before = new Set(browser.targets());
      await action();
      const deadline = Date.now() + ARRIVAL_MS;
      let target: Target | undefined;
      while (!(target = browser.targets().find((t) => t.type() === TargetType.PAGE && !before.has(t) && predicate(t)))) {
        if (Date.now() > deadline) throw new Error(`no new tab or window of the kind wanted opened in ${ARRIVAL_MS} ms; open: ${await tabsShown(browser, before)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const page = await target.page();
      if (!page) throw new Error(`no page for ${target.url()}`);
      await arrived(page, (seen) => seen.href !== '' && seen.href !== 'about:blank' && seen.loaded);
      return page;
    },
    close: () => browser.close(),
  };
}
