import { AppError } from '../errors.ts';
import { errorForStatus } from './http-errors.ts';
import { API_MEDIA_TYPE } from './media-types.ts';
import { requireServiceUrl } from './origin.ts';

export { parseWith } from './parse.ts';

export interface FetchResourceOptions {
  url: string;
  /** The Accept header; the link's own media type when it has one. */
  mediaType?: string | undefined;
  accessToken: string;
  /** The only origin the bearer token may go to. */
  serviceOrigin: string;
  /** Injected so the worker, the pages' tests and Node can all supply their own. */
  fetch: typeof fetch;
  method?: 'GET' | 'POST' | undefined;
  signal?: AbortSignal | undefined;
}

export interface BinaryContent {
  blob: Blob;
  contentType: string;
}

/**
 * One request with the bearer token. The origin check comes first and throws before `fetch` is
 * called, so no code path can hand the token to another host.
 *  - credentials 'omit': the bearer is the only credential; cookies of a web session on the same
 *    host must not decide what we see, nor be sent along.
 *  - cache 'no-store': answers are personal data and must not linger in the HTTP cache.
 *  - referrerPolicy 'no-referrer': the extension's own addresses are nobody's business.
 */
async function send(opts: FetchResourceOptions, redirect: RequestRedirect, accept: string): Promise<Response> {
  const url = requireServiceUrl(opts.url, opts.serviceOrigin);
  const init: RequestInit = {
    method: opts.method ?? 'GET',
    headers: { Accept: accept, Authorization: `Bearer ${opts.accessToken}` },
    credentials: 'omit',
    cache: 'no-store',
    redirect,
    referrerPolicy: 'no-referrer',
    ...(opts.signal ? { signal: opts.signal } : {}),
  };
  try {
    return await opts.fetch(url, init);
  } catch (error) {
    throw networkError(error, opts.signal);
  }
}

/** A caller's own abort is not a network failure: it is passed on untouched for the caller to recognise. */
function networkError(error: unknown, signal: AbortSignal | undefined): unknown {
  if (signal?.aborted) return error;
  return new AppError('network', { detail: error instanceof Error ? error.message : String(error) });
}

async function readText(response: Response, signal: AbortSignal | undefined): Promise<string> {
  try {
    return await response.text();
  } catch (error) {
    throw networkError(error, signal);
  }
}

/**
 * GETs (or POSTs, for the few actions we perform, such as logout) a JSON resource of the service.
 *
 * Redirects are not followed (redirect 'manual'). The API has no reason to redirect a JSON call,
 * and a redirect to another host must never carry the token. Browsers do strip Authorization on a
 * cross-origin redirect (see fetchBinary), but the answer would then come from a host we did not
 * choose, and we would present it as the service's data. 'manual' (rather than 'error') lets us
 * tell a redirect apart from a network failure: browsers answer with an opaque-redirect response
 * (type 'opaqueredirect', status 0), Node with the 3xx itself.
 */
export async function fetchJson(opts: FetchResourceOptions): Promise<unknown> {
  const response = await send(opts, 'manual', opts.mediaType ?? API_MEDIA_TYPE);
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
    throw new AppError('http_unexpected_status', { status: response.status, detail: 'redirect refused' });
  }
  const text = await readText(response, opts.signal);
  if (!response.ok) throw errorForStatus(response.status, text);
  if (text.trim() === '') {
    // An action (logout) or a 204 may answer with nothing; a resource we asked to read may not.
    if (response.status === 204 || response.status === 205 || opts.method === 'POST') return null;
    throw new AppError('response_not_json', { detail: 'empty body' });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const type = response.headers.get('content-type');
    throw new AppError('response_not_json', type ? { detail: type } : {});
  }
}

/**
 * Fetches a letter's content. The service may answer 307 with a one-time address on another host
 * (notes: www.digipostdata.no). That redirect must be followed, and the token must not go with it.
 *
 * We cannot follow it ourselves: with redirect 'manual' a browser hides the Location header
 * (opaque-redirect response), in workers as well as pages. So we let fetch follow it, and rely on
 * the Fetch standard, which removes an Authorization header set by the caller when a redirect
 * changes origin (whatwg/fetch#1544). Chrome ships this from 119 (the manifest requires 120),
 * Firefox from 111, Safari from 16.1; Node's fetch (undici) does the same, which a unit test checks
 * against two real local servers. The first request still goes only to the service origin.
 */
export async function fetchBinary(opts: FetchResourceOptions): Promise<BinaryContent> {
  const response = await send(opts, 'follow', opts.mediaType ?? '*/*');
  if (!response.ok) throw errorForStatus(response.status, await readText(response, opts.signal));
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (error) {
    throw networkError(error, opts.signal);
  }
  const contentType = response.headers.get('content-type') ?? (blob.type || 'application/octet-stream');
  return { blob, contentType };
}
