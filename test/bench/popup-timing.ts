import { BLANK_PAGE } from './build.ts';
import { dropRootCache, markOf, openTimed, POPUP_PAGE, SUMMARY, timeOnce, type Bench } from './pages.ts';

export const ROUND_TRIP_MS = 100;

export interface PopupTimings {
  blank: number[];
  warm: number[];
  cold: number[];
  /** Cold runs: the worker's answer with the root and the newest letters (the letters on screen). */
  coldLetters: number[];
}

/**
 * Interleaved runs, so drift in the machine touches the three alike: the blank baseline page, the
 * popup with a fresh cache, and the popup with no cache while the service takes 100 ms to answer.
 */
export async function measurePopupTiming(bench: Bench, runs: number): Promise<PopupTimings> {
  const result: PopupTimings = { blank: [], warm: [], cold: [], coldLetters: [] };
  await bench.emulator.admin.configure({ latencyMs: ROUND_TRIP_MS });
  try {
    // One unmeasured round warms the browser's caches of the pages themselves.
    await timeOnce(bench, BLANK_PAGE, SUMMARY);
    await timeOnce(bench, POPUP_PAGE, SUMMARY);
    for (let i = 0; i < runs; i++) {
      result.blank.push(await timeOnce(bench, BLANK_PAGE, SUMMARY));
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
