import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { OTHER_CLIENT } from './clients.ts';
import type { RunningEmulator } from './index.ts';
import { startEmulator } from './index.ts';
import type { TokenResponse } from './flow.ts';
import {
  ALL_SCOPES,
  api,
  approve,
  authorizeUrl,
  basic,
  CHROME_REDIRECT,
  consentIdOf,
  decide,
  refresh,
  signIn,
  tokenCall,
  verifyIdToken,
} from './flow.ts';

let em: RunningEmulator;
beforeAll(async () => {
  em = await startEmulator({ port: 0, quiet: true, letters: 10 });
});
afterAll(async () => {
  await em.stop();
});
beforeEach(async () => {
  await em.admin.reset();
});

async function rootStatus(token: string): Promise<number> {
  return (await api(`${em.url}/post/api`, token)).status;
}

describe('authorization endpoint', () => {
  it('shows a consent page with the application, each permission and its meaning, and the two buttons', async () => {
    const response = await fetch(authorizeUrl(em, { scope: 'READ_ACCOUNT_INFO READ_RECEIPTS' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).toContain('Digipost mailbox viewer (demo)');
    expect(html).toContain('READ_ACCOUNT_INFO');
    expect(html).toContain('Read account information (name, date of birth, address, e-mail address, telephone number).');
    expect(html).toContain('Read receipts (if enabled).');
    expect(html).not.toContain('READ_DOCUMENT_CONTENT');
    expect(html).toMatch(/<button[^>]*>Approve<\/button>/);
    expect(html).toMatch(/<button[^>]*>Decline<\/button>/);
    expect(html).toMatch(/<form method="post"/);
    expect(html).not.toContain('<script');
    // The form carries a one-time id, not the request's parameters.
    expect(html).not.toContain('st-1');
    expect(html).not.toContain('chromiumapp');
  });

  it('accepts space, plus and comma separated scopes', async () => {
    for (const scope of ['READ_ACCOUNT_INFO READ_RECEIPTS', 'READ_ACCOUNT_INFO,READ_RECEIPTS']) {
      const html = await (await fetch(authorizeUrl(em, { scope }))).text();
      expect(html).toContain('Read receipts (if enabled).');
    }
    const raw = `${authorizeUrl(em, { scope: undefined })}&scope=READ_ACCOUNT_INFO+READ_RECEIPTS`;
    expect(await (await fetch(raw)).text()).toContain('Read receipts (if enabled).');
  });

  it('approving redirects with a code and the state; declining with access_denied and the state', async () => {
    const query = await approve(em, { state: 'x y&z' });
    expect(query.get('code')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(query.get('state')).toBe('x y&z');
    const page = await (await fetch(authorizeUrl(em, { state: 'd1' }))).text();
    const declined = await decide(em, consentIdOf(page), 'decline');
    expect(declined.status).toBe(302);
    const location = new URL(declined.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(CHROME_REDIRECT);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('d1');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('spends a consent id once', async () => {
    const id = consentIdOf(await (await fetch(authorizeUrl(em, {}))).text());
    expect((await decide(em, id, 'approve')).status).toBe(302);
    const again = await decide(em, id, 'approve');
    expect(again.status).toBe(400);
    expect(again.headers.get('location')).toBeNull();
    expect(await again.text()).toContain('expired');
  });

  it('shows its own error page, without redirecting, for an unknown client or redirect address', async () => {
    const cases = [
      { client_id: 'nobody' },
      { client_id: undefined },
      { redirect_uri: 'https://evil.example.org/' },
      { redirect_uri: undefined },
      { redirect_uri: 'https://abcdefghijklmnopabcdefghijklmnoq.chromiumapp.org/' },
      { redirect_uri: 'https://abcdefghijklmnopabcdefghijklmnop.chromiumapp.org.evil.org/' },
      { redirect_uri: 'https://abcdefghijklmnopabcdefghijklmnop.chromiumapp.org' },
      { redirect_uri: 'https://abcdefghijklmnopabcdefghijklmnop.chromiumapp.org/#frag' },
      // The other application's address is not the demo client's.
      { redirect_uri: OTHER_CLIENT.redirectUri },
      { client_id: OTHER_CLIENT.id, redirect_uri: `${OTHER_CLIENT.redirectUri}/more` },
      { client_id: OTHER_CLIENT.id, redirect_uri: CHROME_REDIRECT },
    ];
    for (const params of cases) {
      const response = await fetch(authorizeUrl(em, params), { redirect: 'manual' });
      expect(response.status, JSON.stringify(params)).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toMatch(/Unknown application|Invalid return address/);
    }
  });

  it('accepts Firefox addresses, paths after the Chrome address, and the other client exactly', async () => {
    for (const params of [
      { redirect_uri: 'https://0123456789abcdef0123456789abcdef01234567.extensions.allizom.org/' },
      { redirect_uri: `${CHROME_REDIRECT}callback/x` },
      { client_id: OTHER_CLIENT.id, redirect_uri: OTHER_CLIENT.redirectUri },
    ]) {
      expect((await fetch(authorizeUrl(em, params))).status, JSON.stringify(params)).toBe(200);
    }
  });

  it('redirects other invalid parameters with draft-31 errors and the state', async () => {
    const cases: [Record<string, string | undefined>, string][] = [
      [{ response_type: undefined }, 'invalid_request'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ state: undefined }, 'invalid_request'],
      [{ scope: undefined }, 'invalid_scope'],
      [{ scope: 'READ_EVERYTHING' }, 'invalid_scope'],
      [{ scope: 'FULL' }, 'invalid_scope'],
      [{ client_id: OTHER_CLIENT.id, redirect_uri: OTHER_CLIENT.redirectUri, scope: 'DELETE_DOCUMENT' }, 'invalid_scope'],
    ];
    for (const [params, error] of cases) {
      const response = await fetch(authorizeUrl(em, params), { redirect: 'manual' });
      expect(response.status, JSON.stringify(params)).toBe(302);
      const location = new URL(response.headers.get('location') ?? '');
      expect(location.searchParams.get('error')).toBe(error);
      expect(location.searchParams.get('error_description')).toBeTruthy();
      expect(location.searchParams.get('state')).toBe(params.state === undefined && 'state' in params ? null : 'st-1');
    }
    const twice = await fetch(`${authorizeUrl(em, {})}&scope=READ_RECEIPTS`, { redirect: 'manual' });
    expect(new URL(twice.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_request');
  });
});

describe('token endpoint: code exchange', () => {
  it('returns the token response of contract §3.2 with a verifiable id_token', async () => {
    const before = Math.floor(Date.now() / 1000);
    const tokens = await signIn(em, 'READ_ACCOUNT_INFO READ_DOCUMENT_META_INFO', 'my-nonce');
    const after = Math.floor(Date.now() / 1000);
    expect(tokens.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokens.refresh_token).toMatch(/^[0-9]+-[A-Za-z0-9_-]+$/);
    expect(tokens.expires_in).toBe(900);
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.scope).toBe('READ_ACCOUNT_INFO READ_DOCUMENT_META_INFO');
    const { valid, claims } = verifyIdToken(tokens.id_token, em.clientSecret);
    expect(valid).toBe(true);
    expect(verifyIdToken(tokens.id_token, 'another-secret').valid).toBe(false);
    const [signature = '', payload = ''] = tokens.id_token.split('.');
    // Standard padded Base64 in both parts, not base64url and not unpadded.
    for (const part of [signature, payload]) {
      expect(part).toMatch(/^[A-Za-z0-9+/]+=*$/);
      expect(part.length % 4).toBe(0);
      expect(Buffer.from(part, 'base64').toString('base64')).toBe(part);
    }
    expect(claims).toMatchObject({ aud: em.clientId, exp: 900, iss: `${em.url}/`, nonce: 'my-nonce' });
    expect(claims.user_id).toMatch(/^[0-9]+$/);
    // Issued when it was asked for, in seconds.
    expect(claims.iat).toBeGreaterThanOrEqual(before);
    expect(claims.iat).toBeLessThanOrEqual(after);
    expect(await rootStatus(tokens.access_token)).toBe(200);
  });

  it('answers with no-store and JSON', async () => {
    const query = await approve(em);
    const response = await tokenCall(em, { grant_type: 'code', code: query.get('code') ?? '', redirect_uri: CHROME_REDIRECT, nonce: 'n' });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-type')).toContain('application/json');
  });

  it('puts an absolute exp with the absolute knob, and a wrong signature with the bad-signature knob', async () => {
    await em.admin.configure({ idTokenExp: 'absolute', accessTokenLifetime: 120 });
    const tokens = await signIn(em);
    const { claims } = verifyIdToken(tokens.id_token, em.clientSecret);
    expect(claims.exp).toBe(claims.iat + 120);
    expect(tokens.expires_in).toBe(120);
    await em.admin.configure({ badIdTokenSignature: true });
    expect(verifyIdToken((await signIn(em)).id_token, em.clientSecret).valid).toBe(false);
  });

  it('refuses client authentication problems with 401 invalid_client and WWW-Authenticate', async () => {
    const query = await approve(em);
    const form = { grant_type: 'code', code: query.get('code') ?? '', redirect_uri: CHROME_REDIRECT, nonce: 'n' };
    for (const authorization of [
      null,
      basic(em.clientId, 'wrong'),
      basic('nobody', em.clientSecret),
      'Basic !!!',
      'Bearer x',
      basic(OTHER_CLIENT.id, em.clientSecret),
    ]) {
      const response = await tokenCall(em, form, authorization);
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Basic/);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(((await response.json()) as { error: string }).error).toBe('invalid_client');
    }
    // The code was not spent by those attempts.
    expect((await tokenCall(em, form)).status).toBe(200);
  });

  async function tokenError(
    form: Record<string, string>,
    authorization?: string,
  ): Promise<{ status: number; error: string; description: string }> {
    const response = await (authorization === undefined ? tokenCall(em, form) : tokenCall(em, form, authorization));
    const body = (await response.json()) as { error: string; error_description: string };
    return { status: response.status, error: body.error, description: body.error_description };
  }

  it('gives each draft-31 error for bad exchanges', async () => {
    const code = (await approve(em)).get('code') ?? '';
    const good = { grant_type: 'code', code, redirect_uri: CHROME_REDIRECT, nonce: 'n' };
    expect(await tokenError({ ...good, grant_type: 'authorization_code' })).toMatchObject({ status: 400, error: 'unsupported_grant_type' });
    expect(await tokenError({ ...good, grant_type: 'password' })).toMatchObject({ status: 400, error: 'unsupported_grant_type' });
    expect(await tokenError({ code, redirect_uri: CHROME_REDIRECT, nonce: 'n' })).toMatchObject({ status: 400, error: 'invalid_request' });
    expect(await tokenError({ grant_type: 'code', code, redirect_uri: CHROME_REDIRECT })).toMatchObject({
      status: 400,
      error: 'invalid_request',
      description: 'Missing parameter: nonce',
    });
    expect(await tokenError({ grant_type: 'code', redirect_uri: CHROME_REDIRECT, nonce: 'n' })).toMatchObject({ error: 'invalid_request' });
    expect(await tokenError({ ...good, code: 'not-a-code' })).toMatchObject({ status: 400, error: 'invalid_grant' });
    expect(await tokenError({ ...good, redirect_uri: `${CHROME_REDIRECT}other` })).toMatchObject({ status: 400, error: 'invalid_grant' });
    expect(await tokenError(good, basic(OTHER_CLIENT.id, OTHER_CLIENT.secret))).toMatchObject({ status: 400, error: 'invalid_grant' });
    expect((await tokenCall(em, good)).status).toBe(200);
    expect(await tokenError(good)).toMatchObject({
      status: 400,
      error: 'invalid_grant',
      description: 'The authorization code was already used.',
    });
  });

  it('revokes what a code gave when the code is replayed', async () => {
    const code = (await approve(em)).get('code') ?? '';
    const form = { grant_type: 'code', code, redirect_uri: CHROME_REDIRECT, nonce: 'n' };
    const tokens = (await (await tokenCall(em, form)).json()) as TokenResponse;
    expect((await tokenCall(em, form)).status).toBe(400);
    expect(await rootStatus(tokens.access_token)).toBe(403);
  });

  it('refuses a form that is not urlencoded, or names a parameter twice', async () => {
    const json = await fetch(`${em.url}/post/api/oauth/accesstoken`, {
      method: 'POST',
      headers: { Authorization: basic(em.clientId, em.clientSecret), 'Content-Type': 'application/json' },
      body: JSON.stringify({ grant_type: 'code' }),
    });
    expect(json.status).toBe(400);
    expect(((await json.json()) as { error: string }).error).toBe('invalid_request');
    const twice = await fetch(`${em.url}/post/api/oauth/accesstoken`, {
      method: 'POST',
      headers: { Authorization: basic(em.clientId, em.clientSecret), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=code&grant_type=refresh_token',
    });
    expect(((await twice.json()) as { error: string }).error).toBe('invalid_request');
  });

  it('lets a code expire after 60 seconds', async () => {
    const code = (await approve(em)).get('code') ?? '';
    const realNow = Date.now;
    Date.now = () => realNow() + 61_000;
    try {
      expect(await tokenError({ grant_type: 'code', code, redirect_uri: CHROME_REDIRECT, nonce: 'n' })).toMatchObject({
        error: 'invalid_grant',
        description: 'The authorization code has expired.',
      });
    } finally {
      Date.now = realNow;
    }
  });
});

/** A verifier and its S256 challenge, made with Node's crypto rather than the code under test. */
function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

async function exchange(
  code: string,
  extra: Record<string, string> = {},
): Promise<{ status: number; error?: string; description?: string }> {
  const response = await tokenCall(em, { grant_type: 'code', code, redirect_uri: CHROME_REDIRECT, nonce: 'n', ...extra });
  const body = (await response.json()) as { error?: string; error_description?: string };
  return { status: response.status, ...(body.error === undefined ? {} : { error: body.error, description: body.error_description ?? '' }) };
}

async function authorizeError(
  params: Record<string, string | undefined>,
  server = em,
): Promise<{ error: string | null; state: string | null }> {
  const response = await fetch(authorizeUrl(server, params), { redirect: 'manual' });
  expect(response.status, JSON.stringify(params)).toBe(302);
  const location = new URL(response.headers.get('location') ?? '');
  return { error: location.searchParams.get('error'), state: location.searchParams.get('state') };
}

describe('PKCE (RFC 7636), not required (the default)', () => {
  it('signs in without PKCE, and ignores a verifier for a code that was asked for without a challenge', async () => {
    expect(await exchange((await approve(em)).get('code') ?? '')).toEqual({ status: 200 });
    expect(await exchange((await approve(em)).get('code') ?? '', { code_verifier: pkcePair().verifier })).toEqual({ status: 200 });
  });

  it('still checks a challenge that was sent: the code is exchanged only with its verifier (invalid_grant otherwise)', async () => {
    const { verifier, challenge } = pkcePair();
    const code = (await approve(em, { code_challenge: challenge, code_challenge_method: 'S256' })).get('code') ?? '';
    expect(await exchange(code)).toMatchObject({
      status: 400,
      error: 'invalid_grant',
      description: expect.stringContaining('code_verifier is missing') as unknown,
    });
    expect(await exchange(code, { code_verifier: pkcePair().verifier })).toMatchObject({
      status: 400,
      error: 'invalid_grant',
      description: expect.stringContaining('does not match') as unknown,
    });
    expect(await exchange(code, { code_verifier: 'short' })).toMatchObject({ status: 400, error: 'invalid_grant' });
    // Those attempts did not spend the code: the client with the verifier still gets its tokens.
    expect(await exchange(code, { code_verifier: verifier })).toEqual({ status: 200 });
  });

  it('refuses plain, an unknown method, a malformed or repeated challenge with invalid_request and the state', async () => {
    const { challenge } = pkcePair();
    for (const params of [
      { code_challenge: challenge },
      { code_challenge: challenge, code_challenge_method: 'plain' },
      { code_challenge: challenge, code_challenge_method: 'S512' },
      { code_challenge: 'too-short', code_challenge_method: 'S256' },
      { code_challenge: `${challenge.slice(0, 42)}+`, code_challenge_method: 'S256' },
      { code_challenge_method: 'S256' },
    ]) {
      expect(await authorizeError(params)).toEqual({ error: 'invalid_request', state: 'st-1' });
    }
    const twice = await fetch(
      `${authorizeUrl(em, { code_challenge: challenge, code_challenge_method: 'S256' })}&code_challenge=${challenge}`,
      { redirect: 'manual' },
    );
    expect(new URL(twice.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_request');
  });
});

describe('PKCE (RFC 7636), required (requirePkce)', () => {
  let strict: RunningEmulator;
  beforeAll(async () => {
    strict = await startEmulator({ port: 0, quiet: true, letters: 1, requirePkce: true });
  });
  afterAll(async () => {
    await strict.stop();
  });

  it('starts with the knob on, from the option', async () => {
    expect((await strict.admin.knobs()).requirePkce).toBe(true);
  });

  it('redirects an authorization request without a challenge with invalid_request and the state', async () => {
    expect(await authorizeError({}, strict)).toEqual({ error: 'invalid_request', state: 'st-1' });
  });

  it('refuses a code exchange without the verifier, or with a wrong one, with invalid_grant; the right one gets tokens', async () => {
    const { verifier, challenge } = pkcePair();
    const code = (await approve(strict, { code_challenge: challenge, code_challenge_method: 'S256' })).get('code') ?? '';
    const call = async (extra: Record<string, string>) => {
      const response = await tokenCall(strict, { grant_type: 'code', code, redirect_uri: CHROME_REDIRECT, nonce: 'n', ...extra });
      return { status: response.status, error: ((await response.json()) as { error?: string }).error };
    };
    expect(await call({})).toEqual({ status: 400, error: 'invalid_grant' });
    expect(await call({ code_verifier: pkcePair().verifier })).toEqual({ status: 400, error: 'invalid_grant' });
    expect(await call({ code_verifier: challenge })).toEqual({ status: 400, error: 'invalid_grant' });
    expect(await call({ code_verifier: verifier })).toEqual({ status: 200, error: undefined });
  });

  it('refuses a code asked for without PKCE before the knob was turned on', async () => {
    const code = (await approve(em)).get('code') ?? '';
    await em.admin.configure({ requirePkce: true });
    expect(await exchange(code, { code_verifier: pkcePair().verifier })).toMatchObject({
      status: 400,
      error: 'invalid_grant',
      description: expect.stringContaining('PKCE is required') as unknown,
    });
  });
});

describe('token endpoint: refresh', () => {
  it('rotates: a new refresh token, the old one stops working, nonce "null" in the id_token', async () => {
    const first = await signIn(em);
    const response = await refresh(em, first.refresh_token ?? '', { redirect_uri: CHROME_REDIRECT });
    expect(response.status).toBe(200);
    const second = (await response.json()) as TokenResponse;
    expect(second.refresh_token).toBeDefined();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    const { valid, claims } = verifyIdToken(second.id_token, em.clientSecret);
    expect(valid).toBe(true);
    expect(claims.nonce).toBe('null');
    expect(await rootStatus(second.access_token)).toBe(200);
    const old = await refresh(em, first.refresh_token ?? '');
    expect(old.status).toBe(400);
    expect(((await old.json()) as { error: string }).error).toBe('invalid_grant');
    expect((await refresh(em, second.refresh_token ?? '')).status).toBe(200);
  });

  it('without rotation: no refresh token in the answer, and the old one keeps working', async () => {
    await em.admin.configure({ rotateRefreshTokens: false });
    const first = await signIn(em);
    expect(first.refresh_token).toBeDefined();
    for (let i = 0; i < 2; i++) {
      const response = await refresh(em, first.refresh_token ?? '');
      expect(response.status).toBe(200);
      expect(Object.keys((await response.json()) as object)).not.toContain('refresh_token');
    }
  });

  it('may lower the scope, never raise it', async () => {
    const tokens = await signIn(em, 'READ_ACCOUNT_INFO READ_RECEIPTS');
    const lower = await refresh(em, tokens.refresh_token ?? '', { scope: 'READ_ACCOUNT_INFO' });
    expect(lower.status).toBe(200);
    const lowered = (await lower.json()) as TokenResponse;
    expect(lowered.scope).toBe('READ_ACCOUNT_INFO');
    const root = (await (await api(`${em.url}/post/api`, lowered.access_token)).json()) as {
      primaryAccount: { link: { rel: string; uri: string }[] };
    };
    const receipts = root.primaryAccount.link.find((l) => l.rel.endsWith('/receipts'))?.uri ?? '';
    expect((await api(receipts, lowered.access_token)).status).toBe(403);
    // The refresh token keeps the original scope (RFC 6749, 6).
    const back = await refresh(em, lowered.refresh_token ?? '');
    const backed = (await back.json()) as TokenResponse;
    expect(backed.scope).toBe('READ_ACCOUNT_INFO READ_RECEIPTS');
    for (const scope of ['READ_ACCOUNT_INFO READ_DOCUMENT_CONTENT', 'NONSENSE']) {
      const higher = await refresh(em, backed.refresh_token ?? '', { scope });
      expect(higher.status).toBe(400);
      expect(((await higher.json()) as { error: string }).error).toBe('invalid_scope');
    }
  });

  it("refuses unknown, missing, or another client's refresh tokens", async () => {
    const tokens = await signIn(em);
    expect(((await (await refresh(em, 'nope')).json()) as { error: string }).error).toBe('invalid_grant');
    expect(((await (await tokenCall(em, { grant_type: 'refresh_token' })).json()) as { error: string }).error).toBe('invalid_request');
    const other = await tokenCall(
      em,
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token ?? '' },
      basic(OTHER_CLIENT.id, OTHER_CLIENT.secret),
    );
    expect(((await other.json()) as { error: string }).error).toBe('invalid_grant');
  });
});

describe('ending access', () => {
  it('revoking grants: the API answers 403 and refresh invalid_grant', async () => {
    const tokens = await signIn(em);
    await em.admin.revokeGrants();
    const root = await api(`${em.url}/post/api`, tokens.access_token);
    expect(root.status).toBe(403);
    expect(((await root.json()) as Record<string, unknown>)['error-code']).toBe('ACCESS_REVOKED');
    const again = await refresh(em, tokens.refresh_token ?? '');
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: string }).error).toBe('invalid_grant');
    // A new approval works again.
    expect(await rootStatus((await signIn(em)).access_token)).toBe(200);
  });

  it('an expired access token gets 403, and a refresh brings access back', async () => {
    const tokens = await signIn(em);
    await em.admin.expireAccessTokens();
    const root = await api(`${em.url}/post/api`, tokens.access_token);
    expect(root.status).toBe(403);
    expect(((await root.json()) as Record<string, unknown>)['error-code']).toBe('ACCESS_TOKEN_EXPIRED');
    const renewed = (await (await refresh(em, tokens.refresh_token ?? '')).json()) as TokenResponse;
    expect(await rootStatus(renewed.access_token)).toBe(200);
  });

  it('a token expires by itself after its lifetime', async () => {
    await em.admin.configure({ accessTokenLifetime: 1 });
    // The emulator's clock is the test's (it runs in this process): the second passes when the test says.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const issued = Date.now();
      const tokens = await signIn(em);
      expect(await rootStatus(tokens.access_token)).toBe(200);
      vi.setSystemTime(issued + 999);
      expect(await rootStatus(tokens.access_token)).toBe(200);
      vi.setSystemTime(issued + 1000);
      expect(await rootStatus(tokens.access_token)).toBe(403);
    } finally {
      vi.useRealTimers();
    }
  });

  it('POST to the revoke endpoint ends the grant', async () => {
    const tokens = await signIn(em);
    const response = await api(`${em.url}/post/api/oauth/revoke`, tokens.access_token, { method: 'POST' });
    expect(response.status).toBe(200);
    expect(await rootStatus(tokens.access_token)).toBe(403);
    expect((await refresh(em, tokens.refresh_token ?? '')).status).toBe(400);
  });

  it('with failRevoke, the revoke endpoint answers 503 and the grant still works', async () => {
    const tokens = await signIn(em);
    await em.admin.configure({ failRevoke: true });
    const response = await api(`${em.url}/post/api/oauth/revoke`, tokens.access_token, { method: 'POST' });
    expect(response.status).toBe(503);
    expect(await rootStatus(tokens.access_token)).toBe(200);
    await em.admin.configure({ failRevoke: false });
    expect((await api(`${em.url}/post/api/oauth/revoke`, tokens.access_token, { method: 'POST' })).status).toBe(200);
    const revokes = (await em.admin.requests()).filter((r) => r.path === '/post/api/oauth/revoke').map((r) => r.status);
    expect(revokes).toEqual([503, 200]);
  });

  it('signing in twice gives independent grants', async () => {
    const a = await signIn(em, ALL_SCOPES);
    const b = await signIn(em, ALL_SCOPES);
    expect(a.access_token).not.toBe(b.access_token);
    expect(await rootStatus(a.access_token)).toBe(200);
  });
});
