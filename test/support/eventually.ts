import { vi } from 'vitest';

/**
 * Waits until `assertion` passes, for tests without a browser: what the code under test does in
 * its own time (a digest answered from WebCrypto's thread, an answer over a socket) is waited for
 * itself, since no count of turns of the event loop and no fixed sleep is sure to be enough on a
 * busy machine. The deadline is no speed goal: it only makes a wait for what never comes fail with
 * what was missing, before the test's own timeout (vitest's 5 s) would say less. Not for fake
 * timers: vi.waitFor moves them on by its interval at every look.
 */
export function eventually<T>(assertion: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(assertion, { timeout: 4_000, interval: 5 });
}
