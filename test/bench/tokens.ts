import { BLANK_PAGE } from './build.ts';
import type { Bench } from './pages.ts';

const TOKEN_PATH = '/post/api/oauth/accesstoken';

interface Answer {
  ok: boolean;
  error?: { code: string };
}

export interface TokenRun {
  /** Token requests the service saw for one burst of concurrent calls. */
  tokenRequests: number;
  failedCalls: number;
}

/**
 * 20 calls that all need a token at once, right after the service expired every access token (the
 * worker still thinks its token is good, finds out from 20 refusals, and must refresh once).
 */
export async function measureTokenBurst(bench: Bench, bursts: number, concurrency = 20): Promise<TokenRun[]> {
  const page = await bench.browser.newPage();
  await page.goto(bench.browser.url(BLANK_PAGE));
  const runs: TokenRun[] = [];
  try {
    for (let i = 0; i < bursts; i++) {
      await bench.emulator.admin.expireAccessTokens();
      await bench.emulator.admin.clearRequests();
      const answers = await page.evaluate(
        ([url, n]) => {
          const runtime = (globalThis as unknown as { chrome: { runtime: { sendMessage(m: object): Promise<unknown> } } }).chrome.runtime;
          return Promise.all(Array.from({ length: n }, () => runtime.sendMessage({ type: 'getResource', url, relation: 'self' })));
        },
        [`${bench.emulator.url}/post/api`, concurrency] as const,
      );
      const log = await bench.emulator.admin.requests();
      runs.push({
        tokenRequests: log.filter((r) => r.method === 'POST' && r.path.startsWith(TOKEN_PATH)).length,
        failedCalls: (answers as Answer[]).filter((a) => !a.ok).length,
      });
    }
  } finally {
    await page.close();
  }
  return runs;
}
