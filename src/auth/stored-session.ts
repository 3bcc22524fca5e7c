import { PERMISSIONS, type Permission } from '../shared/permissions.ts';
import { CODE_VERIFIER_PATTERN } from './pkce.ts';
import { LOCAL_KEYS, SESSION_KEYS } from './storage-keys.ts';
import { z } from '../shared/zod.ts';
import type { KeyValueArea } from '../shared/storage-area.ts';

export interface StoredAccount {
  userId: string;
  scopes: Permission[];
  /** The service and client the tokens belong to: tokens are never handed out for another. */
  baseUrl: string;
  clientId: string;
  signedInAt: number;
}

export interface StoredAccess {
  token: string;
  expiresAt: number;
  /** When to refresh it; absent in what an older version stored, then REFRESH_MARGIN_MS applies. */
  refreshAt?: number | undefined;
  /** Came from a refresh forced by a refused call: a bare 403 does not force another. */
  forced?: boolean | undefined;
}

export interface PendingSignIn {
  state: string;
  nonce: string;
  /**
   * The PKCE verifier (pkce.ts). Kept beside the state for as long as the consent window is open,
   * in storage.session only (the worker may be stopped meanwhile), and removed with it.
   */
  codeVerifier: string;
  createdAt: number;
}

export interface StoredSession {
  account: StoredAccount | undefined;
  refreshToken: string | undefined;
  access: StoredAccess | undefined;
}

// Storage can hold what an older version or a bug wrote; anything that does not fit counts as absent.
const accountSchema = z.object({
  userId: z.string().check(z.minLength(1)),
  scopes: z.array(z.enum(PERMISSIONS)),
  baseUrl: z.string().check(z.minLength(1)),
  clientId: z.string().check(z.minLength(1)),
  signedInAt: z.number(),
});
const accessSchema = z.object({ token: z.string().check(z.minLength(1)), expiresAt: z.number(), refreshAt: z.optional(z.number()), forced: z.optional(z.boolean()) });
const pendingSchema = z.object({
  state: z.string().check(z.minLength(1)),
  nonce: z.string().check(z.minLength(1)),
  codeVerifier: z.string().check(z.regex(CODE_VERIFIER_PATTERN)),
  createdAt: z.number(),
});
const tokenSchema = z.string().check(z.minLength(1));
const generationSchema = z.number();

function parsed<T>(schema: z.ZodMiniType<T>, value: unknown): T | undefined {
  const result = schema.safeParse(value);
  return result.success ? result.data : undefined;
}

export async function readStoredSession(local: KeyValueArea, session: KeyValueArea): Promise<StoredSession> {
  const [fromLocal, fromSession] = await Promise.all([
    local.get([LOCAL_KEYS.account, LOCAL_KEYS.refreshToken]),
    session.get([SESSION_KEYS.accessToken]),
  ]);
  return {
    account: parsed(accountSchema, fromLocal[LOCAL_KEYS.account]),
    refreshToken: parsed(tokenSchema, fromLocal[LOCAL_KEYS.refreshToken]),
    access: parsed(accessSchema, fromSession[SESSION_KEYS.accessToken]),
  };
}

export async function readGeneration(local: KeyValueArea): Promise<number> {
  const stored = await local.get([LOCAL_KEYS.generation]);
  return parsed(generationSchema, stored[LOCAL_KEYS.generation]) ?? 0;
}

export async function readPendingSignIn(session: KeyValueArea): Promise<PendingSignIn | undefined> {
  const stored = await session.get([SESSION_KEYS.pendingSignIn]);
  return parsed(pendingSchema, stored[SESSION_KEYS.pendingSignIn]);
}

export async function readEndReason(session: KeyValueArea): Promise<{ code: 'session_ended' } | undefined> {
  const stored = await session.get([SESSION_KEYS.endReason]);
  return parsed(z.object({ code: z.literal('session_ended') }), stored[SESSION_KEYS.endReason]);
}

/** Forgets every token and who was signed in; the generation stays, it is the fence. */
export async function clearTokens(local: KeyValueArea, session: KeyValueArea): Promise<void> {
  await Promise.all([
    local.remove([LOCAL_KEYS.account, LOCAL_KEYS.refreshToken]),
    session.remove([SESSION_KEYS.accessToken, SESSION_KEYS.endReason]),
  ]);
}
