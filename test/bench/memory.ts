import { pageHeap, workerHeap } from './heap.ts';
import { openTimed, POPUP_PAGE, SUMMARY, type Bench } from './pages.ts';

export interface PopupMemory {
  popup: number;
  worker: number;
}

/** After the sign-in (done before) and ten popup opens: the tenth popup's heap and the worker's. */
export async function measurePopupMemory(bench: Bench, opens = 10): Promise<PopupMemory> {
  for (let i = 1; i < opens; i++) {
    const { page } = await openTimed(bench, POPUP_PAGE, SUMMARY);
    await page.close();
  }
  const { page } = await openTimed(bench, POPUP_PAGE, SUMMARY);
  try {
    return { popup: await pageHeap(page), worker: await workerHeap(bench.browser) };
  } finally {
    await page.close();
  }
}
