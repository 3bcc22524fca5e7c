/**
 * The service's own id_token (contract §3.3): `<signature>.<payload>`, signature first, both
 * standard padded Base64, HMAC-SHA256 keyed with the client secret. Not a JWT.
 */
import { createHmac } from 'node:crypto';
import type { IdTokenExp } from './config.ts';

export interface IdTokenInput {
  clientId: string;
  clientSecret: string;
  userId: string;
  issuer: string;
  nonce: string;
  now: number;
  lifetime: number;
  exp: IdTokenExp;
  badSignature: boolean;
}

function signIdTokenPayload(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload, 'utf8').digest('base64');
}

export function makeIdToken(input: IdTokenInput): string {
  const iat = Math.floor(input.now / 1000);
  const claims = {
    aud: input.clientId,
    // The real service has put the lifetime here, not a time: kept as the default quirk.
    exp: input.exp === 'lifetime' ? input.lifetime : iat + input.lifetime,
    user_id: input.userId,
    iss: input.issuer,
    iat,
    nonce: input.nonce,
  };
  const payload = Buffer.from(JSON.stringify(claims), 'utf8').toString('base64');
  // A wrong key rather than garbage: the token still looks right and only verification fails.
  const signature = signIdTokenPayload(payload, input.badSignature ? `${input.clientSecret}-wrong` : input.clientSecret);
  return `${signature}.${payload}`;
}
