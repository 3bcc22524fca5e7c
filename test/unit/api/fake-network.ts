// Fakes of the network for the HTTP tests: a service that never answers and a body that never ends.

export const CHUNK = 64 * 1024;

/** A fetch like the browser's: it never answers, but gives up when its signal aborts. */
export function silentFetch(): { fetch: typeof globalThis.fetch; signals: AbortSignal[] } {
  const signals: AbortSignal[] = [];
  const fetch = ((_input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      const signal = init?.signal;
      if (!signal) return; // without a signal it would hang forever, which the test then shows
      signals.push(signal);
      signal.addEventListener('abort', () => reject(signal.reason as Error));
    })) as typeof globalThis.fetch;
  return { fetch, signals };
}

/** A body that never ends (or ends after `total` bytes), counting what was pulled from it. */
export function endlessBody(total = Number.POSITIVE_INFINITY): {
  stream: ReadableStream<Uint8Array>;
  pulled: () => number;
  cancelled: () => boolean;
} {
  let pulled = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= total) {
        controller.close();
        return;
      }
      pulled += CHUNK;
      controller.enqueue(new Uint8Array(CHUNK).fill(0x20));
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, pulled: () => pulled, cancelled: () => cancelled };
}
