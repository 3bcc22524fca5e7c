import { ageRootCache, markOf, openTimed, POPUP_PAGE, sleep, SUMMARY, type Bench } from './pages.ts';

/** Requests the service saw while one popup was open until the worker answered it. */
async function requestsForOneOpen(bench: Bench): Promise<number> {
  await bench.emulator.admin.clearRequests();
  const { page } = await openTimed(bench, POPUP_PAGE, SUMMARY);
  await markOf(page, 'answer');
  await sleep(100); // anything the answer set off would show up here
  await page.close();
  return (await bench.emulator.admin.requests()).length;
}

export interface RequestCounts {
  fresh: number[];
  stale: number[];
}

export async function measureRequestsPerOpen(bench: Bench, opens: number): Promise<RequestCounts> {
  const counts: RequestCounts = { fresh: [], stale: [] };
  for (let i = 0; i < opens; i++) {
    // Stale first: its answer refreshes the cache, so the fresh open right after is within 60 s.
    await ageRootCache(await bench.browser.worker(), 61_000);
    counts.stale.push(await requestsForOneOpen(bench));
    counts.fresh.push(await requestsForOneOpen(bench));
  }
  return counts;
}
