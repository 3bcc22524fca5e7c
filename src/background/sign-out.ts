import type { Session } from '../auth/session.ts';
import { warn } from '../shared/warn.ts';
import type { RevocationRetry } from './revocation-retry.ts';

const LOGOUT_TIMEOUT_MS = 3000;

export interface SignOutDeps {
  session: Pick<Session, 'signOut'>;
  retryRevocations: RevocationRetry['retryRevocations'];
}

/**
 * Signs out here at once (every token and all personal data go, open pages are told), then tells
 * the service by revoking the grant (contract §3.4): every token of this sign-in stops working,
 * including a refresh token wherever a copy of it may be. The root's `logout` relation would end
 * only the web session and leave the grant. The person waits for the service briefly (a slow or
 * absent one must not keep them waiting); what it has not confirmed by then stays a pending
 * revocation, tried again later (revocation-retry.ts), and the popup and options page say so.
 * When the service address changes, this runs before the new one is saved: the record keeps the
 * old service and client it must tell.
 */
export function createSignOut(deps: SignOutDeps): () => Promise<void> {
  return async function signOut() {
    const revocation = await deps.session.signOut();
    if (revocation === undefined) return;
    const told = deps.retryRevocations({ only: revocation, timeoutMs: LOGOUT_TIMEOUT_MS });
    told.catch((error: unknown) => warn('Could not tell the service of the sign-out', error));
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([told.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, LOGOUT_TIMEOUT_MS)))]);
    clearTimeout(timer);
  };
}
