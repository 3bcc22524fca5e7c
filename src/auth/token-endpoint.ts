import { hardenedFetch, type HttpAnswer, type HttpRequest } from '../api/http-core.ts';
import { NETWORK_TIMEOUT_MS } from '../api/timeouts.ts';
import { AppError } from '../shared/errors.ts';
import { utf8ToBase64 } from '../shared/base64.ts';
import { oauthError } from './oauth-errors.ts';
import { tokenEndpoint, type ServiceConfig } from './service-config.ts';
import { describeIssues, z } from '../shared/zod.ts';

export interface TokenSet {
  accessToken: string;
  refreshToken?: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
  /** When to refresh it (milliseconds since the epoch): see refreshPoint. */
  refreshAt: number;
  scope?: string;
}

/** A token this close to its expiry is refreshed first, so it does not die on the way. */
export const REFRESH_MARGIN_MS = 60_000;

/**
 * A minute before the expiry, or half way through a shorter lifetime: a service that hands out
 * 30-second tokens must not cost a refresh on every call.
 */
function refreshPoint(sentAt: number, lifetimeMs: number): number {
  return sentAt + lifetimeMs - Math.min(REFRESH_MARGIN_MS, lifetimeMs / 2);
}

export interface TokenEndpointDeps {
  fetch: typeof fetch;
  now: () => number;
  /** How long the token endpoint may take to answer (default NETWORK_TIMEOUT_MS). */
  timeoutMs?: number;
}

/** A token answer is a few hundred bytes; anything near this is not one. */
export const MAX_TOKEN_RESPONSE_BYTES = 64 * 1024;

/**
 * `expires_in` of 0 or absent means "no limited lifetime" (contract §3.2). We still do not trust a
 * token forever: after this long it is refreshed (or, without a refresh token, the user is asked
 * again), and an API 401/403 refreshes it sooner anyway.
 */
export const UNLIMITED_LIFETIME_FALLBACK_MS = 8 * 60 * 60 * 1000;

const secondsSchema = z.union([
  z.int().check(z.gte(0)),
  // Some OAuth servers send numbers as strings; the value is the same.
  z.pipe(z.string().check(z.regex(/^\d{1,10}$/)), z.transform(Number)),
]);

const tokenResponseSchema = z.object({
  access_token: z.string().check(z.minLength(1)),
  token_type: z.string().check(z.refine((value) => value.toLowerCase() === 'bearer', { message: 'not bearer' })),
  expires_in: z.optional(secondsSchema),
  // Absent when the token cannot be refreshed; null or "" mean the same.
  refresh_token: z.nullish(z.string()),
  id_token: z.optional(z.string().check(z.minLength(1))),
  scope: z.nullish(z.string()),
});

const errorResponseSchema = z.object({
  error: z.string(),
  error_description: z.nullish(z.string()),
});

function basicAuthorization(config: ServiceConfig): string {
  // Spec 4.2: the raw id and secret joined by a colon (not form-encoded first), UTF-8, standard Base64.
  return `Basic ${utf8ToBase64(`${config.clientId}:${config.clientSecret}`)}`;
}

interface TokenResponse {
  tokens: TokenSet;
  idToken: string | undefined;
}

/**
 * A request to the token endpoint (contract §3.2): the form with HTTP Basic client credentials.
 * It carries the client secret and a code or refresh token, so it goes to the token endpoint of
 * the configured service and nowhere else: a redirect is refused, and only its own answer counts.
 */
function tokenRequest(deps: TokenEndpointDeps, config: ServiceConfig, form: Record<string, string>): HttpRequest {
  return {
    url: tokenEndpoint(config.baseUrl),
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
      Authorization: basicAuthorization(config),
    },
    body: new URLSearchParams(form).toString(),
    redirects: 'refuse',
    timeoutMs: deps.timeoutMs ?? NETWORK_TIMEOUT_MS,
  };
}

/** Any answer of the token endpoint; `sentAt` is when the request left, so an expiry is never late. */
async function processTokenResponse(answer: HttpAnswer, sentAt: number): Promise<TokenResponse> {
  const text = await answer.text(MAX_TOKEN_RESPONSE_BYTES, (detail) => new AppError('response_too_large', { detail }));
  return parseTokenResponse(answer.status, text, sentAt);
}

function parseTokenResponse(status: number, text: string, sentAt: number): TokenResponse {
  let body: unknown;
  let isJson = true;
  try {
    body = JSON.parse(text);
  } catch {
    isJson = false;
  }
  const errorBody = isJson ? errorResponseSchema.safeParse(body) : undefined;
  if (errorBody?.success) {
    // Draft-31 5.2 says 400 (401 for invalid_client); the real service also answers a refused
    // refresh with 401 or 403. The error code, not the status, says what happened.
    throw oauthError(errorBody.data.error, errorBody.data.error_description, status);
  }
  if (status < 200 || status > 299) {
    throw new AppError(status >= 500 ? 'http_server' : 'http_unexpected_status', { status });
  }
  if (!isJson) throw new AppError('token_response_malformed', { status, detail: 'the answer is not JSON' });
  const parsed = tokenResponseSchema.safeParse(body);
  if (!parsed.success) {
    throw new AppError('token_response_malformed', { status, detail: describeIssues(parsed.error) });
  }
  const data = parsed.data;
  const lifetimeMs = data.expires_in ? data.expires_in * 1000 : UNLIMITED_LIFETIME_FALLBACK_MS;
  const tokens: TokenSet = {
    accessToken: data.access_token,
    expiresAt: sentAt + lifetimeMs,
    refreshAt: refreshPoint(sentAt, lifetimeMs),
  };
  if (data.refresh_token) tokens.refreshToken = data.refresh_token;
  if (data.scope) tokens.scope = data.scope;
  return { tokens, idToken: data.id_token };
}

/** What a code exchange sends besides the client's credentials: all of it belongs to one sign-in. */
export interface CodeGrant {
  code: string;
  redirectUri: string;
  /** The value the id_token must echo (contract §3.3). */
  nonce: string;
  /** The PKCE verifier whose challenge went with the authorization request (pkce.ts). */
  codeVerifier: string;
}

/**
 * The authorization-code exchange (contract §3.2): `grant_type=code`, with the nonce the id_token
 * must echo and the PKCE verifier that proves this client asked for the code.
 */
function codeExchangeRequest(deps: TokenEndpointDeps, config: ServiceConfig, grant: CodeGrant): HttpRequest {
  return tokenRequest(deps, config, {
    grant_type: 'code',
    code: grant.code,
    redirect_uri: grant.redirectUri,
    nonce: grant.nonce,
    code_verifier: grant.codeVerifier,
  });
}

/** A sign-in is not done without the id_token that names the user. */
async function processCodeExchangeResponse(answer: HttpAnswer, sentAt: number): Promise<{ tokens: TokenSet; idToken: string }> {
  const { tokens, idToken } = await processTokenResponse(answer, sentAt);
  if (idToken === undefined) throw new AppError('token_response_malformed', { detail: 'id_token: missing' });
  return { tokens, idToken };
}

export async function exchangeCode(
  deps: TokenEndpointDeps,
  config: ServiceConfig,
  grant: CodeGrant,
): Promise<{ tokens: TokenSet; idToken: string }> {
  const sentAt = deps.now();
  return hardenedFetch(deps.fetch, codeExchangeRequest(deps, config, grant), (answer) => processCodeExchangeResponse(answer, sentAt));
}

/** The refresh exchange: `grant_type=refresh_token` and the token, nothing else (contract §3.2). */
function refreshRequest(deps: TokenEndpointDeps, config: ServiceConfig, refreshToken: string): HttpRequest {
  return tokenRequest(deps, config, { grant_type: 'refresh_token', refresh_token: refreshToken });
}

/**
 * It keeps nothing: whether to keep the old refresh token when no new one comes is the session's
 * decision, and so is checking an id_token, which a refresh may or may not bring.
 */
async function processRefreshResponse(answer: HttpAnswer, sentAt: number): Promise<{ tokens: TokenSet; idToken?: string }> {
  const { tokens, idToken } = await processTokenResponse(answer, sentAt);
  return idToken === undefined ? { tokens } : { tokens, idToken };
}

export async function refreshTokens(
  deps: TokenEndpointDeps,
  config: ServiceConfig,
  refreshToken: string,
): Promise<{ tokens: TokenSet; idToken?: string }> {
  const sentAt = deps.now();
  return hardenedFetch(deps.fetch, refreshRequest(deps, config, refreshToken), (answer) => processRefreshResponse(answer, sentAt));
}
