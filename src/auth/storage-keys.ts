/**
 * Every storage key the session uses, in one place. The area each lives in is part of the name
 * of the constant group: the access token must never reach storage.local or storage.sync.
 */

/** storage.local: survives a browser restart. */
export const LOCAL_KEYS = {
  /** The refresh token (string). */
  refreshToken: 'auth.refreshToken',
  /** Who is signed in and with what: { userId, scopes, baseUrl, clientId, signedInAt }. */
  account: 'auth.account',
  /**
   * A number that changes at every sign-out and sign-in. A refresh remembers it when it starts
   * and stores nothing if it changed meanwhile, in this or any other context. Never removed.
   */
  generation: 'auth.generation',
  /**
   * Sign-outs the service has not yet been told of (pending-revocations.ts): what a retry of the
   * revoke needs, read by nothing else. Removed entry by entry once the service has ended the grant.
   */
  pendingRevocations: 'auth.pendingRevocations',
} as const;

/** storage.session: memory only, cleared when the browser closes. */
export const SESSION_KEYS = {
  /** { token, expiresAt, refreshAt } */
  accessToken: 'auth.accessToken',
  /** { state, nonce, createdAt } of a sign-in whose consent window is open. */
  pendingSignIn: 'auth.pendingSignIn',
  /** Why the session ended when the user did not ask for it (an ErrorInfo). */
  endReason: 'auth.endReason',
} as const;

export const AUTH_LOCK_NAME = 'digipost-auth';
