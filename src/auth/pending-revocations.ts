import type { KeyValueArea } from '../shared/storage-area.ts';
import { getItem, put, removeItems, setItems } from '../storage/item.ts';
import { pendingRevocationsItem, type PendingRevocation } from '../storage/items.ts';
import type { WithLock } from './memory-lock.ts';
import type { TokenSet } from './token-endpoint.ts';

/*
 * A sign-out the service has not yet been told of: the grant behind it still works at the service,
 * and a copy of its refresh token may survive in the browser's storage files. The record keeps
 * what a retry of the revoke needs (contract §3.4) and nothing else: the tokens of that grant, and
 * the service and client they belong to (a refresh needs the client's credentials). The Session
 * never reads it, so it signs nobody in and no call but the revoke is ever made with it. A record
 * counts how many tries have failed: the person is told once one has, not while the first, made
 * right at sign-out, is still on its way (it usually succeeds a moment later).
 */
export type { PendingRevocation };

/** More than this many sign-outs waiting is not a passing outage; the oldest are given up. */
const MAX_PENDING_REVOCATIONS = 20;

/** Every change to the list takes this lock (held for storage only, never across the network). */
const REVOCATIONS_LOCK_NAME = 'digipost-revocations';

/** The records as stored; one that does not fit counts as absent. */
export function readPendingRevocations(local: KeyValueArea): Promise<PendingRevocation[]> {
  return getItem({ local }, pendingRevocationsItem);
}

async function change(local: KeyValueArea, withLock: WithLock, edit: (records: PendingRevocation[]) => PendingRevocation[]): Promise<void> {
  await withLock(REVOCATIONS_LOCK_NAME, async () => {
    const next = edit(await readPendingRevocations(local));
    if (next.length === 0) await removeItems({ local }, pendingRevocationsItem);
    else await setItems({ local }, put(pendingRevocationsItem, next.slice(-MAX_PENDING_REVOCATIONS)));
  });
}

export function addPendingRevocation(local: KeyValueArea, withLock: WithLock, record: PendingRevocation): Promise<void> {
  return change(local, withLock, (records) => [...records, record]);
}

export function removePendingRevocation(local: KeyValueArea, withLock: WithLock, id: string): Promise<void> {
  return change(local, withLock, (records) => records.filter((record) => record.id !== id));
}

/** Newer tokens of the same grant replace the record's; a record already settled stays gone. */
export function updatePendingRevocation(
  local: KeyValueArea,
  withLock: WithLock,
  id: string,
  tokens: Pick<PendingRevocation, 'refreshToken' | 'access'>,
): Promise<void> {
  return change(local, withLock, (records) => records.map((record) => (record.id === id ? { ...record, ...tokens } : record)));
}

/**
 * One more try at the revoke failed: from now on the person is told it is pending. `mayHaveArrived`:
 * the revoke left and no answer came, so the service may have done it (see PendingRevocation).
 */
export function countFailedTry(local: KeyValueArea, withLock: WithLock, id: string, mayHaveArrived: boolean): Promise<void> {
  return change(local, withLock, (records) =>
    records.map((record) =>
      record.id === id
        ? { ...record, failedTries: record.failedTries + 1, mayHaveArrived: mayHaveArrived || record.mayHaveArrived }
        : record,
    ),
  );
}

/** Whether the person should hear that a sign-out has not reached the service yet. */
export async function revocationOverdue(local: KeyValueArea): Promise<boolean> {
  return (await readPendingRevocations(local)).some((record) => record.failedTries > 0);
}

/**
 * A refresh answered after the person signed out: the service may have rotated the refresh token
 * the sign-out put aside, so the new tokens are the grant's keys now. They replace the old ones in
 * the record that holds `previous`; when no record does (the revoke already went through, or
 * there was none), they are dropped with the session.
 */
export function handOverRefreshedTokens(local: KeyValueArea, withLock: WithLock, previous: string, tokens: TokenSet): Promise<void> {
  return change(local, withLock, (records) =>
    records.map((record) =>
      record.refreshToken === previous
        ? { ...record, refreshToken: tokens.refreshToken ?? previous, access: { token: tokens.accessToken, expiresAt: tokens.expiresAt } }
        : record,
    ),
  );
}
