import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hardenedFetch, type HttpAnswer, type HttpRequest, type RedirectPolicy } from '../../../src/api/http-core.ts';
import { fetchBinary, fetchJson } from '../../../src/api/http.ts';
import { authWindowFailure } from '../../../src/auth/auth-window-failure.ts';
import { exchangeCode, refreshTokens } from '../../../src/auth/token-endpoint.ts';
import { AppError, type ErrorInfo } from '../../../src/shared/errors.ts';
import { appErrorOf } from '../app-error.ts';
import { CHUNK, endlessBody, silentFetch } from './fake-network.ts';
import { config } from '../auth/fakes.ts';

/*
 * The rules every request of the extension keeps, tested once, on the core itself
 * (src/api/http-core.ts); and, at the end, that every protocol step goes through it.
 */

const URL_ = 'https://www.digipost.no/post/api';
const tooLarge = (detail: string) => new AppError('response_too_large', { detail });

function requestOf(extra: Partial<HttpRequest> = {}): HttpRequest {
  return { url: URL_, redirects: 'refuse', timeoutMs: 1000, ...extra };
}

async function failure(promise: Promise<unknown>): Promise<ErrorInfo> {
  return (await appErrorOf(promise)) ?? expect.unreachable('expected the call to fail');
}

/** A fetch that records what it was asked and answers from a script. */
function recording(answer: () => Response | Promise<Response> = () => new Response('{}')) {
  const seen: { url: string; init: RequestInit }[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push({ url: input instanceof Request ? input.url : input.toString(), init: init ?? {} });
    return answer();
  }) as typeof globalThis.fetch;
  return { fetch, seen };
}

const readText = (answer: HttpAnswer) => answer.text(1024 * 1024, tooLarge);

describe('what every request sends', () => {
  it.each<[RedirectPolicy, RequestRedirect]>([
    ['refuse', 'manual'],
    ['report', 'manual'],
    ['follow', 'follow'],
  ])("no cookies, no cache, no referrer, the deadline's signal; redirect policy %s is fetch's %s", async (redirects, redirect) => {
    const { fetch, seen } = recording();
    await hardenedFetch(fetch, requestOf({ redirects, method: 'POST', headers: { Accept: 'x/y' }, body: 'a=1' }), readText);
    expect(seen).toEqual([
      {
        url: URL_,
        init: {
          method: 'POST',
          headers: { Accept: 'x/y' },
          body: 'a=1',
          credentials: 'omit',
          cache: 'no-store',
          redirect,
          referrerPolicy: 'no-referrer',
          signal: expect.any(AbortSignal) as unknown,
        },
      },
    ]);
  });

  it('sends a GET without headers or body when none are given', async () => {
    const { fetch, seen } = recording();
    await hardenedFetch(fetch, requestOf(), readText);
    expect(seen[0]?.init.method).toBe('GET');
    expect(seen[0]?.init).not.toHaveProperty('headers');
    expect(seen[0]?.init).not.toHaveProperty('body');
  });
});

describe('the deadline', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ends a request that is never answered in "timeout", and aborts it', async () => {
    const service = silentFetch();
    const outcome = failure(hardenedFetch(service.fetch, requestOf({ timeoutMs: 5000 }), readText));
    await vi.advanceTimersByTimeAsync(5000);
    expect(await outcome).toEqual({ code: 'timeout', detail: 'no answer within 5 s' });
    expect(service.signals[0]?.aborted).toBe(true);
  });

  it('covers the reading of the answer: headers and then nothing is a timeout too', async () => {
    const stalling = ((_input: RequestInfo | URL, init?: RequestInit) => {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"a":'));
          init?.signal?.addEventListener('abort', () => controller.error(init.signal?.reason));
        },
      });
      return Promise.resolve(new Response(stream, { status: 200 }));
    }) as typeof globalThis.fetch;
    const outcome = failure(hardenedFetch(stalling, requestOf(), readText));
    await vi.advanceTimersByTimeAsync(1000);
    expect((await outcome).code).toBe('timeout');
  });

  it("passes the caller's own abort on untouched, not as a timeout", async () => {
    const service = silentFetch();
    const caller = new AbortController();
    const outcome = hardenedFetch(service.fetch, requestOf({ signal: caller.signal }), readText).catch((error: unknown) => error);
    caller.abort(new DOMException('gone', 'AbortError'));
    const error = await outcome;
    expect(error).not.toBeInstanceOf(AppError);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('leaves no timer behind once the call is done', async () => {
    await hardenedFetch(recording().fetch, requestOf(), readText);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('redirects', () => {
  it.each([301, 302, 303, 307, 308])("'refuse': a %i is an error, its body is closed, and the processor never sees it", async (status) => {
    const body = endlessBody();
    const { fetch } = recording(() => new Response(body.stream, { status, headers: { location: 'https://evil.example/' } }));
    const process = vi.fn(readText);
    expect(await failure(hardenedFetch(fetch, requestOf(), process))).toEqual({
      code: 'http_unexpected_status',
      status,
      detail: 'redirect refused',
    });
    expect(body.cancelled()).toBe(true);
    expect(process).not.toHaveBeenCalled();
  });

  it("'refuse': so is a browser's opaque redirect", async () => {
    const opaque = { type: 'opaqueredirect', status: 0, ok: false, headers: new Headers(), body: null };
    const { fetch } = recording(() => opaque as unknown as Response);
    expect(await failure(hardenedFetch(fetch, requestOf(), readText))).toEqual({
      code: 'http_unexpected_status',
      status: 0,
      detail: 'redirect refused',
    });
  });

  it("'report': the processor gets the redirect as it is", async () => {
    const { fetch } = recording(() => new Response(null, { status: 302, headers: { location: '/login' } }));
    expect(
      await hardenedFetch(fetch, requestOf({ redirects: 'report' }), (answer) =>
        Promise.resolve([answer.status, answer.header('location')]),
      ),
    ).toEqual([302, '/login']);
  });

  it("'follow': the processor gets the answer the redirect led to, and knows it was redirected", async () => {
    const landed = new Response('x', { status: 200 });
    Object.defineProperties(landed, { redirected: { value: true }, url: { value: 'https://www.digipostdata.no/one-time' } });
    const { fetch } = recording(() => landed);
    const seen = await hardenedFetch(fetch, requestOf({ redirects: 'follow' }), (answer) =>
      Promise.resolve({ redirected: answer.redirected, url: answer.url }),
    );
    expect(seen).toEqual({ redirected: true, url: 'https://www.digipostdata.no/one-time' });
  });
});

describe('bodies are read only with a limit', () => {
  it('refuses a declared length over the limit before reading any of it', async () => {
    const body = endlessBody();
    const { fetch } = recording(() => new Response(body.stream, { headers: { 'content-length': String(400 * 1024 * 1024) } }));
    const info = await failure(hardenedFetch(fetch, requestOf(), (answer) => answer.bytes(1024 * 1024, tooLarge)));
    expect(info).toEqual({ code: 'response_too_large', detail: '400 MiB > 1 MiB' });
    expect(body.pulled()).toBeLessThanOrEqual(CHUNK); // a stream may fill its queue once on creation
    expect(body.cancelled()).toBe(true);
  });

  it('stops reading as soon as the count passes the limit, and closes the rest', async () => {
    const body = endlessBody();
    const { fetch } = recording(() => new Response(body.stream));
    const info = await failure(hardenedFetch(fetch, requestOf(), (answer) => answer.text(1024 * 1024, tooLarge)));
    expect(info).toEqual({ code: 'response_too_large', detail: 'more than 1 MiB' });
    expect(body.pulled()).toBeLessThan(1024 * 1024 + 4 * CHUNK);
    expect(body.cancelled()).toBe(true);
  });

  it('uses the error the processor names (content is refused in other words than JSON)', async () => {
    const { fetch } = recording(() => new Response(endlessBody().stream));
    const info = await failure(
      hardenedFetch(fetch, requestOf(), (answer) => answer.bytes(CHUNK, (detail) => new AppError('content_too_large', { detail }))),
    );
    expect(info.code).toBe('content_too_large');
  });

  it('reads a body up to the limit whole, and text as UTF-8 without its BOM', async () => {
    const body = endlessBody(4 * CHUNK);
    const bytes = await hardenedFetch(recording(() => new Response(body.stream)).fetch, requestOf(), (answer) =>
      answer.bytes(4 * CHUNK, tooLarge),
    );
    expect(bytes.byteLength).toBe(4 * CHUNK);
    const text = await hardenedFetch(
      recording(() => new Response(new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0xc3, 0xb8]))).fetch,
      requestOf(),
      readText,
    );
    expect(text).toBe('hø');
  });

  it('closes a body the processor does not want', async () => {
    const body = endlessBody();
    await hardenedFetch(recording(() => new Response(body.stream)).fetch, requestOf(), (answer) => answer.discard());
    expect(body.cancelled()).toBe(true);
  });
});

describe('failures', () => {
  it("turns the network failing into 'network' with the browser's words, kept short and printable", async () => {
    const offline = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof globalThis.fetch;
    expect(await failure(hardenedFetch(offline, requestOf(), readText))).toEqual({ code: 'network', detail: 'Failed to fetch' });
    const noisy = (() => Promise.reject(new TypeError(`bad\u0000${'x'.repeat(500)}`))) as typeof globalThis.fetch;
    const detail = (await failure(hardenedFetch(noisy, requestOf(), readText))).detail ?? '';
    expect(detail.startsWith('bad x')).toBe(true);
    expect(detail.length).toBeLessThanOrEqual(201);
  });

  it("turns a body cut off mid-way into 'network'", async () => {
    const broken = new ReadableStream({
      start(controller) {
        controller.error(new TypeError('terminated'));
      },
    });
    const { fetch } = recording(() => new Response(broken));
    expect(await failure(hardenedFetch(fetch, requestOf(), readText))).toEqual({ code: 'network', detail: 'terminated' });
  });

  it("passes the processor's own errors through as they are", async () => {
    const { fetch } = recording();
    const refused = () => Promise.reject(new AppError('http_not_found', { status: 404 }));
    expect(await failure(hardenedFetch(fetch, requestOf(), refused))).toEqual({ code: 'http_not_found', status: 404 });
  });
});

describe('every protocol step goes through the core', () => {
  const SERVICE = 'https://www.digipost.no';
  const steps: [string, RequestRedirect, (fetch: typeof globalThis.fetch) => Promise<unknown>][] = [
    [
      'an API resource (GET)',
      'manual',
      (fetch) => fetchJson({ url: `${SERVICE}/post/api`, accessToken: 't', serviceOrigin: SERVICE, fetch }),
    ],
    [
      'an action (POST: revoke, opening receipt)',
      'manual',
      (fetch) => fetchJson({ url: `${SERVICE}/post/api/oauth/revoke`, method: 'POST', accessToken: 't', serviceOrigin: SERVICE, fetch }),
    ],
    [
      "a letter's content",
      'follow',
      (fetch) => fetchBinary({ url: `${SERVICE}/post/api/content/1`, accessToken: 't', serviceOrigin: SERVICE, fetch }),
    ],
    [
      'the code exchange',
      'manual',
      (fetch) =>
        exchangeCode({ fetch, now: () => 0 }, config, {
          code: 'c',
          redirectUri: 'https://x.chromiumapp.org/',
          nonce: 'n',
          codeVerifier: 'v'.repeat(43),
        }),
    ],
    ['the refresh', 'manual', (fetch) => refreshTokens({ fetch, now: () => 0 }, config, 'RT')],
    [
      'the look at the sign-in page',
      'manual',
      (fetch) => authWindowFailure(new Error('closed'), `${SERVICE}/post/api/oauth/authorize/new`, fetch),
    ],
  ];

  it.each(steps)('%s: no cookies, no cache, no referrer, a deadline, redirect %s', async (_name, redirect, step) => {
    const { fetch, seen } = recording(() => new Response('{}'));
    await step(fetch).catch(() => undefined);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.init).toMatchObject({ credentials: 'omit', cache: 'no-store', referrerPolicy: 'no-referrer', redirect });
    expect(seen[0]?.init.signal).toBeInstanceOf(AbortSignal);
  });

  it('and nothing in src/ calls fetch but the core', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) return files(path);
        return /\.tsx?$/.test(entry.name) ? [path] : [];
      });
    const callers = files('src').filter((file) => {
      const code = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/.*$/gm, '');
      return /\bfetch\s*\(/.test(code);
    });
    expect(callers).toEqual([join('src', 'api', 'http-core.ts')]);
  });
});
