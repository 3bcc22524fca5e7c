/**
 * PKCE (RFC 7636) as a server that knows it: a challenge sent with the authorization request is
 * bound to the code, and the code is then exchanged only with the verifier that hashes to it.
 * Whether a challenge is required is the `requirePkce` knob. Only S256 is supported: RFC 7636
 * §4.2 makes it the method every client that can hash must use, and `plain` would put the
 * verifier itself in the browser's address.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

/** RFC 7636 §4.1 and §4.2: 43 to 128 characters of the unreserved set, for verifier and challenge alike. */
const UNRESERVED_43_TO_128 = /^[A-Za-z0-9._~-]{43,128}$/;

export type ChallengeCheck = { ok: true; challenge: string | undefined } | { ok: false; description: string };

/** The authorization request's challenge (RFC 7636 §4.3), refused with the §4.4.1 reasons. */
export function readChallenge(params: URLSearchParams, required: boolean): ChallengeCheck {
  const challenge = params.get('code_challenge');
  const method = params.get('code_challenge_method');
  if (challenge === null || challenge === '') {
    if (required) return { ok: false, description: 'PKCE is required: code_challenge is missing.' };
    if (method !== null) return { ok: false, description: 'code_challenge_method without code_challenge.' };
    return { ok: true, challenge: undefined };
  }
  // An absent method means plain (RFC 7636 §4.3), which this service does not support.
  if (method !== 'S256') return { ok: false, description: `Unsupported code_challenge_method: ${method ?? 'plain'} (only S256).` };
  if (!UNRESERVED_43_TO_128.test(challenge)) return { ok: false, description: 'code_challenge must be 43 to 128 unreserved characters.' };
  return { ok: true, challenge };
}

function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Why the code may not be exchanged with this verifier (an `invalid_grant`, RFC 7636 §4.6), or
 * undefined when it may. A code issued with a challenge always needs its verifier, whether PKCE is
 * required or not: that is what protects a stolen code. A verifier sent for a code issued without
 * a challenge is ignored, as a service that does not know PKCE ignores it, unless PKCE is required.
 */
export function verifierProblem(challenge: string | undefined, verifier: string | null, required: boolean): string | undefined {
  if (challenge === undefined) return required ? 'PKCE is required, and this code was issued without a code_challenge.' : undefined;
  if (verifier === null || verifier === '') return 'code_verifier is missing; the authorization request carried a code_challenge.';
  if (!UNRESERVED_43_TO_128.test(verifier)) return 'code_verifier must be 43 to 128 unreserved characters.';
  if (!same(s256(verifier), challenge)) return 'code_verifier does not match the code_challenge.';
  return undefined;
}
