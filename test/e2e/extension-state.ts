import type { Worker } from 'playwright-core';

interface ChromeInWorker {
  action: { getBadgeText(details: object): Promise<string> };
  storage: {
    local: { get(keys: null): Promise<Record<string, unknown>>; set(items: object): Promise<void> };
    session: {
      get(keys: null): Promise<Record<string, unknown>>;
      set(items: object): Promise<void>;
      remove(keys: string[]): Promise<void>;
    };
  };
}

/** What the toolbar badge says right now. */
export function badgeText(worker: Worker): Promise<string> {
  return worker.evaluate(() => (globalThis as unknown as { chrome: ChromeInWorker }).chrome.action.getBadgeText({}));
}

/** Everything the extension keeps, per area, to prove what was (not) stored. */
export function storedItems(worker: Worker, area: 'local' | 'session'): Promise<Record<string, unknown>> {
  return worker.evaluate((a) => (globalThis as unknown as { chrome: ChromeInWorker }).chrome.storage[a].get(null), area);
}

export function storeItems(worker: Worker, area: 'local' | 'session', items: Record<string, unknown>): Promise<void> {
  return worker.evaluate(
    ([a, i]) => (globalThis as unknown as { chrome: ChromeInWorker }).chrome.storage[a].set(i),
    [area, items] as const,
  );
}

/** Forgets the popup's cached root, as if it had never been fetched in this browser session. */
export function dropRootCache(worker: Worker): Promise<void> {
  return worker.evaluate(() => (globalThis as unknown as { chrome: ChromeInWorker }).chrome.storage.session.remove(['rootCache']));
}
