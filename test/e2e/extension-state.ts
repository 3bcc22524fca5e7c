import type { Worker } from 'playwright-core';

interface ChromeInWorker {
  action: { getBadgeText(details: object): Promise<string> };
  storage: {
    local: { get(keys: null): Promise<Record<string, unknown>>; set(items: object): Promise<void>; remove(keys: string[]): Promise<void> };
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

/** Stores items; an item whose value is undefined is removed, so a saved state can be put back exactly. */
export function storeItems(worker: Worker, area: 'local' | 'session', items: Record<string, unknown>): Promise<void> {
  const absent = Object.keys(items).filter((key) => items[key] === undefined);
  return worker.evaluate(
    async ([a, i, gone]) => {
      const storage = (globalThis as unknown as { chrome: ChromeInWorker }).chrome.storage[a];
      await storage.set(i);
      if (gone.length > 0) await storage.remove(gone);
    },
    [area, items, absent] as const,
  );
}

/** Forgets the popup's cached root, as if it had never been fetched in this browser session. */
export function dropRootCache(worker: Worker): Promise<void> {
  return worker.evaluate(() => (globalThis as unknown as { chrome: ChromeInWorker }).chrome.storage.session.remove(['rootCache']));
}
