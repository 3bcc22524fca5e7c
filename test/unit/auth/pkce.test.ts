import { describe, expect, it } from 'vitest';
import { codeChallengeOf, newCodeVerifier } from '../../../src/auth/pkce.ts';
import { CODE_VERIFIER_PATTERN } from '../../../src/storage/items.ts';

describe('PKCE (RFC 7636)', () => {
  it("makes the challenge of the RFC's own example (Appendix B)", async () => {
    expect(await codeChallengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('makes verifiers of 43 unreserved characters that never repeat', () => {
    const verifiers = Array.from({ length: 200 }, () => newCodeVerifier());
    for (const verifier of verifiers) expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(verifiers).size).toBe(200);
  });

  it('accepts exactly the verifiers the RFC allows (43 to 128 of A-Z a-z 0-9 - . _ ~)', () => {
    expect(CODE_VERIFIER_PATTERN.test('a'.repeat(43))).toBe(true);
    expect(CODE_VERIFIER_PATTERN.test(`${'a'.repeat(40)}-._~`)).toBe(true);
    expect(CODE_VERIFIER_PATTERN.test('a'.repeat(128))).toBe(true);
    expect(CODE_VERIFIER_PATTERN.test('a'.repeat(42))).toBe(false);
    expect(CODE_VERIFIER_PATTERN.test('a'.repeat(129))).toBe(false);
    expect(CODE_VERIFIER_PATTERN.test(`${'a'.repeat(42)}+`)).toBe(false);
    expect(CODE_VERIFIER_PATTERN.test(`${'a'.repeat(42)}=`)).toBe(false);
  });

  it('refuses to hash a verifier the RFC does not allow', async () => {
    await expect(codeChallengeOf('short')).rejects.toThrow(RangeError);
  });
});
