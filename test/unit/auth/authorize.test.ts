import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildAuthorizeUrl, parseRedirect, randomToken } from '../../../src/auth/authorize.ts';
import { AppError } from '../../../src/shared/errors.ts';
import { webUrl } from '../web-addresses.ts';
import { BASE, REDIRECT, config } from './fakes.ts';

/** The challenge of RFC 7636, Appendix B. */
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return 'no error';
}

describe('randomToken', () => {
  it('makes 32 random bytes by default, in base64url without padding', () => {
    const token = randomToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken(16)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('never repeats itself', () => {
    const seen = new Set(Array.from({ length: 200 }, () => randomToken()));
    expect(seen.size).toBe(200);
  });

  it('refuses fewer than 128 bits', () => {
    expect(() => randomToken(15)).toThrow(RangeError);
    expect(() => randomToken(20.5)).toThrow(RangeError);
  });
});

describe('buildAuthorizeUrl', () => {
  it('asks for a code with the client, redirect, state, scope and the S256 PKCE challenge, and no nonce', () => {
    const url = new URL(buildAuthorizeUrl(config, REDIRECT, 'the-state', CHALLENGE));
    expect(`${url.origin}${url.pathname}`).toBe(`${BASE}/post/api/oauth/authorize/new`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'client-1',
      redirect_uri: REDIRECT,
      state: 'the-state',
      scope: 'READ_ACCOUNT_INFO READ_DOCUMENT_META_INFO',
      code_challenge: CHALLENGE,
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.has('nonce')).toBe(false);
    // Only the hash travels through the browser; the verifier waits for the code exchange.
    expect(url.searchParams.has('code_verifier')).toBe(false);
  });

  it('encodes values that carry URL syntax', () => {
    const url = new URL(buildAuthorizeUrl({ ...config, clientId: 'a&b=c' }, REDIRECT, 's#1', CHALLENGE));
    expect(url.searchParams.get('client_id')).toBe('a&b=c');
    expect(url.searchParams.get('state')).toBe('s#1');
    expect(url.hash).toBe('');
  });
});

describe('parseRedirect', () => {
  const at = (query: string) => `${REDIRECT}?${query}`;

  it('returns the code when the state matches', () => {
    expect(parseRedirect(at('code=abc&state=S1'), 'S1', REDIRECT)).toEqual({ code: 'abc' });
  });

  it.each([
    ['a missing state', at('code=abc')],
    ['a wrong state', at('code=abc&state=S2')],
    ['an empty state', at('code=abc&state=')],
    ['a repeated state', at('code=abc&state=S1&state=S1')],
    ['an error with a wrong state', at('error=access_denied&state=evil')],
    ['an error without state', at('error=access_denied')],
    ['another host', 'https://evil.example/?code=abc&state=S1'],
    ['a look-alike host', 'https://abcdefghijklmnop.chromiumapp.org.evil.example/?code=abc&state=S1'],
    ['another path', `${REDIRECT}other?code=abc&state=S1`],
    ['http instead of https', `${REDIRECT.replace('https:', 'http:')}?code=abc&state=S1`],
    ['not an address', 'not a url'],
  ])('refuses %s as a state mismatch', (_name, url) => {
    expect(codeOf(() => parseRedirect(url, 'S1', REDIRECT))).toBe('signin_state_mismatch');
  });

  it('never matches an empty expected state', () => {
    expect(codeOf(() => parseRedirect(at('code=abc&state='), '', REDIRECT))).toBe('signin_state_mismatch');
  });

  it.each([
    ['invalid_request', 'oauth_invalid_request'],
    ['unauthorized_client', 'oauth_unauthorized_client'],
    ['access_denied', 'oauth_access_denied'],
    ['unsupported_response_type', 'oauth_unsupported_response_type'],
    ['invalid_scope', 'oauth_invalid_scope'],
    ['server_error', 'oauth_server_error'],
    ['temporarily_unavailable', 'oauth_temporarily_unavailable'],
  ])('names the draft-31 error %s', (error, code) => {
    expect(codeOf(() => parseRedirect(at(`error=${error}&state=S1&code=ignored`), 'S1', REDIRECT))).toBe(code);
  });

  it('keeps an unknown error and its description as the detail', () => {
    try {
      parseRedirect(at('error=weird_thing&error_description=Something+odd&state=S1'), 'S1', REDIRECT);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).info).toEqual({ code: 'oauth_unknown_error', detail: 'weird_thing: Something odd' });
    }
  });

  it('passes the error description on as a short detail', () => {
    try {
      parseRedirect(at(`error=access_denied&error_description=${'x'.repeat(500)}&state=S1`), 'S1', REDIRECT);
      expect.unreachable();
    } catch (error) {
      const info = (error as AppError).info;
      expect(info.code).toBe('oauth_access_denied');
      expect(info.detail?.length).toBeLessThanOrEqual(201);
    }
  });

  it.each([at('state=S1'), at('state=S1&code='), at('state=S1&code=a&code=b')])('wants exactly one code: %s', (url) => {
    expect(codeOf(() => parseRedirect(url, 'S1', REDIRECT))).toBe('signin_missing_code');
  });

  it('accepts a redirect address with its own path', () => {
    const redirect = 'https://id.extensions.allizom.org/cb';
    expect(parseRedirect(`${redirect}?state=S&code=c`, 'S', redirect)).toEqual({ code: 'c' });
  });

  it('property: random garbage throws nothing but AppError', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), webUrl()), fc.string(), (url, state) => {
        try {
          parseRedirect(url, state, REDIRECT);
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
        }
      }),
    );
  });

  it('property: any other state is refused, whatever else the answer says', () => {
    const value = fc.string({ minLength: 1 });
    fc.assert(
      fc.property(value, value, fc.option(value), fc.option(value), (expected, got, code, error) => {
        fc.pre(got !== expected);
        const params = new URLSearchParams({ state: got });
        if (code !== null) params.set('code', code);
        if (error !== null) params.set('error', error);
        expect(codeOf(() => parseRedirect(`${REDIRECT}?${params}`, expected, REDIRECT))).toBe('signin_state_mismatch');
      }),
    );
  });

  it('property: a matching state and a code give back that code', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (state, code) => {
        const params = new URLSearchParams({ code, state });
        expect(parseRedirect(`${REDIRECT}?${params}`, state, REDIRECT)).toEqual({ code });
      }),
    );
  });
});
