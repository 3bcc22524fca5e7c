import { ageRootCache, markOf, openTimed, POPUP_PAGE, SUMMARY, type Bench } from './pages.ts';

export interface WorkerStart {
  /** From navigation start to the popup's first answer from a worker that had been stopped. */
  stopped: number[];
  /** The same with the worker already running, for comparison. */
  running: number[];
}

async function firstAnswer(bench: Bench): Promise<number> {
  const { page } = await openTimed(bench, POPUP_PAGE, SUMMARY);
  const ms = await markOf(page, 'answer');
  await page.close();
  return ms;
}

export async function measureWorkerStart(bench: Bench, runs: number): Promise<WorkerStart> {
  const result: WorkerStart = { stopped: [], running: [] };
  for (let i = 0; i < runs; i++) {
    // A fresh cache, so the answer is the worker's own work and no network.
    await ageRootCache(await bench.browser.worker(), 0);
    result.running.push(await firstAnswer(bench));
    await bench.browser.stopWorker();
    result.stopped.push(await firstAnswer(bench));
  }
  return result;
}
