/**
 * An in-memory stand-in for navigator.locks.request: one holder per name at a time, waiters in
 * arrival order. It covers one JavaScript realm only, which is what tests and a single worker need.
 */
export type WithLock = <T>(name: string, fn: () => Promise<T>) => Promise<T>;

export function createMemoryLock(): WithLock {
  const tails = new Map<string, Promise<unknown>>();
  return async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const previous = tails.get(name) ?? Promise.resolve();
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => held);
    tails.set(name, tail);
    await previous;
    try {
      return await fn();
    } finally {
      release?.();
      if (tails.get(name) === tail) tails.delete(name);
    }
  };
}
