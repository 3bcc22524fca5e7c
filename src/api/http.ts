import { AppError } from '../shared/errors.ts';
import { CONTENT_TIMEOUT_MS, NETWORK_TIMEOUT_MS, withDeadline } from './deadline.ts';
import { errorForStatus } from './http-errors.ts';
import { requireServiceUrl } from './origin.ts';
import { readLimited, readLimitedText } from './read-body.ts';

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
export const MAX_CONTENT_BYTES = 20 * 1024 * 1024;

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
  method?: 'GET' | 'POST' | undefined;
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
 * One request with the bearer token. The origin check comes first and throws before `fetch` is
 * called, so no code path can hand the token to another host.
 *  - credentials 'omit': the bearer is the only credential; cookies of a web session on the same
 *    host must not decide what we see, nor be sent along.
 *  - cache 'no-store': answers are personal data and must not linger in the HTTP cache.
 *  - referrerPolicy 'no-referrer': the extension's own addresses are nobody's business.
 */
async function send(opts: FetchResourceOptions, redirect: RequestRedirect, accept: string, signal: AbortSignal): Promise<Response> {
  const url = requireServiceUrl(opts.url, opts.serviceOrigin);
  const init: RequestInit = {
    method: opts.method ?? 'GET',
    headers: { Accept: accept, Authorization: `Bearer ${opts.accessToken}` },
    credentials: 'omit',
    cache: 'no-store',
    redirect,
    referrerPolicy: 'no-referrer',
    signal,
  };
  return opts.fetch(url, init);
}

/**
 * Runs one call under its deadline. Failures of the network become 'network'; AppErrors (ours),
 * a timeout and the caller's own abort pass through as they are.
 */
async function call<T>(opts: FetchResourceOptions, defaultTimeout: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  return withDeadline(opts.timeoutMs ?? defaultTimeout, opts.signal, async (signal) => {
    try {
      return await run(signal);
    } catch (error) {
      if (error instanceof AppError || signal.aborted) throw error;
      throw new AppError('network', { detail: error instanceof Error ? error.message : String(error) });
    }
  });
}

const jsonTooLarge = (detail: string) => new AppError('response_too_large', { detail });

async function readError(response: Response): Promise<AppError> {
  let text = '';
  try {
    text = await readLimitedText(response, MAX_ERROR_BODY_BYTES, jsonTooLarge);
  } catch (error) {
    // An error page too long to be the service's JSON says nothing we would show.
    if (!(error instanceof AppError && error.code === 'response_too_large')) throw error;
  }
  return errorForStatus(response.status, text);
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
  return call(opts, NETWORK_TIMEOUT_MS, async (signal) => {
    const response = await send(opts, 'manual', opts.mediaType ?? API_MEDIA_TYPE, signal);
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      throw new AppError('http_unexpected_status', { status: response.status, detail: 'redirect refused' });
    }
    if (!response.ok) throw await readError(response);
    const text = await readLimitedText(response, MAX_JSON_BYTES, jsonTooLarge);
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
  });
}

/**
 * A 401 or 403 from the host a content redirect led to (contract §1, §9). That host never saw our
 * token, so its refusal says nothing about the token: it must not cost a refresh or end the
 * session, as a 401 from the service would (authorized-fetch).
 */
function refusedByContentHost(response: Response, serviceOrigin: string): AppError | undefined {
  if (response.status !== 401 && response.status !== 403) return undefined;
  if (!response.redirected || new URL(response.url).origin === serviceOrigin) return undefined;
  return new AppError('content_host_refused', { status: response.status });
}

/**
 * Fetches a letter's content. The service may answer 307 with a one-time address on another host
 * (contract §1: www.digipostdata.no). That redirect must be followed, and the token must not go with it.
 *
 * We cannot follow it ourselves: with redirect 'manual' a browser hides the Location header
 * (opaque-redirect response), in workers as well as pages. So we let fetch follow it, and rely on
 * the Fetch standard, which removes an Authorization header set by the caller when a redirect
 * changes origin (whatwg/fetch#1544). Chrome ships this from 119 (the manifest requires 120),
 * Firefox from 111, Safari from 16.1; Node's fetch (undici) does the same, which a unit test checks
 * against two real local servers. The first request still goes only to the service origin.
 */
export async function fetchBinary(opts: FetchBinaryOptions): Promise<BinaryContent> {
  return call(opts, CONTENT_TIMEOUT_MS, async (signal) => {
    const response = await send(opts, 'follow', opts.mediaType ?? '*/*', signal);
    if (!response.ok) throw refusedByContentHost(response, opts.serviceOrigin) ?? (await readError(response));
    const bytes = await readLimited(response, opts.maxBytes ?? MAX_CONTENT_BYTES, (detail) => new AppError('content_too_large', { detail }));
    const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
    return { blob: new Blob([bytes], { type: contentType }), contentType };
  });
}
