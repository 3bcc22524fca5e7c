// What a person does on a page, for the Firefox tests and `npm start -- --firefox`: find a control
// by its text, click it, wait for text to show. By role and text, not by layout, so a redesign
// of the pages does not break them.
import type { ElementHandle, HandleFor, JSHandle, Page } from 'puppeteer-core';
import type { FirefoxWithExtension } from './firefox.ts';

/** The time each wait allows: that of a busy two-core machine running the Chromium suite beside this one (npm test). */
export const WAIT = { timeout: 30_000 } as const;

interface Wait {
  timeout?: number;
}

/** The text a person reads on the page, in one line, for a failure's message. */
async function pageText(page: Page): Promise<string> {
  const text = await page.evaluate(() => document.body.innerText).catch(() => '');
  return text.replace(/\s+/g, ' ').trim().slice(0, 1500);
}

/**
 * Waits until `find`, run in the page with `args`, returns something truthy (an element, true, …)
 * and returns its handle: `page.waitForFunction` asked afresh from here every 200 ms rather than
 * by a watcher in the page. A page that has just opened may change its document under a watcher
 * (once in CI a page showed the text while the watcher, left in the document before, never saw
 * it), and a tab in the background gets no animation frames. On a timeout the error says what the
 * page showed, so a failure in CI is read from its log.
 */
export async function waitFor<Args extends unknown[], Found>(page: Page, find: (...args: Args) => Found, wait: Wait = WAIT, ...args: Args): Promise<HandleFor<Awaited<Found>>> {
  const deadline = Date.now() + (wait.timeout ?? WAIT.timeout);
  for (;;) {
    const handle: JSHandle | undefined = await page.evaluateHandle(find as (...args: unknown[]) => unknown, ...args).catch(() => undefined);
    if (handle && (await handle.evaluate((value) => Boolean(value)).catch(() => false))) return handle as HandleFor<Awaited<Found>>;
    await handle?.dispose().catch(() => undefined);
    if (Date.now() > deadline) {
      const wanted = `${String(find).replace(/\s+/g, ' ').slice(0, 200)}${args.length > 0 ? ` with ${JSON.stringify(args)}` : ''}`;
      throw new Error(`waited in vain for ${wanted}; the page showed: ${await pageText(page)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first element `selector` matches, once there is one. */
export async function element<E extends Element = Element>(page: Page, selector: string, wait: Wait = WAIT): Promise<ElementHandle<E>> {
  return (await waitFor(page, (s: string) => document.querySelector(s), wait, selector)) as ElementHandle<E>;
}

/** The first button or link whose visible text or label contains `text`, once there is one. */
export async function control(page: Page, text: string, exact = false): Promise<ElementHandle> {
  const handle = await waitFor(
    page,
    (wanted: string, whole: boolean) =>
      [...document.querySelectorAll('button, a[href], [role="button"], [role="link"]')].find((el) => {
        const name = (el.getAttribute('aria-label') ?? el.textContent).replace(/\s+/g, ' ').trim();
        return whole ? name === wanted : name.includes(wanted);
      }),
    WAIT,
    text,
    exact,
  );
  return handle as ElementHandle;
}

/**
 * Clicks the control as a person does, and makes sure the click reached it. Puppeteer clicks at a
 * point worked out a moment before: a page that moves meanwhile (the popup's invoices due soon land
 * above its places, a letter's body pushes what follows it down) puts something else under that
 * point. As Playwright does in Chromium, a click whose target is not the control is stopped before
 * anything acts on it, and made again; one that reached no element of the page (a letter's frame)
 * is made again too. A page that closed or moved on with the click took it.
 */
export async function click(page: Page, text: string, exact = false): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const target = await control(page, text, exact);
    const documentStarted = await target.evaluate((el) => {
      const guarded = window as { clickLanded?: 'on it' | 'elsewhere'; clickGuard?: (event: MouseEvent) => void };
      // One guard at a time: a click that reached no element of the page left the last one waiting.
      if (guarded.clickGuard) removeEventListener('click', guarded.clickGuard, { capture: true });
      delete guarded.clickLanded;
      const guard = (guarded.clickGuard = (event: MouseEvent) => {
        removeEventListener('click', guard, { capture: true });
        delete guarded.clickGuard;
        if (event.target instanceof Node && el.contains(event.target)) {
          guarded.clickLanded = 'on it';
        } else {
          guarded.clickLanded = 'elsewhere';
          event.preventDefault();
          event.stopImmediatePropagation();
        }
      });
      addEventListener('click', guard, { capture: true });
      return performance.timeOrigin;
    });
    // A render between finding and clicking may have replaced the control: it is found again.
    const failure = await target.click().then(
      () => undefined,
      (error: unknown) => String(error),
    );
    // A popup closes itself once it has opened its tab, maybe before the click has returned.
    if (page.isClosed()) return;
    const after = await page.evaluate(() => ({ landed: (window as { clickLanded?: string }).clickLanded, documentStarted: performance.timeOrigin })).catch(() => undefined);
    // A page gone, or another document in the tab (a link followed): the click took.
    if (after?.documentStarted !== documentStarted) return;
    const { landed } = after;
    if (!failure && landed === 'on it') return;
    if (attempt === 3) throw new Error(`a click on "${text}" never reached it (${failure ?? `last: ${landed ?? 'no element of the page'}`}); the page showed: ${await pageText(page)}`);
  }
}

/** Waits until the page shows `text` somewhere a person can read it (asked afresh by waitFor). */
export async function shows(page: Page, text: string): Promise<void> {
  await waitFor(page, (wanted: string) => document.body.innerText.includes(wanted), WAIT, text);
}

/** The form field a label names, as a person finds it. */
export async function field(page: Page, label: string): Promise<ElementHandle<HTMLInputElement>> {
  const handle = await waitFor(
    page,
    (wanted: string) => {
      const named = [...document.querySelectorAll('label')].find((l) => l.textContent.trim() === wanted);
      return named?.control ?? undefined;
    },
    WAIT,
    label,
  );
  return handle as ElementHandle<HTMLInputElement>;
}

export async function headingText(page: Page): Promise<string> {
  const h1 = await element(page, 'h1');
  return (await h1.evaluate((node) => node.textContent)).trim();
}

/** Connects from the popup and approves Digipost's consent page, as a person signing in does. */
export async function connectFromPopup(firefox: Pick<FirefoxWithExtension, 'openPage' | 'nextPage'>): Promise<void> {
  const popup = await firefox.openPage('src/popup/popup.html');
  const consent = await firefox.nextPage(() => click(popup, 'Connect', true), (t) => t.url().includes('/oauth/authorize'));
  await click(consent, 'Approve', true);
  await shows(popup, 'unread letters');
  await popup.close();
}

/** The popup in a tab of its own, once it shows the signed-in summary. */
export async function openPopup(firefox: Pick<FirefoxWithExtension, 'openPage'>): Promise<Page> {
  const popup = await firefox.openPage('src/popup/popup.html');
  await shows(popup, 'unread letters');
  return popup;
}

/** The text a person reads on a page: closed details show their summary only. */
export const readable = (page: Page, selector = 'body') => page.$eval(selector, (el) => (el as HTMLElement).innerText);

/** Whether the switch these words label is on. */
export function switchedOn(page: Page, words: string): Promise<boolean> {
  return page.evaluate((w: string) => {
    const label = [...document.querySelectorAll('label')].find((l) => l.textContent.trim() === w);
    return (label?.control as HTMLInputElement | null)?.checked ?? false;
  }, words);
}

/** Clicks the switch these words label. */
export async function flip(page: Page, words: string): Promise<void> {
  const handle = await waitFor(
    page,
    (w: string) => [...document.querySelectorAll('label')].find((l) => l.textContent.trim() === w)?.control ?? undefined,
    WAIT,
    words,
  );
  await (handle as unknown as { click(): Promise<void> }).click();
}
