import { TargetType, type CDPSession, type Page, type Target } from 'puppeteer-core';
import { ARRIVAL_MS } from '../support/extension-browser.ts';
import type { BenchBrowser } from './browser.ts';

interface HeapUsage {
  usedSize: number;
}

/** The heap in use after a full garbage collection, asked over a DevTools session of the target. */
async function heapAfterCollection(cdp: CDPSession): Promise<number> {
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    return ((await cdp.send('Runtime.getHeapUsage')) as HeapUsage).usedSize;
  } finally {
    // Let go at once: a worker DevTools stays attached to does not start again once stopped.
    await cdp.detach().catch(() => undefined);
  }
}

/** JavaScript heap in use by a page, after a full garbage collection. */
export async function pageHeap(page: Page): Promise<number> {
  return heapAfterCollection(await page.createCDPSession());
}

/** JavaScript heap in use by the extension's service worker, after a full garbage collection. */
export async function workerHeap(browser: BenchBrowser): Promise<number> {
  const isOurs = (t: Target) => t.type() === TargetType.SERVICE_WORKER && t.url().startsWith(browser.url(''));
  // A worker the browser stopped starts again for a question from the extension.
  if (!browser.browser.targets().some(isOurs)) await browser.inExtension(() => true);
  const target = await browser.browser.waitForTarget(isOurs, { timeout: ARRIVAL_MS });
  return heapAfterCollection(await target.createCDPSession());
}
