import { fetchJson } from '../api/http.ts';
import { AppError, isUnanswered, toErrorInfo, type ErrorInfo } from '../shared/errors.ts';
import type { KeyValueArea } from '../shared/storage-area.ts';
import type { WithLock } from './memory-lock.ts';
import {
  countFailedTry,
  readPendingRevocations,
  removePendingRevocation,
  updatePendingRevocation,
  type PendingRevocation,
} from './pending-revocations.ts';
import { revokeEndpoint } from './service-config.ts';
import { refreshTokens } from './token-endpoint.ts';

export interface RevocationDeps {
  /** browser storage.local, where the records are. */
  local: KeyValueArea;
  fetch: typeof fetch;
  now: () => number;
  withLock: WithLock;
  /** How long each call to the service may take (default NETWORK_TIMEOUT_MS). */
  timeoutMs?: number;
}

export interface RevocationRound {
  /** The records done with: the grant is revoked now, or the service said it was no longer valid. */
  settled: PendingRevocation[];
  /** How many sign-outs are still waiting to be told to the service. */
  pending: number;
  /** Whether a try failed in this round (the records say so now: failedTries). */
  failed: boolean;
  /** Why the last record that could not be done yet failed (for a page that asked to try now). */
  error?: ErrorInfo;
}

/** Each record is worked on by one caller at a time, in every context: the revoke is sent once. */
const RECORD_LOCK_PREFIX = 'digipost-revoke:';

/** The service refused the token itself (contract §3.4: 401 seen, 403 published). */
function refused(error: unknown): boolean {
  return error instanceof AppError && (error.code === 'http_unauthorized' || error.code === 'http_forbidden');
}

/** What one try found out besides its outcome: whether a revoke left and no answer came. */
interface Attempt {
  revokeUnanswered: boolean;
}

async function postRevoke(deps: RevocationDeps, record: PendingRevocation, accessToken: string, attempt: Attempt): Promise<void> {
  try {
    await fetchJson({
      url: revokeEndpoint(record.baseUrl),
      method: 'POST',
      accessToken,
      serviceOrigin: new URL(record.baseUrl).origin,
      fetch: deps.fetch,
      ...(deps.timeoutMs === undefined ? {} : { timeoutMs: deps.timeoutMs }),
    });
  } catch (error) {
    // No connection half way, the deadline, a gateway's 5xx: the service may have done it all the same.
    if (isUnanswered(toErrorInfo(error))) attempt.revokeUnanswered = true;
    throw error;
  }
}

/**
 * Ends the grant behind one record: with its access token while that has time left, else with a
 * new one from its refresh token. 'invalid': nothing of it works at the service any more (a
 * refused token and no refresh, or a refused refresh, or, after a revoke of this record that left
 * unanswered, a refusal of the token it was sent with: 403, contract §3.4, the grant was removed,
 * by that revoke, which arrived), so there is nothing left to end, and no refresh is asked for.
 * Network and server trouble throws, and the record stays for the next try.
 */
async function revokeGrant(deps: RevocationDeps, record: PendingRevocation, attempt: Attempt): Promise<'revoked' | 'invalid'> {
  if (record.access && record.access.expiresAt > deps.now()) {
    try {
      await postRevoke(deps, record, record.access.token, attempt);
      return 'revoked';
    } catch (error) {
      if (!refused(error)) throw error;
      if (record.mayHaveArrived) return 'invalid';
    }
  }
  // Without a refresh token (or the client's credentials a refresh needs) nothing more can be done.
  if (record.refreshToken === undefined || record.clientSecret === '') return 'invalid';
  let fresh;
  try {
    const client = { baseUrl: record.baseUrl, clientId: record.clientId, clientSecret: record.clientSecret, scopes: [] };
    fresh = (await refreshTokens(deps, client, record.refreshToken)).tokens;
  } catch (error) {
    if (error instanceof AppError && error.code === 'oauth_invalid_grant') return 'invalid';
    throw error;
  }
  // A rotated refresh token is the grant's only key from now on: kept before it is used, so a
  // failure of the revoke below does not lose it.
  await updatePendingRevocation(deps.local, deps.withLock, record.id, {
    refreshToken: fresh.refreshToken ?? record.refreshToken,
    access: { token: fresh.accessToken, expiresAt: fresh.expiresAt },
  });
  try {
    await postRevoke(deps, record, fresh.accessToken, attempt);
    return 'revoked';
  } catch (error) {
    // A token issued a moment ago and refused: the grant is gone.
    if (refused(error)) return 'invalid';
    throw error;
  }
}

async function settle(deps: RevocationDeps, id: string): Promise<PendingRevocation | undefined> {
  return deps.withLock(`${RECORD_LOCK_PREFIX}${id}`, async () => {
    // Read again under the lock: another caller may have finished it while this one waited.
    const record = (await readPendingRevocations(deps.local)).find((r) => r.id === id);
    if (!record) return undefined;
    const attempt: Attempt = { revokeUnanswered: false };
    try {
      await revokeGrant(deps, record, attempt);
    } catch (error) {
      await countFailedTry(deps.local, deps.withLock, id, attempt.revokeUnanswered);
      throw error;
    }
    await removePendingRevocation(deps.local, deps.withLock, id);
    return record;
  });
}

/**
 * Tells the service of every sign-out it has not heard of yet (or of the one record `only`), one
 * at a time. Each call is bounded by the deadline in `deps`; a record that fails stays.
 */
export async function revokePending(deps: RevocationDeps, only?: string): Promise<RevocationRound> {
  const records = (await readPendingRevocations(deps.local)).filter((record) => only === undefined || record.id === only);
  const settled: PendingRevocation[] = [];
  let error: ErrorInfo | undefined;
  for (const record of records) {
    try {
      const done = await settle(deps, record.id);
      if (done) settled.push(done);
    } catch (failure) {
      error = toErrorInfo(failure);
    }
  }
  const pending = (await readPendingRevocations(deps.local)).length;
  return error ? { settled, pending, failed: true, error } : { settled, pending, failed: false };
}
