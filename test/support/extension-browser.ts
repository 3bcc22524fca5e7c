// One way to drive either browser with the extension installed: puppeteer-core speaks CDP to
// Chromium and WebDriver BiDi to Firefox, and its locators wait by themselves. What differs between
// the browsers (how the extension is installed, its address, reaching its worker) lives in
// launch-chromium.ts and launch-firefox.ts; what a test does with a tab is here, once.
import { TargetType, TimeoutError, type Browser, type Page, type Target } from 'puppeteer-core';

export type BrowserName = 'chromium' | 'firefox';

/** The browser this run of the end-to-end suite drives (set per project in test/e2e/vitest.config.ts). */
export function browserUnderTest(env: NodeJS.ProcessEnv = process.env): BrowserName {
  const name = env.E2E_BROWSER ?? 'chromium';
  if (name !== 'chromium' && name !== 'firefox') throw new Error(`E2E_BROWSER is ${name}; it may be chromium or firefox`);
  return name;
}

export interface LaunchOptions {
  /** The unpacked build to install. */
  dist: string;
  lang?: string | undefined;
  colorScheme?: 'light' | 'dark' | undefined;
  /** The IANA time zone every page runs in (default: the machine's). */
  timeZone?: string | undefined;
  /** A profile to use and keep (a browser started again over it); by default a throwaway one. */
  profile?: string | undefined;
  /** The size of each new tab's page; by default the window's. */
  viewport?: { width: number; height: number } | undefined;
  /** Headless unless false (npm start with a display). */
  headless?: boolean | undefined;
  /** Whether Ctrl+C closes the browser (the tools handle their own signals). */
  handleSignals?: boolean | undefined;
  /** Firefox preferences to add (a test that needs a browser setting). */
  prefs?: Record<string, unknown> | undefined;
  /** A folder where the browser saves every download without asking (a test of what Download saves). */
  downloads?: string | undefined;
}

export interface ExtensionBrowser {
  name: BrowserName;
  browser: Browser;
  /** An address inside the extension, e.g. url('src/popup/popup.html'). */
  url: (path: string) => string;
  /** A new tab showing an extension page (a path) or any address, once its document has loaded. */
  open: (pathOrAddress: string) => Promise<Page>;
  /** Sends the tab to an address and waits for the new document (the address it shows already: a reload). */
  goto: (page: Page, address: string) => Promise<void>;
  reload: (page: Page) => Promise<void>;
  /** The next tab or window that opens once `action` has run; `wanted` picks by its address when several may. */
  nextPage: (action: () => Promise<unknown>, wanted?: (address: string) => boolean) => Promise<Page>;
  /** Every open tab, with the address its document shows. */
  tabs: () => Promise<{ page: Page; address: string }[]>;
  /** Runs `fn` in an extension page, where the extension's APIs (storage, tabs, action) are. */
  inExtension: <Args extends unknown[], Result>(fn: (...args: Args) => Result, ...args: Args) => Promise<Awaited<Result>>;
  /**
   * Stops the extension's worker the way Chromium does when it idles. Firefox cannot be asked to
   * (its background page is out of reach of WebDriver BiDi): undefined there.
   */
  stopWorker?: () => Promise<void>;
  /**
   * Takes the open tabs and the extension's worker off the network, or back on, as the browser does
   * when the machine loses its connection. Chromium only: Firefox's background page is out of reach
   * of WebDriver BiDi.
   */
  setOffline?: (offline: boolean) => Promise<void>;
  /**
   * Runs `fn` in the extension's worker itself (started again first if the browser had stopped
   * it): to fire its alarms or its event listeners as the browser would. Chromium only.
   */
  inWorker?: <Args extends unknown[], Result>(fn: (...args: Args) => Result, ...args: Args) => Promise<Awaited<Result>>;
  close: () => Promise<void>;
}

/** How long a tab may take to open or arrive, on a busy two-core machine running both suites. */
export const ARRIVAL_MS = 30_000;

/** The address a tab's document shows: Firefox reports an extension page's as about:blank, the document knows. */
export function addressOf(page: Page): Promise<string> {
  return page.evaluate(() => location.href).catch(() => '');
}

/**
 * The extension's pages open in tabs, as the extension itself lists them (runtime.getContexts, Chrome
 * 116 and Firefox 129, no permission needed), which is how it finds the one viewer tab to reuse:
 * over WebDriver BiDi Firefox does not report each tab to the driver, nor can the driver always
 * read a tab's address. Runs in an extension page (inExtension).
 */
export async function ownTabContexts(): Promise<{ tabId: number; documentUrl?: string }[]> {
  interface Runtime {
    getContexts: (filter: object) => Promise<{ tabId: number; documentUrl?: string }[]>;
  }
  return (globalThis as unknown as { chrome: { runtime: Runtime } }).chrome.runtime.getContexts({ contextTypes: ['TAB'] });
}

/** The start of what a page shows in words, quoted, for a failure's report ("" when unreadable). */
const glimpseOf = (page: Page): Promise<string> =>
  page
    .evaluate(() => document.body.innerText.replace(/\s+/g, ' ').trim().slice(0, 120))
    .then((text) => JSON.stringify(text))
    .catch(() => '""');

const documentStarted = (page: Page): Promise<number> => page.evaluate(() => performance.timeOrigin).catch(() => 0);

/**
 * Waits until the tab shows a loaded document other than the one that started at `before`, whose
 * address `wanted` accepts. Asked of the document, not of navigation events: over WebDriver BiDi
 * Firefox reports no navigation to a moz-extension:// page. Polled, since a tab in the background
 * gets no animation frames.
 */
async function arrival(page: Page, before: number, wanted: (address: string) => boolean = () => true): Promise<void> {
  const address = await pollInPage(
    page,
    (startedBefore: number) =>
      performance.timeOrigin !== startedBefore && document.readyState === 'complete' && location.href !== 'about:blank' && location.href,
    before,
  );
  if (!wanted(String(address))) throw new Error(`the tab arrived at ${String(address)}, not at the address wanted`);
}

/**
 * Asks `condition` in the page every 100 ms (not by animation frames: a tab in the background gets
 * none) until it returns something truthy, and returns that, for at most ARRIVAL_MS. When the
 * document it ran in goes away under it (Firefox says so as a protocol error), it is asked of the
 * next one: only the deadline ends the wait. Each ask is a plain evaluation, not puppeteer's
 * waitForFunction: that first puts puppeteer's helper script in the document, and in Firefox a
 * helper that met a document coming or going ("right-hand side of 'in' should be an object, got
 * null") stays the tab's, failed, so every later wait there failed too, until the deadline.
 */
export async function pollInPage<Args extends unknown[], Result>(
  page: Page,
  condition: (...args: Args) => Result,
  ...args: Args
): Promise<Awaited<Result>> {
  const deadline = Date.now() + ARRIVAL_MS;
  let lastError: unknown;
  for (;;) {
    try {
      const found = (await page.evaluate(condition as (...a: unknown[]) => unknown, ...args)) as Awaited<Result>;
      if (found) return found;
    } catch (error) {
      if (page.isClosed()) throw error;
      lastError = error;
    }
    if (Date.now() > deadline)
      throw new TimeoutError(`Waited ${ARRIVAL_MS} ms in vain for ${String(condition).replace(/\s+/g, ' ').slice(0, 200)}`, {
        cause: lastError,
      });
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The WebDriver BiDi connection under puppeteer's Firefox browser, as far as adoptUnreportedTabs uses it. */
interface BidiLink {
  send(method: 'browsingContext.getTree', params: { maxDepth: number }): Promise<{ result: { contexts: { context: string }[] } }>;
  emit(event: 'browsingContext.contextCreated', info: { context: string }): void;
}

/**
 * Firefox over WebDriver BiDi has been seen, on a loaded machine, not to report a tab the extension
 * opened: the extension listed it (runtime.getContexts) while puppeteer had no target for it,
 * three times in many runs, each a test failed. This reads the browser's own tree of tabs and tells
 * puppeteer of each it does not know, as puppeteer does once when it connects (bidi/core/Browser.js
 * #syncBrowsingContexts), so the tab becomes a target like any other. A known tab is one of
 * puppeteer's pages, by its main frame's id, which is the browsing context's (bidi/Frame.js): both
 * are puppeteer's insides, so popup.e2e.ts checks this in Firefox, and a puppeteer that changed
 * them fails there. Returns how many it told of.
 */
export async function adoptUnreportedTabs(browser: Browser): Promise<number> {
  const link = (browser as unknown as { connection: BidiLink }).connection;
  const known = new Set((await browser.pages()).map((page) => (page.mainFrame() as unknown as { _id: string })._id));
  const { result } = await link.send('browsingContext.getTree', { maxDepth: 0 });
  const unreported = result.contexts.filter((info) => !known.has(info.context));
  for (const info of unreported) link.emit('browsingContext.contextCreated', info);
  return unreported.length;
}

/**
 * The tab handling shared by both browsers. `lateAddresses`: the browser names a new extension tab
 * about:blank however far it has got (Firefox over WebDriver BiDi), so its address is read from
 * its document.
 */
export function tabsOf(browser: Browser, url: (path: string) => string, lateAddresses: boolean) {
  const resolveAddress = (pathOrAddress: string) => (/^[a-z-]+:/.test(pathOrAddress) ? pathOrAddress : url(pathOrAddress));

  const goto = async (page: Page, address: string) => {
    const before = await documentStarted(page);
    // Not awaited: for an extension page in Firefox the navigation never reports its end.
    page.goto(address, { waitUntil: [], timeout: ARRIVAL_MS }).catch(() => undefined);
    const path = new URL(address);
    await arrival(page, before, (shown) => {
      const at = new URL(shown);
      return at.origin === path.origin && at.pathname === path.pathname;
    });
  };

  const openTab = async (pathOrAddress: string, background = false) => {
    const page = await browser.newPage({ background });
    await goto(page, resolveAddress(pathOrAddress));
    return page;
  };

  const open = (pathOrAddress: string) => openTab(pathOrAddress);

  let backstage: Page | undefined;
  const inExtension = async <Args extends unknown[], Result>(fn: (...args: Args) => Result, ...args: Args): Promise<Awaited<Result>> => {
    // A static page of the extension (its privacy notice), opened once: it sends nothing itself.
    // Behind the others, so the tab the test looks at stays in front: a tab in the background gets
    // no animation frames, which puppeteer's locators wait on.
    if (!backstage || backstage.isClosed()) backstage = await openTab('privacy.html', true);
    return (await backstage.evaluate(fn as (...a: unknown[]) => unknown, ...args)) as Awaited<Result>;
  };

  const nextPage = async (action: () => Promise<unknown>, wanted: (address: string) => boolean = () => true) => {
    const before = new Set(browser.targets());
    await action();
    // A late address is about:blank, nothing at all, or an extension page's spelt otherwise than its
    // document spells it: in Firefox a tab a page of the extension opened has been seen with no
    // address. Whichever it is, its document's own address decides below (arrival), as it does for
    // every tab in Firefox. A tab Firefox never reported at all is adopted (adoptUnreportedTabs).
    // (Not URL.origin: Node names a moz-extension:// address's origin "null".)
    const extensionRoot = url('');
    const isNew = (t: Target) =>
      t.type() === TargetType.PAGE &&
      !before.has(t) &&
      (wanted(t.url()) || (lateAddresses && (t.url() === 'about:blank' || t.url() === '' || t.url().startsWith(extensionRoot))));
    const target = await browser.waitForTarget(isNew, { timeout: ARRIVAL_MS }).catch(async (error: unknown) => {
      if (!(error instanceof TimeoutError)) throw error;
      // A tab Firefox did not report to the driver is taken from its tree, and waited for once more.
      const adopted = lateAddresses && (await adoptUnreportedTabs(browser)) > 0;
      const late = adopted ? await browser.waitForTarget(isNew, { timeout: ARRIVAL_MS }).catch(() => undefined) : undefined;
      if (late) return late;
      // What was there says whether a tab was reused (one viewer tab) or none opened at all, and
      // what each shows (an error the page said instead, or the page the click may have missed).
      // Short, most telling first, as a failure's report is cut at a few hundred characters: the
      // extension's own pages as the extension lists them; any new target puppeteer did not take;
      // the tabs that answer, each with the address its document shows (and the browser's, where
      // another); how many no longer answer (Firefox's closed tabs stay listed).
      const pages = browser.targets().filter((t) => t.type() === TargetType.PAGE);
      const described = await Promise.all(
        pages.map(async (t) => {
          const page = await t.page().catch(() => null);
          const address = page ? await addressOf(page) : '';
          const isNew = !before.has(t);
          const reported = t.url() === address ? '' : ` (reported ${t.url() || '""'})`;
          if (!page || !address) return { isNew, answers: false, text: `NEW, not answering${reported}` };
          return { isNew, answers: true, text: `${isNew ? 'NEW' : 'before'}: ${address}${reported} ${await glimpseOf(page)}` };
        }),
      );
      const told = described.filter((tab) => tab.isNew || tab.answers).sort((a, b) => Number(b.isNew) - Number(a.isNew));
      const gone = described.length - told.length;
      const ownPages = await inExtension(ownTabContexts).then(
        (contexts) => contexts.map((c) => `${c.tabId} ${c.documentUrl ?? ''}`),
        (problem: unknown) => [`(could not ask: ${String(problem)})`],
      );
      // The extension's root is long and the same in each: left out.
      const short = (text: string) => text.replaceAll(extensionRoot, '/');
      throw new Error(
        short(
          `No new tab opened within ${ARRIVAL_MS / 1000} s. The extension's own tabs: ${ownPages.join(', ') || 'none'}; ` +
            `tabs: ${told.map((tab) => tab.text).join(' | ') || 'none'}; ${gone} listed tabs no longer answer`,
        ),
        { cause: error },
      );
    });
    const page = await target.page();
    if (!page) throw new Error(`no page for the new tab at ${target.url()}`);
    await arrival(page, 0, wanted);
    return page;
  };

  const tabs = async () => {
    const pages = await browser.pages();
    return Promise.all(pages.map(async (page) => ({ page, address: await addressOf(page) })));
  };

  return { goto, open, reload: async (page: Page) => goto(page, await addressOf(page)), inExtension, nextPage, tabs };
}
