import { createHmac } from 'node:crypto';
import type { ServiceConfig } from '../../../src/auth/service-config.ts';
import type { KeyValueArea } from '../../../src/shared/storage-area.ts';

export const BASE = 'https://www.digipost.no';
export const REDIRECT = 'https://abcdefghijklmnop.chromiumapp.org/';
export const config: ServiceConfig = {
  baseUrl: BASE,
  clientId: 'client-1',
  clientSecret: 's3cr3t-value',
  scopes: ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO'],
};

/** An in-memory storage area that copies values, like the browser's. */
export class MemoryArea implements KeyValueArea {
  data: Record<string, unknown> = {};
  writes = 0;

  /** As the browser's: `null` reads every item. */
  get(keys: string[] | null): Promise<Record<string, unknown>> {
    if (keys === null) return Promise.resolve(structuredClone(this.data));
    return Promise.resolve(structuredClone(Object.fromEntries(keys.filter((k) => k in this.data).map((k) => [k, this.data[k]]))));
  }
  set(items: Record<string, unknown>): Promise<void> {
    this.writes++;
    Object.assign(this.data, structuredClone(items));
    return Promise.resolve();
  }
  remove(keys: string[]): Promise<void> {
    for (const key of keys) Reflect.deleteProperty(this.data, key);
    return Promise.resolve();
  }
  snapshot(): Record<string, unknown> {
    return structuredClone(this.data);
  }
}

export class FakeClock {
  constructor(public ms = Date.UTC(2024, 4, 1, 12, 0, 0)) {}
  now = (): number => this.ms;
  advance(ms: number): void {
    this.ms += ms;
  }
}

/** Standard padded Base64, as the service writes it. */
export function b64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

export function sign(payload: string, secret = config.clientSecret): string {
  return createHmac('sha256', secret).update(payload).digest('base64');
}

export interface ClaimsInput {
  aud?: unknown;
  exp?: unknown;
  iat?: unknown;
  user_id?: unknown;
  iss?: unknown;
  nonce?: unknown;
}

/** An id_token as the real service makes one: exp as a lifetime (899), iss with a trailing slash. */
export function makeIdToken(nowMs: number, nonce: string, overrides: ClaimsInput = {}, secret = config.clientSecret): string {
  const iat = Math.floor(nowMs / 1000);
  const claims = { aud: config.clientId, exp: 899, user_id: '123456', iss: `${BASE}/`, iat, nonce, ...overrides };
  const payload = b64(JSON.stringify(claims));
  return `${sign(payload, secret)}.${payload}`;
}

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: URLSearchParams;
}

type Answer = Response | Error | Promise<Response | Error>;

/** A fetch that records every request and answers from a queue, or from a default. */
export class FakeFetch {
  requests: RecordedRequest[] = [];
  queue: (() => Answer)[] = [];
  fallback: (request: RecordedRequest) => Answer = () => new Response('no answer queued', { status: 500 });

  fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body = new URLSearchParams(typeof init?.body === 'string' ? init.body : '');
    const request = {
      url: input instanceof Request ? input.url : String(input),
      method: init?.method ?? 'GET',
      headers,
      body,
    };
    this.requests.push(request);
    const next = this.queue.shift();
    const answer = await (next ? next() : this.fallback(request));
    if (answer instanceof Error) throw answer;
    return answer;
  };

  reply(answer: () => Answer): this {
    this.queue.push(answer);
    return this;
  }
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A promise to resolve from the outside, for answers that arrive "later". */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: ((value: T) => void) | undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return {
    promise,
    resolve: (value) => {
      resolve?.(value);
    },
  };
}
