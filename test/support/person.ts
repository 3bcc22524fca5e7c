// What a person does on a page, for every end-to-end test in both browsers: find a control by its
// role and name, or text by its words, as the accessibility tree and the page show them; never by
// layout, so a redesign does not break the tests. Puppeteer's locators wait by themselves (an
// element there, visible, enabled, no longer moving) before they act.
import type { Locator, Page } from 'puppeteer-core';
import { ARRIVAL_MS } from './extension-browser.ts';

/** How long a wait for the page allows: that of a busy two-core machine running both suites. */
export const WAIT_MS = ARRIVAL_MS;

const quoted = (text: string) => JSON.stringify(text);

/** The element with this ARIA role and exactly this accessible name (a button, link, switch, heading…). */
export function role(page: Page, roleName: string, name?: string): Locator<Element> {
  const selector = name === undefined ? `::-p-aria([role=${quoted(roleName)}])` : `::-p-aria([name=${quoted(name)}][role=${quoted(roleName)}])`;
  return page.locator(selector).setTimeout(WAIT_MS);
}

/** The innermost element whose text contains these words, within `within` (CSS) when given. */
export function text(page: Page, words: string, within = ''): Locator<Element> {
  return page.locator(`${within} ::-p-text(${quoted(words)})`.trim()).setTimeout(WAIT_MS);
}

/** The first element a CSS selector matches, once there is one to see. */
export function css(page: Page, selector: string): Locator<Element> {
  return page.locator(selector).setTimeout(WAIT_MS);
}

/** The text a person reads on the page (closed details show their summary only), in one line. */
export async function readable(page: Page, selector = 'body'): Promise<string> {
  return page.$eval(selector, (el) => (el as HTMLElement).innerText).catch(() => '');
}

/**
 * Waits until `condition`, run in the page with `args`, holds; when it never does, the error says
 * what the page showed instead, which is what a report of a failure in CI needs. Polled, not by
 * animation frames: a tab in the background gets none.
 */
export async function until<Args extends unknown[]>(page: Page, failure: string, condition: (...args: Args) => unknown, ...args: Args): Promise<void> {
  try {
    await page.waitForFunction(condition as (...a: unknown[]) => unknown, { polling: 100, timeout: WAIT_MS }, ...args);
  } catch (error) {
    const shown = (await readable(page)).replace(/\s+/g, ' ').slice(0, 1500);
    throw new Error(`${failure} The page showed: ${shown || '(nothing readable)'}`, { cause: error });
  }
}

/** Waits until the page shows these words somewhere a person can read them. */
export function shows(page: Page, words: string): Promise<void> {
  return until(page, `The page did not show "${words}".`, (w: string) => document.body?.innerText.includes(w), words);
}

/** Waits until the page no longer shows these words. */
export function stopsShowing(page: Page, words: string): Promise<void> {
  return until(page, `The page still showed "${words}".`, (w: string) => !document.body?.innerText.includes(w), words);
}

/** How many elements a CSS selector matches now. */
export function count(page: Page, selector: string): Promise<number> {
  return page.$$eval(selector, (els) => els.length);
}

/** Whether an element with this role and name is on the page now (no wait). */
export async function isThere(page: Page, roleName: string, name: string): Promise<boolean> {
  const found = await page.$$(`::-p-aria([name=${quoted(name)}][role=${quoted(roleName)}])`);
  return found.length > 0;
}

/** The trimmed text of the first element a CSS selector matches, once there is one. */
export async function textOf(page: Page, selector: string): Promise<string> {
  const handle = await css(page, selector).waitHandle();
  return (await handle.evaluate((el) => el.textContent ?? '')).trim();
}

/** Whether the switch or checkbox with this name is on. */
export async function isChecked(page: Page, roleName: 'switch' | 'checkbox', name: string): Promise<boolean> {
  const handle = await role(page, roleName, name).waitHandle();
  return handle.evaluate((el) => (el as HTMLInputElement).checked);
}

/** Does something in the popup that opens a tab, after which the popup may close itself before the click returns. */
export async function actInClosingPopup(popup: Page, act: () => Promise<unknown>): Promise<void> {
  await act().catch((error: unknown) => {
    if (!popup.isClosed()) throw error;
  });
}
