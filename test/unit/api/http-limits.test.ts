import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_TIMEOUT_MS } from '../../../src/api/deadline.ts';
import { fetchBinary, fetchJson, MAX_JSON_BYTES, type FetchResourceOptions } from '../../../src/api/http.ts';
import { AppError, type ErrorInfo } from '../../../src/shared/errors.ts';
import { appErrorOf } from '../app-error.ts';
import { CHUNK, endlessBody, silentFetch } from './fake-network.ts';

const SERVICE = 'https://www.digipost.no';

function options(fetch: typeof globalThis.fetch, extra: Partial<FetchResourceOptions> = {}): FetchResourceOptions {
  return { url: `${SERVICE}/post/api`, accessToken: 'tok', serviceOrigin: SERVICE, fetch, ...extra };
}

async function failure(promise: Promise<unknown>): Promise<ErrorInfo> {
  return (await appErrorOf(promise)) ?? expect.unreachable('expected the call to fail');
}

/** A body that sends its headers and one chunk, then nothing, but ends when the request is aborted. */
function stallingAfterHeaders(): typeof globalThis.fetch {
  return (_input: RequestInfo | URL, init?: RequestInit) => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"a":'));
        init?.signal?.addEventListener('abort', () => controller.error(init.signal?.reason));
      },
    });
    return Promise.resolve(new Response(stream, { status: 200 }));
  };
}

describe('every call has a deadline', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ['fetchJson', (fetch: typeof globalThis.fetch) => fetchJson(options(fetch))],
    ['fetchBinary', (fetch: typeof globalThis.fetch) => fetchBinary(options(fetch))],
  ])('%s: a service that never answers ends in "timeout", and the request is aborted', async (_, call) => {
    const service = silentFetch();
    const outcome = failure(call(service.fetch));
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect((await outcome).code).toBe('timeout');
    expect(service.signals[0]?.aborted).toBe(true);
  });

  it('a JSON answer that stalls after its headers ends in "timeout" too', async () => {
    const outcome = failure(fetchJson(options(stallingAfterHeaders())));
    await vi.advanceTimersByTimeAsync(NETWORK_TIMEOUT_MS);
    expect((await outcome).code).toBe('timeout');
  });

  it("the caller's own abort is passed on, not reported as a timeout", async () => {
    const service = silentFetch();
    const caller = new AbortController();
    const outcome = fetchJson(options(service.fetch, { signal: caller.signal })).catch((error: unknown) => error);
    caller.abort(new DOMException('gone', 'AbortError'));
    const error = await outcome;
    expect(error).not.toBeInstanceOf(AppError);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('an answer within the deadline is read as usual', async () => {
    const fetch = (() => Promise.resolve(Response.json({ ok: true }))) as typeof globalThis.fetch;
    await expect(fetchJson(options(fetch))).resolves.toEqual({ ok: true });
  });
});

describe('bodies are read with a limit', () => {
  it('stops reading content as soon as it passes the limit, and cancels the rest', async () => {
    const body = endlessBody();
    const fetch = (() =>
      Promise.resolve(
        new Response(body.stream, { status: 200, headers: { 'content-type': 'application/pdf' } }),
      )) as typeof globalThis.fetch;
    const info = await failure(fetchBinary({ ...options(fetch), maxBytes: 1024 * 1024 }));
    expect(info.code).toBe('content_too_large');
    // What was read is the limit and at most a few chunks the stream had queued, never the whole body.
    expect(body.pulled()).toBeLessThan(1024 * 1024 + 4 * CHUNK);
    expect(body.cancelled()).toBe(true);
  });

  it('refuses content whose declared length is over the limit before reading any of it', async () => {
    const body = endlessBody();
    const fetch = (() =>
      Promise.resolve(
        new Response(body.stream, { status: 200, headers: { 'content-length': String(400 * 1024 * 1024) } }),
      )) as typeof globalThis.fetch;
    const info = await failure(fetchBinary({ ...options(fetch), maxBytes: 1024 * 1024 }));
    expect(info.code).toBe('content_too_large');
    expect(info.detail).toContain('400 MiB');
    expect(body.pulled()).toBeLessThanOrEqual(CHUNK); // a stream may fill its queue once on creation
  });

  it('reads content up to the limit whole', async () => {
    const body = endlessBody(4 * CHUNK);
    const fetch = (() => Promise.resolve(new Response(body.stream, { status: 200 }))) as typeof globalThis.fetch;
    const { blob } = await fetchBinary({ ...options(fetch), maxBytes: 4 * CHUNK });
    expect(blob.size).toBe(4 * CHUNK);
  });

  it('stops reading a JSON answer past MAX_JSON_BYTES with response_too_large', async () => {
    const body = endlessBody();
    const fetch = (() => Promise.resolve(new Response(body.stream, { status: 200 }))) as typeof globalThis.fetch;
    const info = await failure(fetchJson(options(fetch)));
    expect(info.code).toBe('response_too_large');
    expect(body.pulled()).toBeLessThan(MAX_JSON_BYTES + 4 * CHUNK);
    expect(body.cancelled()).toBe(true);
  });

  it('reads a JSON answer just under the limit', async () => {
    const text = JSON.stringify({ pad: 'x'.repeat(MAX_JSON_BYTES - 20) });
    const fetch = (() => Promise.resolve(new Response(text, { status: 200 }))) as typeof globalThis.fetch;
    const data = (await fetchJson(options(fetch))) as { pad: string };
    expect(data.pad.length).toBe(MAX_JSON_BYTES - 20);
  });

  it('does not read an endless error page whole either', async () => {
    const body = endlessBody();
    const fetch = (() => Promise.resolve(new Response(body.stream, { status: 500 }))) as typeof globalThis.fetch;
    expect((await failure(fetchJson(options(fetch)))).code).toBe('http_server');
    expect(body.cancelled()).toBe(true);
  });
});
