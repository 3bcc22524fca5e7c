import type { Page } from 'puppeteer-core';
import { needsItem, rootCacheItem } from '../../src/storage/page-items.ts';
import type { RunningEmulator } from '../emulator/index.ts';
import type { ExtensionBrowser } from '../support/extension-browser.ts';
import { storeItems, viewerPageFor } from '../support/helpers.ts';
import { PAGE_DRAWN } from './letter-open.ts';
import { POPUP_PAGE } from './pages.ts';
import { LAYOUT_KEYS } from './probe.ts';

/*
 * Does what is on screen stay put while the rest arrives (issue #35, point 8)? The popup on its
 * first open (nothing cached: the root, then the invoices due soon and the newest letters arrive
 * after it) and opened again (cached), and a letter's page whose body arrives a round trip after
 * its head. Read from the probe (probe.ts) once the page has settled.
 */

/** What one page showed of its layout, settled. */
export interface LayoutOnce {
  /** Sum of the layout shifts (Chromium's LayoutShift entries); null without that API (Firefox). */
  shift: number | null;
  /** Furthest any key element moved from where it was first painted, in CSS px. */
  moved: number;
  /** That element ('' when none moved). */
  worst: string;
  /** The elements the largest layout shift moved, with their tops before and after ('' without one). */
  shifted: string;
}

export interface LayoutResult {
  /** The emulator's latency the popup was measured at. */
  latencyMs: number;
  popupFirst: LayoutOnce[];
  popupCached: LayoutOnce[];
  /** Measured at the first latency only (a letter's page is not the popup's loading). */
  letter: LayoutOnce[];
  /** Why this latency could not be measured (the others still are). */
  error?: string;
}

/**
 * The latencies the popup is measured at (issue #47 point 4): the time rows' 100 ms, and a slow
 * network's 800 ms and 4 s, at which the popup's parts arrive seconds apart.
 */
const LAYOUT_LATENCIES_MS = [100, 800, 4000] as const;

/** A browser's tabs as the measures need them: a new tab with the probe, and the extension's storage. */
export interface LayoutBrowser {
  newPage: () => Promise<Page>;
  extension: ExtensionBrowser;
}

export const LAYOUT_METHOD = `Layout shift (issue #35, point 8; issue #47 point 4): each page is opened in a tab of the popup's size with the emulator answering after ${LAYOUT_LATENCIES_MS.join(' ms, ')} ms (the letter at the first only), and read once it has settled. Chromium: the sum of the page's LayoutShift entries (PerformanceObserver 'layout-shift', buffered, those without recent input), as Core Web Vitals count CLS; goal 0. Both browsers (Firefox has no LayoutShift API): the furthest any of the key elements (${LAYOUT_KEYS.join(', ')}: the popup's header, places, the heading of the list of what needs the person, the newest letters' heading and the footer; the letter's head and Details) moved, in CSS px, from where it was in the first frame it was painted in, measured in the frame after every change of the page; goal 0 px. The popup's first open has nothing cached (root, invoices and letters all arrive after the first frame); opened again, everything is cached. The letter is a PDF letter opened in the viewer directly.`;

const settledFrame = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((done) => {
        requestAnimationFrame(() => requestAnimationFrame(() => done()));
      }),
  );

async function readLayout(page: Page): Promise<LayoutOnce> {
  await settledFrame(page);
  return page.evaluate(() => {
    const scope = window as unknown as { __benchLayoutMeasure?: () => void; __benchLayout?: LayoutOnce };
    scope.__benchLayoutMeasure?.();
    const layout = scope.__benchLayout;
    if (!layout) throw new Error('the page has no layout probe');
    return { shift: layout.shift, moved: Math.round(layout.moved * 10) / 10, worst: layout.worst, shifted: layout.shifted };
  });
}

/**
 * The popup with every part it shows on screen and nothing under way: the list whole (shown, not
 * its stand-in), the letters there, no "updating". At 4 s a first open reads every place in turn: a minute is room.
 */
const popupSettled = (page: Page) =>
  page.waitForFunction(
    () => {
      const note = document.querySelector('.late-parts:not(.pending) .due .due-note [role="status"]')?.textContent;
      return (
        document.querySelector('.fetched') !== null &&
        document.querySelector('.fetched .updating:not(.idle)') === null &&
        note !== undefined &&
        !note.startsWith('Still') &&
        document.querySelector('.letter-list, .letters-note') !== null
      );
    },
    { timeout: 90_000, polling: 50 },
  );

async function popupOnce(browser: LayoutBrowser, first: boolean): Promise<LayoutOnce> {
  if (first) await storeItems(browser.extension, 'session', { [rootCacheItem.key]: undefined, [needsItem.key]: undefined });
  const page = await browser.newPage();
  try {
    await browser.extension.goto(page, browser.extension.url(POPUP_PAGE));
    await popupSettled(page);
    return await readLayout(page);
  } finally {
    await page.close();
  }
}

async function letterOnce(browser: LayoutBrowser, emulator: RunningEmulator, run: number): Promise<LayoutOnce> {
  const { id } = await emulator.admin.addLetter({ subject: `Målebrev for flytting nr. ${run + 1}`, fileType: 'pdf' });
  // The emulator's address of a letter (test/emulator/links.ts) for the demo user (seed.ts).
  const url = `${emulator.url}/post/api/private/accounts/1059282/documents/${id}`;
  const page = await browser.newPage();
  try {
    await browser.extension.goto(page, await viewerPageFor(browser.extension, { url, relation: 'self' }));
    await page.waitForSelector(PAGE_DRAWN, { timeout: 30_000 });
    return await readLayout(page);
  } finally {
    await page.close();
  }
}

/** `runs` of each at each of LAYOUT_LATENCIES_MS, the emulator answering after it; the letter at the first latency only. */
export async function measureLayout(browser: LayoutBrowser, emulator: RunningEmulator, runs: number): Promise<LayoutResult[]> {
  const results: LayoutResult[] = [];
  try {
    for (const [index, latencyMs] of LAYOUT_LATENCIES_MS.entries()) {
      const result: LayoutResult = { latencyMs, popupFirst: [], popupCached: [], letter: [] };
      await emulator.admin.configure({ latencyMs });
      try {
        for (let i = 0; i < runs; i++) {
          result.popupFirst.push(await popupOnce(browser, true));
          result.popupCached.push(await popupOnce(browser, false));
          if (index === 0) result.letter.push(await letterOnce(browser, emulator, i));
        }
      } catch (error) {
        result.error = error instanceof Error ? error.message : String(error);
      }
      results.push(result);
    }
  } finally {
    await emulator.admin.configure({ latencyMs: 0 });
  }
  return results;
}

/** A score in three decimals, or in two significant digits when those would round a shift to 0.000 (which would read as met). */
function shiftText(shift: number): string {
  return shift > 0 && shift < 0.0005 ? shift.toPrecision(2) : shift.toFixed(3);
}

/** The worst of the runs, as a table's value: "0.012 (shift); 0 px moved". */
export function layoutValue(runs: readonly LayoutOnce[]): { text: string; met: boolean } {
  const shifts = runs.map((run) => run.shift).filter((shift): shift is number => shift !== null);
  const worst = runs.reduce<LayoutOnce | undefined>((a, b) => (a === undefined || b.moved > a.moved ? b : a), undefined);
  const shift = shifts.length > 0 ? Math.max(...shifts) : undefined;
  const moved = worst?.moved ?? 0;
  const text = [
    shift !== undefined ? `layout shift ${shiftText(shift)}` : 'no LayoutShift API',
    `${moved} px moved${moved > 0 && worst ? ` (${worst.worst})` : ''}`,
  ].join('; ');
  const largest = runs.reduce<LayoutOnce | undefined>((a, b) => ((b.shift ?? 0) > (a?.shift ?? 0) ? b : a), undefined);
  const shifted = largest?.shifted ? `; largest shift moved ${largest.shifted}` : '';
  return { text: `${text} (worst of ${runs.length})${shifted}`, met: (shift ?? 0) === 0 && moved === 0 };
}
