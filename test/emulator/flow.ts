/** Test helpers: the OAuth flow and link-following over real HTTP, as a client would do it. */
import { createHmac } from 'node:crypto';
import type { Link } from './config.ts';
import { MEDIA_TYPE } from './config.ts';
import type { RunningEmulator } from './index.ts';

export const CHROME_REDIRECT = 'https://abcdefghijklmnopabcdefghijklmnop.chromiumapp.org/';
export const ALL_SCOPES =
  'READ_ACCOUNT_INFO READ_DOCUMENT_META_INFO READ_DOCUMENT_CONTENT READ_SETTINGS READ_RECEIPTS UPDATE_DOCUMENT DELETE_DOCUMENT UPDATE_SETTINGS';

export interface TokenResponse {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
  token_type: string;
  id_token: string;
  scope: string;
}

export function authorizeUrl(em: RunningEmulator, params: Record<string, string | undefined>): string {
  const url = new URL(`${em.url}/post/api/oauth/authorize/new`);
  const all: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: em.clientId,
    redirect_uri: CHROME_REDIRECT,
    state: 'st-1',
    scope: 'READ_ACCOUNT_INFO',
    ...params,
  };
  for (const [name, value] of Object.entries(all)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

export function consentIdOf(html: string): string {
  const id = /name="consent_id" value="([^"]+)"/.exec(html)?.[1];
  if (id === undefined) throw new Error('no consent id on the page');
  return id;
}

export async function decide(em: RunningEmulator, consentId: string, decision: string): Promise<Response> {
  return fetch(`${em.url}/post/api/oauth/authorize/consent`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ consent_id: consentId, decision }),
  });
}

/** Opens the consent page and presses Approve; returns the redirect's query parameters. */
export async function approve(em: RunningEmulator, params: Record<string, string | undefined> = {}): Promise<URLSearchParams> {
  const page = await fetch(authorizeUrl(em, params), { redirect: 'manual' });
  if (page.status !== 200) throw new Error(`consent page: ${page.status}`);
  const answer = await decide(em, consentIdOf(await page.text()), 'approve');
  return new URL(answer.headers.get('location') ?? '').searchParams;
}

export function basic(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
}

export async function tokenCall(
  em: RunningEmulator,
  form: Record<string, string>,
  authorization: string | null = basic(em.clientId, em.clientSecret),
  signal?: AbortSignal,
): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
  if (authorization !== null) headers.Authorization = authorization;
  return fetch(`${em.url}/post/api/oauth/accesstoken`, {
    method: 'POST',
    headers,
    body: new URLSearchParams(form),
    ...(signal ? { signal } : {}),
  });
}

export async function signIn(em: RunningEmulator, scope = ALL_SCOPES, nonce = 'nonce-1'): Promise<TokenResponse> {
  const query = await approve(em, { scope });
  const response = await tokenCall(em, { grant_type: 'code', code: query.get('code') ?? '', redirect_uri: CHROME_REDIRECT, nonce });
  if (response.status !== 200) throw new Error(`token: ${response.status} ${await response.text()}`);
  return (await response.json()) as TokenResponse;
}

export async function refresh(em: RunningEmulator, refreshToken: string, extra: Record<string, string> = {}): Promise<Response> {
  return tokenCall(em, { grant_type: 'refresh_token', refresh_token: refreshToken, ...extra });
}

export async function api(url: string, token: string | undefined, init: RequestInit & { accept?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Accept', init.accept ?? MEDIA_TYPE);
  if (token !== undefined) headers.set('Authorization', `Bearer ${token}`);
  return fetch(url, { ...init, headers, redirect: init.redirect ?? 'manual' });
}

export async function getJson<T = Record<string, unknown>>(url: string, token: string): Promise<T> {
  const response = await api(url, token);
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export function linkOf(links: readonly Link[] | undefined, relation: string): Link {
  const link = links?.find((l) => l.rel.split('/').pop() === relation);
  if (!link) throw new Error(`no ${relation} link`);
  return link;
}

export interface IdTokenClaims {
  aud: string;
  exp: number;
  user_id: string;
  iss: string;
  iat: number;
  nonce: string;
}

/** Verifies like the official clients: two parts, HMAC over the payload as received. */
export function verifyIdToken(idToken: string, secret: string): { valid: boolean; claims: IdTokenClaims } {
  const [signature, payload, ...rest] = idToken.split('.');
  if (signature === undefined || payload === undefined || rest.length > 0) throw new Error('not two parts');
  const expected = createHmac('sha256', secret).update(payload).digest('base64');
  return { valid: expected === signature, claims: JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as IdTokenClaims };
}

export interface DocumentJson {
  id: string;
  subject: string;
  creatorName: string;
  created: string;
  read: boolean;
  fileType: string;
  fileSize: number;
  confidential: boolean;
  type: string;
  'authentication-level': string;
  attachment: {
    subject: string;
    read: boolean;
    mainDocument: boolean;
    fileType: string;
    fileSize: number;
    invoice?: Record<string, unknown>;
    link: Link[];
  }[];
  link: Link[];
}

export interface RootJson {
  primaryAccount: Record<string, unknown> & { unreadItemsInInbox: number; link: Link[] };
  mailbox: { unreadItemsInInbox: number; link: Link[]; folders: { folder: { id: string; name: string; link: Link[] }[]; link: Link[] } }[];
  link: Link[];
  [key: string]: unknown;
}
