import { AppError } from '../shared/errors.ts';
import { parseBase64, parseCanonicalBase64 } from '../shared/base64.ts';
import { describeIssues, z } from '../shared/zod.ts';

export interface IdTokenClaims {
  aud: string;
  exp: number;
  iat: number;
  user_id: string;
  iss: string;
  nonce: string;
}

export interface IdTokenExpectations {
  clientId: string;
  clientSecret: string;
  /** The nonce sent in the token request. */
  nonce: string;
  /** The service's base address; the token may name it with or without a trailing slash. */
  issuer: string;
  /** Milliseconds since the epoch. */
  now: number;
}

/** How far ahead of our clock the service's clock may be. */
const MAX_CLOCK_AHEAD_S = 5 * 60;
/** An id_token is checked right after it is issued; one older than a day is a replay, not lag. */
const MAX_AGE_S = 24 * 60 * 60;
/**
 * The longest `exp` read as a lifetime. The real service sends the token's lifetime (899);
 * anything from a year up is a point in time, and one not after `iat` has already passed.
 */
const MAX_LIFETIME_S = 365 * 24 * 60 * 60;
/** Grace for an expiry that has just passed, for clocks that disagree a little. */
const EXPIRY_SKEW_S = 60;

const claimsSchema = z.object({
  aud: z.string(),
  exp: z.int().check(z.gte(0)),
  iat: z.int().check(z.gte(0)),
  // The contract (§3.3) has a string; a number would name the same user, so it is accepted as its text.
  user_id: z.union([z.string().check(z.minLength(1)), z.pipe(z.int(), z.transform(String))]),
  iss: z.string(),
  nonce: z.string(),
});

function malformed(detail: string): AppError {
  return new AppError('id_token_malformed', { detail });
}

async function signatureMatches(secret: string, payload: string, signature: Uint8Array<ArrayBuffer>): Promise<boolean> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  // subtle.verify compares in constant time, so the answer's timing says nothing about the MAC.
  return crypto.subtle.verify('HMAC', key, signature, encoder.encode(payload));
}

function decodeClaims(payload: string): IdTokenClaims {
  const bytes = parseBase64(payload);
  if (!bytes) throw malformed('the payload is not Base64');
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw malformed('the payload is not JSON');
  }
  const parsed = claimsSchema.safeParse(json);
  if (!parsed.success) throw malformed(describeIssues(parsed.error));
  return parsed.data;
}

/** Compares addresses as the service writes them: `https://host` and `https://host/` are one issuer. */
function sameIssuer(iss: string, issuer: string): boolean {
  const normalise = (value: string) => {
    try {
      const url = new URL(value);
      return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
    } catch {
      return undefined;
    }
  };
  const a = normalise(iss);
  return a !== undefined && a === normalise(issuer);
}

/**
 * Verifies the service's id_token (contract §3.3): `<signature>.<payload>`, where payload is standard
 * Base64 of the claims JSON and signature is standard Base64 of HMAC-SHA256(client secret,
 * payload as received). It is not a JWT. The MAC is checked before the payload is even decoded.
 *
 * `exp` comes two ways: an absolute Unix time (greater than iat) or, as seen from the real
 * service, a lifetime in seconds (e.g. 899), which then counts from iat. A value not greater
 * than iat is a lifetime only when it is short enough to be one (MAX_LIFETIME_S): an absolute
 * time before iat is an expired token, not a lifetime of fifty years.
 */
export async function verifyIdToken(idToken: string, opts: IdTokenExpectations): Promise<IdTokenClaims> {
  const parts = idToken.split('.');
  if (parts.length !== 2) throw malformed(`expected 2 parts, found ${parts.length}`);
  const [signaturePart = '', payload = ''] = parts;
  if (signaturePart === '' || payload === '') throw malformed('an empty part');
  const signature = parseCanonicalBase64(signaturePart);
  if (!signature) throw malformed('the signature is not Base64');
  if (opts.clientSecret === '' || !(await signatureMatches(opts.clientSecret, payload, signature))) {
    throw new AppError('id_token_signature');
  }

  const claims = decodeClaims(payload);
  if (claims.aud !== opts.clientId) throw new AppError('id_token_audience');
  if (claims.nonce !== opts.nonce) throw new AppError('id_token_nonce');
  if (!sameIssuer(claims.iss, opts.issuer)) throw new AppError('id_token_issuer', { detail: claims.iss.slice(0, 100) });

  const nowS = opts.now / 1000;
  if (claims.iat > nowS + MAX_CLOCK_AHEAD_S) throw new AppError('id_token_issued_at', { detail: 'issued in the future' });
  if (claims.iat < nowS - MAX_AGE_S) throw new AppError('id_token_issued_at', { detail: 'issued too long ago' });

  if (claims.exp <= claims.iat && claims.exp > MAX_LIFETIME_S) throw new AppError('id_token_expired', { detail: 'exp is before iat' });
  const expiresAtS = claims.exp > claims.iat ? claims.exp : claims.iat + claims.exp;
  if (expiresAtS + EXPIRY_SKEW_S <= nowS) throw new AppError('id_token_expired');
  return claims;
}
