import { formatScope } from '../shared/permissions.ts';
import { AppError } from '../shared/errors.ts';
import { bytesToBase64Url } from '../shared/base64.ts';
import { oauthError } from './oauth-errors.ts';
import { CODE_CHALLENGE_METHOD } from './pkce.ts';
import { authorizeEndpoint, type ServiceConfig } from './service-config.ts';

const MIN_RANDOM_BYTES = 16; // 128 bits: the least that makes a state or nonce unguessable

/** An unguessable value for `state` and `nonce`, base64url so it survives any URL or form. */
export function randomToken(bytes = 32): string {
  if (!Number.isInteger(bytes) || bytes < MIN_RANDOM_BYTES || bytes > 65536) {
    throw new RangeError(`randomToken needs an integer from ${MIN_RANDOM_BYTES} to 65536 bytes`);
  }
  return bytesToBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/**
 * The address that starts a sign-in (contract §3.1). The nonce is deliberately absent: the service
 * takes it at the token endpoint, not here. The PKCE challenge (see pkce.ts) is the hash of the
 * verifier; this address is seen by the browser and the service, the verifier is not.
 */
export function buildAuthorizeUrl(config: ServiceConfig, redirectUri: string, state: string, codeChallenge: string): string {
  const url = new URL(authorizeEndpoint(config.baseUrl));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', state);
  url.searchParams.set('scope', formatScope(config.scopes));
  url.searchParams.set('code_challenge', codeChallenge);
  url.searchParams.set('code_challenge_method', CODE_CHALLENGE_METHOD);
  return url.toString();
}

function mismatch(detail: string): AppError {
  return new AppError('signin_state_mismatch', { detail });
}

/** The one value of a parameter; a repeated parameter is as suspicious as a missing one. */
function single(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  return values.length === 1 ? values[0] : undefined;
}

/**
 * Reads the service's answer at the redirect address. The state is checked before anything else
 * is believed: an error or a code that arrives with a wrong state may come from someone else.
 */
export function parseRedirect(redirectUrl: string, expectedState: string, redirectUri: string): { code: string } {
  let url: URL;
  let expected: URL;
  try {
    url = new URL(redirectUrl);
    expected = new URL(redirectUri);
  } catch {
    throw mismatch('the answer is not an address');
  }
  if (url.origin !== expected.origin || url.pathname !== expected.pathname) {
    throw mismatch('the answer came to an unexpected address');
  }
  const params = url.searchParams;
  const state = single(params, 'state');
  if (state === undefined || expectedState === '' || state !== expectedState) {
    throw mismatch(state === undefined ? 'no state in the answer' : 'the state does not match');
  }
  if (params.has('error')) {
    const error = single(params, 'error') ?? '';
    throw oauthError(error, single(params, 'error_description'));
  }
  const code = single(params, 'code');
  if (code === undefined || code === '') throw new AppError('signin_missing_code');
  return { code };
}
