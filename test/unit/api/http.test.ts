import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API_MEDIA_TYPE, fetchBinary, fetchJson, type FetchResourceOptions } from '../../../src/api/http.ts';
import { AppError, type ErrorInfo } from '../../../src/shared/errors.ts';
import { appErrorOf } from '../app-error.ts';
import { webPath, webUrl } from '../web-addresses.ts';

const SERVICE = 'https://www.digipost.no';
const TOKEN = 'tok_0123456789abcdefghijklmnopqrstuvwxyzABCDE';

interface Recorded {
  url: string;
  init: RequestInit;
}

/** A fetch that records what it was asked and answers from a script. */
function fakeFetch(answer: (url: string) => Response | Promise<Response> = () => Response.json({})) {
  const requests: Recorded[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    requests.push({ url, init: init ?? {} });
    return answer(url);
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}

function options(fetch: typeof globalThis.fetch, extra: Partial<FetchResourceOptions> = {}): FetchResourceOptions {
  return { url: `${SERVICE}/post/api`, accessToken: TOKEN, serviceOrigin: SERVICE, fetch, ...extra };
}

async function failure(promise: Promise<unknown>): Promise<ErrorInfo> {
  return (await appErrorOf(promise)) ?? expect.unreachable('expected the call to fail');
}

function isPlainServiceUrl(url: URL, origin: string): boolean {
  return url.origin === origin && url.username === '' && url.password === '';
}

function authorizationOf(init: RequestInit): string | undefined {
  return new Headers(init.headers).get('authorization') ?? undefined;
}

describe('fetchJson: where the token goes', () => {
  it('sends exactly Accept and the bearer, without cookies, cache or redirects', async () => {
    const { fetch, requests } = fakeFetch();
    await fetchJson(options(fetch));
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.url).toBe(`${SERVICE}/post/api`);
    expect(request?.init).toEqual({
      method: 'GET',
      headers: { Accept: API_MEDIA_TYPE, Authorization: `Bearer ${TOKEN}` },
      credentials: 'omit',
      cache: 'no-store',
      redirect: 'manual',
      referrerPolicy: 'no-referrer',
      signal: expect.any(AbortSignal) as unknown,
    });
  });

  it("uses the link's media type, the method and the signal it is given", async () => {
    const { fetch, requests } = fakeFetch();
    const caller = new AbortController();
    await fetchJson(options(fetch, { mediaType: 'application/json', method: 'POST', signal: caller.signal }));
    expect(requests[0]?.init.method).toBe('POST');
    expect(requests[0]?.init.headers).toEqual({ Accept: 'application/json', Authorization: `Bearer ${TOKEN}` });
    // The request's signal follows the caller's (and the deadline's).
    expect(requests[0]?.init.signal?.aborted).toBe(false);
    caller.abort();
    expect(requests[0]?.init.signal?.aborted).toBe(true);
  });

  it.each([
    ['https://evil.example/post/api', 'link_foreign_origin'],
    ['https://www.digipostdata.no/post/api', 'link_foreign_origin'],
    ['http://www.digipost.no/post/api', 'link_foreign_origin'],
    ['https://www.digipost.no:444/post/api', 'link_foreign_origin'],
    ['https://www.digipost.no@evil.example/', 'link_foreign_origin'],
    ['javascript:fetch("https://www.digipost.no")', 'link_not_http'],
    ['/post/api', 'link_not_http'],
    ['//evil.example/post/api', 'link_not_http'],
    ['ws://www.digipost.no/post/api', 'link_not_http'],
  ])('refuses %s before any request (%s)', async (url, code) => {
    const { fetch, requests } = fakeFetch();
    const info = await failure(fetchJson(options(fetch, { url })));
    expect(info.code).toBe(code);
    expect(JSON.stringify(info)).not.toContain(TOKEN);
    expect(requests).toEqual([]);
  });

  it('requests the normalised form of the address it checked', async () => {
    const { fetch, requests } = fakeFetch();
    await fetchJson(options(fetch, { url: 'HTTPS://WWW.DIGIPOST.NO:443/post/../post/api?x=1' }));
    expect(requests[0]?.url).toBe('https://www.digipost.no/post/api?x=1');
  });

  it('never sends the bearer to another origin, for any address (property)', async () => {
    const hosts = [
      'www.digipost.no',
      'WWW.Digipost.NO',
      'digipost.no',
      'www.digipost.no.evil.example',
      'www.digipostdata.no',
      'evil.example',
      '127.0.0.1',
      '[::1]',
    ];
    const crafted = fc
      .tuple(
        fc.constantFrom(
          'https://',
          'http://',
          'HTTPS://',
          'ftp://',
          '//',
          'javascript:',
          'https:/',
          'https:\\\\',
          ' https://',
          'https://user:pw@',
          'https://www.digipost.no@',
        ),
        fc.constantFrom(...hosts),
        fc.constantFrom('', ':443', ':80', ':8443', ':0'),
        webPath(),
        fc.constantFrom('', '?a=1', '#f', '\\@evil.example/'),
      )
      .map((parts) => parts.join(''));
    const urls = fc.oneof(crafted, webUrl(), fc.string());
    const serviceOrigins = fc.constantFrom(SERVICE, `${SERVICE}/`, 'http://127.0.0.1:8080', 'https://www.qa.digipost.no');
    await fc.assert(
      // Plain checks, not expect(): over a thousand runs its bookkeeping costs several times the calls themselves.
      // A run that fails is reported with its address and origin.
      fc.asyncProperty(urls, serviceOrigins, async (url, serviceOrigin) => {
        const { fetch, requests } = fakeFetch();
        const expectedOrigin = new URL(serviceOrigin).origin;
        const sameOrigin = URL.canParse(url) && isPlainServiceUrl(new URL(url), expectedOrigin);
        let refusal: unknown;
        try {
          await fetchJson(options(fetch, { url, serviceOrigin }));
        } catch (error) {
          refusal = error instanceof AppError ? error.code : error;
        }
        const refusedAsAddress = refusal === undefined || refusal === 'link_foreign_origin' || refusal === 'link_not_http';
        const bearerOnlyToService = requests.every(
          (request) => new URL(request.url).origin === expectedOrigin && authorizationOf(request.init) === `Bearer ${TOKEN}`,
        );
        // And the check does not refuse what it should allow.
        return refusedAsAddress && bearerOnlyToService && requests.length === (sameOrigin ? 1 : 0);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('fetchJson: answers', () => {
  it('returns the parsed JSON body, whatever its JSON content type', async () => {
    const body = { csrfToken: 'x', link: [] };
    const { fetch } = fakeFetch(() => new Response(JSON.stringify(body), { headers: { 'content-type': API_MEDIA_TYPE } }));
    await expect(fetchJson(options(fetch))).resolves.toEqual(body);
  });

  it.each([
    [401, '{"error":"invalid_token"}', { code: 'http_unauthorized', status: 401, detail: 'invalid_token' }],
    [401, '', { code: 'http_unauthorized', status: 401 }],
    [403, '', { code: 'http_forbidden', status: 403 }],
    [403, '{"error-code":"ACCESS_DENIED"}', { code: 'http_forbidden', status: 403, detail: 'ACCESS_DENIED' }],
    [403, '{"required":"READ_RECEIPTS"}', { code: 'http_forbidden_permission', status: 403, permission: 'READ_RECEIPTS' }],
    [
      403,
      '{"error-code":"MISSING_SCOPE","scope":"READ_ACCOUNT_INFO READ_SETTINGS"}',
      { code: 'http_forbidden_permission', status: 403, permission: 'READ_ACCOUNT_INFO', detail: 'MISSING_SCOPE' },
    ],
    [403, '{"required":"NOT_A_PERMISSION"}', { code: 'http_forbidden', status: 403 }],
    [
      403,
      '{"error-code":"AUTHENTICATION_LEVEL_TOO_LOW"}',
      { code: 'auth_level_too_low', status: 403, detail: 'AUTHENTICATION_LEVEL_TOO_LOW' },
    ],
    [
      401,
      '{"error-code":"AUTHENTICATION_LEVEL_TOO_LOW","error-message":"Requires IDPORTEN_4"}',
      { code: 'auth_level_too_low', status: 401, detail: 'AUTHENTICATION_LEVEL_TOO_LOW: Requires IDPORTEN_4' },
    ],
    [
      400,
      '{"error-code":"AUTHENTICATION_LEVEL_TOO_LOW"}',
      { code: 'auth_level_too_low', status: 400, detail: 'AUTHENTICATION_LEVEL_TOO_LOW' },
    ],
    [404, '<html>Not found</html>', { code: 'http_not_found', status: 404 }],
    [500, '{"error-code":"SERVER_ERROR","error-message":"Oops"}', { code: 'http_server', status: 500, detail: 'SERVER_ERROR: Oops' }],
    [503, 'Service Unavailable', { code: 'http_server', status: 503 }],
    [400, '{"error-code":"FOLDER_NOT_EMPTY"}', { code: 'http_unexpected_status', status: 400, detail: 'FOLDER_NOT_EMPTY' }],
    [418, '', { code: 'http_unexpected_status', status: 418 }],
    [429, '[]', { code: 'http_unexpected_status', status: 429 }],
  ])('maps %i %s', async (status, body, expected) => {
    const { fetch } = fakeFetch(() => new Response(body, { status }));
    expect(await failure(fetchJson(options(fetch)))).toEqual(expected);
  });

  it('keeps a long error message short', async () => {
    const { fetch } = fakeFetch(() => Response.json({ 'error-code': 'X', 'error-message': 'y'.repeat(5000) }, { status: 400 }));
    const info = await failure(fetchJson(options(fetch)));
    expect(info.detail?.length).toBeLessThanOrEqual(200);
  });

  it.each([301, 302, 303, 307, 308])('refuses to follow a %i redirect', async (status) => {
    const { fetch } = fakeFetch(() => new Response(null, { status, headers: { location: 'https://evil.example/' } }));
    expect(await failure(fetchJson(options(fetch)))).toEqual({ code: 'http_unexpected_status', status, detail: 'redirect refused' });
  });

  it("refuses a browser's opaque redirect", async () => {
    const opaque = { type: 'opaqueredirect', status: 0, ok: false, headers: new Headers(), text: () => Promise.resolve('') };
    const { fetch } = fakeFetch(() => opaque as unknown as Response);
    expect(await failure(fetchJson(options(fetch)))).toEqual({ code: 'http_unexpected_status', status: 0, detail: 'redirect refused' });
  });

  it('calls a body that is not JSON what it is', async () => {
    const { fetch } = fakeFetch(() => new Response('<!doctype html><title>Logg inn</title>', { headers: { 'content-type': 'text/html' } }));
    expect(await failure(fetchJson(options(fetch)))).toEqual({ code: 'response_not_json', detail: 'not JSON: text/html' });
  });

  it('refuses an empty body from a GET, but accepts one from an action or a 204', async () => {
    expect(await failure(fetchJson(options(fakeFetch(() => new Response('')).fetch)))).toEqual({
      code: 'response_not_json',
      detail: 'empty body',
    });
    await expect(fetchJson(options(fakeFetch(() => new Response('')).fetch, { method: 'POST' }))).resolves.toBeNull();
    await expect(fetchJson(options(fakeFetch(() => new Response(null, { status: 204 })).fetch))).resolves.toBeNull();
  });

  it('turns a failed request into a network error that does not carry the token', async () => {
    const fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof globalThis.fetch;
    const info = await failure(fetchJson(options(fetch)));
    expect(info).toEqual({ code: 'network', detail: 'Failed to fetch' });
  });

  it('turns a body cut off mid-way into a network error', async () => {
    const broken = new Response(
      new ReadableStream({
        start(controller) {
          controller.error(new TypeError('terminated'));
        },
      }),
    );
    expect(await failure(fetchJson(options(fakeFetch(() => broken).fetch)))).toEqual({ code: 'network', detail: 'terminated' });
  });

  it("passes the caller's abort through untouched", async () => {
    const controller = new AbortController();
    const fetch = ((_input: RequestInfo | URL, init?: RequestInit) => {
      controller.abort();
      return Promise.reject(init?.signal?.reason as Error);
    }) as typeof globalThis.fetch;
    const error: unknown = await fetchJson(options(fetch, { signal: controller.signal })).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(AppError);
    expect((error as Error).name).toBe('AbortError');
  });
});

/** JSON nested `levels` deep: objects within objects, or arrays within arrays, around one number. */
function nested(levels: number, kind: 'object' | 'array'): string {
  const [open, close] = kind === 'object' ? ['{"a":', '}'] : ['[', ']'];
  return `${open.repeat(levels)}1${close.repeat(levels)}`;
}

describe('fetchJson: a hostile answer nested thousands of levels deep', () => {
  it.each(['object', 'array'] as const)('10,000 levels of %s: an error in words, not a stack overflow further in', async (kind) => {
    const { fetch } = fakeFetch(() => new Response(nested(10_000, kind), { headers: { 'content-type': 'application/json' } }));
    expect(await failure(fetchJson(options(fetch)))).toEqual({ code: 'response_malformed', detail: 'nested more than 64 levels' });
  });

  it('takes an answer nested 64 levels deep, and refuses one of 65', async () => {
    const answer = (levels: number) => fetchJson(options(fakeFetch(() => new Response(nested(levels, 'object'))).fetch));
    await expect(answer(64)).resolves.toBeTypeOf('object');
    expect(await failure(answer(65))).toEqual({ code: 'response_malformed', detail: 'nested more than 64 levels' });
  });

  it('counts the depth, not the size: a wide answer of many shallow objects is taken', async () => {
    const wide = JSON.stringify({
      document: Array.from({ length: 5000 }, (_, i) => ({ id: i, link: [{ rel: 'self', uri: `${SERVICE}/${i}` }] })),
    });
    await expect(fetchJson(options(fakeFetch(() => new Response(wide)).fetch))).resolves.toMatchObject({
      document: expect.any(Array) as unknown,
    });
  });
});

describe('fetchBinary', () => {
  const contentUrl = `${SERVICE}/post/api/private/documents/77/content`;

  it('fetches the content with the bearer, following redirects, and reports its type', async () => {
    const { fetch, requests } = fakeFetch(
      () => new Response(new Uint8Array([37, 80, 68, 70]), { headers: { 'content-type': 'application/pdf' } }),
    );
    const { blob, contentType } = await fetchBinary(options(fetch, { url: contentUrl, mediaType: 'application/octet-stream' }));
    expect(contentType).toBe('application/pdf');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([37, 80, 68, 70]));
    expect(requests[0]?.init).toMatchObject({
      headers: { Accept: 'application/octet-stream', Authorization: `Bearer ${TOKEN}` },
      redirect: 'follow',
      credentials: 'omit',
    });
  });

  it('asks for any type when the link names none, and falls back to octet-stream', async () => {
    const { fetch, requests } = fakeFetch(() => {
      const response = new Response(new Uint8Array([1]));
      response.headers.delete('content-type');
      return response;
    });
    const { contentType } = await fetchBinary(options(fetch, { url: contentUrl }));
    expect(new Headers(requests[0]?.init.headers).get('accept')).toBe('*/*');
    expect(contentType).toBe('application/octet-stream');
  });

  it('refuses a first address off the service origin before any request', async () => {
    const { fetch, requests } = fakeFetch();
    const info = await failure(fetchBinary(options(fetch, { url: 'https://www.digipostdata.no/one-time/abc' })));
    expect(info.code).toBe('link_foreign_origin');
    expect(requests).toEqual([]);
  });

  it('maps errors like fetchJson', async () => {
    const { fetch } = fakeFetch(() => Response.json({ 'error-code': 'AUTHENTICATION_LEVEL_TOO_LOW' }, { status: 403 }));
    expect((await failure(fetchBinary(options(fetch, { url: contentUrl })))).code).toBe('auth_level_too_low');
    const offline = (() => Promise.reject(new TypeError('offline'))) as typeof globalThis.fetch;
    expect((await failure(fetchBinary(options(offline, { url: contentUrl })))).code).toBe('network');
  });
});
