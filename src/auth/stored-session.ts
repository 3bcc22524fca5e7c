import {
  accessTokenItem,
  accountItem,
  endReasonItem,
  generationItem,
  pendingSignInItem,
  refreshTokenItem,
  type PendingSignIn,
  type StoredAccess,
  type StoredAccount,
} from '../storage/items.ts';
import { getItem, getItems, removeItems } from '../storage/item.ts';
import type { KeyValueArea } from '../shared/storage-area.ts';

export interface StoredSession {
  account: StoredAccount | undefined;
  refreshToken: string | undefined;
  access: StoredAccess | undefined;
}

// Storage can hold what an older version or a bug wrote; the items read anything that does not fit as absent.
export async function readStoredSession(local: KeyValueArea, session: KeyValueArea): Promise<StoredSession> {
  const [account, refreshToken, access] = await getItems({ local, session }, accountItem, refreshTokenItem, accessTokenItem);
  return { account, refreshToken, access };
}

export function readGeneration(local: KeyValueArea): Promise<number> {
  return getItem({ local }, generationItem);
}

export function readPendingSignIn(session: KeyValueArea): Promise<PendingSignIn | undefined> {
  return getItem({ session }, pendingSignInItem);
}

export function readEndReason(local: KeyValueArea): Promise<{ code: 'session_ended' } | undefined> {
  return getItem({ local }, endReasonItem);
}

/** Forgets every token and who was signed in; the generation stays, it is the fence. */
export async function clearTokens(local: KeyValueArea, session: KeyValueArea): Promise<void> {
  await removeItems({ local, session }, accountItem, refreshTokenItem, accessTokenItem, endReasonItem);
}
