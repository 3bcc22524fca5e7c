import { AppError } from '../shared/errors.ts';
import { withDeadline } from './deadline.ts';
import { shortDetail } from './http-errors.ts';
import { readLimited, readLimitedBlob, readLimitedText } from './read-body.ts';

/**
 * The one way the extension makes an HTTP request. Every protocol step (an API resource, an
 * action, a letter's content, the code exchange, a refresh, the look at the sign-in page) is a
 * small function that describes its request and a separate processor that reads the answer
 * (oauth4webapi's shape); this module applies the rules they all share:
 *  - a deadline over the whole call, from sending to the last byte read (contract §9);
 *  - a redirect policy that each step must choose;
 *  - bodies read only as a stream with a limit, never whole;
 *  - no cookies (credentials 'omit': the only credentials are the ones a step sends itself), no
 *    HTTP cache (answers are personal data), no referrer (the extension's addresses are nobody's
 *    business);
 *  - a failure of the network becomes AppError('network'), a passed deadline 'timeout', and the
 *    caller's own abort is passed on untouched for the caller to recognise.
 */

/**
 * - 'refuse': not followed, and an error ('http_unexpected_status', 'redirect refused'). What the
 *   request carries (a bearer, a client secret, a code) goes to the address chosen and nowhere else,
 *   and only that address's answer counts.
 * - 'follow': followed by the browser, which drops an Authorization header when the origin changes
 *   (whatwg/fetch#1544); only a letter's content needs it (contract §1).
 * - 'report': not followed, and handed to the processor as it is (a browser's opaque redirect has
 *   status 0), for a step that only wants to know whether the address answers.
 */
export type RedirectPolicy = 'refuse' | 'follow' | 'report';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface HttpRequest {
  /** Checked by the step that builds the request: the core sends to whatever it is given. */
  url: string;
  method?: HttpMethod | undefined;
  headers?: Record<string, string> | undefined;
  /**
   * Text (a form or JSON), or multipart form data for an upload (contract §10): the browser streams
   * a FormData's Blob from where it is kept, and sets the boundary in Content-Type itself.
   */
  body?: string | FormData | undefined;
  redirects: RedirectPolicy;
  /** How long the whole call may take, the reading of the answer included. */
  timeoutMs: number;
  /** The caller giving up; passed on untouched (not reported as a timeout). */
  signal?: AbortSignal | undefined;
  /**
   * Only for a file a person saves from a web site (Save to Digipost): sent with that site's own
   * cookies, as the browser would fetch it, since it may be behind the person's login there. No
   * request to the service ever sets this: its only credentials are the ones a step sends itself.
   */
  siteCookies?: true | undefined;
}

/**
 * What a response processor may read of an answer. There is deliberately no way to read a body
 * without a limit: `bytes` and `text` stop at `limit` (see read-body.ts) with the error
 * `tooLarge` makes, since a letter's content and a JSON answer are refused in different words.
 */
export interface HttpAnswer {
  readonly status: number;
  readonly ok: boolean;
  /** The answer came after a followed redirect; `url` says from where. */
  readonly redirected: boolean;
  readonly url: string;
  header(name: string): string | null;
  bytes(limit: number, tooLarge: (detail: string) => AppError): Promise<Uint8Array<ArrayBuffer>>;
  /** The body kept as a Blob (a file to upload), refused past `limit`. */
  blob(limit: number, tooLarge: (detail: string) => AppError): Promise<Blob>;
  /** UTF-8, as the Fetch standard's text() decodes it (BOM dropped). */
  text(limit: number, tooLarge: (detail: string) => AppError): Promise<string>;
  /** Closes the body unread. */
  discard(): Promise<void>;
}

/** The browser's (or Node's) fetch, called unbound: a browser's fetch refuses a `this` other than the global object. */
export const globalFetch: typeof fetch = (input, init) => fetch(input, init);

function answerOf(response: Response): HttpAnswer {
  return {
    status: response.status,
    ok: response.ok,
    redirected: response.redirected,
    url: response.url,
    header: (name) => response.headers.get(name),
    bytes: (limit, tooLarge) => readLimited(response, limit, tooLarge),
    blob: (limit, tooLarge) => readLimitedBlob(response, limit, tooLarge),
    text: (limit, tooLarge) => readLimitedText(response, limit, tooLarge),
    discard: async () => {
      await response.body?.cancel().catch(() => undefined);
    },
  };
}

/** With redirect 'manual' a browser answers a redirect with an opaque response of status 0, Node with the 3xx itself. */
function isRedirect(response: Response): boolean {
  return response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);
}

function initOf(request: HttpRequest, signal: AbortSignal): RequestInit {
  return {
    method: request.method ?? 'GET',
    ...(request.headers ? { headers: request.headers } : {}),
    ...(request.body === undefined ? {} : { body: request.body }),
    credentials: request.siteCookies ? 'include' : 'omit',
    cache: 'no-store',
    redirect: request.redirects === 'follow' ? 'follow' : 'manual',
    referrerPolicy: 'no-referrer',
    signal,
  };
}

/**
 * Sends `request` with `send` (injected, so the worker, tests and Node can each supply their own)
 * and hands the answer to `process`, all under the request's deadline. `process` should throw
 * only AppErrors: anything else thrown while the answer is read is taken for the network failing.
 */
export async function hardenedFetch<T>(send: typeof fetch, request: HttpRequest, process: (answer: HttpAnswer) => Promise<T>): Promise<T> {
  return withDeadline(request.timeoutMs, request.signal, async (signal) => {
    try {
      const response = await send(request.url, initOf(request, signal));
      if (request.redirects === 'refuse' && isRedirect(response)) {
        await response.body?.cancel().catch(() => undefined);
        throw new AppError('http_unexpected_status', { status: response.status, detail: 'redirect refused' });
      }
      return await process(answerOf(response));
    } catch (error) {
      if (error instanceof AppError || signal.aborted) throw error;
      throw new AppError('network', { detail: error instanceof Error ? shortDetail(error.message) : 'request failed' });
    }
  });
}
