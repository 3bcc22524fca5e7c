import { revokePending, type RevocationDeps, type RevocationRound } from '../auth/revocation.ts';
import { warn } from '../shared/warn.ts';
import type { WorkerEvent } from '../protocol/messages.ts';
import type { BackgroundWork } from './background-work.ts';
import type { HostAccess } from './host-access.ts';

export interface RevocationRetryDeps extends Omit<RevocationDeps, 'timeoutMs'> {
  hostAccess: Pick<HostAccess, 'giveBackAfterRevocation'>;
  tellPages: (event: WorkerEvent) => Promise<void>;
  background: Pick<BackgroundWork, 'run'>;
}

export interface RevocationRetry {
  /**
   * Tells the service of the sign-outs it has not heard of (all, or the one record `only`), each
   * call bounded by the deadline of any call to the service. Runs when the worker starts, when the
   * browser is back online, on the poll alarm, on a page's "Try now", and right after a sign-out.
   * A record whose revoke is on its way is waited for, not sent again (revocation.ts).
   */
  retryRevocations: (options?: { only?: string }) => Promise<RevocationRound>;
  /** The same, from an event that waits for nobody: a failure is only logged, the record stays. */
  retryRevocationsInBackground: () => void;
}

export function createRevocationRetry(deps: RevocationRetryDeps): RevocationRetry {
  async function retryRevocations(options: { only?: string } = {}): Promise<RevocationRound> {
    const revocation: RevocationDeps = { local: deps.local, fetch: deps.fetch, now: deps.now, withLock: deps.withLock };
    const round = await revokePending(revocation, options.only);
    if (round.settled.length > 0) await deps.hostAccess.giveBackAfterRevocation(round.settled);
    // Pages that say a sign-out is pending (or could now) ask again.
    if (round.settled.length > 0 || round.failed) await deps.tellPages({ event: 'revocationChanged' });
    return round;
  }

  return {
    retryRevocations,
    retryRevocationsInBackground() {
      deps.background.run(retryRevocations().catch((error: unknown) => warn('Could not tell the service of a sign-out', error)));
    },
  };
}
