import { AppError } from '../shared/errors.ts';

export { NETWORK_TIMEOUT_MS } from './timeouts.ts';

/**
 * Runs `call` with a signal that aborts after `ms` (or when `outer` aborts, e.g. the caller gave
 * up). The signal must be given to fetch and stay in force while the body is read, so a service
 * that sends its headers and then stalls is cut off too. A timeout becomes AppError('timeout');
 * the caller's own abort is passed on untouched, for the caller to recognise.
 *
 * setTimeout rather than AbortSignal.timeout: the timer is cleared as soon as the call is done,
 * and tests can drive it with fake timers.
 */
export async function withDeadline<T>(ms: number, outer: AbortSignal | undefined, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const timer = new AbortController();
  const handle = setTimeout(() => timer.abort(new DOMException('The service did not answer in time', 'TimeoutError')), ms);
  const signal = outer ? AbortSignal.any([outer, timer.signal]) : timer.signal;
  try {
    return await call(signal);
  } catch (error) {
    if (timer.signal.aborted && !outer?.aborted) throw new AppError('timeout', { detail: `no answer within ${Math.round(ms / 1000)} s` });
    throw error;
  } finally {
    clearTimeout(handle);
  }
}
