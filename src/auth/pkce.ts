import { CODE_VERIFIER_PATTERN } from '../storage/items.ts';
import { bytesToBase64Url } from '../shared/base64.ts';

/**
 * Proof Key for Code Exchange (RFC 7636, contract §3.1 and §3.2). Every sign-in makes a new secret
 * verifier and sends only its hash (the challenge) with the authorization request; the code
 * exchange then sends the verifier itself. Whoever steals the code from the redirect cannot use
 * it without the verifier, which never left the worker. A service that does not know PKCE ignores
 * both parameters (RFC 6749 §3.1 and §3.2: unknown request parameters are ignored).
 */

/** The only transformation sent: S256 (RFC 7636 §4.2); `plain` would hand the verifier to the address bar. */
export const CODE_CHALLENGE_METHOD = 'S256';

/**
 * 32 random bytes in base64url: the 43 characters (256 bits of entropy) RFC 7636 §4.1 recommends,
 * all of them in the unreserved set.
 */
export function newCodeVerifier(): string {
  return bytesToBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/** BASE64URL(SHA-256(ASCII(verifier))), without padding (RFC 7636 §4.2). */
export async function codeChallengeOf(verifier: string): Promise<string> {
  if (!CODE_VERIFIER_PATTERN.test(verifier)) throw new RangeError('a code verifier is 43 to 128 unreserved characters');
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return bytesToBase64Url(new Uint8Array(digest));
}
