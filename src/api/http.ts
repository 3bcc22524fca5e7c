import { AppError } from '../shared/errors.ts';
import { hardenedFetch, type HttpAnswer, type HttpMethod, type HttpRequest, type RedirectPolicy } from './http-core.ts';
import { errorForStatus } from './http-errors.ts';
import { MAX_JSON_DEPTH, nestedDeeperThan } from './json-depth.ts';
import { requireServiceUrl } from './origin.ts';
import { CONTENT_TIMEOUT_MS, NETWORK_TIMEOUT_MS } from './timeouts.ts';

export { parseWith } from './parse.ts';

/**
 * The largest JSON answer read. The biggest resource the service sends is a page of the inbox:
 * at most 100 letters (`limit`), each 1.5–3 KiB with its attachments and links (a page of 100
 * from the emulator is 160 KiB), so at most some 300 KiB. 4 MiB leaves more than ten times that
 * for longer subjects and new fields, while an answer that is not what we asked for stops long
 * before it fills the worker's memory.
 */
export const MAX_JSON_BYTES = 4 * 1024 * 1024;

/** Content larger than this is refused (error `content_too_large`): it crosses to a page as Base64 in one runtime message. */
const MAX_CONTENT_BYTES = 20 * 1024 * 1024;

/** Selects JSON and version 2 of the API (contract §1); links may name another type. */
export const API_MEDIA_TYPE = 'application/vnd.digipost-v2+json';

/** An error answer is read only for its code and message, which are short. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

export interface FetchResourceOptions {
  url: string;
  /** The Accept header; the link's own media type when it has one. */
  mediaType?: string | undefined;
  accessToken: string;
  /** The only origin the bearer token may go to: the origin of the service that issued the token. */
  serviceOrigin: string;
  /** Injected so the worker, the pages' tests and Node can all supply their own. */
  fetch: typeof fetch;
  method?: HttpMethod | undefined;
  /** JSON for an action that takes a body (sent as the API's media type, as the service's apps do). */
  body?: string | undefined;
  signal?: AbortSignal | undefined;
  /** How long the whole call may take (default NETWORK_TIMEOUT_MS, CONTENT_TIMEOUT_MS for content). */
  timeoutMs?: number | undefined;
}

export interface BinaryContent {
  blob: Blob;
  contentType: string;
}

export interface FetchBinaryOptions extends FetchResourceOptions {
  /** Content larger than this is refused ('content_too_large') as soon as the count passes it. */
  maxBytes?: number | undefined;
}

/**
 * A request with the bearer token. The origin check comes first and throws before anything is
 * sent, so no code path can hand the token to another host.
 */
function bearerRequest(opts: FetchResourceOptions, accept: string, redirects: RedirectPolicy, defaultTimeout: number): HttpRequest {
  return {
    url: requireServiceUrl(opts.url, opts.serviceOrigin),
    method: opts.method ?? 'GET',
    headers: {
      Accept: accept,
      Authorization: `Bearer ${opts.accessToken}`,
      ...(opts.body === undefined ? {} : { 'Content-Type': API_MEDIA_TYPE }),
    },
    body: opts.body,
    redirects,
    timeoutMs: opts.timeoutMs ?? defaultTimeout,
    signal: opts.signal,
  };
}

const jsonTooLarge = (detail: string) => new AppError('response_too_large', { detail });

/** The error a refused call means, from its status and (when JSON) its body. */
async function errorOf(answer: HttpAnswer): Promise<AppError> {
  let text = '';
  try {
    text = await answer.text(MAX_ERROR_BODY_BYTES, jsonTooLarge);
  } catch (error) {
    // An error page too long to be the service's JSON says nothing we would show.
    if (!(error instanceof AppError && error.code === 'response_too_large')) throw error;
  }
  return errorForStatus(answer.status, text);
}

/**
 * A resource (GET) or one of the few actions we perform (POST: the revoke at sign-out, an opening
 * receipt). Redirects are refused: the API has no reason to redirect a JSON call, and although a
 * browser drops the token on a redirect to another host (see contentRequest), the answer would
 * then come from a host we did not choose, and we would present it as the service's data.
 */
function jsonRequest(opts: FetchResourceOptions): HttpRequest {
  return bearerRequest(opts, opts.mediaType ?? API_MEDIA_TYPE, 'refuse', NETWORK_TIMEOUT_MS);
}

/** The body of a resource as JSON; null for an action (or a 204) that answers with nothing. */
async function processJsonResponse(answer: HttpAnswer, method: HttpMethod): Promise<unknown> {
  if (!answer.ok) throw await errorOf(answer);
  const text = await answer.text(MAX_JSON_BYTES, jsonTooLarge);
  if (text.trim() === '') {
    // A resource we asked to read may not be empty.
    if (answer.status === 204 || answer.status === 205 || method !== 'GET') return null;
    throw new AppError('response_not_json', { detail: 'empty body' });
  }
  let data: unknown;
  try {
    data = JSON.parse(text) as unknown;
  } catch {
    const type = answer.header('content-type');
    throw new AppError('response_not_json', { detail: type ? `not JSON: ${type}` : 'not JSON' });
  }
  // JSON.parse itself keeps a stack of its own (V8, SpiderMonkey); what walks the value later may not.
  if (nestedDeeperThan(data, MAX_JSON_DEPTH))
    throw new AppError('response_malformed', { detail: `nested more than ${MAX_JSON_DEPTH} levels` });
  return data;
}

/** GETs a JSON resource of the service, or performs one of its actions. */
export async function fetchJson(opts: FetchResourceOptions): Promise<unknown> {
  return hardenedFetch(opts.fetch, jsonRequest(opts), (answer) => processJsonResponse(answer, opts.method ?? 'GET'));
}

/**
 * A letter's content. The service may answer 307 with a one-time address on another host
 * (contract §1: www.digipostdata.no). That redirect must be followed, and the token must not go with it.
 *
 * We cannot follow it ourselves: with redirect 'manual' a browser hides the Location header
 * (opaque-redirect response), in workers as well as pages. So we let fetch follow it, and rely on
 * the Fetch standard, which removes an Authorization header set by the caller when a redirect
 * changes origin (whatwg/fetch#1544). Chrome ships this from 119 (the manifest requires 120),
 * Firefox from 111, Safari from 16.1; Node's fetch (undici) does the same, which a unit test checks
 * against two real local servers. The first request still goes only to the service origin.
 */
function contentRequest(opts: FetchBinaryOptions): HttpRequest {
  return bearerRequest(opts, opts.mediaType ?? '*/*', 'follow', CONTENT_TIMEOUT_MS);
}

/**
 * A 401 or 403 from the host a content redirect led to (contract §1, §9). That host never saw our
 * token, so its refusal says nothing about the token: it must not cost a refresh or end the
 * session, as a 401 from the service would (authorized-fetch).
 */
function refusedByContentHost(answer: HttpAnswer, serviceOrigin: string): AppError | undefined {
  if (answer.status !== 401 && answer.status !== 403) return undefined;
  if (!answer.redirected || new URL(answer.url).origin === serviceOrigin) return undefined;
  return new AppError('content_host_refused', { status: answer.status });
}

async function processContentResponse(answer: HttpAnswer, serviceOrigin: string, maxBytes: number): Promise<BinaryContent> {
  if (!answer.ok) throw refusedByContentHost(answer, serviceOrigin) ?? (await errorOf(answer));
  const bytes = await answer.bytes(maxBytes, (detail) => new AppError('content_too_large', { detail }));
  const contentType = answer.header('content-type') ?? 'application/octet-stream';
  return { blob: new Blob([bytes], { type: contentType }), contentType };
}

/** Fetches a letter's content (see contentRequest), refused past `maxBytes` as it streams in. */
export async function fetchBinary(opts: FetchBinaryOptions): Promise<BinaryContent> {
  return hardenedFetch(opts.fetch, contentRequest(opts), (answer) =>
    processContentResponse(answer, opts.serviceOrigin, opts.maxBytes ?? MAX_CONTENT_BYTES),
  );
}

export interface UploadOptions extends FetchResourceOptions {
  form: FormData;
}

/**
 * POSTs an upload's multipart form (contract §10) and answers the new letter's address from
 * `Location`, or undefined when the service sent none. The answer's body is not needed and is not read.
 */
export async function postUpload(opts: UploadOptions): Promise<string | undefined> {
  const request: HttpRequest = {
    ...bearerRequest({ ...opts, method: 'POST' }, opts.mediaType ?? API_MEDIA_TYPE, 'refuse', NETWORK_TIMEOUT_MS),
    body: opts.form,
  };
  return hardenedFetch(opts.fetch, request, async (answer) => {
    if (!answer.ok) throw await errorOf(answer);
    await answer.discard();
    return answer.header('location') ?? undefined;
  });
}
