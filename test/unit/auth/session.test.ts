import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_TIMEOUT_MS } from '../../../src/api/deadline.ts';
import { createMemoryLock } from '../../../src/auth/memory-lock.ts';
import type { ServiceConfig } from '../../../src/auth/service-config.ts';
import { AUTH_LOCK_NAME, Session, type SessionDeps } from '../../../src/auth/session.ts';
import { REFRESH_MARGIN_MS } from '../../../src/auth/token-endpoint.ts';
import { readPendingRevocations } from '../../../src/auth/pending-revocations.ts';
import {
  accessTokenItem,
  accountItem,
  endReasonItem,
  generationItem,
  pendingRevocationsItem,
  pendingSignInItem,
  refreshTokenItem,
} from '../../../src/storage/items.ts';
import { AppError } from '../../../src/shared/errors.ts';
import { BASE, FakeClock, FakeFetch, MemoryArea, REDIRECT, config, deferred, json, makeIdToken, type RecordedRequest } from './fakes.ts';
import { eventually } from '../../support/eventually.ts';
import { appErrorOf } from '../app-error.ts';

const MINUTE = 60_000;

/** One browser profile: two storage areas, a clock, the service's token endpoint and a consent window. */
function world() {
  const local = new MemoryArea();
  const session = new MemoryArea();
  const clock = new FakeClock();
  const service = new FakeFetch();
  const withLock = createMemoryLock();
  const signedOut: string[] = [];
  const launched: URL[] = [];
  let issued = 0;
  let currentConfig: ServiceConfig | undefined = config;
  /** What the consent window does with the authorize URL: by default the user approves. */
  let consent: (url: URL) => Promise<string> = (url) =>
    Promise.resolve(`${REDIRECT}?code=CODE-1&state=${encodeURIComponent(url.searchParams.get('state') ?? '')}`);
  /** What the service puts in the id_token, given the token request. */
  let idTokenFor = (request: RecordedRequest) => makeIdToken(clock.ms, request.body.get('nonce') ?? 'null');
  /** Whether a refresh answer carries a new refresh token. */
  let rotate = true;
  /** expires_in of every answer, in seconds. */
  let lifetime = 900;

  service.fallback = (request) => {
    issued++;
    const grant = request.body.get('grant_type');
    if (grant === 'code') {
      return json({
        access_token: `AT-${issued}`,
        refresh_token: `RT-${issued}`,
        expires_in: lifetime,
        token_type: 'bearer',
        id_token: idTokenFor(request),
      });
    }
    return json({
      access_token: `AT-${issued}`,
      ...(rotate ? { refresh_token: `RT-${issued}` } : {}),
      expires_in: lifetime,
      token_type: 'bearer',
    });
  };

  const deps: SessionDeps = {
    local,
    session,
    fetch: service.fetch,
    now: clock.now,
    launchWebAuthFlow: (url) => {
      launched.push(new URL(url));
      return consent(new URL(url));
    },
    redirectUri: REDIRECT,
    withLock,
    getConfig: () => Promise.resolve(currentConfig),
    onSignedOut: (reason) => {
      signedOut.push(reason);
    },
  };

  return {
    local,
    session,
    clock,
    service,
    signedOut,
    launched,
    deps,
    /** A new Session over the same storage: another context, or the worker after a restart. */
    newSession: () => new Session(deps),
    setConsent: (fn: (url: URL) => Promise<string>) => {
      consent = fn;
    },
    setIdToken: (fn: (request: RecordedRequest) => string) => {
      idTokenFor = fn;
    },
    setRotate: (value: boolean) => {
      rotate = value;
    },
    setLifetime: (seconds: number) => {
      lifetime = seconds;
    },
    setConfig: (value: ServiceConfig | undefined) => {
      currentConfig = value;
    },
    tokenRequests: () => service.requests.filter((r) => r.url === `${BASE}/post/api/oauth/accesstoken`),
    snapshot: () => ({ local: local.snapshot(), session: session.snapshot() }),
  };
}

/**
 * Storage as the Session sees it: without the pending revocations a sign-out puts aside, which
 * only the revoke reads (revocation.test.ts) and which sign nobody in.
 */
function sessionState(w: ReturnType<typeof world>): string {
  const local = w.local.snapshot();
  Reflect.deleteProperty(local, pendingRevocationsItem.key);
  return JSON.stringify({ local, session: w.session.snapshot() });
}

/** The refresh tokens put aside for the revoke. */
async function putAside(w: ReturnType<typeof world>): Promise<(string | undefined)[]> {
  return (await readPendingRevocations(w.local)).map((record) => record.refreshToken);
}

async function signedIn() {
  const w = world();
  const s = w.newSession();
  await s.connect();
  return { ...w, s };
}

async function errorCode(promise: Promise<unknown>): Promise<string> {
  return (await appErrorOf(promise))?.code ?? 'no error';
}

describe('connect', () => {
  it('signs in: stores the access token in the session area, the refresh token and account in the local area', async () => {
    const { s, local, session, clock, launched } = await signedIn();
    expect(launched).toHaveLength(1);
    expect(await s.status()).toEqual({
      state: 'signed_in',
      userId: '123456',
      scopes: ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO'],
      expiresAt: clock.ms + 900_000,
    });
    expect(session.data[accessTokenItem.key]).toEqual({ token: 'AT-1', expiresAt: clock.ms + 900_000, refreshAt: clock.ms + 840_000 });
    expect(local.data[refreshTokenItem.key]).toBe('RT-1');
    expect(JSON.stringify(local.data)).not.toContain('AT-1');
    expect(session.data).not.toHaveProperty(pendingSignInItem.key);
    expect((await s.getAccessToken()).token).toBe('AT-1');
  });

  it('stores state and nonce before opening the window, sends the state there and the nonce to the token endpoint', async () => {
    const w = world();
    let pendingAtLaunch: unknown;
    w.setConsent((url) => {
      pendingAtLaunch = w.session.data[pendingSignInItem.key];
      return Promise.resolve(`${REDIRECT}?code=C&state=${url.searchParams.get('state') ?? ''}`);
    });
    await w.newSession().connect();
    const pending = pendingAtLaunch as { state: string; nonce: string; codeVerifier: string };
    expect(pending.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(pending.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(pending.nonce).not.toBe(pending.state);
    expect(w.launched[0]?.searchParams.get('state')).toBe(pending.state);
    expect(w.launched[0]?.searchParams.has('nonce')).toBe(false);
    const body = Object.fromEntries(w.tokenRequests()[0]?.body ?? []);
    expect(body).toEqual({
      grant_type: 'code',
      code: 'C',
      redirect_uri: REDIRECT,
      nonce: pending.nonce,
      code_verifier: pending.codeVerifier,
    });
  });

  it('takes the granted scope from the token answer when it names our permissions', async () => {
    const w = world();
    w.service.reply(() =>
      json({
        access_token: 'AT',
        expires_in: 900,
        token_type: 'bearer',
        scope: 'READ_ACCOUNT_INFO',
        id_token: makeIdToken(w.clock.ms, (w.session.data[pendingSignInItem.key] as { nonce: string }).nonce),
      }),
    );
    const s = w.newSession();
    await s.connect();
    expect(await s.status()).toMatchObject({ state: 'signed_in', scopes: ['READ_ACCOUNT_INFO'] });
  });

  type Failure = [string, string, (w: ReturnType<typeof world>) => void];
  const failures: Failure[] = [
    [
      'the user closes the window',
      'signin_cancelled',
      (w) => {
        w.setConsent(() => Promise.reject(new Error('The user did not approve access.')));
      },
    ],
    [
      'the user declines',
      'oauth_access_denied',
      (w) => {
        w.setConsent((url) => Promise.resolve(`${REDIRECT}?error=access_denied&state=${url.searchParams.get('state') ?? ''}`));
      },
    ],
    [
      'the state does not match',
      'signin_state_mismatch',
      (w) => {
        w.setConsent(() => Promise.resolve(`${REDIRECT}?code=C&state=forged`));
      },
    ],
    [
      'an error arrives with a forged state',
      'signin_state_mismatch',
      (w) => {
        w.setConsent(() => Promise.resolve(`${REDIRECT}?error=server_error&state=forged`));
      },
    ],
    [
      'the code is refused',
      'oauth_invalid_grant',
      (w) => {
        w.service.reply(() => json({ error: 'invalid_grant' }, 400));
      },
    ],
    [
      'the id_token signature is bad',
      'id_token_signature',
      (w) => {
        w.setIdToken((r) => makeIdToken(w.clock.ms, r.body.get('nonce') ?? '', {}, 'another-secret'));
      },
    ],
    [
      'the id_token nonce is not ours',
      'id_token_nonce',
      (w) => {
        w.setIdToken(() => makeIdToken(w.clock.ms, 'null'));
      },
    ],
    [
      'the id_token is for another client',
      'id_token_audience',
      (w) => {
        w.setIdToken((r) => makeIdToken(w.clock.ms, r.body.get('nonce') ?? '', { aud: 'someone-else' }));
      },
    ],
    [
      'the token answer is malformed',
      'token_response_malformed',
      (w) => {
        w.service.reply(() => json({ access_token: 'AT', token_type: 'bearer' }));
      },
    ],
    [
      'the network fails',
      'network',
      (w) => {
        w.service.reply(() => new TypeError('Failed to fetch'));
      },
    ],
  ];

  it.each(failures)('when %s, fails with %s and stores nothing (signed out before)', async (_name, code, arrange) => {
    const w = world();
    arrange(w);
    const before = w.snapshot();
    const s = w.newSession();
    expect(await errorCode(s.connect())).toBe(code);
    expect(w.snapshot()).toEqual(before);
    expect(await s.status()).toEqual({ state: 'signed_out' });
    expect(await errorCode(s.getAccessToken())).toBe('signed_out');
  });

  it.each(failures)('when %s, fails with %s and keeps the earlier session exactly', async (_name, code, arrange) => {
    const w = await signedIn();
    const before = w.snapshot();
    arrange(w);
    expect(await errorCode(w.s.connect())).toBe(code);
    expect(w.snapshot()).toEqual(before);
    expect((await w.s.getAccessToken()).token).toBe('AT-1');
  });

  it('tells of the approval as the consent window returns with a code, before the code is exchanged; a window closed, declined or forged tells nothing', async () => {
    const w = world();
    const approvals: number[] = [];
    // The token endpoint's requests made by the time the pages were told: none, it comes first.
    const s = new Session({ ...w.deps, onApproved: () => approvals.push(w.tokenRequests().length) });
    await s.connect();
    expect(approvals).toEqual([0]);
    for (const [name, , arrange] of failures.slice(0, 4)) {
      const other = world();
      arrange(other);
      const told: string[] = [];
      const session = new Session({ ...other.deps, onApproved: () => told.push(name) });
      await errorCode(session.connect());
      expect(told, name).toEqual([]);
    }
  });

  it('refuses a second sign-in while one is under way, and the first still completes', async () => {
    const w = world();
    const answer = deferred<string>();
    w.setConsent(() => answer.promise);
    const s = w.newSession();
    const first = s.connect();
    await eventually(() => expect(w.launched).toHaveLength(1));
    expect(await errorCode(s.connect())).toBe('signin_in_progress');
    expect(w.launched).toHaveLength(1);
    const state = w.launched[0]?.searchParams.get('state') ?? '';
    answer.resolve(`${REDIRECT}?code=C&state=${state}`);
    await first;
    expect((await s.status()).state).toBe('signed_in');
  });

  it('needs a configuration, and opens no window without one', async () => {
    const w = world();
    w.setConfig(undefined);
    expect(await errorCode(w.newSession().connect())).toBe('not_configured');
    expect(w.launched).toHaveLength(0);
  });

  it('is undone by a sign-out that happens while the consent window is open', async () => {
    const w = world();
    const answer = deferred<string>();
    w.setConsent(() => answer.promise);
    const s = w.newSession();
    const attempt = s.connect();
    await eventually(() => expect(w.launched).toHaveLength(1));
    await s.signOut();
    answer.resolve(`${REDIRECT}?code=C&state=${w.launched[0]?.searchParams.get('state') ?? ''}`);
    expect(await errorCode(attempt)).toBe('signin_cancelled');
    expect(await s.status()).toEqual({ state: 'signed_out' });
    expect(w.tokenRequests()).toHaveLength(0);
    expect(w.session.data).toEqual({});
  });

  it('is undone by a sign-out that happens while the code is being exchanged', async () => {
    const w = world();
    const gate = deferred<undefined>();
    const s = w.newSession();
    w.service.reply(async () => {
      await gate.promise;
      const nonce = (w.session.data[pendingSignInItem.key] as { nonce: string } | undefined)?.nonce ?? 'gone';
      return json({
        access_token: 'LATE',
        refresh_token: 'LATE-R',
        expires_in: 900,
        token_type: 'bearer',
        id_token: makeIdToken(w.clock.ms, nonce),
      });
    });
    const attempt = s.connect();
    await eventually(() => expect(w.tokenRequests()).toHaveLength(1));
    await s.signOut();
    gate.resolve(undefined);
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    expect(await s.status()).toEqual({ state: 'signed_out' });
    expect(JSON.stringify(w.snapshot())).not.toContain('LATE');
  });

  it('a caller that asks for a token after another call ended the session hears why: session_ended, not a bare signed_out', async () => {
    const w = await signedIn();
    w.service.reply(() => json({ error: 'invalid_grant' }, 401));
    w.clock.advance(20 * MINUTE);
    // The badge's call meets the refusal and ends the session...
    expect(await errorCode(w.s.getAccessToken())).toBe('session_ended');
    // ...while the popup's call, refused too, asks for a forced refresh afterwards.
    expect(await errorCode(w.s.getAccessToken({ forceRefresh: true, refused: 'AT-1' }))).toBe('session_ended');
  });

  it('clears the reason of an ended session once signed in again', async () => {
    const w = await signedIn();
    w.service.reply(() => json({ error: 'invalid_grant' }, 401));
    w.clock.advance(20 * MINUTE);
    await errorCode(w.s.getAccessToken());
    expect(await w.s.status()).toEqual({ state: 'signed_out', reason: { code: 'session_ended' } });
    await w.s.connect();
    expect((await w.s.status()).state).toBe('signed_in');
    expect(w.local.data).not.toHaveProperty(endReasonItem.key);
    expect(w.session.data).not.toHaveProperty(endReasonItem.key);
  });
});

/** What a PKCE-aware service computes from the verifier (RFC 7636 §4.6), with Node's own crypto. */
function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

describe('connect: PKCE (RFC 7636)', () => {
  it('sends the S256 challenge of a fresh verifier with the authorization request, and that verifier with the code', async () => {
    const w = await signedIn();
    const authorize = w.launched[0]?.searchParams;
    const verifier = w.tokenRequests()[0]?.body.get('code_verifier') ?? '';
    expect(authorize?.get('code_challenge_method')).toBe('S256');
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize?.get('code_challenge')).toBe(s256(verifier));
    // The verifier itself never went through the browser's address.
    expect(w.launched[0]?.href).not.toContain(verifier);
  });

  it('uses a new verifier for every sign-in', async () => {
    const w = await signedIn();
    await w.s.signOut();
    await w.s.connect();
    const verifiers = w.tokenRequests().map((r) => r.body.get('code_verifier') ?? '');
    const challenges = w.launched.map((url) => url.searchParams.get('code_challenge'));
    expect(verifiers).toHaveLength(2);
    expect(verifiers[0]).not.toBe(verifiers[1]);
    expect(challenges).toEqual(verifiers.map(s256));
  });

  it('forgets the verifier once the sign-in is over, whether it succeeded or failed', async () => {
    const w = await signedIn();
    const first = w.tokenRequests()[0]?.body.get('code_verifier') ?? '';
    w.service.reply(() => json({ error: 'invalid_grant' }, 400));
    expect(await errorCode(w.s.connect())).toBe('oauth_invalid_grant');
    const second = w.tokenRequests()[1]?.body.get('code_verifier') ?? '';
    expect(second).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = JSON.stringify(w.snapshot());
    expect(stored).not.toContain(first);
    expect(stored).not.toContain(second);
  });

  it('does not take a pending sign-in without a verifier (stored by an older version) as its own', async () => {
    const w = world();
    const answer = deferred<string>();
    w.setConsent(() => answer.promise);
    const s = w.newSession();
    const attempt = s.connect();
    await eventually(() => expect(w.launched).toHaveLength(1));
    const pending = w.session.data[pendingSignInItem.key] as { state: string; nonce: string; createdAt: number };
    w.session.data[pendingSignInItem.key] = { state: pending.state, nonce: pending.nonce, createdAt: pending.createdAt };
    answer.resolve(`${REDIRECT}?code=C&state=${pending.state}`);
    expect(await errorCode(attempt)).toBe('signin_cancelled');
    expect(w.tokenRequests()).toHaveLength(0);
  });
});

describe('getAccessToken', () => {
  it('says signed_out when nobody is signed in', async () => {
    const w = world();
    expect(await errorCode(w.newSession().getAccessToken())).toBe('signed_out');
    expect(await errorCode(w.newSession().getAccessToken({ forceRefresh: true }))).toBe('signed_out');
    expect(w.service.requests).toHaveLength(0);
  });

  it('hands out the stored token without asking the service while it is fresh', async () => {
    const w = await signedIn();
    w.clock.advance(15 * MINUTE - REFRESH_MARGIN_MS - 1);
    expect((await w.s.getAccessToken()).token).toBe('AT-1');
    expect(w.tokenRequests()).toHaveLength(1);
  });

  it('refreshes within a minute of the expiry and stores the new tokens', async () => {
    const w = await signedIn();
    w.clock.advance(15 * MINUTE - REFRESH_MARGIN_MS);
    expect((await w.s.getAccessToken()).token).toBe('AT-2');
    const refresh = w.tokenRequests()[1];
    expect(Object.fromEntries(refresh?.body ?? [])).toEqual({ grant_type: 'refresh_token', refresh_token: 'RT-1' });
    expect(w.local.data[refreshTokenItem.key]).toBe('RT-2');
    expect(await w.s.status()).toMatchObject({ state: 'signed_in', expiresAt: w.clock.ms + 900_000 });
    expect((await w.s.getAccessToken()).token).toBe('AT-2');
    expect(w.tokenRequests()).toHaveLength(2);
  });

  it('refreshes a token shorter-lived than the margin half way through, not on every call', async () => {
    const w = world();
    w.setLifetime(30);
    const s = w.newSession();
    await s.connect();
    w.clock.advance(15_000 - 1);
    expect((await s.getAccessToken()).token).toBe('AT-1');
    expect((await s.getAccessToken()).token).toBe('AT-1');
    expect(w.tokenRequests()).toHaveLength(1);
    w.clock.advance(1);
    expect((await s.getAccessToken()).token).toBe('AT-2');
    expect((await s.getAccessToken()).token).toBe('AT-2');
    expect(w.tokenRequests()).toHaveLength(2);
  });

  it('refreshes a token an older version stored without a refresh point a minute before its expiry', async () => {
    const w = await signedIn();
    const stored = w.session.data[accessTokenItem.key] as { token: string; expiresAt: number };
    w.session.data[accessTokenItem.key] = { token: stored.token, expiresAt: stored.expiresAt };
    w.clock.advance(15 * MINUTE - REFRESH_MARGIN_MS - 1);
    expect((await w.s.getAccessToken()).token).toBe('AT-1');
    w.clock.advance(1);
    expect((await w.s.getAccessToken()).token).toBe('AT-2');
  });

  it('keeps the old refresh token when the answer brings none', async () => {
    const w = await signedIn();
    w.setRotate(false);
    w.clock.advance(20 * MINUTE);
    expect((await w.s.getAccessToken()).token).toBe('AT-2');
    expect(w.local.data[refreshTokenItem.key]).toBe('RT-1');
    w.clock.advance(20 * MINUTE);
    expect((await w.s.getAccessToken()).token).toBe('AT-3');
    expect(w.tokenRequests()[2]?.body.get('refresh_token')).toBe('RT-1');
  });

  it('uses the rotated refresh token next time', async () => {
    const w = await signedIn();
    w.clock.advance(20 * MINUTE);
    await w.s.getAccessToken();
    w.clock.advance(20 * MINUTE);
    expect((await w.s.getAccessToken()).token).toBe('AT-3');
    expect(w.tokenRequests()[2]?.body.get('refresh_token')).toBe('RT-2');
  });

  it('gives 20 concurrent callers one refresh and the same token', async () => {
    const w = await signedIn();
    w.clock.advance(20 * MINUTE);
    const gate = deferred<undefined>();
    w.service.reply(async () => {
      await gate.promise;
      return json({ access_token: 'SHARED', refresh_token: 'RT-S', expires_in: 900, token_type: 'bearer' });
    });
    const callers = Array.from({ length: 20 }, () => w.s.getAccessToken());
    await eventually(() => expect(w.tokenRequests()).toHaveLength(2));
    gate.resolve(undefined);
    expect(new Set((await Promise.all(callers)).map((t) => t.token))).toEqual(new Set(['SHARED']));
    expect(w.tokenRequests()).toHaveLength(2); // the sign-in and one refresh
  });

  it('gives concurrent forced callers one refresh too', async () => {
    const w = await signedIn();
    const tokens = await Promise.all(Array.from({ length: 10 }, () => w.s.getAccessToken({ forceRefresh: true })));
    expect(new Set(tokens.map((t) => t.token))).toEqual(new Set(['AT-2']));
    expect(w.tokenRequests()).toHaveLength(2);
  });

  it('forces a refresh of a token that has not expired', async () => {
    const w = await signedIn();
    expect((await w.s.getAccessToken({ forceRefresh: true })).token).toBe('AT-2');
    expect((await w.s.getAccessToken({ forceRefresh: true })).token).toBe('AT-3');
    expect(w.tokenRequests()).toHaveLength(3);
  });

  it('shares one refresh between two contexts over the same storage and lock', async () => {
    const w = await signedIn();
    const other = w.newSession();
    w.clock.advance(20 * MINUTE);
    const tokens = await Promise.all([
      ...Array.from({ length: 5 }, () => w.s.getAccessToken()),
      ...Array.from({ length: 5 }, () => other.getAccessToken()),
    ]);
    expect(new Set(tokens.map((t) => t.token))).toEqual(new Set(['AT-2']));
    expect(w.tokenRequests()).toHaveLength(2);
  });

  it('reuses a token another context refreshed while a forced caller waited for the lock', async () => {
    const w = await signedIn();
    const other = w.newSession();
    const [a, b] = await Promise.all([w.s.getAccessToken({ forceRefresh: true }), other.getAccessToken({ forceRefresh: true })]);
    expect(a.token).toBe('AT-2');
    expect(b.token).toBe('AT-2');
    expect(w.tokenRequests()).toHaveLength(2);
  });

  it.each([400, 401, 403])('signs out with session_ended when the refresh is refused (invalid_grant, %i)', async (status) => {
    const w = await signedIn();
    w.service.reply(() => json({ error: 'invalid_grant', error_description: 'Refresh token expired' }, status));
    w.clock.advance(20 * MINUTE);
    expect(await errorCode(w.s.getAccessToken())).toBe('session_ended');
    expect(await w.s.status()).toEqual({ state: 'signed_out', reason: { code: 'session_ended' } });
    expect(w.signedOut).toEqual(['ended']);
    expect(w.local.data).not.toHaveProperty(refreshTokenItem.key);
    expect(w.local.data).not.toHaveProperty(accountItem.key);
    expect(w.session.data).not.toHaveProperty(accessTokenItem.key);
    // Asked again: still why, while the end is on record.
    expect(await errorCode(w.s.getAccessToken())).toBe('session_ended');
  });

  it('keeps the session when the refresh fails on the network, and recovers later', async () => {
    const w = await signedIn();
    const before = w.snapshot();
    w.service.reply(() => new TypeError('Failed to fetch'));
    w.clock.advance(20 * MINUTE);
    expect(await errorCode(w.s.getAccessToken())).toBe('network');
    expect(w.snapshot()).toEqual(before);
    expect((await w.s.status()).state).toBe('signed_in');
    expect((await w.s.getAccessToken()).token).toBe('AT-2');
    expect(w.signedOut).toEqual([]);
  });

  it.each([
    ['a server error', () => new Response('down', { status: 503 }), 'http_server'],
    ['a malformed answer', () => json({ access_token: 1 }), 'token_response_malformed'],
    ['invalid_client', () => json({ error: 'invalid_client' }, 401), 'oauth_invalid_client'],
  ])('keeps the session on %s during a refresh', async (_name, answer, code) => {
    const w = await signedIn();
    w.service.reply(answer);
    w.clock.advance(20 * MINUTE);
    expect(await errorCode(w.s.getAccessToken())).toBe(code);
    expect((await w.s.status()).state).toBe('signed_in');
  });

  it('ends the session when the token expired and there is no refresh token', async () => {
    const w = world();
    w.service.reply(() =>
      json({
        access_token: 'ONLY',
        expires_in: 900,
        token_type: 'bearer',
        id_token: makeIdToken(w.clock.ms, (w.session.data[pendingSignInItem.key] as { nonce: string }).nonce),
      }),
    );
    const s = w.newSession();
    await s.connect();
    w.clock.advance(15 * MINUTE - 30_000); // inside the margin, but still valid: nothing better to offer
    expect((await s.getAccessToken()).token).toBe('ONLY');
    expect((await s.getAccessToken({ forceRefresh: true })).token).toBe('ONLY');
    expect((await s.status()).state).toBe('signed_in');
    w.clock.advance(60_000);
    expect(await errorCode(s.getAccessToken())).toBe('session_ended');
    expect(await s.status()).toEqual({ state: 'signed_out', reason: { code: 'session_ended' } });
    expect(w.tokenRequests()).toHaveLength(1);
  });

  it('ends the session when a configuration for another service or client is in place', async () => {
    const w = await signedIn();
    w.setConfig({ ...config, baseUrl: 'https://evil.example' });
    expect(await errorCode(w.s.getAccessToken())).toBe('session_ended');
    expect(await w.s.status()).toEqual({ state: 'signed_out', reason: { code: 'session_ended' } });
    expect(w.service.requests.filter((r) => r.url.startsWith('https://evil.example'))).toHaveLength(0);
  });
});

describe('signOut', () => {
  it('forgets every token and sign-in detail and tells the worker', async () => {
    const w = await signedIn();
    const aside = await w.s.signOut();
    expect(await w.s.status()).toEqual({ state: 'signed_out' });
    expect(w.session.data).toEqual({});
    expect(Object.keys(w.local.data).sort()).toEqual([generationItem.key, pendingRevocationsItem.key].sort());
    expect(w.signedOut).toEqual(['user']);
    expect(await errorCode(w.s.getAccessToken())).toBe('signed_out');
    // Only what the revoke needs is put aside: the grant's tokens, and whose they are.
    expect(await readPendingRevocations(w.local)).toEqual([
      {
        id: aside,
        baseUrl: BASE,
        clientId: config.clientId,
        clientSecret: config.clientSecret,
        refreshToken: 'RT-1',
        access: { token: 'AT-1', expiresAt: w.clock.ms + 900_000 },
        since: w.clock.ms,
        failedTries: 0,
      },
    ]);
  });

  it('puts nothing aside when nobody was signed in', async () => {
    const w = world();
    expect(await w.newSession().signOut()).toBeUndefined();
    expect(Object.keys(w.local.data)).toEqual([generationItem.key]);
  });

  it('wins over a refresh in flight: the late answer stores nothing', async () => {
    const w = await signedIn();
    w.clock.advance(20 * MINUTE);
    const gate = deferred<undefined>();
    w.service.reply(async () => {
      await gate.promise;
      return json({ access_token: 'LATE-AT', refresh_token: 'LATE-RT', expires_in: 900, token_type: 'bearer' });
    });
    const waiting = w.s.getAccessToken();
    await eventually(() => expect(w.tokenRequests()).toHaveLength(2));
    await w.s.signOut();
    gate.resolve(undefined);
    expect(await errorCode(waiting)).toBe('signed_out');
    expect(await w.s.status()).toEqual({ state: 'signed_out' });
    expect(sessionState(w)).not.toContain('LATE');
    expect(await errorCode(w.s.getAccessToken())).toBe('signed_out');
    // The service rotated the refresh token the sign-out put aside: the new one is what the revoke needs.
    expect(await putAside(w)).toEqual(['LATE-RT']);
  });

  it('wins over a refresh in flight in another context', async () => {
    const w = await signedIn();
    const other = w.newSession();
    w.clock.advance(20 * MINUTE);
    const gate = deferred<undefined>();
    w.service.reply(async () => {
      await gate.promise;
      return json({ access_token: 'LATE-AT', refresh_token: 'LATE-RT', expires_in: 900, token_type: 'bearer' });
    });
    const waiting = other.getAccessToken();
    await eventually(() => expect(w.tokenRequests()).toHaveLength(2));
    await w.s.signOut();
    gate.resolve(undefined);
    expect(await errorCode(waiting)).toBe('signed_out');
    expect(await other.status()).toEqual({ state: 'signed_out' });
    expect(sessionState(w)).not.toContain('LATE');
    expect(await putAside(w)).toEqual(['LATE-RT']);
  });

  it("wins even when it lands between the refresh's last check and its write", async () => {
    const w = await signedIn();
    w.clock.advance(20 * MINUTE);
    w.service.reply(() => json({ access_token: 'LATE-AT', refresh_token: 'LATE-RT', expires_in: 900, token_type: 'bearer' }));
    const write = w.session.set.bind(w.session);
    w.session.set = async (items) => {
      if (JSON.stringify(items).includes('LATE-AT')) await w.newSession().signOut();
      await write(items);
    };
    expect(await errorCode(w.s.getAccessToken())).toBe('signed_out');
    expect(await w.s.status()).toEqual({ state: 'signed_out' });
    expect(sessionState(w)).not.toContain('LATE');
    expect(await putAside(w)).toEqual(['LATE-RT']);
  });

  it('wins even when it lands while a sign-in writes its tokens', async () => {
    const w = world();
    const write = w.session.set.bind(w.session);
    w.session.set = async (items) => {
      if (accessTokenItem.key in items) await w.newSession().signOut();
      await write(items);
    };
    const s = w.newSession();
    expect(await errorCode(s.connect())).toBe('signin_cancelled');
    expect(await s.status()).toEqual({ state: 'signed_out' });
    expect(sessionState(w)).not.toContain('AT-1');
    expect(sessionState(w)).not.toContain('RT-1');
    // The grant the undone sign-in got at the service is put aside to be revoked too.
    expect(await putAside(w)).toEqual(['RT-1']);
  });

  it('does not end a new session when the refused refresh of the old one answers late', async () => {
    const w = await signedIn();
    w.clock.advance(20 * MINUTE);
    const gate = deferred<undefined>();
    w.service.reply(async () => {
      await gate.promise;
      return json({ error: 'invalid_grant' }, 400);
    });
    const waiting = w.s.getAccessToken();
    await eventually(() => expect(w.tokenRequests()).toHaveLength(2));
    await w.s.signOut();
    const fresh = w.newSession();
    const signIn = fresh.connect();
    // The new sign-in under way: its code is being exchanged.
    await eventually(() => expect(w.tokenRequests()).toHaveLength(3));
    gate.resolve(undefined);
    expect(await errorCode(waiting)).toBe('signed_out');
    await signIn;
    expect(await fresh.status()).toMatchObject({ state: 'signed_in' });
    expect(w.signedOut).toEqual(['user']);
  });
});

describe('a restarted worker', () => {
  it('reuses the stored access token without asking the service', async () => {
    const w = await signedIn();
    const restarted = w.newSession();
    expect(await restarted.status()).toMatchObject({ state: 'signed_in', userId: '123456' });
    expect((await restarted.getAccessToken()).token).toBe('AT-1');
    expect(w.tokenRequests()).toHaveLength(1);
  });

  it('after a browser restart (session area gone) refreshes with the stored refresh token', async () => {
    const w = await signedIn();
    w.session.data = {};
    const restarted = w.newSession();
    expect(await restarted.status()).toMatchObject({ state: 'signed_in', expiresAt: 0 });
    expect((await restarted.getAccessToken()).token).toBe('AT-2');
    expect(w.tokenRequests()[1]?.body.get('refresh_token')).toBe('RT-1');
  });

  it('finds the pending sign-in it stored before opening the window, and the sign-in completes', async () => {
    const w = world();
    const answer = deferred<string>();
    w.setConsent(() => answer.promise);
    const attempt = w.newSession().connect();
    await eventually(() => expect(w.launched).toHaveLength(1));
    const pending = w.session.data[pendingSignInItem.key] as { state: string; nonce: string };
    expect(pending.state).toBe(w.launched[0]?.searchParams.get('state'));
    const restarted = w.newSession();
    expect(await restarted.status()).toEqual({ state: 'signed_out' });
    answer.resolve(`${REDIRECT}?code=C&state=${pending.state}`);
    await attempt;
    expect(w.tokenRequests()[0]?.body.get('nonce')).toBe(pending.nonce);
    expect((await restarted.getAccessToken()).token).toBe('AT-1');
  });

  it('a sign-in started again replaces the pending one, so the old window cannot complete', async () => {
    const w = world();
    const answers = [deferred<string>(), deferred<string>()];
    let n = 0;
    w.setConsent(() => (answers[n++] ?? deferred<string>()).promise);
    const old = w.newSession().connect();
    await eventually(() => expect(w.launched).toHaveLength(1));
    const again = w.newSession().connect();
    await eventually(() => expect(w.launched).toHaveLength(2));
    const [oldState, newState] = w.launched.map((u) => u.searchParams.get('state') ?? '');
    expect(oldState).not.toBe(newState);
    answers[0]?.resolve(`${REDIRECT}?code=OLD&state=${oldState ?? ''}`);
    expect(await errorCode(old)).toBe('signin_cancelled');
    answers[1]?.resolve(`${REDIRECT}?code=NEW&state=${newState ?? ''}`);
    await again;
    expect(w.tokenRequests().map((r) => r.body.get('code'))).toEqual(['NEW']);
  });

  it('reads damaged storage as signed out instead of failing', async () => {
    const w = world();
    w.local.data[accountItem.key] = { userId: 42 };
    w.local.data[refreshTokenItem.key] = 17;
    w.session.data[accessTokenItem.key] = 'just a string';
    const s = w.newSession();
    expect(await s.status()).toEqual({ state: 'signed_out' });
    expect(await errorCode(s.getAccessToken())).toBe('signed_out');
  });
});

describe('status and endSession', () => {
  it('ends a session with nothing left to use and reports why', async () => {
    const w = await signedIn();
    Reflect.deleteProperty(w.local.data, refreshTokenItem.key);
    w.clock.advance(16 * MINUTE);
    expect(await w.s.status()).toEqual({ state: 'signed_out', reason: { code: 'session_ended' } });
    expect(w.signedOut).toEqual(['ended']);
    expect(w.service.requests).toHaveLength(1);
  });

  it('endSession signs out with session_ended, once', async () => {
    const w = await signedIn();
    await w.s.endSession();
    await w.s.endSession();
    expect(await w.s.status()).toEqual({ state: 'signed_out', reason: { code: 'session_ended' } });
    expect(w.signedOut).toEqual(['ended']);
  });
});

describe('the worker callback', () => {
  it('is told a session ended after the lock is released, so it may use the session itself', async () => {
    const w = await signedIn();
    const seen: string[] = [];
    const s = new Session({
      ...w.deps,
      onSignedOut: async (reason) => {
        const lock = w.deps.withLock(AUTH_LOCK_NAME, () => Promise.resolve('lock free'));
        // The memory lock is promises only: a free one is taken before any timer runs.
        seen.push(reason, await Promise.race([lock, new Promise<string>((resolve) => setTimeout(() => resolve('lock held'), 0))]));
        seen.push((await s.status()).state);
      },
    });
    w.service.reply(() => json({ error: 'invalid_grant' }, 400));
    expect(await errorCode(s.getAccessToken({ forceRefresh: true }))).toBe('session_ended');
    expect(seen).toEqual(['ended', 'lock free', 'signed_out']);
  });

  it("works with a fetch that must be called unbound, like the browser's", async () => {
    const w = world();
    const fetchLike = w.deps.fetch;
    const s = new Session({
      ...w.deps,
      fetch: function (this: unknown, input: RequestInfo | URL, init?: RequestInit) {
        if (this !== undefined && this !== globalThis) throw new TypeError('Illegal invocation');
        return fetchLike(input, init);
      },
    });
    await s.connect();
    expect((await s.status()).state).toBe('signed_in');
  });
});

describe('a sign-in for another person, without a sign-out first (issue #33, point 6)', () => {
  /** The consent window signs in whoever `userId` names from now on. */
  function nextPerson(w: ReturnType<typeof world>, userId: string): void {
    w.setIdToken((request) => makeIdToken(w.clock.ms, request.body.get('nonce') ?? 'null', { user_id: userId }));
  }

  it('ends the first person’s session as a sign-out does (the worker told, the grant put aside to revoke) before the second one’s is stored', async () => {
    const w = await signedIn();
    const atCleanup: unknown[] = [];
    const s = new Session({
      ...w.deps,
      onSignedOut: async (reason) => {
        w.signedOut.push(reason);
        // The worker's cleanup runs while nobody is signed in: neither person's tokens are there.
        atCleanup.push(await s.status(), sessionState(w).includes('AT-'), sessionState(w).includes('RT-'));
      },
    });
    nextPerson(w, '654321');
    await s.connect();
    expect(w.signedOut).toEqual(['user']);
    expect(atCleanup).toEqual([{ state: 'signed_out' }, false, false]);
    expect(await s.status()).toMatchObject({ state: 'signed_in', userId: '654321' });
    expect((await s.getAccessToken()).token).toBe('AT-2');
    expect(await putAside(w)).toEqual(['RT-1']);
  });

  it('moves the fence past the first person’s session: what was fetched for them is not stored for the second', async () => {
    const w = await signedIn();
    const before = await w.s.generation();
    nextPerson(w, '654321');
    await w.s.connect();
    // One move for the first person's end, one for the new sign-in.
    expect(await w.s.generation()).toBe(before + 2);
  });

  it('is cancelled, and stores nothing of the second person, when a sign-out comes while the first person’s session is being ended', async () => {
    const w = await signedIn();
    const s = new Session({
      ...w.deps,
      onSignedOut: async (reason) => {
        w.signedOut.push(reason);
        if (w.signedOut.length === 1) await w.newSession().signOut();
      },
    });
    nextPerson(w, '654321');
    expect(await errorCode(s.connect())).toBe('signin_cancelled');
    expect(await s.status()).toEqual({ state: 'signed_out' });
    expect(sessionState(w)).not.toContain('AT-2');
  });

  it('the same person consenting again (other permissions) keeps their session and tells the worker of no sign-out', async () => {
    const w = await signedIn();
    const before = await w.s.generation();
    await w.s.connect(['READ_ACCOUNT_INFO']);
    expect(w.signedOut).toEqual([]);
    expect(await putAside(w)).toEqual([]);
    expect(await w.s.status()).toMatchObject({ state: 'signed_in', userId: '123456' });
    expect(await w.s.generation()).toBe(before + 1);
  });

  it('a first sign-in, with nobody signed in before, tells the worker of no sign-out', async () => {
    const w = world();
    nextPerson(w, '654321');
    await w.newSession().connect();
    expect(w.signedOut).toEqual([]);
  });
});

describe('a sign-in while the old session ends', () => {
  it('still completes when a refresh of the old session is refused while the window is open', async () => {
    const w = await signedIn();
    const answer = deferred<string>();
    w.setConsent(() => answer.promise);
    const attempt = w.s.connect();
    await eventually(() => expect(w.launched).toHaveLength(2));
    w.service.reply(() => json({ error: 'invalid_grant' }, 400));
    expect(await errorCode(w.s.getAccessToken({ forceRefresh: true }))).toBe('session_ended');
    answer.resolve(`${REDIRECT}?code=C&state=${w.launched[1]?.searchParams.get('state') ?? ''}`);
    await attempt;
    expect(await w.s.status()).toMatchObject({ state: 'signed_in' });
    expect((await w.s.getAccessToken()).token).toBe('AT-2');
  });
});

describe('hardening', () => {
  /** A token endpoint that takes the request and never answers, giving up only when aborted, as fetch does. */
  const silent = ((_input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
    })) as typeof fetch;

  afterEach(() => {
    vi.useRealTimers();
  });

  it('a token endpoint that never answers ends in "timeout", frees the lock, and the next call works', async () => {
    const w = await signedIn();
    w.clock.advance(20 * MINUTE);
    vi.useFakeTimers();
    // Refreshes meet an endpoint that never answers; a code exchange is answered.
    const refreshesHang = ((input: RequestInfo | URL, init?: RequestInit) =>
      typeof init?.body === 'string' && init.body.includes('grant_type=refresh_token')
        ? silent(input, init)
        : w.service.fetch(input, init)) as typeof fetch;
    w.deps.fetch = refreshesHang;
    const stuck = errorCode(w.s.getAccessToken());
    await vi.advanceTimersByTimeAsync(0);
    // A sign-in from another context must store its tokens under the lock the refresh holds.
    const other = w.newSession();
    let signedInAgain = false;
    const signIn = other.connect().then(() => {
      signedInAgain = true;
    });
    await vi.advanceTimersByTimeAsync(NETWORK_TIMEOUT_MS - 1000);
    expect(signedInAgain).toBe(false); // still waiting for the lock
    await vi.advanceTimersByTimeAsync(1000);
    expect(await stuck).toBe('timeout');
    await signIn;
    expect(signedInAgain).toBe(true);
    // The service recovers: the same Session instance carries on, no reload, no stale single flight.
    vi.useRealTimers();
    w.deps.fetch = w.service.fetch;
    w.clock.advance(20 * MINUTE);
    expect((await w.s.getAccessToken()).token).toMatch(/^AT-/);
  });

  it('binds each token to the origin of the service that issued it', async () => {
    const w = await signedIn();
    expect(await w.s.getAccessToken()).toEqual({ token: 'AT-1', origin: BASE, generation: await w.s.generation() });
    // The address moves to another service, and the user signs in there.
    const B = 'https://b.example.org';
    w.setConfig({ ...config, baseUrl: B });
    w.setIdToken((request) => makeIdToken(w.clock.ms, request.body.get('nonce') ?? 'null', { iss: `${B}/` }));
    expect(await errorCode(w.s.getAccessToken())).toBe('session_ended');
    await w.s.connect();
    expect(await w.s.getAccessToken()).toEqual({ token: 'AT-2', origin: B, generation: await w.s.generation() });
  });

  it('ten bare 403s cost one forced refresh, not ten', async () => {
    const w = await signedIn();
    for (let i = 0; i < 10; i++) {
      const refused = await w.s.getAccessToken();
      await w.s.getAccessToken({ forceRefresh: true, refused: refused.token, forbidden: true });
    }
    expect(w.tokenRequests()).toHaveLength(2); // the sign-in and one refresh
  });

  it('a token from a forced refresh that the API then accepted may force one refresh again, when the service has expired it since', async () => {
    const w = await signedIn();
    const first = await w.s.getAccessToken();
    const forced = await w.s.getAccessToken({ forceRefresh: true, refused: first.token, forbidden: true });
    expect(forced).toMatchObject({ token: 'AT-2', unproven: true });
    // Until the API accepts it, a bare 403 with it forces nothing.
    expect((await w.s.getAccessToken({ forceRefresh: true, refused: forced.token, forbidden: true })).token).toBe('AT-2');
    await w.s.tokenAccepted(forced);
    expect(await w.s.getAccessToken()).toEqual({ token: 'AT-2', origin: BASE, generation: await w.s.generation() });
    // The service expires it later: the next bare 403 refreshes, once.
    expect((await w.s.getAccessToken({ forceRefresh: true, refused: 'AT-2', forbidden: true })).token).toBe('AT-3');
    expect(w.tokenRequests()).toHaveLength(3); // the sign-in and two refreshes
  });

  it('a 401 still refreshes a token that came from a forced refresh', async () => {
    const w = await signedIn();
    const first = await w.s.getAccessToken();
    const forced = await w.s.getAccessToken({ forceRefresh: true, refused: first.token, forbidden: true });
    expect((await w.s.getAccessToken({ forceRefresh: true, refused: forced.token })).token).toBe('AT-3');
  });

  it('verifies an id_token that comes with a refresh answer (nonce "null"), and stores nothing when it fails', async () => {
    const w = await signedIn();
    w.clock.advance(20 * MINUTE);
    const answer = (idToken: string) => () =>
      json({ access_token: 'AT-R', refresh_token: 'RT-R', expires_in: 900, token_type: 'bearer', id_token: idToken });
    w.service.reply(answer(makeIdToken(w.clock.ms, 'null', {}, 'another-secret')));
    expect(await errorCode(w.s.getAccessToken())).toBe('id_token_signature');
    expect(JSON.stringify(w.snapshot())).not.toContain('AT-R');
    w.service.reply(answer(makeIdToken(w.clock.ms, 'null', { user_id: 'someone-else' })));
    expect(await errorCode(w.s.getAccessToken())).toBe('id_token_malformed');
    expect(JSON.stringify(w.snapshot())).not.toContain('AT-R');
    w.service.reply(answer(makeIdToken(w.clock.ms, 'null')));
    expect((await w.s.getAccessToken()).token).toBe('AT-R');
  });
});
