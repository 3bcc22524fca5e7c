import { globalFetch } from '../api/http-core.ts';
import { revokePending, type RevocationRound } from '../auth/revocation.ts';
import { warn } from '../shared/warn.ts';
import { localArea, withLock } from './composition-root.ts';
import { giveBackAfterRevocation } from './host-access.ts';
import { tellPages } from './tell-pages.ts';

/**
 * Tells the service of the sign-outs it has not heard of (all, or the one record `only`), each call
 * bounded by `timeoutMs` (the default deadline otherwise). Runs when the worker starts, when the
 * browser is back online, on the poll alarm, on a page's "Try now", and right after a sign-out.
 */
export async function retryRevocations(options: { only?: string; timeoutMs?: number } = {}): Promise<RevocationRound> {
  const deps = {
    local: localArea,
    fetch: globalFetch,
    now: () => Date.now(),
    withLock,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  };
  const round = await revokePending(deps, options.only);
  if (round.settled.length > 0) await giveBackAfterRevocation(round.settled);
  // Pages that say a sign-out is pending (or could now) ask again.
  if (round.settled.length > 0 || round.failed) await tellPages({ event: 'revocationChanged' });
  return round;
}

/** The same, from an event that waits for nobody: a failure is only logged, the record stays. */
export function retryRevocationsInBackground(): void {
  retryRevocations().catch((error: unknown) => warn('Could not tell the service of a sign-out', error));
}
