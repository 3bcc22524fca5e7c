import { describe, expect, it } from 'vitest';
import { exchangeCode, refreshTokens, UNLIMITED_LIFETIME_FALLBACK_MS } from '../../../src/auth/token-endpoint.ts';
import type { ErrorInfo } from '../../../src/shared/errors.ts';
import { BASE, FakeClock, FakeFetch, REDIRECT, config, json } from './fakes.ts';
import { appErrorOf } from '../app-error.ts';

const TOKEN_URL = `${BASE}/post/api/oauth/accesstoken`;
/** The verifier of RFC 7636, Appendix B. */
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const GRANT = { code: 'c', redirectUri: REDIRECT, nonce: 'n', codeVerifier: VERIFIER };

function setup() {
  const fake = new FakeFetch();
  const clock = new FakeClock();
  return { fake, clock, deps: { fetch: fake.fetch, now: clock.now } };
}

const goodBody = {
  access_token: 'AT'.repeat(20),
  refresh_token: '12345-abcdef',
  expires_in: 899,
  token_type: 'bearer',
  id_token: 'sig.payload',
};

async function failure(promise: Promise<unknown>): Promise<ErrorInfo> {
  return (await appErrorOf(promise)) ?? expect.unreachable('expected a failure');
}

describe('exchangeCode', () => {
  it('posts grant_type=code, the code, redirect_uri, nonce and PKCE verifier as a form with HTTP Basic credentials', async () => {
    const { fake, deps } = setup();
    fake.reply(() => json(goodBody));
    await exchangeCode(deps, config, { ...GRANT, code: 'the code', nonce: 'n-1' });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.url).toBe(TOKEN_URL);
    expect(request?.method).toBe('POST');
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    // base64("client-1:s3cr3t-value"), standard alphabet
    expect(request?.headers.authorization).toBe('Basic Y2xpZW50LTE6czNjcjN0LXZhbHVl');
    expect(Object.fromEntries(request?.body ?? [])).toEqual({
      grant_type: 'code',
      code: 'the code',
      redirect_uri: REDIRECT,
      nonce: 'n-1',
      code_verifier: VERIFIER,
    });
  });

  it('sends the raw id and secret in Basic, UTF-8 and standard Base64 (with + and /)', async () => {
    const { fake, deps } = setup();
    fake.reply(() => json(goodBody));
    await exchangeCode(deps, { ...config, clientId: 'a:b?>', clientSecret: 'ø~~~' }, GRANT);
    const header = fake.requests[0]?.headers.authorization ?? '';
    expect(header).toBe(`Basic ${Buffer.from('a:b?>:ø~~~', 'utf8').toString('base64')}`);
    expect(header).toMatch(/[+/]/);
  });

  it('returns the tokens with an expiry counted from the moment of asking', async () => {
    const { fake, clock, deps } = setup();
    const start = clock.ms;
    fake.reply(() => {
      clock.advance(5000);
      return json({ ...goodBody, scope: 'READ_ACCOUNT_INFO' });
    });
    const result = await exchangeCode(deps, config, GRANT);
    expect(result).toEqual({
      tokens: {
        accessToken: goodBody.access_token,
        refreshToken: '12345-abcdef',
        expiresAt: start + 899_000,
        refreshAt: start + 839_000,
        scope: 'READ_ACCOUNT_INFO',
      },
      idToken: 'sig.payload',
    });
  });

  it.each([
    ['absent', undefined],
    ['0', 0],
  ])('uses the documented fallback lifetime when expires_in is %s', async (_name, expiresIn) => {
    const { fake, clock, deps } = setup();
    fake.reply(() => json({ ...goodBody, expires_in: expiresIn }));
    const { tokens } = await exchangeCode(deps, config, GRANT);
    expect(tokens.expiresAt).toBe(clock.ms + UNLIMITED_LIFETIME_FALLBACK_MS);
  });

  it('sets the refresh point a minute before the expiry, or half way through a shorter lifetime', async () => {
    const { fake, deps, clock } = setup();
    fake.reply(() => json({ ...goodBody, expires_in: 30 }));
    const { tokens } = await exchangeCode(deps, config, GRANT);
    expect(tokens).toMatchObject({ expiresAt: clock.ms + 30_000, refreshAt: clock.ms + 15_000 });
  });

  it('accepts token_type in any case, expires_in as digits, and no refresh token', async () => {
    const { fake, deps, clock } = setup();
    fake.reply(() => json({ ...goodBody, token_type: 'Bearer', expires_in: '900', refresh_token: undefined }));
    const { tokens } = await exchangeCode(deps, config, GRANT);
    expect(tokens).toEqual({ accessToken: goodBody.access_token, expiresAt: clock.ms + 900_000, refreshAt: clock.ms + 840_000 });
  });

  it.each([
    ['no access_token', { ...goodBody, access_token: undefined }, 'access_token'],
    ['an empty access_token', { ...goodBody, access_token: '' }, 'access_token'],
    ['a mac token_type', { ...goodBody, token_type: 'mac' }, 'token_type'],
    ['no token_type', { ...goodBody, token_type: undefined }, 'token_type'],
    ['a negative expires_in', { ...goodBody, expires_in: -1 }, 'expires_in'],
    ['a fractional expires_in', { ...goodBody, expires_in: 1.5 }, 'expires_in'],
    ['a wordy expires_in', { ...goodBody, expires_in: 'soon' }, 'expires_in'],
    ['a numeric refresh_token', { ...goodBody, refresh_token: 7 }, 'refresh_token'],
    ['no id_token', { ...goodBody, id_token: undefined }, 'id_token'],
    ['a JSON array', [goodBody], '(root)'],
    ['JSON null', null, '(root)'],
  ])('calls an answer with %s malformed and names the field', async (_name, body, field) => {
    const { fake, deps } = setup();
    fake.reply(() => json(body));
    const info = await failure(exchangeCode(deps, config, GRANT));
    expect(info.code).toBe('token_response_malformed');
    expect(info.detail).toContain(field);
  });

  it('never puts a token value into the error detail', async () => {
    const { fake, deps } = setup();
    fake.reply(() => json({ ...goodBody, token_type: 'secret-looking-value', access_token: 'TOPSECRET' }));
    const info = await failure(exchangeCode(deps, config, GRANT));
    expect(JSON.stringify(info)).not.toContain('TOPSECRET');
    expect(JSON.stringify(info)).not.toContain('secret-looking-value');
  });

  it.each([
    ['HTML', '<html>hello</html>'],
    ['truncated JSON', '{"access_token":'],
    ['nothing', ''],
  ])('calls a 200 answer of %s malformed (not JSON)', async (_name, text) => {
    const { fake, deps } = setup();
    fake.reply(() => new Response(text, { status: 200 }));
    const info = await failure(exchangeCode(deps, config, GRANT));
    expect(info).toEqual({ code: 'token_response_malformed', status: 200, detail: 'the answer is not JSON' });
  });

  it('reports a network failure as network', async () => {
    const { fake, deps } = setup();
    fake.reply(() => new TypeError('Failed to fetch'));
    expect((await failure(exchangeCode(deps, config, GRANT))).code).toBe('network');
  });

  it.each([
    ['invalid_request', 400, 'oauth_invalid_request'],
    ['invalid_client', 401, 'oauth_invalid_client'],
    ['invalid_client', 400, 'oauth_invalid_client'],
    ['invalid_grant', 400, 'oauth_invalid_grant'],
    ['unauthorized_client', 400, 'oauth_unauthorized_client'],
    ['unsupported_grant_type', 400, 'oauth_unsupported_grant_type'],
    ['invalid_scope', 400, 'oauth_invalid_scope'],
    ['server_error', 500, 'oauth_server_error'],
    ['temporarily_unavailable', 503, 'oauth_temporarily_unavailable'],
    ['something_new', 400, 'oauth_unknown_error'],
  ])('maps the error body %s (status %i) to %s', async (error, status, code) => {
    const { fake, deps } = setup();
    fake.reply(() => json({ error, error_description: 'Because.' }, status));
    const info = await failure(exchangeCode(deps, config, GRANT));
    expect(info.code).toBe(code);
    expect(info.status).toBe(status);
    expect(info.detail).toContain('Because.');
  });

  it.each([
    [500, 'http_server'],
    [502, 'http_server'],
    [404, 'http_unexpected_status'],
    [401, 'http_unexpected_status'],
  ])('reports status %i without an error body as %s', async (status, code) => {
    const { fake, deps } = setup();
    fake.reply(() => new Response('<html>oops</html>', { status }));
    expect(await failure(exchangeCode(deps, config, GRANT))).toEqual({ code, status });
  });
});

describe('refreshTokens', () => {
  it('posts grant_type=refresh_token with the refresh token, and nothing else', async () => {
    const { fake, deps } = setup();
    fake.reply(() => json({ ...goodBody, refresh_token: undefined, id_token: undefined }));
    const result = await refreshTokens(deps, config, 'R-1');
    expect(Object.fromEntries(fake.requests[0]?.body ?? [])).toEqual({ grant_type: 'refresh_token', refresh_token: 'R-1' });
    expect(fake.requests[0]?.headers.authorization).toBe('Basic Y2xpZW50LTE6czNjcjN0LXZhbHVl');
    expect(result.tokens.refreshToken).toBeUndefined();
    expect(result).not.toHaveProperty('idToken');
  });

  it('passes a new refresh token and id_token on', async () => {
    const { fake, deps } = setup();
    fake.reply(() => json({ ...goodBody, refresh_token: 'R-2' }));
    const result = await refreshTokens(deps, config, 'R-1');
    expect(result.tokens.refreshToken).toBe('R-2');
    expect(result.idToken).toBe('sig.payload');
  });

  it.each([400, 401, 403])('reports invalid_grant with status %i as oauth_invalid_grant', async (status) => {
    const { fake, deps } = setup();
    fake.reply(() => json({ error: 'invalid_grant' }, status));
    expect(await failure(refreshTokens(deps, config, 'R-1'))).toEqual({ code: 'oauth_invalid_grant', status });
  });
});
