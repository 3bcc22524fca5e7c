import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { startEmulator } from '../emulator/index.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { E2E_CLIENT_ID, E2E_CLIENT_SECRET, e2eBuildFor } from '../support/build-extension.ts';
import { browserUnderTest } from '../support/extension-browser.ts';
import { dropRootCache, storedItems, storeItems, untilServiceQuiet } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { actInClosingPopup, count, css, readable, role, roleSelector, textOf, until } from '../support/person.ts';
import { rootCacheItem } from '../../src/storage/page-items.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

/** Waits until the page's h1 says exactly this. */
const headingIs = (page: Page, name: string) =>
  until(page, `The heading did not say "${name}".`, (n: string) => document.querySelector('h1')?.textContent.trim() === n, name);

/** Waits until a status on the page (a live region) says these words. */
const statusSays = (page: Page, words: string) =>
  until(page, `No status said "${words}".`, (w: string) => [...document.querySelectorAll('[role="status"]')].some((el) => el.textContent.includes(w)), words);

/** Waits until the popup has heard from the worker: "updating…" is gone. */
const updated = (page: Page) => until(page, 'The popup still said it was updating.', () => document.querySelector('.fetched') !== null && !document.querySelector('.fetched .updating:not(.idle)'));

/** The cached root, dated `ago` ms before now: stale for the popup, which then fetches it afresh. */
async function ageRootCache(agoMs: number): Promise<{ fetchedAt: number }> {
  const snapshot = (await storedItems(h, 'session'))[rootCacheItem.key] as { fetchedAt: number };
  await storeItems(h, 'session', { [rootCacheItem.key]: { ...snapshot, fetchedAt: Date.now() - agoMs } });
  return snapshot;
}

interface TabsApi {
  tabs: { getCurrent(): Promise<{ id?: number } | undefined>; get(id: number): Promise<unknown> };
}

/** The id of the browser tab a page is in. */
async function tabIdOf(page: Page): Promise<number> {
  const id = await page.evaluate(async () => {
    const api = globalThis as unknown as { browser?: TabsApi; chrome: TabsApi };
    return (await (api.browser ?? api.chrome).tabs.getCurrent())?.id;
  });
  if (id === undefined) throw new Error('the page is in no tab');
  return id;
}

/** Whether the browser still has this tab. */
function isOpen(tabId: number): Promise<boolean> {
  return h.inExtension((id: number) => {
    const api = globalThis as unknown as { browser?: TabsApi; chrome: TabsApi };
    return (api.browser ?? api.chrome).tabs.get(id).then(
      () => true,
      () => false,
    );
  }, tabId);
}

describe('each state of the popup has one obvious next step', () => {
  it('not configured: "Open settings" opens the options page', async () => {
    const { config } = await storedItems(h, 'local');
    await storeItems(h, 'local', {
      config: { baseUrl: h.emulator.url, clientId: '', clientSecret: '', scopes: ['READ_ACCOUNT_INFO'], pollMinutes: 5 },
    });
    const popup = await h.openPopup();
    await role(popup, 'heading', 'Set up the extension').wait();
    expect(await accessibilityViolations(popup)).toEqual([]);
    const options = await h.nextPage(() => actInClosingPopup(popup, () => role(popup, 'button', 'Open settings').click()));
    await role(options, 'textbox', 'Client ID').wait();
    await options.close();
    if (!popup.isClosed()) await popup.close();
    await storeItems(h, 'local', { config });
  });

  it('signed out, then connecting while the consent window is open', async () => {
    const popup = await h.openPopup();
    await role(popup, 'heading', 'Not connected').wait();
    // The extension's icon, what it does, and what Digipost will ask to be allowed.
    expect(await count(popup, '.brand')).toBe(1);
    await css(popup, '::-p-text(Digipost will ask you to allow:)').wait();
    // In the settings page's words.
    expect(await popup.$$eval('.asked li', (items) => items.map((li) => li.textContent))).toEqual(['See your account details', 'See your letters']);
    expect(await accessibilityViolations(popup)).toEqual([]);
    const consent = await h.nextPage(() => role(popup, 'button', 'Connect').click(), (address) => address.includes('/oauth/authorize'));
    await statusSays(popup, 'Connecting…');
    expect(await accessibilityViolations(popup)).toEqual([]);
    await role(consent, 'button', 'Approve').click();
    await headingIs(popup, h.emulator.user.fullName);
    await popup.close();
  });

  // The service's answers are held (a long latency) while a waiting state is looked at, then let go
  // (the emulator releases answers already waiting when the latency is lowered): what is checked
  // never depends on how fast the machine opens the popup.
  it('loading: a skeleton until the root resource arrives, without a cache', async () => {
    // Held before the cache is dropped: an answer of the sign-in before, still on its way, would
    // otherwise put the cache back (seen in Firefox).
    await h.emulator.admin.configure({ latencyMs: 60_000 });
    await untilServiceQuiet(h.emulator.admin);
    await dropRootCache(h);
    const popup = await h.openPopup();
    await until(popup, 'The popup showed no skeleton while the service had not answered.', () => document.querySelector('[aria-busy="true"]') !== null);
    await h.emulator.admin.configure({ latencyMs: 0 });
    // The header before the letters is the component tests' (popup.test.tsx): here, the end.
    await headingIs(popup, h.emulator.user.fullName);
    await css(popup, '.letter-list .letter').wait();
    expect(await count(popup, '[aria-busy="true"]')).toBe(0);
    await popup.close();
  });

  it('ready at once from an old cache, saying it is updating until the fresh answer arrives', async () => {
    const snapshot = (await storedItems(h, 'session'))[rootCacheItem.key] as { fetchedAt: number };
    await storeItems(h, 'session', { [rootCacheItem.key]: { ...snapshot, fetchedAt: snapshot.fetchedAt - 5 * 60_000 } });
    await h.emulator.admin.configure({ latencyMs: 60_000 });
    const popup = await h.openPopup();
    await headingIs(popup, h.emulator.user.fullName);
    expect(await textOf(popup, '.fetched')).toContain('updating…');
    const spinning = () => popup.$eval('.fetched .spinner', (spinner) => getComputedStyle(spinner).animationName);
    expect(await spinning()).toBe('spin');
    await h.emulator.admin.configure({ latencyMs: 0 });
    await updated(popup);
    // Its room kept, the spinner stops turning: a popup left open draws nothing while nothing happens.
    expect(await spinning()).toBe('none');
    const fresh = (await storedItems(h, 'session'))[rootCacheItem.key] as { fetchedAt: number };
    expect(fresh.fetchedAt).toBeGreaterThan(snapshot.fetchedAt);
    await popup.close();
  });

  it('is usable with the keyboard: Tab to a place and Enter opens it in a new tab', async () => {
    const popup = await h.openPopup();
    await headingIs(popup, h.emulator.user.fullName);
    const inbox = await css(popup, `${roleSelector('region', 'Mailbox')} .place ::-p-text(Inbox)`).waitHandle();
    const hasFocus = () => inbox.evaluate((el) => el.closest('button') === document.activeElement);
    let focused = false;
    for (let i = 0; i < 40 && !focused; i++) {
      await popup.keyboard.press('Tab');
      focused = await hasFocus();
    }
    expect(focused).toBe(true);
    const popupTab = await tabIdOf(popup);
    const viewer = await h.nextPage(() => actInClosingPopup(popup, () => popup.keyboard.press('Enter')));
    await headingIs(viewer, 'Inbox');
    // The popup closed itself, as it does over the toolbar (asked of the browser's tabs: puppeteer
    // does not always hear of a Firefox tab that closed itself).
    await expect.poll(() => isOpen(popupTab)).toBe(false);
    await viewer.close();
  });

  it('refreshes the badge on an alarm every 5 minutes by default', async () => {
    interface Alarms {
      alarms: { get(name: string): Promise<{ periodInMinutes?: number } | undefined> };
    }
    const alarm = await h.inExtension(() => {
      const api = globalThis as unknown as { browser?: Alarms; chrome: Alarms };
      return (api.browser ?? api.chrome).alarms.get('poll-unread');
    });
    expect(alarm?.periodInMinutes).toBe(5);
  });

  it('offline: Try again in the notice fetches afresh once the service answers', async () => {
    await ageRootCache(5 * 60_000);
    // The root and the inbox page (fetched side by side for a stale cache) both fail to arrive.
    await untilServiceQuiet(h.emulator.admin);
    await h.emulator.admin.failNext(2, 'drop', '/post/api');
    const popup = await h.openPopup();
    await statusSays(popup, 'Digipost isn’t answering right now.');
    await css(popup, `.offline ${roleSelector('button', 'Try again')}`).click();
    await until(popup, 'The offline notice stayed.', () => !document.querySelector('.offline'));
    await until(popup, 'The popup did not say when it fetched.', () => document.querySelector('.fetched')?.textContent.startsWith('Fetched at'));
    expect(await readable(popup)).not.toContain('not up to date');
    await popup.close();
  });

  it('Digipost not answering after a browser start (nothing kept): why, Try again, and Settings and Sign out', async () => {
    // The service down first, so no refresh still under way can store a view again after the session is emptied.
    await h.emulator.admin.configure({ gatewayDown: true });
    try {
      await untilServiceQuiet(h.emulator.admin);
      // A browser start empties storage.session: no cached view, no access token; the refresh token stays.
      const session = await storedItems(h, 'session');
      await storeItems(h, 'session', Object.fromEntries(Object.keys(session).map((key) => [key, undefined])));
      const popup = await h.openPopup();
      await headingIs(popup, 'Digipost isn’t answering right now');
      expect(await readable(popup)).toContain('Your mailbox will show here as soon as Digipost answers.');
      // The gateway's words stay under Details.
      expect(await readable(popup)).not.toMatch(/HTTP|502|Bad Gateway/);
      expect(await popup.$$eval('button', (buttons) => buttons.map((b) => [b.textContent.trim(), b.className]))).toEqual([
        ['Try again', 'primary'],
        ['Settings', 'quiet'],
        ['Sign out', 'quiet'],
      ]);
      expect(await accessibilityViolations(popup)).toEqual([]);
      // Back: Try again shows the mailbox.
      await h.emulator.admin.configure({ gatewayDown: false });
      await role(popup, 'button', 'Try again').click();
      await headingIs(popup, h.emulator.user.fullName);
      await popup.close();
    } finally {
      await h.emulator.admin.configure({ gatewayDown: false });
    }
  });

  it('offline: the cached view, marked as not up to date', async () => {
    await ageRootCache(5 * 60_000);
    await h.emulator.stop();
    try {
      const popup = await h.openPopup();
      await statusSays(popup, 'Digipost isn’t answering right now.');
      await until(popup, 'The popup did not say it was not up to date.', () => document.body.innerText.includes('not up to date'));
      expect(await textOf(popup, 'h1')).toBe(h.emulator.user.fullName);
      expect(await accessibilityViolations(popup)).toEqual([]);
      await popup.close();
    } finally {
      h.emulator = await startEmulator({ port: e2eBuildFor(browserUnderTest()).port, clientId: E2E_CLIENT_ID, clientSecret: E2E_CLIENT_SECRET, quiet: true });
    }
  });
});

describe('language and theme', () => {
  let nb: Harness;
  beforeAll(async () => {
    nb = await startHarness({ lang: 'nb', colorScheme: 'dark', reuseEmulator: h.emulator });
  });
  afterAll(async () => {
    await nb.close();
  });

  it('follows a dark colour scheme, with no accessibility violations', async () => {
    const popup = await nb.openPopup();
    await css(popup, 'h1').wait();
    expect(await popup.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
    expect(await popup.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(27, 27, 31)');
    expect(await accessibilityViolations(popup)).toEqual([]);
    await popup.close();
  });

  it.runIf(browserUnderTest() === 'chromium')(
    'speaks Norwegian Bokmål (Chromium only: Debian’s firefox-esr has no Norwegian language pack unless firefox-esr-l10n-nb-no is installed, which CI does not; without one Firefox gives extensions its own English)',
    async () => {
      const popup = await nb.openPopup();
      await role(popup, 'button', 'Koble til').wait();
      expect(await textOf(popup, 'h1')).toBe('Ikke tilkoblet');
      expect(await popup.evaluate(() => document.documentElement.lang)).toBe('nb');
      expect(await accessibilityViolations(popup)).toEqual([]);
      await popup.close();
    },
  );
});
