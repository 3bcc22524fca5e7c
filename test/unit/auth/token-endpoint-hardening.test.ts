import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { exchangeCode, MAX_TOKEN_RESPONSE_BYTES, refreshTokens } from '../../../src/auth/token-endpoint.ts';
import type { ErrorInfo } from '../../../src/shared/errors.ts';
import { config, FakeClock, REDIRECT } from './fakes.ts';
import { appErrorOf } from '../app-error.ts';

async function failure(promise: Promise<unknown>): Promise<ErrorInfo> {
  return (await appErrorOf(promise)) ?? expect.unreachable('expected a failure');
}

const goodAnswer = { access_token: 'AT-OTHER', refresh_token: 'RT-OTHER', expires_in: 900, token_type: 'bearer', id_token: 'sig.payload' };

/*
 * Two real servers on different ports (different origins) and Node's own fetch, which follows
 * redirects as browsers do, and re-posts the form on a 307. The "service" answers its token path
 * with a 307 to the "other" server.
 */
describe('the token endpoint refuses redirects', () => {
  let service: Server;
  let other: Server;
  let serviceUrl = '';
  let otherUrl = '';
  const seenByOther: string[] = [];

  const listen = (server: Server) =>
    new Promise<string>((resolve) => {
      server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
    });

  beforeAll(async () => {
    other = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seenByOther.push(body);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(goodAnswer));
      });
    });
    service = createServer((req, res) => {
      req.resume();
      res.writeHead(307, { location: `${otherUrl}/steal` }).end();
    });
    otherUrl = await listen(other);
    serviceUrl = await listen(service);
  });

  afterAll(async () => {
    await Promise.all([service, other].map((s) => new Promise((resolve) => s.close(resolve))));
  });

  it.each([
    ['the refresh', () => refreshTokens({ fetch, now: () => Date.now() }, { ...config, baseUrl: serviceUrl }, 'RT-SECRET')],
    [
      'the code exchange',
      () =>
        exchangeCode(
          { fetch, now: () => Date.now() },
          { ...config, baseUrl: serviceUrl },
          { code: 'CODE', redirectUri: REDIRECT, nonce: 'n', codeVerifier: 'v'.repeat(43) },
        ),
    ],
  ])('%s: a 307 is an error, and nothing reaches the other host', async (_, call) => {
    seenByOther.length = 0;
    const info = await failure(call());
    expect(info).toEqual({ code: 'http_unexpected_status', status: 307, detail: 'redirect refused' });
    expect(seenByOther).toEqual([]);
  });
});

describe('the token endpoint has a deadline and a size limit', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ends a request the endpoint never answers with "timeout"', async () => {
    vi.useFakeTimers();
    let aborted = false;
    const silent = ((_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => {
          aborted = true;
          reject(init.signal?.reason as Error);
        });
      })) as typeof fetch;
    const outcome = failure(refreshTokens({ fetch: silent, now: new FakeClock().now }, config, 'RT'));
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect((await outcome).code).toBe('timeout');
    expect(aborted).toBe(true);
  });

  it('refuses a token answer over the limit, without reading it all', async () => {
    let pulled = 0;
    const huge = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 16 * 1024;
        controller.enqueue(new Uint8Array(16 * 1024).fill(0x20));
      },
    });
    const fetchHuge = (() => Promise.resolve(new Response(huge, { status: 200 }))) as typeof fetch;
    const info = await failure(refreshTokens({ fetch: fetchHuge, now: new FakeClock().now }, config, 'RT'));
    expect(info.code).toBe('response_too_large');
    expect(pulled).toBeLessThan(MAX_TOKEN_RESPONSE_BYTES + 4 * 16 * 1024);
  });

  it('sends the form with redirect "manual" and no referrer', async () => {
    const seen: RequestInit[] = [];
    const record = ((_input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(init ?? {});
      return Promise.resolve(Response.json(goodAnswer));
    }) as typeof fetch;
    await refreshTokens({ fetch: record, now: new FakeClock().now }, config, 'RT');
    expect(seen[0]?.redirect).toBe('manual');
    expect(seen[0]?.referrerPolicy).toBe('no-referrer');
  });
});
