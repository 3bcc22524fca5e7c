// What a person does on a page, for every end-to-end test in both browsers: find a control by its
// role and name, or text by its words, as the accessibility tree and the page show them; never by
// layout, so a redesign does not break the tests. Puppeteer's locators wait by themselves (an
// element there, visible, enabled, no longer moving) before they act.
import { ProtocolError, Puppeteer, TimeoutError, type Locator, type Page } from 'puppeteer-core';
import { ARRIVAL_MS, pollInPage } from './extension-browser.ts';

/** How long a wait for the page allows: that of a busy two-core machine running both suites. */
export const WAIT_MS = ARRIVAL_MS;

const quoted = (text: string) => JSON.stringify(text);

/**
 * Finds elements by ARIA role and accessible name in the page's own script, for both browsers
 * alike: `::-p-role("button/Connect")`. Puppeteer's own `::-p-aria` asks the browser's
 * accessibility tree, which over WebDriver BiDi costs Firefox most of a second a query; this
 * follows the parts of the accessible-name rules our pages use (aria-labelledby, aria-label, a
 * label, the text inside, title) and the roles they have, implicit or set, and like the
 * accessibility tree leaves out what is hidden from it or not rendered.
 */
Puppeteer.registerCustomQueryHandler('role', {
  queryAll: (root: Node, selector: string): Element[] => {
    const slash = selector.indexOf('/');
    const wantedRole = slash < 0 ? selector : selector.slice(0, slash);
    const wantedName = slash < 0 ? undefined : selector.slice(slash + 1);
    const implicit: Record<string, string> = {
      button: 'button, input[type=button], input[type=submit], input[type=reset]',
      link: 'a[href], area[href]',
      heading: 'h1, h2, h3, h4, h5, h6',
      checkbox: 'input[type=checkbox]',
      radio: 'input[type=radio]',
      textbox: 'input:not([type]), input[type=text], input[type=email], input[type=url], input[type=tel], input[type=password], textarea',
      searchbox: 'input[type=search]',
      spinbutton: 'input[type=number]',
      slider: 'input[type=range]',
      combobox: 'select',
      main: 'main',
      navigation: 'nav',
      dialog: 'dialog',
      list: 'ul, ol',
      listitem: 'li',
      status: 'output',
      article: 'article',
      region: 'section[aria-label], section[aria-labelledby]',
      group: 'fieldset, details',
      img: 'img[alt]:not([alt=""])',
      table: 'table',
      row: 'tr',
      form: 'form',
      // A header or footer is the page's banner or contentinfo unless it belongs to a section of it.
      banner: 'header:not(:is(article, aside, main, nav, section) header)',
      contentinfo: 'footer:not(:is(article, aside, main, nav, section) footer)',
    };
    const css = [`[role~="${wantedRole}"]`, ...(implicit[wantedRole] ? [implicit[wantedRole]] : [])].join(', ');
    const scope = root as ParentNode;
    const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
    // The text inside, as the accessible name takes it: what is hidden left out, and a space
    // around each element not laid out inline (a flex item, a block), as a screen reader reads it
    // ("Inbox", "3", " unread" in a flex button: "Inbox 3 unread").
    const spoken = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
      if (!(node instanceof Element) || node.getAttribute('aria-hidden') === 'true') return '';
      const display = getComputedStyle(node).display;
      if (display === 'none') return '';
      const inner = [...node.childNodes].map(spoken).join('');
      return display === 'inline' || display === 'contents' ? inner : ` ${inner} `;
    };
    const nameOf = (el: Element): string => {
      const labelledBy = el.getAttribute('aria-labelledby');
      if (labelledBy)
        return squash(
          labelledBy
            .split(/\s+/)
            .map((id) => el.ownerDocument.getElementById(id)?.textContent ?? '')
            .join(' '),
        );
      const label = el.getAttribute('aria-label');
      if (label) return squash(label);
      const labels = (el as HTMLInputElement).labels;
      if (labels && labels.length > 0) return squash([...labels].map((l) => l.textContent).join(' '));
      if (el instanceof HTMLImageElement) return squash(el.alt);
      if (el instanceof HTMLInputElement && ['button', 'submit', 'reset'].includes(el.type)) return squash(el.value);
      return squash(spoken(el)) || squash(el.getAttribute('title'));
    };
    return [...scope.querySelectorAll(css)].filter((el) => {
      // An explicit role other than the one wanted overrides the element's own.
      const explicit = el.getAttribute('role');
      if (explicit && !explicit.split(/\s+/).includes(wantedRole)) return false;
      // What the accessibility tree leaves out: hidden from it, or not rendered (display: none, a closed <details>).
      if (el.closest('[aria-hidden="true"]') || !el.checkVisibility({ visibilityProperty: true })) return false;
      return wantedName === undefined || nameOf(el) === squash(wantedName);
    });
  },
});

/** The element with this ARIA role and exactly this accessible name (a button, link, switch, heading…). */
export function role(page: Page, roleName: string, name?: string): Locator<Element> {
  return located(page, roleSelector(roleName, name));
}

/** The selector `role()` uses, to combine with CSS (`main ${roleSelector('button', 'Connect')}`). */
export function roleSelector(roleName: string, name?: string): string {
  return `::-p-role(${quoted(name === undefined ? roleName : `${roleName}/${name}`)})`;
}

/** The innermost element whose text contains these words, within `within` (CSS) when given. */
export function text(page: Page, words: string, within = ''): Locator<Element> {
  return located(page, `${within} ::-p-text(${quoted(words)})`.trim());
}

/** The first element a CSS selector matches, once there is one to see. */
export function css(page: Page, selector: string): Locator<Element> {
  return located(page, selector);
}

/** A locator's actions that wait, and so may end at the deadline. */
const WAITING_ACTIONS = new Set(['click', 'fill', 'hover', 'scroll', 'wait', 'waitHandle']);

/**
 * A locator for `selector` whose waits, when they end at the deadline, say what they waited for and
 * what the page showed instead. Puppeteer's own timeout says only "Timed out after waiting 30000ms",
 * from a timer, with no line of the test in its stack: in a CI log that names no step at all.
 */
function located(page: Page, selector: string): Locator<Element> {
  const locator = page.locator(selector).setTimeout(WAIT_MS);
  return new Proxy(locator, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      // Bound to the locator itself: its methods read private fields a proxy does not have.
      const method = (value as (...args: unknown[]) => unknown).bind(target);
      if (typeof key !== 'string' || !WAITING_ACTIONS.has(key)) return method;
      return async (...args: unknown[]) => {
        try {
          return await method(...args);
        } catch (error) {
          if (!(error instanceof TimeoutError)) throw error;
          throw new Error(`Waited ${WAIT_MS / 1000} s in vain to ${key} ${selector}. The page showed: ${await shownOn(page)}`, {
            cause: error,
          });
        }
      };
    },
  });
}

/** The text a person reads on the page (closed details show their summary only), in one line. */
export async function readable(page: Page, selector = 'body'): Promise<string> {
  return page.$eval(selector, (el) => (el as HTMLElement).innerText).catch(() => '');
}

/** What the page showed, for an error: its readable text in one line, or why there is none. */
async function shownOn(page: Page): Promise<string> {
  if (page.isClosed()) return '(nothing: the tab was closed)';
  // Bounded: a page that stopped answering must not hold up the report of why.
  const answered = await Promise.race([
    readable(page).then((text) => ({ text })),
    new Promise<undefined>((resolve) => setTimeout(resolve, 5_000)),
  ]);
  if (!answered) return `(nothing: the page at ${page.url()} did not answer within 5 s)`;
  return answered.text.replace(/\s+/g, ' ').slice(0, 1500) || `(nothing readable at ${page.url()})`;
}

/**
 * Waits until `condition`, run in the page with `args`, holds; when it never does, the error says
 * what the page showed instead, which is what a report of a failure in CI needs.
 */
export async function until<Args extends unknown[]>(
  page: Page,
  failure: string,
  condition: (...args: Args) => unknown,
  ...args: Args
): Promise<void> {
  try {
    await pollInPage(page, condition, ...args);
  } catch (error) {
    throw new Error(`${failure} The page showed: ${await shownOn(page)}`, { cause: error });
  }
}

/** Waits until the page shows these words somewhere a person can read them. */
export function shows(page: Page, words: string): Promise<void> {
  return until(
    page,
    `The page did not show "${words}".`,
    (w: string) => (document.body as HTMLElement | null)?.innerText.includes(w),
    words,
  );
}

/**
 * Waits until an element with this role says these words (a status, an alert, a dialog): the
 * words first, asked of the page every 100 ms, so a failure says the words never came rather than
 * that an element was not found; then the element.
 */
export async function says(page: Page, roleName: string, words: string): Promise<void> {
  await shows(page, words);
  await located(page, `${roleSelector(roleName)}::-p-text(${quoted(words)})`).wait();
}

/** Waits until an element with this role and exactly this name shows it, words first as says() does (a heading that changes its words in place). */
export async function appears(page: Page, roleName: string, name: string): Promise<void> {
  await shows(page, name);
  await role(page, roleName, name).wait();
}

/** Waits until the page no longer shows these words. */
export function stopsShowing(page: Page, words: string): Promise<void> {
  return until(
    page,
    `The page still showed "${words}".`,
    (w: string) => !(document.body as HTMLElement | null)?.innerText.includes(w),
    words,
  );
}

/** How many elements a CSS selector matches now. */
export function count(page: Page, selector: string): Promise<number> {
  return page.$$eval(selector, (els) => els.length);
}

/** Whether an element with this role and name is on the page now (no wait). */
export async function isThere(page: Page, roleName: string, name: string): Promise<boolean> {
  const found = await page.$$(roleSelector(roleName, name));
  return found.length > 0;
}

/** The trimmed text of the first element a CSS selector matches, once there is one. */
export async function textOf(page: Page, selector: string): Promise<string> {
  const handle = await css(page, selector).waitHandle();
  return (await handle.evaluate((el) => el.textContent)).trim();
}

/** Whether the switch or checkbox with this name is on. */
export async function isChecked(page: Page, roleName: 'switch' | 'checkbox', name: string): Promise<boolean> {
  const handle = await role(page, roleName, name).waitHandle();
  return handle.evaluate((el) => (el as HTMLInputElement).checked);
}

/** Does something in the popup that opens a tab, after which the popup may close itself before the click returns. */
export async function actInClosingPopup(popup: Page, act: () => Promise<unknown>): Promise<void> {
  await act().catch((error: unknown) => {
    // Closed under the act (a key's release after its press opened the tab): puppeteer may hear of it after the error.
    if (!popup.isClosed() && !(error instanceof ProtocolError && error.name === 'TargetCloseError')) throw error;
  });
}

/**
 * Goes one step back in the tab's history, as the browser's Back button does, and returns at once:
 * the test then waits for what the page shows. (Puppeteer's page.goBack waits for a navigation
 * that Firefox does not report for an extension's page.)
 */
export async function goBack(page: Page): Promise<void> {
  await page.evaluate(() => {
    history.back();
  });
}

/** Goes one step forward in the tab's history, as the browser's Forward button does (see goBack). */
export async function goForward(page: Page): Promise<void> {
  await page.evaluate(() => {
    history.forward();
  });
}

/*
 * A handler that finds nothing, whose source puppeteer places in the script it puts in every
 * document before any query runs there, to prepare that document for the waits above:
 *
 * - The tools (npm start, the screenshots, the benchmark) run under tsx, whose esbuild keeps each
 *   named inner function's name by a call of its `__name` helper, which exists in Node only: the
 *   query handler above, sent to the page as its source, would fail there on its first `const`
 *   function. The helper is defined there as what it is in Node (it returns the function).
 * - Puppeteer's waits for an element look again when elements or attributes change (a
 *   MutationObserver without `characterData`), not when only a text changes in place, which is how
 *   Preact turns a heading's "Connecting…" into a name: such a wait could sit out its deadline with
 *   the words on the screen (a CI run did, in Firefox). Each text change in place flips an
 *   attribute on <html> that no page reads (data-e2e-text), which those waits see.
 */
const prepareDocument = () => [];
prepareDocument.toString = () =>
  `(globalThis.__name ??= (target) => target,
    globalThis.__e2eTextWatched ??= typeof document === 'undefined' || (new MutationObserver(() => document.documentElement?.toggleAttribute('data-e2e-text')).observe(document, { subtree: true, characterData: true }), true),
    () => [])`;
Puppeteer.registerCustomQueryHandler('prepareDocument', { queryAll: prepareDocument });
