import { BLANK_PAGE } from './build.ts';
import { ageRootCache, markOf, openTimed, POPUP_PAGE, SUMMARY, timeOnce, type Bench } from './pages.ts';

export interface WorkerStart {
  /** From navigation start to the popup's first answer from a worker that had been stopped. */
  stopped: number[];
  /** The same with the worker already running, for comparison. */
  running: number[];
  /** From navigation start to the popup's content on screen (from the cache), worker stopped. */
  stoppedContent: number[];
  /** The same with the worker running. */
  runningContent: number[];
  /**
   * The blank page opened the same way (worker stopped, no extension page open), for the baseline:
   * with nothing of the extension running, the browser may also have to start its process.
   */
  stoppedBlank: number[];
}

async function open(bench: Bench): Promise<{ content: number; answer: number }> {
  const { page, ms } = await openTimed(bench, POPUP_PAGE, SUMMARY);
  const answer = await markOf(page, 'answer');
  await page.close();
  return { content: ms, answer };
}

export async function measureWorkerStart(bench: Bench, runs: number): Promise<WorkerStart> {
  const result: WorkerStart = { stopped: [], running: [], stoppedContent: [], runningContent: [], stoppedBlank: [] };
  for (let i = 0; i < runs; i++) {
    // A fresh cache, so the answer is the worker's own work and no network.
    await ageRootCache(bench.browser, 0);
    const running = await open(bench);
    result.running.push(running.answer);
    result.runningContent.push(running.content);
    await bench.browser.stopWorker();
    result.stoppedBlank.push(await timeOnce(bench, BLANK_PAGE, SUMMARY));
    await bench.browser.stopWorker();
    const stopped = await open(bench);
    result.stopped.push(stopped.answer);
    result.stoppedContent.push(stopped.content);
  }
  return result;
}
