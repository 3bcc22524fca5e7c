/** The OAuth endpoints: authorization with consent (contract §3.1) and token exchange (contract §3.2). */
import { timingSafeEqual } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { Client } from './clients.ts';
import { CODE_LIFETIME_MS, CONSENT_LIFETIME_MS } from './config.ts';
import { authenticate } from './guard.ts';
import { apiError, apiJson, json, readForm, resource } from './http.ts';
import { makeIdToken } from './id-token.ts';
import { consentPage, errorPage } from './pages.ts';
import { readChallenge, verifierProblem } from './pkce.ts';
import type { Permission } from './permissions.ts';
import { formatScope, parseScope } from './permissions.ts';
import type { Emulator } from './state.ts';
import type { Grant } from './tokens.ts';

const OAUTH_ROUTES = {
  authorize: '/post/api/oauth/authorize/new',
  consent: '/post/api/oauth/authorize/consent',
  token: '/post/api/oauth/accesstoken',
  revoke: '/post/api/oauth/revoke',
} as const;

function redirect(to: string, params: Record<string, string | undefined>): Response {
  const url = new URL(to);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return new Response(null, { status: 302, headers: { Location: url.toString(), 'Cache-Control': 'no-store' } });
}

type ScopeCheck = { ok: true; permissions: Permission[] } | { ok: false; description: string };

function checkScope(scope: string, allowed: readonly Permission[]): ScopeCheck {
  const parsed = parseScope(scope);
  if (!parsed.ok) return { ok: false, description: `Unknown scope value: ${parsed.unknown.join(', ')}` };
  if (parsed.permissions.length === 0) return { ok: false, description: 'The scope parameter names no permission.' };
  const extra = parsed.permissions.filter((p) => !allowed.includes(p));
  if (extra.length > 0) return { ok: false, description: `Not allowed for this application: ${extra.join(', ')}` };
  return { ok: true, permissions: parsed.permissions };
}

/** GET authorize: client and redirect address are checked before anything may be redirected (draft 31, 4.1.2.1). */
function authorize(em: Emulator, c: Context): Response {
  const params = new URL(c.req.url).searchParams;
  const clientIds = params.getAll('client_id');
  const client = clientIds.length === 1 ? em.client(clientIds[0] ?? '') : undefined;
  if (!client)
    return errorPage('Unknown application', 'The application that sent you here is not registered with Digipost. No data was shared.');
  const redirects = params.getAll('redirect_uri');
  const redirectUri = redirects.length === 1 ? (redirects[0] ?? '') : '';
  if (!client.acceptsRedirect(redirectUri)) {
    return errorPage('Invalid return address', `The return address is not registered for ${client.name}. No data was shared.`);
  }
  const states = params.getAll('state');
  const state = states.length === 1 ? states[0] : undefined;
  const fail = (error: string, description: string) => redirect(redirectUri, { error, error_description: description, state });

  const repeated = ['response_type', 'state', 'scope', 'code_challenge', 'code_challenge_method'].filter(
    (name) => params.getAll(name).length > 1,
  );
  if (repeated.length > 0) return fail('invalid_request', `Parameter given more than once: ${repeated.join(', ')}`);
  const responseType = params.get('response_type');
  if (responseType === null || responseType === '') return fail('invalid_request', 'Missing parameter: response_type');
  if (responseType !== 'code') return fail('unsupported_response_type', 'Only response_type=code is supported.');
  if (state === undefined || state === '') return fail('invalid_request', 'Missing parameter: state');
  // Draft 31, 3.3: a missing scope is an invalid scope when there is no default.
  const scope = checkScope(params.get('scope') ?? '', client.permissions);
  if (!scope.ok) return fail('invalid_scope', scope.description);
  // RFC 7636 §4.4.1: a missing challenge the service requires, or a method it does not support.
  const pkce = readChallenge(params, em.world.knobs.requirePkce);
  if (!pkce.ok) return fail('invalid_request', pkce.description);

  const consent = em.world.tokens.addConsent({
    clientId: client.id,
    redirectUri,
    state,
    permissions: scope.permissions,
    expires: Date.now() + CONSENT_LIFETIME_MS,
    codeChallenge: pkce.challenge,
  });
  return consentPage({
    consentId: consent.id,
    applicationName: client.name,
    userName: em.world.user.fullName,
    permissions: scope.permissions,
    action: OAUTH_ROUTES.consent,
  });
}

/** POST consent: the person's decision, carried by a one-time id rather than the raw parameters. */
async function decide(em: Emulator, c: Context): Promise<Response> {
  const read = await readForm(c);
  if (!read.ok) return errorPage('Bad request', read.reason);
  const decision = read.form.get('decision');
  if (decision !== 'approve' && decision !== 'decline') return errorPage('Bad request', 'Choose Approve or Decline.');
  const consent = em.world.tokens.takeConsent(read.form.get('consent_id') ?? '', Date.now());
  if (!consent)
    return errorPage(
      'This request has expired',
      'The request was already answered or is too old. Go back to the application and try again.',
    );
  if (decision === 'decline') {
    return redirect(consent.redirectUri, { error: 'access_denied', error_description: 'The user declined access.', state: consent.state });
  }
  const code = em.world.tokens.addCode({
    clientId: consent.clientId,
    redirectUri: consent.redirectUri,
    permissions: consent.permissions,
    expires: Date.now() + CODE_LIFETIME_MS,
    codeChallenge: consent.codeChallenge,
  });
  return redirect(consent.redirectUri, { code: code.code, state: consent.state });
}

/** Draft 31, 5.2: JSON error, 400 (401 for client authentication), never cached. */
function tokenError(error: string, description: string, status: 400 | 401 = 400): Response {
  const headers: Record<string, string> = { Pragma: 'no-cache' };
  if (status === 401) headers['WWW-Authenticate'] = 'Basic realm="Digipost"';
  return json({ error, error_description: description }, status, headers);
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** HTTP Basic with standard Base64 (contract §3.2); the secret may contain colons, the id may not. */
function authenticateClient(em: Emulator, header: string | undefined): Client | undefined {
  const match = /^Basic[ ]+([A-Za-z0-9+/]+={0,2})\s*$/i.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const client = em.client(decoded.slice(0, colon));
  return client && sameSecret(client.secret, decoded.slice(colon + 1)) ? client : undefined;
}

interface Issue {
  client: Client;
  grant: Grant;
  permissions: Permission[];
  nonce: string;
  refresh: boolean;
}

function issueTokens(em: Emulator, { client, grant, permissions, nonce, refresh }: Issue): Response {
  const now = Date.now();
  const { knobs, tokens } = em.world;
  const access = tokens.addAccessToken(grant.id, permissions, now + knobs.accessTokenLifetime * 1000);
  const body: Record<string, string | number> = { access_token: access.token };
  if (refresh) body.refresh_token = tokens.addRefreshToken(grant.id).token;
  Object.assign(body, {
    expires_in: knobs.accessTokenLifetime,
    token_type: 'bearer',
    id_token: makeIdToken({
      clientId: client.id,
      clientSecret: client.secret,
      userId: em.world.user.userId,
      issuer: `${em.baseUrl}/`,
      nonce,
      // Its times are the service's, read by the extension's clock: on the calendar, as the letters are.
      now: em.settings.calendar(),
      lifetime: knobs.accessTokenLifetime,
      exp: knobs.idTokenExp,
      badSignature: knobs.badIdTokenSignature,
    }),
    scope: formatScope(permissions),
  });
  return json(body, 200, { Pragma: 'no-cache' });
}

function exchangeCode(em: Emulator, client: Client, form: URLSearchParams): Response {
  for (const name of ['code', 'redirect_uri', 'nonce']) {
    if ((form.get(name) ?? '') === '') return tokenError('invalid_request', `Missing parameter: ${name}`);
  }
  const { tokens } = em.world;
  const code = tokens.code(form.get('code') ?? '');
  if (!code) return tokenError('invalid_grant', 'The authorization code is not valid.');
  if (code.used) {
    // A replayed code may be stolen: end what was issued for it.
    if (code.grantId !== undefined) tokens.revokeGrant(code.grantId);
    return tokenError('invalid_grant', 'The authorization code was already used.');
  }
  if (code.expires <= Date.now()) return tokenError('invalid_grant', 'The authorization code has expired.');
  if (code.clientId !== client.id) return tokenError('invalid_grant', 'The authorization code was issued to another client.');
  if (code.redirectUri !== form.get('redirect_uri'))
    return tokenError('invalid_grant', 'redirect_uri does not match the authorization request.');
  // RFC 7636 §4.6. A wrong verifier does not spend the code: whoever holds the right one may still use it.
  const pkce = verifierProblem(code.codeChallenge, form.get('code_verifier'), em.world.knobs.requirePkce);
  if (pkce !== undefined) return tokenError('invalid_grant', pkce);
  code.used = true;
  const grant = tokens.addGrant(client.id, code.permissions, Date.now());
  code.grantId = grant.id;
  return issueTokens(em, { client, grant, permissions: code.permissions, nonce: form.get('nonce') ?? '', refresh: true });
}

function refresh(em: Emulator, client: Client, form: URLSearchParams): Response {
  const value = form.get('refresh_token') ?? '';
  if (value === '') return tokenError('invalid_request', 'Missing parameter: refresh_token');
  const { tokens, knobs } = em.world;
  const stored = tokens.refreshToken(value);
  const grant = stored ? tokens.grant(stored.grantId) : undefined;
  if (!stored?.active || !grant) return tokenError('invalid_grant', 'The refresh token is not valid.');
  if (grant.revoked) return tokenError('invalid_grant', "The user has removed the application's access.");
  if (grant.clientId !== client.id) return tokenError('invalid_grant', 'The refresh token was issued to another client.');
  let permissions = grant.permissions;
  const scope = form.get('scope') ?? '';
  if (scope !== '') {
    // Spec 4.2: a refresh may only lower the scope of the original grant.
    const checked = checkScope(scope, grant.permissions);
    if (!checked.ok) return tokenError('invalid_scope', checked.description);
    permissions = checked.permissions;
  }
  if (knobs.rotateRefreshTokens) stored.active = false;
  // The real service sends the string "null" when no nonce came (contract §3.3).
  return issueTokens(em, { client, grant, permissions, nonce: form.get('nonce') ?? 'null', refresh: knobs.rotateRefreshTokens });
}

/** The `stallTokenEndpoint` knob: the request is taken and never answered; it ends when the client gives up. */
function stall(c: Context): Promise<Response> {
  return new Promise((resolve) => {
    c.req.raw.signal.addEventListener('abort', () => resolve(new Response(null, { status: 499 })));
  });
}

async function token(em: Emulator, c: Context): Promise<Response> {
  if (em.world.knobs.stallTokenEndpoint) return stall(c);
  const client = authenticateClient(em, c.req.header('authorization'));
  if (!client) return tokenError('invalid_client', 'Client authentication failed (HTTP Basic with client id and secret).', 401);
  const read = await readForm(c);
  if (!read.ok) return tokenError('invalid_request', read.reason);
  if (read.duplicates.length > 0) return tokenError('invalid_request', `Parameter given more than once: ${read.duplicates.join(', ')}`);
  const grantType = read.form.get('grant_type') ?? '';
  switch (grantType) {
    case '':
      return tokenError('invalid_request', 'Missing parameter: grant_type');
    case 'code':
      return exchangeCode(em, client, read.form);
    case 'refresh_token':
      return refresh(em, client, read.form);
    case 'authorization_code':
      return tokenError('unsupported_grant_type', 'This service uses grant_type=code for the authorization-code exchange.');
    default:
      return tokenError('unsupported_grant_type', `Unsupported grant_type: ${grantType}`);
  }
}

export function oauthRoutes(app: Hono, em: Emulator): void {
  resource(app, OAUTH_ROUTES.authorize, { GET: (c) => authorize(em, c) });
  resource(app, OAUTH_ROUTES.consent, { POST: (c) => decide(em, c) });
  resource(app, OAUTH_ROUTES.token, { POST: (c) => token(em, c) });
  resource(app, OAUTH_ROUTES.revoke, {
    POST: (c) => {
      if (em.world.knobs.failRevoke) return apiError(503, 'SERVICE_UNAVAILABLE', { errorMessage: 'The service is down (failRevoke)' });
      const session = authenticate(em, c);
      if (session instanceof Response) return session;
      em.world.tokens.revokeGrant(session.grant.id);
      return apiJson({});
    },
  });
}
