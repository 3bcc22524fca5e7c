import { describe, expect, it } from 'vitest';
import { authWindowFailure } from '../../../src/auth/auth-window-failure.ts';

const AUTHORIZE = 'https://www.digipost.no/post/api/oauth/authorize/new?client_id=x';
const closed = new Error('The user did not approve access.');

function answering(status: number): { send: typeof fetch; seen: { url: string; init: RequestInit | undefined }[] } {
  const seen: { url: string; init: RequestInit | undefined }[] = [];
  const send = ((input: RequestInfo | URL, init?: RequestInit) => {
    seen.push({ url: input instanceof Request ? input.url : input.toString(), init });
    return Promise.resolve(new Response('<h1>page</h1>', { status }));
  }) as typeof fetch;
  return { send, seen };
}

describe('why the sign-in window closed without an answer', () => {
  it('the user closed the consent page: cancelled', async () => {
    const { send, seen } = answering(200);
    expect((await authWindowFailure(closed, AUTHORIZE, send)).code).toBe('signin_cancelled');
    // The look at the sign-in page carries none of the user's cookies.
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe(AUTHORIZE);
    expect(seen[0]?.init?.credentials).toBe('omit');
  });

  it('a sign-in page that sends the visitor on to log in is not an error page', async () => {
    // fetch with redirect: 'manual' answers a redirect as an opaque response of status 0.
    const send = (() => Promise.resolve({ status: 0, body: null } as unknown as Response)) as typeof fetch;
    expect((await authWindowFailure(closed, AUTHORIZE, send)).code).toBe('signin_cancelled');
  });

  it('the service showed its own error page for an unknown client ID: says the client ID may be wrong', async () => {
    const { send } = answering(400);
    const error = await authWindowFailure(closed, AUTHORIZE, send);
    expect(error.code).toBe('signin_client_unknown');
    expect(error.info.detail).toContain('400');
  });

  it('Chrome could not load the page, and the service refuses this client: says the client ID may be wrong', async () => {
    const { send } = answering(400);
    const error = await authWindowFailure(new Error('Authorization page could not be loaded.'), AUTHORIZE, send);
    expect(error.code).toBe('signin_client_unknown');
  });

  it('the page could not be loaded, yet the service answers now: a passing failure to reach it', async () => {
    const { send } = answering(200);
    const error = await authWindowFailure(new Error('Authorization page could not be loaded.'), AUTHORIZE, send);
    expect(error.code).toBe('network');
    expect(error.info.detail).toBe('Authorization page could not be loaded.');
  });

  it('the service does not answer the look either: could not reach the service', async () => {
    const send = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    const error = await authWindowFailure(closed, AUTHORIZE, send);
    expect(error.code).toBe('network');
    expect(error.info.detail).toBe('Failed to fetch');
  });

  it('a service error (5xx) on the sign-in page is not blamed on the client ID', async () => {
    const { send } = answering(503);
    expect((await authWindowFailure(closed, AUTHORIZE, send)).code).toBe('signin_cancelled');
  });
});
