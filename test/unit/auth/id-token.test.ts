import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { verifyIdToken, type IdTokenExpectations } from '../../../src/auth/id-token.ts';
import { AppError } from '../../../src/shared/errors.ts';
import { BASE, b64, config, makeIdToken, sign } from './fakes.ts';
import { appErrorOf } from '../app-error.ts';

const NOW = Date.UTC(2024, 4, 1, 12, 0, 0);
const NOW_S = NOW / 1000;
const NONCE = 'nonce-abc';
const expect_: IdTokenExpectations = {
  clientId: config.clientId,
  clientSecret: config.clientSecret,
  nonce: NONCE,
  issuer: BASE,
  now: NOW,
};

async function codeOf(promise: Promise<unknown>): Promise<string> {
  return (await appErrorOf(promise))?.code ?? 'accepted';
}

/** Signs any payload text with the right secret, so only the check under test can fail. */
function signed(payload: string): string {
  return `${sign(payload)}.${payload}`;
}

describe('verifyIdToken', () => {
  it('accepts a token shaped like the real service makes them and returns its claims', async () => {
    const claims = await verifyIdToken(makeIdToken(NOW, NONCE), expect_);
    expect(claims).toEqual({ aud: 'client-1', exp: 899, iat: NOW_S, user_id: '123456', iss: `${BASE}/`, nonce: NONCE });
  });

  it.each([`${BASE}/`, BASE])('accepts the issuer %s for a base address with or without slash', async (iss) => {
    await expect(verifyIdToken(makeIdToken(NOW, NONCE, { iss }), expect_)).resolves.toMatchObject({ iss });
    await expect(verifyIdToken(makeIdToken(NOW, NONCE, { iss }), { ...expect_, issuer: `${BASE}/` })).resolves.toBeDefined();
  });

  it.each(['https://evil.example/', 'https://www.digipost.no.evil.example', 'http://www.digipost.no/', 'not a url', ''])(
    'refuses the issuer %j',
    async (iss) => {
      expect(await codeOf(verifyIdToken(makeIdToken(NOW, NONCE, { iss }), expect_))).toBe('id_token_issuer');
    },
  );

  it('refuses another audience', async () => {
    expect(await codeOf(verifyIdToken(makeIdToken(NOW, NONCE, { aud: 'client-2' }), expect_))).toBe('id_token_audience');
  });

  it('refuses another nonce, including the "null" the service writes when none was sent', async () => {
    expect(await codeOf(verifyIdToken(makeIdToken(NOW, 'other'), expect_))).toBe('id_token_nonce');
    expect(await codeOf(verifyIdToken(makeIdToken(NOW, 'null'), expect_))).toBe('id_token_nonce');
  });

  it('refuses a token signed with another secret', async () => {
    expect(await codeOf(verifyIdToken(makeIdToken(NOW, NONCE, {}, 'wrong-secret'), expect_))).toBe('id_token_signature');
  });

  it('refuses a payload changed after signing', async () => {
    const [sig = ''] = makeIdToken(NOW, NONCE).split('.');
    const forged = b64(JSON.stringify({ aud: 'client-1', exp: 899, iat: NOW_S, user_id: 'someone-else', iss: BASE, nonce: NONCE }));
    expect(await codeOf(verifyIdToken(`${sig}.${forged}`, expect_))).toBe('id_token_signature');
  });

  it('signs the payload as received: a re-encoded payload with the same JSON is refused', async () => {
    const token = ['1', '12', '123'].map((id) => makeIdToken(NOW, NONCE, { user_id: id })).find((t) => t.endsWith('='));
    const [sig = '', payload = ''] = (token ?? '').split('.');
    expect(payload).toMatch(/=$/);
    expect(await codeOf(verifyIdToken(`${sig}.${payload}`, expect_))).toBe('accepted');
    expect(await codeOf(verifyIdToken(`${sig}.${payload.replace(/=+$/, '')}`, expect_))).toBe('id_token_signature');
  });

  it('refuses a JWT-style (base64url, header.payload.signature) token', async () => {
    const payload = b64(JSON.stringify({ aud: 'client-1' })).replace(/=+$/, '');
    expect(await codeOf(verifyIdToken(`eyJhbGciOiJIUzI1NiJ9.${payload}.c2ln`, expect_))).toBe('id_token_malformed');
    const [sig = '', rest = ''] = makeIdToken(NOW, NONCE).split('.');
    const urlSig = sig.replace(/\+/g, '-').replace(/\//g, '_');
    if (urlSig !== sig) expect(await codeOf(verifyIdToken(`${urlSig}.${rest}`, expect_))).toBe('id_token_malformed');
  });

  it.each([
    ['no period', 'abc'],
    ['three parts', 'a.b.c'],
    ['an empty signature', `.${b64('{}')}`],
    ['an empty payload', `${sign('')}.`],
    ['a signature that is not Base64', `%%%.${b64('{}')}`],
    ['an empty string', ''],
  ])('calls %s malformed', async (_name, token) => {
    expect(await codeOf(verifyIdToken(token, expect_))).toBe('id_token_malformed');
  });

  it.each([
    ['a payload that is not Base64', 'not base64!'],
    ['a payload that is not JSON', b64('not json')],
    ['a payload that is not UTF-8', Buffer.from([0xff, 0xfe, 0x7b]).toString('base64')],
    ['a JSON array', b64('[]')],
    ['a missing user_id', b64(JSON.stringify({ aud: 'client-1', exp: 899, iat: NOW_S, iss: BASE, nonce: NONCE }))],
    ['an iat given as text', b64(JSON.stringify({ aud: 'client-1', exp: 899, iat: String(NOW_S), user_id: 'u', iss: BASE, nonce: NONCE }))],
    ['a fractional exp', b64(JSON.stringify({ aud: 'client-1', exp: 899.5, iat: NOW_S, user_id: 'u', iss: BASE, nonce: NONCE }))],
    ['a negative exp', b64(JSON.stringify({ aud: 'client-1', exp: -1, iat: NOW_S, user_id: 'u', iss: BASE, nonce: NONCE }))],
    ['an aud that is a list', b64(JSON.stringify({ aud: ['client-1'], exp: 899, iat: NOW_S, user_id: 'u', iss: BASE, nonce: NONCE }))],
    ['a null nonce', b64(JSON.stringify({ aud: 'client-1', exp: 899, iat: NOW_S, user_id: 'u', iss: BASE, nonce: null }))],
  ])('calls a correctly signed token with %s malformed', async (_name, payload) => {
    expect(await codeOf(verifyIdToken(signed(payload), expect_))).toBe('id_token_malformed');
  });

  it('accepts a numeric user_id as its text', async () => {
    const claims = await verifyIdToken(makeIdToken(NOW, NONCE, { user_id: 42 }), expect_);
    expect(claims.user_id).toBe('42');
  });

  describe('time', () => {
    const at = (overrides: Record<string, unknown>, now = NOW) =>
      codeOf(verifyIdToken(makeIdToken(NOW, NONCE, overrides), { ...expect_, now }));

    it('takes an exp not above iat as a lifetime counted from iat', async () => {
      expect(await at({ exp: 899 }, NOW + 898_000)).toBe('accepted');
      expect(await at({ exp: 899 }, NOW + 899_000 + 61_000)).toBe('id_token_expired');
    });

    it('takes an exp above iat as an absolute time', async () => {
      expect(await at({ exp: NOW_S + 600 }, NOW + 500_000)).toBe('accepted');
      expect(await at({ exp: NOW_S + 600 }, NOW + 700_000)).toBe('id_token_expired');
    });

    it('refuses an absolute exp in the past (before iat) rather than reading it as a lifetime', async () => {
      expect(await at({ exp: NOW_S - 3600 })).toBe('id_token_expired');
      expect(await at({ exp: NOW_S - 1 })).toBe('id_token_expired');
      // A year is the longest lifetime believed; a real lifetime well under it still counts from iat.
      expect(await at({ exp: 30 * 24 * 3600 }, NOW + 1000)).toBe('accepted');
    });

    it('allows a minute of skew around the expiry, not more', async () => {
      expect(await at({ exp: NOW_S + 10 }, NOW + 50_000)).toBe('accepted');
      expect(await at({ exp: NOW_S + 10 }, NOW + 71_000)).toBe('id_token_expired');
    });

    it('refuses a lifetime of 0 once the skew has passed', async () => {
      expect(await at({ exp: 0 }, NOW + 120_000)).toBe('id_token_expired');
    });

    it('refuses an iat more than five minutes ahead, accepts a little ahead', async () => {
      expect(await at({ iat: NOW_S + 120 })).toBe('accepted');
      expect(await at({ iat: NOW_S + 301 })).toBe('id_token_issued_at');
    });

    it('refuses an iat older than a day', async () => {
      expect(await at({ iat: NOW_S - 24 * 3600 - 1, exp: NOW_S + 3600 })).toBe('id_token_issued_at');
      expect(await at({ iat: NOW_S - 3600, exp: NOW_S + 3600 })).toBe('accepted');
    });
  });

  describe('properties', () => {
    const good = makeIdToken(NOW, NONCE);

    it('any change to the token is refused', async () => {
      await fc.assert(
        fc.asyncProperty(fc.nat({ max: good.length - 1 }), fc.integer({ min: 32, max: 126 }), async (index, charCode) => {
          const replacement = String.fromCharCode(charCode);
          fc.pre(good[index] !== replacement);
          const tampered = good.slice(0, index) + replacement + good.slice(index + 1);
          await expect(verifyIdToken(tampered, expect_)).rejects.toBeInstanceOf(AppError);
        }),
      );
    });

    it('any other signature is refused', async () => {
      const [, payload = ''] = good.split('.');
      await fc.assert(
        fc.asyncProperty(fc.uint8Array({ minLength: 0, maxLength: 64 }), async (bytes) => {
          const signature = Buffer.from(bytes).toString('base64');
          fc.pre(signature !== sign(payload));
          expect(await codeOf(verifyIdToken(`${signature}.${payload}`, expect_))).toMatch(/^id_token_(signature|malformed)$/);
        }),
      );
    });

    it('claims signed with the right secret but not ours are refused with a named reason', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.record({ aud: fc.string(), nonce: fc.string(), user_id: fc.string({ minLength: 1 }), iss: fc.string() }),
          async (claims) => {
            fc.pre(claims.aud !== config.clientId || claims.nonce !== NONCE);
            const payload = b64(JSON.stringify({ ...claims, iat: NOW_S, exp: 899 }));
            expect(await codeOf(verifyIdToken(signed(payload), expect_))).toMatch(/^id_token_(audience|nonce)$/);
          },
        ),
      );
    });

    it('random garbage throws nothing but AppError', async () => {
      const part = fc.oneof(fc.string(), fc.base64String(), fc.json().map(b64));
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.string(),
            fc.tuple(part, part).map(([a, b]) => `${a}.${b}`),
          ),
          async (token) => {
            await expect(verifyIdToken(token, expect_)).rejects.toBeInstanceOf(AppError);
          },
        ),
      );
    });

    it('any JSON payload signed correctly is either accepted with checked claims or refused with an AppError', async () => {
      await fc.assert(
        fc.asyncProperty(fc.json(), async (text) => {
          try {
            const claims = await verifyIdToken(signed(b64(text)), expect_);
            expect(claims.aud).toBe(config.clientId);
            expect(claims.nonce).toBe(NONCE);
          } catch (error) {
            expect(error).toBeInstanceOf(AppError);
          }
        }),
      );
    });
  });
});
