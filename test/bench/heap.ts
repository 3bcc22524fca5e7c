import type { CDPSession, Page } from 'playwright-core';
import type { BenchBrowser } from './browser.ts';

interface HeapUsage {
  usedSize: number;
}

/** JavaScript heap in use by a page, after a full garbage collection. */
export async function pageHeap(browser: BenchBrowser, page: Page): Promise<number> {
  const cdp = await browser.context.newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    return ((await cdp.send('Runtime.getHeapUsage')) as HeapUsage).usedSize;
  } finally {
    await cdp.detach();
  }
}

/** Sends DevTools commands to another target (the worker) through a page's session. */
function targetChannel(cdp: CDPSession, sessionId: string) {
  let next = 1;
  const pending = new Map<number, (message: { result?: unknown; error?: { message: string } }) => void>();
  cdp.on('Target.receivedMessageFromTarget', (event) => {
    if (event.sessionId !== sessionId) return;
    const message = JSON.parse(event.message) as { id?: number; result?: unknown; error?: { message: string } };
    if (message.id !== undefined) pending.get(message.id)?.(message);
  });
  return async (method: string, params: object = {}): Promise<unknown> => {
    const id = next++;
    const answer = new Promise<{ result?: unknown; error?: { message: string } }>((done) => pending.set(id, done));
    await cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
    const message = await answer;
    if (message.error) throw new Error(`${method}: ${message.error.message}`);
    return message.result;
  };
}

/** JavaScript heap in use by the extension's service worker, after a full garbage collection. */
export async function workerHeap(browser: BenchBrowser, page: Page): Promise<number> {
  await browser.worker();
  const cdp = await browser.context.newCDPSession(page);
  try {
    const { targetInfos } = await cdp.send('Target.getTargets');
    const target = targetInfos.find((t) => t.type === 'service_worker' && t.url.startsWith(browser.url('')));
    if (!target) throw new Error('the extension has no running service worker');
    const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false });
    const send = targetChannel(cdp, sessionId);
    await send('HeapProfiler.collectGarbage');
    const usage = (await send('Runtime.getHeapUsage')) as HeapUsage;
    await cdp.send('Target.detachFromTarget', { sessionId });
    return usage.usedSize;
  } finally {
    await cdp.detach();
  }
}
