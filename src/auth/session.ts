import { parseScope, type Permission } from '../shared/permissions.ts';
import { AppError, type ErrorInfo } from '../shared/errors.ts';
import { fencedToGeneration, sameGeneration } from '../shared/generation-fence.ts';
import { authWindowFailure } from './auth-window-failure.ts';
import { buildAuthorizeUrl, parseRedirect, randomToken } from './authorize.ts';
import { verifyIdToken } from './id-token.ts';
import { codeChallengeOf, newCodeVerifier } from './pkce.ts';
import type { ServiceConfig } from './service-config.ts';
import { clearTokens, readEndReason, readGeneration, readPendingSignIn, readStoredSession, type StoredSession } from './stored-session.ts';
import { exchangeCode, REFRESH_MARGIN_MS, refreshTokens, type TokenSet } from './token-endpoint.ts';
import type { KeyValueArea } from '../shared/storage-area.ts';
import { put, removeItems, setItems } from '../storage/item.ts';
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
import { addPendingRevocation, handOverRefreshedTokens } from './pending-revocations.ts';

/** The Web Lock every context of the extension takes to refresh or store tokens. */
export const AUTH_LOCK_NAME = 'digipost-auth';

export interface SessionDeps {
  /** browser storage.local: refresh token and sign-in metadata (survives restarts). */
  local: KeyValueArea;
  /** browser storage.session: access token and expiry, the pending sign-in. */
  session: KeyValueArea;
  fetch: typeof fetch;
  /** How long the token endpoint may take (default NETWORK_TIMEOUT_MS); the lock is held no longer. */
  timeoutMs?: number;
  /** Milliseconds since the epoch. */
  now: () => number;
  /** Resolves with the redirect URL (also for error=...); rejects when the user closes the window. */
  launchWebAuthFlow: (url: string) => Promise<string>;
  redirectUri: string;
  /** navigator.locks.request in the worker (shared by every context); createMemoryLock() in tests. */
  withLock: <T>(name: string, fn: () => Promise<T>) => Promise<T>;
  getConfig: () => Promise<ServiceConfig | undefined>;
  /**
   * A session ended: signed out ('user'), its access ended ('ended'), or replaced by another
   * person's sign-in ('user', before the new session is stored). The worker's cleanup.
   */
  onSignedOut?: (reason: 'user' | 'ended') => void | Promise<void>;
  /** A sign-in was stored: what the session may do may have changed (a new grant, other permissions). */
  onSignedIn?: () => void | Promise<void>;
  /** The consent window came back with a code (approved), before it is exchanged; not waited for. */
  onApproved?: () => void;
}

export type SessionStatus =
  { state: 'signed_out'; reason?: ErrorInfo } | { state: 'signed_in'; userId: string; scopes: Permission[]; expiresAt: number };

/**
 * The refusal a page gets when nobody is signed in: 'session_ended' while the service's end of the
 * session is on record (until the person connects again or dismisses it), so every page, opened
 * now or later, says why rather than a bare "not connected"; otherwise 'signed_out'.
 */
export function notSignedIn(status: Extract<SessionStatus, { state: 'signed_out' }>): AppError {
  return new AppError(status.reason?.code ?? 'signed_out');
}

/**
 * An access token and the origin of the service that issued it. Whoever sends the token checks
 * the URL against this origin, never against the configuration read earlier: the configuration
 * may have moved to another service (and another sign-in) while a request was under way.
 */
export interface BoundToken {
  token: string;
  origin: string;
  /**
   * The session it belongs to (its generation, see generation()). A request made with it belongs
   * to that session: once it has ended (a sign-out, its end, another person's sign-in), no retry
   * of that request may go with a token of the next session (authorized-fetch.ts).
   */
  generation: number;
  /**
   * Came from a forced refresh and the API has not yet accepted it: a bare 403 will not force
   * another refresh. Once a call succeeds with it, tokenAccepted() makes it an ordinary token.
   */
  unproven?: true;
}

export interface TokenOptions {
  /** After the API refused a token (401/403): refresh even an unexpired one. */
  forceRefresh?: boolean;
  /** The token the API refused; when storage already holds another, that one is the answer. */
  refused?: string;
  /**
   * The refusal was a bare 403, which may be about a permission rather than the token: a token
   * that itself came from a forced refresh is not refreshed again, so ten refused calls cost at
   * most one refresh, not ten.
   */
  forbidden?: boolean;
  /**
   * The session the refused request belongs to: when another has replaced it, nothing is refreshed
   * for it (the new session's token is no answer to the old session's refusal): 'signed_out'.
   */
  generation?: number;
}

function bind(token: string, account: StoredAccount, generation: number, forced?: boolean): BoundToken {
  return { token, origin: new URL(account.baseUrl).origin, generation, ...(forced === true ? { unproven: true as const } : {}) };
}

function scopesFrom(tokens: TokenSet, fallback: Permission[]): Permission[] {
  const granted = tokens.scope === undefined ? [] : parseScope(tokens.scope);
  // The official scopes (FULL, ...) are not ours to name; then what we asked for is the best guess.
  return granted.length > 0 ? granted : fallback;
}

/** #end refuses when a sign-out or sign-in got there first; then there is nothing left to end. */
function ignoreSignedOut(error: unknown): void {
  if (!(error instanceof AppError && error.code === 'signed_out')) throw error;
}

/** Good to hand out without a refresh first. */
function fresh(access: StoredAccess | undefined, now: number): access is StoredAccess {
  return access !== undefined && (access.refreshAt ?? access.expiresAt - REFRESH_MARGIN_MS) > now;
}

/** Not yet expired: what a session without a refresh token can still use. */
function unexpired(access: StoredAccess | undefined, now: number): access is StoredAccess {
  return access !== undefined && access.expiresAt > now;
}

function storedAccess(tokens: TokenSet, forced: boolean): StoredAccess {
  return { token: tokens.accessToken, expiresAt: tokens.expiresAt, refreshAt: tokens.refreshAt, ...(forced ? { forced: true } : {}) };
}

/**
 * The token lifecycle: sign-in, one shared refresh, sign-out. Storage is the truth, memory only
 * joins callers of this instance: a restarted worker, or another context, picks up where this one
 * stopped. Every write of tokens is fenced by the persisted generation, which every sign-in and
 * sign-out changes, so an answer that arrives late cannot bring back a session that was left.
 */
export class Session {
  readonly #deps: SessionDeps;
  #refreshing: Promise<BoundToken> | undefined;
  #connecting: Promise<void> | undefined;
  /** Set by #end; the worker is told only after the lock is released (its callback may need the lock). */
  #endedUntold = false;

  constructor(deps: SessionDeps) {
    this.#deps = deps;
  }

  /**
   * Interactive sign-in. A second call while one is under way in this instance is refused with
   * 'signin_in_progress' rather than joined: its consent window is already open, and the caller
   * learns the outcome from status(). On any failure nothing new is stored, and a session already
   * there stays as it was, unless the consent came back for another person than the one signed in:
   * then that person's session has ended first, as at a sign-out (#leaveAnotherPerson). `scopes`:
   * ask for these instead of the configured ones (the options page changing the permissions of a
   * session, which it saves only once they are granted).
   */
  async connect(scopes?: Permission[]): Promise<void> {
    if (this.#connecting) throw new AppError('signin_in_progress');
    const attempt = this.#connect(scopes);
    this.#connecting = attempt;
    try {
      await attempt;
    } finally {
      this.#connecting = undefined;
    }
  }

  async #connect(scopes: Permission[] | undefined): Promise<void> {
    const { local, session, redirectUri } = this.#deps;
    const config = { ...(await this.#config()), ...(scopes ? { scopes } : {}) };
    // A new verifier for every attempt: a code stolen from one sign-in is useless with another's.
    const pending: PendingSignIn = {
      state: randomToken(),
      nonce: randomToken(),
      codeVerifier: newCodeVerifier(),
      createdAt: this.#deps.now(),
    };
    // Stored before the window opens: the state, nonce and verifier must outlive this worker if it is stopped.
    await setItems({ session }, put(pendingSignInItem, pending));
    try {
      let redirect: string;
      const authorizeUrl = buildAuthorizeUrl(config, redirectUri, pending.state, await codeChallengeOf(pending.codeVerifier));
      try {
        redirect = await this.#deps.launchWebAuthFlow(authorizeUrl);
      } catch (error) {
        throw await authWindowFailure(error, authorizeUrl, this.#deps.fetch);
      }
      // The fence is read before the pending entry, and signOut removes that entry before it moves
      // the fence: so either we see the sign-out now, or the fence will have moved when we store.
      // (A session that merely ended while the window was open does not spoil this sign-in.)
      const generation = await readGeneration(local);
      // A sign-out, or a newer sign-in from another context, has replaced this attempt meanwhile.
      const current = await readPendingSignIn(session);
      if (current?.state !== pending.state) throw new AppError('signin_cancelled', { detail: 'superseded' });

      const { code } = parseRedirect(redirect, current.state, redirectUri);
      // Approved: the pages may say so now, while the code is exchanged and the mailbox read.
      this.#deps.onApproved?.();
      const { tokens, idToken } = await exchangeCode(this.#deps, config, {
        code,
        redirectUri,
        nonce: current.nonce,
        codeVerifier: current.codeVerifier,
      });
      const claims = await verifyIdToken(idToken, {
        clientId: config.clientId,
        clientSecret: config.clientSecret,
        nonce: current.nonce,
        issuer: config.baseUrl,
        now: this.#deps.now(),
      });
      const account: StoredAccount = {
        userId: claims.user_id,
        scopes: scopesFrom(tokens, config.scopes),
        baseUrl: config.baseUrl,
        clientId: config.clientId,
        signedInAt: this.#deps.now(),
      };
      const fence = await this.#leaveAnotherPerson(generation, current.state, account.userId);
      await this.#locked(() => this.#storeNewSession(fence, current.state, account, tokens));
    } catch (error) {
      const current = await readPendingSignIn(session);
      if (current?.state === pending.state) await removeItems({ session }, pendingSignInItem);
      throw error;
    }
    await this.#deps.onSignedIn?.();
  }

  /**
   * A sign-in that completed for another person than the one signed in here (the id_token's
   * user_id is not the stored account's: Connect, or a change of permissions, while the browser
   * was signed in to Digipost as someone else). The first person leaves as at a sign-out: the fence
   * moves (what was fetched for them stores nothing), their grant is put aside to be revoked, their
   * tokens go, and the worker's cleanup (onSignedOut: caches, write records, save requests, open
   * pages) runs, all before anything of the new session is stored. Answers the generation the new
   * session is stored under; a sign-out or another sign-in meanwhile cancels this one.
   *
   * The same person consenting again (other permissions) keeps what is theirs: their pages stay
   * open, and their write records go on guarding against a write sent twice (dropping them could
   * send a retried write again). Only the tokens are replaced, and the fence moves as at every
   * sign-in. Nobody signed in: the sign-out or end of the session before has run the cleanup.
   * The grant put aside here is revoked with the other pending revocations (the poll alarm's
   * rounds, revocation-retry.ts), as a sign-out's is when the service did not confirm it at once.
   */
  async #leaveAnotherPerson(generation: number, state: string, userId: string): Promise<number> {
    const { local, session } = this.#deps;
    const left = await this.#locked(async () => {
      if (!(await sameGeneration(this, generation)) || (await readPendingSignIn(session))?.state !== state) {
        throw new AppError('signin_cancelled', { detail: 'signed out during sign-in' });
      }
      const held = await readStoredSession(local, session);
      if (held.account === undefined || held.account.userId === userId) return undefined;
      this.#refreshing = undefined;
      // The order of signOut(): the fence first, then the tokens put aside and forgotten.
      await setItems({ local }, put(generationItem, generation + 1));
      await this.#putAsideForRevocation(held);
      await clearTokens(local, session);
      return generation + 1;
    });
    if (left === undefined) return generation;
    await this.#deps.onSignedOut?.('user');
    return left;
  }

  async #storeNewSession(generation: number, state: string, account: StoredAccount, tokens: TokenSet): Promise<void> {
    const { local, session } = this.#deps;
    const signedOut = () => new AppError('signin_cancelled', { detail: 'signed out during sign-in' });
    if (!(await sameGeneration(this, generation))) throw signedOut();
    if ((await readPendingSignIn(session))?.state !== state) throw signedOut();
    // The new session's generation, which its first write sets: fenced to it, a sign-out while
    // these are written takes back what this attempt wrote.
    const next = generation + 1;
    const stored = await fencedToGeneration(
      this,
      next,
      async () => {
        await setItems(
          { local },
          put(generationItem, next),
          put(accountItem, account),
          ...(tokens.refreshToken === undefined ? [] : [put(refreshTokenItem, tokens.refreshToken)]),
        );
        // A refresh token of an earlier session must not be used for this one.
        if (tokens.refreshToken === undefined) await removeItems({ local }, refreshTokenItem);
        await setItems({ session }, put(accessTokenItem, storedAccess(tokens, false)));
        await removeItems({ local, session }, pendingSignInItem, endReasonItem);
      },
      () => clearTokens(local, session),
    );
    if (!stored) throw signedOut();
  }

  /**
   * One valid access token for every caller. A token past its refresh point (see refreshPoint) is
   * refreshed; all concurrent callers of this instance share one refresh, and the refresh runs
   * under the shared lock and re-reads storage, so one done by another context is reused.
   * forceRefresh (after an API 401/403) refreshes even an unexpired token, unless someone else
   * replaced the token meanwhile.
   */
  async getAccessToken(options: TokenOptions = {}): Promise<BoundToken> {
    const force = options.forceRefresh === true;
    const { local } = this.#deps;
    // The fence read on both sides of the tokens: unchanged, the tokens read between are its
    // session's (a sign-in or sign-out moves it before it stores or clears any). Moved, the lock's
    // way below reads them again, where no sign-in can come between.
    const generation = await readGeneration(local);
    const stored = await readStoredSession(local, this.#deps.session);
    if (!stored.account) throw await this.#notSignedIn();
    if (!force && fresh(stored.access, this.#deps.now()) && (await sameGeneration(this, generation))) {
      try {
        await this.#checkConfig(stored.account);
      } finally {
        await this.#tellEnded();
      }
      return bind(stored.access.token, stored.account, generation, stored.access.forced);
    }
    if (this.#refreshing) return this.#refreshing;
    const stale = force ? (options.refused ?? stored.access?.token) : undefined;
    const flight = this.#refreshUnderLock(stale, force, options.forbidden === true, options.generation);
    this.#refreshing = flight;
    const done = () => {
      if (this.#refreshing === flight) this.#refreshing = undefined;
    };
    flight.then(done, done);
    return flight;
  }

  /**
   * The API accepted a token that came from a forced refresh. It has proven to be good, so a bare
   * 403 later on may again mean that the service expired or revoked it, and may force one refresh.
   * (Until then a bare 403 with it is taken to be about a permission: see TokenOptions.forbidden.)
   */
  async tokenAccepted(token: BoundToken): Promise<void> {
    if (token.unproven !== true) return;
    await this.#locked(async () => {
      const access = (await readStoredSession(this.#deps.local, this.#deps.session)).access;
      if (access?.token !== token.token || access.forced !== true) return;
      await setItems(this.#deps, put(accessTokenItem, { token: access.token, expiresAt: access.expiresAt, refreshAt: access.refreshAt }));
    });
  }

  #refreshUnderLock(staleToken: string | undefined, force: boolean, forbidden: boolean, owner: number | undefined): Promise<BoundToken> {
    return this.#locked(async () => {
      const { local, session } = this.#deps;
      const generation = await readGeneration(local);
      // Another session than the refused request's: its refusal is no reason to refresh this one.
      if (owner !== undefined && owner !== generation)
        throw new AppError('signed_out', { detail: 'the session that made the request has ended' });
      const stored = await readStoredSession(local, session);
      if (!stored.account) throw await this.#notSignedIn();
      const now = this.#deps.now();
      const access = stored.access;
      const keep = !force || access?.token !== staleToken || (forbidden && access?.forced === true);
      if (fresh(access, now) && keep) {
        await this.#checkConfig(stored.account);
        return bind(access.token, stored.account, generation, access.forced);
      }
      const config = await this.#checkConfig(stored.account);
      if (stored.refreshToken === undefined) {
        // Without a refresh token a token is good until its very end. A forced caller gets it back
        // too: a 403 may be about a permission, not the session, and endSession() is the caller's.
        if (unexpired(access, now)) return bind(access.token, stored.account, generation);
        await this.#end(generation);
        throw new AppError('session_ended', { detail: 'no refresh token' });
      }

      let tokens: TokenSet;
      let idToken: string | undefined;
      try {
        // Bounded by the token endpoint's timeout: the lock is never held across an endless wait.
        ({ tokens, idToken } = await refreshTokens(this.#deps, config, stored.refreshToken));
      } catch (error) {
        if (error instanceof AppError && error.code === 'oauth_invalid_grant') {
          await this.#end(generation);
          throw new AppError('session_ended', error.info.detail === undefined ? {} : { detail: error.info.detail });
        }
        throw error; // network and server trouble: the session stays, a later call tries again
      }
      if (idToken !== undefined) {
        // No nonce is sent with a refresh; the service then signs the word "null".
        const claims = await verifyIdToken(idToken, {
          clientId: config.clientId,
          clientSecret: config.clientSecret,
          nonce: 'null',
          issuer: config.baseUrl,
          now: this.#deps.now(),
        });
        if (claims.user_id !== stored.account.userId) throw new AppError('id_token_malformed', { detail: 'issued for another user' });
      }
      const signedOut = async () => {
        // The sign-out put the old refresh token aside to revoke the grant; these are its keys now.
        await handOverRefreshedTokens(local, this.#deps.withLock, stored.refreshToken ?? '', tokens);
        return new AppError('signed_out');
      };
      if (!(await sameGeneration(this, generation))) throw await signedOut();
      const account = { ...stored.account, scopes: scopesFrom(tokens, stored.account.scopes) };
      const kept = await fencedToGeneration(
        this,
        generation,
        async () => {
          await setItems({ session }, put(accessTokenItem, storedAccess(tokens, force)));
          // A new refresh token replaces the old; when none comes, the old one stays valid.
          await setItems(
            { local },
            put(accountItem, account),
            ...(tokens.refreshToken === undefined ? [] : [put(refreshTokenItem, tokens.refreshToken)]),
          );
        },
        () => clearTokens(local, session),
      );
      if (!kept) throw await signedOut();
      return bind(tokens.accessToken, account, generation, force);
    });
  }

  /**
   * Nobody is signed in any more when a caller asks for a token: a request that began while the
   * session stood, and met its end by another request (the badge's, the open invoices'), says why
   * as every page does (notSignedIn), not a bare 'signed_out'.
   */
  async #notSignedIn(): Promise<AppError> {
    const reason = await readEndReason(this.#deps.local);
    return new AppError(reason?.code ?? 'signed_out');
  }

  /** Tokens belong to one service and client; after the configuration changed they are useless. */
  async #checkConfig(account: StoredAccount): Promise<ServiceConfig> {
    const config = await this.#config();
    if (config.baseUrl !== account.baseUrl || config.clientId !== account.clientId) {
      await this.#end(await readGeneration(this.#deps.local));
      throw new AppError('session_ended', { detail: 'the service configuration changed' });
    }
    return config;
  }

  async #config(): Promise<ServiceConfig> {
    const config = await this.#deps.getConfig();
    if (!config) throw new AppError('not_configured');
    return config;
  }

  /** Ends the session the service no longer honours, unless a sign-out or sign-in already replaced it. */
  async #end(generation: number): Promise<void> {
    const { local, session } = this.#deps;
    if (!(await sameGeneration(this, generation))) throw new AppError('signed_out');
    this.#refreshing = undefined;
    await setItems({ local }, put(generationItem, generation + 1));
    // A sign-in under way (its pending entry) is left alone: it is how the user gets back in.
    await clearTokens(local, session);
    await setItems({ local }, put(endReasonItem, { code: 'session_ended' }));
    this.#endedUntold = true;
  }

  async #locked<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await this.#deps.withLock(AUTH_LOCK_NAME, fn);
    } finally {
      await this.#tellEnded();
    }
  }

  async #tellEnded(): Promise<void> {
    if (!this.#endedUntold) return;
    this.#endedUntold = false;
    await this.#deps.onSignedOut?.('ended');
  }

  /**
   * Ends the session without the user asking, e.g. when the API still refuses a freshly refreshed
   * token. status() then reports 'session_ended'. `generation`: only that session (the refused
   * token's); one that has been replaced meanwhile, by another person's sign-in say, is gone
   * already, and the session now there is not the one the service refused.
   */
  async endSession(generation?: number): Promise<void> {
    if (generation !== undefined && !(await sameGeneration(this, generation))) return;
    generation ??= await readGeneration(this.#deps.local);
    const stored = await readStoredSession(this.#deps.local, this.#deps.session);
    if (!stored.account) return;
    await this.#end(generation).catch(ignoreSignedOut);
    await this.#tellEnded();
  }

  /**
   * Forgets every token and the sign-in data. It takes no lock, so a slow refresh cannot delay
   * it; changing the generation first makes that refresh's late answer store nothing.
   *
   * The tokens are not simply dropped: until the service has revoked their grant they still work
   * there. They are put aside as a pending revocation (pending-revocations.ts), which only the
   * revoke reads, and its id is returned (undefined when nobody was signed in).
   */
  async signOut(): Promise<string | undefined> {
    const { local, session } = this.#deps;
    this.#refreshing = undefined;
    // First the pending sign-in, then the fence: the order connect() relies on.
    await removeItems({ session }, pendingSignInItem);
    const generation = await readGeneration(local);
    await setItems({ local }, put(generationItem, generation + 1));
    // Read once the fence has moved: a refresh answering later hands its tokens to this record.
    const revocation = await this.#putAsideForRevocation(await readStoredSession(local, session));
    await clearTokens(local, session);
    await this.#deps.onSignedOut?.('user');
    return revocation;
  }

  async #putAsideForRevocation(stored: StoredSession): Promise<string | undefined> {
    const { account, refreshToken, access } = stored;
    if (!account || (refreshToken === undefined && access === undefined)) return undefined;
    const config = await this.#deps.getConfig();
    // A refresh needs the credentials of the client the grant belongs to, whatever is saved later.
    const sameClient = config?.baseUrl === account.baseUrl && config.clientId === account.clientId;
    const id = crypto.randomUUID();
    await addPendingRevocation(this.#deps.local, this.#deps.withLock, {
      id,
      baseUrl: account.baseUrl,
      clientId: account.clientId,
      clientSecret: sameClient ? config.clientSecret : '',
      ...(refreshToken === undefined ? {} : { refreshToken }),
      ...(access === undefined ? {} : { access: { token: access.token, expiresAt: access.expiresAt } }),
      since: this.#deps.now(),
      failedTries: 0,
    });
    return id;
  }

  /**
   * The fence: a number that every sign-in, sign-out and end of a session changes. Whoever writes
   * personal data fetched with the session reads it before the fetch, and writes through
   * fencedToGeneration (src/shared/generation-fence.ts), which takes the write back if it moved.
   */
  generation(): Promise<number> {
    return readGeneration(this.#deps.local);
  }

  /**
   * What storage says, without the network. A session with nothing left to use (an expired access
   * token and no refresh token) is ended here, so every page sees the same answer.
   */
  async status(): Promise<SessionStatus> {
    const { local, session } = this.#deps;
    const stored = await readStoredSession(local, session);
    if (stored.account && stored.refreshToken === undefined && !unexpired(stored.access, this.#deps.now())) {
      await this.#locked(async () => {
        const generation = await readGeneration(local);
        const again = await readStoredSession(local, session);
        if (again.account && again.refreshToken === undefined && !unexpired(again.access, this.#deps.now())) {
          await this.#end(generation).catch(ignoreSignedOut);
        }
      });
      return this.#readStatus();
    }
    return this.#readStatus();
  }

  async #readStatus(): Promise<SessionStatus> {
    const stored = await readStoredSession(this.#deps.local, this.#deps.session);
    if (!stored.account) {
      const reason = await readEndReason(this.#deps.local);
      return reason ? { state: 'signed_out', reason } : { state: 'signed_out' };
    }
    return {
      state: 'signed_in',
      userId: stored.account.userId,
      scopes: stored.account.scopes,
      // 0 when only a refresh token is left (e.g. after a browser restart): the next call refreshes.
      expiresAt: stored.access?.expiresAt ?? 0,
    };
  }
}
