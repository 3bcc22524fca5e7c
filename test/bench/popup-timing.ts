import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_DIST, BLANK_PAGE } from './build.ts';
import { dropRootCache, markOf, openTimed, POPUP_PAGE, SUMMARY, timeOnce, type Bench } from './pages.ts';

export const ROUND_TRIP_MS = 100;

export interface PopupTimings {
  blank: number[];
  warm: number[];
  /** The warm popup's whole first frame as a page with no script (staticFrame): what its content alone costs. */
  still: number[];
  cold: number[];
  /** Cold runs: the worker's answer with the root and the newest letters (the letters on screen). */
  coldLetters: number[];
}

/** The warm popup's first frame, kept as a page of its own beside the blank one (bench/, never part of a release). */
const STATIC_FRAME = 'bench/popup-frame.html';

/**
 * The warm popup's whole first frame (the places, the invoices and the newest letters drawn) as a
 * page with no script: the same document with its stylesheets and sprite, its scripts taken out.
 * Its time is the floor of any popup that paints this content, whatever its script does (the
 * goal of 1.3 × the blank page is measured against a page with one heading and no stylesheet).
 */
export async function staticFrame(bench: Bench): Promise<string> {
  const { page } = await openTimed(bench, POPUP_PAGE, SUMMARY);
  await page.waitForSelector('.late-parts:not(.pending) .letter-list');
  const html = await page.evaluate(() => {
    for (const script of document.querySelectorAll('script')) script.remove();
    return `<!doctype html>\n${document.documentElement.outerHTML}`;
  });
  await page.close();
  writeFileSync(join(BENCH_DIST, STATIC_FRAME), html);
  return STATIC_FRAME;
}

/**
 * Interleaved runs, so drift in the machine touches the four alike: the blank baseline page, the
 * popup's first frame with no script, the popup with a fresh cache, and the popup with no cache
 * while the service takes 100 ms to answer.
 */
export async function measurePopupTiming(bench: Bench, runs: number): Promise<PopupTimings> {
  const result: PopupTimings = { blank: [], warm: [], still: [], cold: [], coldLetters: [] };
  await bench.emulator.admin.configure({ latencyMs: ROUND_TRIP_MS });
  try {
    // One unmeasured round warms the browser's caches of the pages themselves.
    await timeOnce(bench, BLANK_PAGE, SUMMARY);
    await timeOnce(bench, POPUP_PAGE, SUMMARY);
    const still = await staticFrame(bench);
    await timeOnce(bench, still, SUMMARY);
    for (let i = 0; i < runs; i++) {
      result.blank.push(await timeOnce(bench, BLANK_PAGE, SUMMARY));
      result.still.push(await timeOnce(bench, still, SUMMARY));
      await dropRootCache(bench.browser);
      const cold = await openTimed(bench, POPUP_PAGE, SUMMARY);
      result.cold.push(cold.ms);
      result.coldLetters.push(await markOf(cold.page, 'answer'));
      await cold.page.close();
      // The cold open just refilled the cache: the next open is within the freshness window.
      result.warm.push(await timeOnce(bench, POPUP_PAGE, SUMMARY));
    }
  } finally {
    await bench.emulator.admin.configure({ latencyMs: 0 });
  }
  return result;
}
