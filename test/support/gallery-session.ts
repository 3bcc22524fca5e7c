// What the picture tools (npm start's journey, npm run screenshots, npm run store-pictures) share:
// a signed-in browser for the pictures, and the few steps of taking one on the one driver.
import type { Locator, Page } from 'puppeteer-core';
import type { Permission } from '../../src/shared/permissions.ts';
import type { startEmulator } from '../emulator/index.ts';
import { E2E_CLIENT_ID, E2E_CLIENT_SECRET } from './build-extension.ts';
import { startHarness, type Harness } from './harness.ts';
import { nextFrames, storeItems } from './helpers.ts';
import { role, until, WAIT_MS } from './person.ts';
import { PICTURE_TIME_ZONE } from './picture-time-zone.ts';

/**
 * A browser for the gallery's pictures (Chromium, as the README shows), signed in with `scopes`
 * through the emulator's consent window as a person would (the popup's Connect, then Approve), in
 * the pictures' one time zone.
 */
export async function signedInForPictures(
  emulator: Awaited<ReturnType<typeof startEmulator>>,
  options: { lang: string; colorScheme: 'light' | 'dark'; connect: string; scopes: Permission[] },
): Promise<Harness> {
  const h = await startHarness({
    browser: 'chromium',
    reuseEmulator: emulator,
    lang: options.lang,
    colorScheme: options.colorScheme,
    timeZone: PICTURE_TIME_ZONE,
  });
  try {
    await storeItems(h, 'local', {
      config: { baseUrl: emulator.url, clientId: E2E_CLIENT_ID, clientSecret: E2E_CLIENT_SECRET, scopes: options.scopes, pollMinutes: 5 },
    });
    const popup = await h.openPopup();
    const consent = await h.nextPage(
      () => role(popup, 'button', options.connect).click(),
      (address) => address.includes('/oauth/authorize'),
    );
    await role(consent, 'button', 'Approve').click();
    await role(popup, 'heading', emulator.user.fullName).wait();
    await popup.close();
    return h;
  } catch (error) {
    await h.close();
    throw error;
  }
}

/** A new tab at this size, not yet showing anything: the page then lays out at that size from its start. */
export async function tabOfSize(h: Pick<Harness, 'browser'>, size: { width: number; height: number }): Promise<Page> {
  const page = await h.browser.newPage();
  await page.setViewport(size);
  return page;
}

/** The `index`-th (from 0) element a CSS selector matches, once there are that many, to act on. */
export async function nth(page: Page, selector: string, index: number): Promise<Locator<Element>> {
  await until(
    page,
    `There were not ${index + 1} of ${selector}.`,
    (s: string, i: number) => document.querySelectorAll(s).length > i,
    selector,
    index,
  );
  const found = (await page.$$(selector))[index];
  if (!found) throw new Error(`${selector} number ${index + 1} went away`);
  return found.asLocator().setTimeout(WAIT_MS);
}

/** Waits until nothing matches a CSS selector (the element is gone from the page). */
export function gone(page: Page, selector: string): Promise<void> {
  return until(page, `${selector} stayed on the page.`, (s: string) => !document.querySelector(s), selector);
}

/**
 * A picture of the tab's top `height` px as it shows them now, scrolled where it is (puppeteer's
 * clip is otherwise taken from the top of the whole document), at `path` if given.
 */
export async function shootTop(page: Page, size: { width: number; height: number }, path?: string): Promise<Uint8Array> {
  const scrolled = await page.evaluate(() => ({ x: scrollX, y: scrollY }));
  return page.screenshot({ ...(path ? { path } : {}), clip: { ...scrolled, ...size }, captureBeyondViewport: false });
}

/**
 * Ready for its picture: the tab in front (a tab behind gets no animation frames), its fonts
 * loaded, and what was just rendered painted.
 */
export async function settled(page: Page): Promise<void> {
  await page.bringToFront();
  await page.evaluate(() => document.fonts.ready);
  await nextFrames(page);
}
