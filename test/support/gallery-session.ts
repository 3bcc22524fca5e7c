// What the picture tools (npm start's journey, npm run screenshots, npm run store-pictures) share:
// a signed-in browser for the pictures, and the few steps of taking one on the one driver.
import type { Locator, Page } from 'puppeteer-core';
import type { Permission } from '../../src/shared/permissions.ts';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../emulator/index.ts';
import { buildForEmulator, E2E_CLIENT_ID, E2E_CLIENT_SECRET, E2E_PORT } from './build-extension.ts';
import { startHarness, type Harness } from './harness.ts';
import { nextFrames, storeItems } from './helpers.ts';
import { role, until, WAIT_MS } from './person.ts';
import { installPictureClock, pictureClock } from './picture-clock.ts';
import { PICTURE_TIME_ZONE } from './picture-time-zone.ts';

/** The pictures' build: a directory of its own, so that no end-to-end run ever takes a build with the pictures' clock in it. */
const PICTURE_DIST = 'dist-pictures';

/**
 * The emulator a picture tool takes its pictures against, and the extension built for it in
 * PICTURE_DIST, both on the pictures' clock (picture-clock.ts): a picture then shows the same day
 * and minute whichever hour it is made.
 */
export async function startPictureService(
  options: Omit<EmulatorOptions, 'port' | 'clientId' | 'clientSecret' | 'quiet' | 'calendar'>,
): Promise<RunningEmulator> {
  const clock = pictureClock();
  const emulator = await startEmulator({
    ...options,
    port: E2E_PORT,
    clientId: E2E_CLIENT_ID,
    clientSecret: E2E_CLIENT_SECRET,
    quiet: true,
    calendar: clock.now,
  });
  try {
    await buildForEmulator(PICTURE_DIST, emulator.url, E2E_CLIENT_ID, E2E_CLIENT_SECRET);
    installPictureClock(PICTURE_DIST, clock);
    return emulator;
  } catch (error) {
    await emulator.stop();
    throw error;
  }
}

/**
 * A browser for the gallery's pictures (Chromium, as the README shows), signed in with `scopes`
 * through the emulator's consent window as a person would (the popup's Connect, then Approve), in
 * the pictures' one time zone.
 */
export async function signedInForPictures(
  emulator: RunningEmulator,
  options: { lang: string; colorScheme: 'light' | 'dark'; connect: string; scopes: Permission[] },
): Promise<Harness> {
  const h = await startHarness({
    browser: 'chromium',
    dist: PICTURE_DIST,
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
