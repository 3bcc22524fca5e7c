import { describe, expect, it, vi } from 'vitest';
import { createMemoryLock } from '../../../src/auth/memory-lock.ts';
import { Session } from '../../../src/auth/session.ts';
import type { ExtensionConfig } from '../../../src/config/config.ts';
import { AppError } from '../../../src/shared/errors.ts';
import { eventually } from '../../support/eventually.ts';
import { BASE, FakeClock, FakeFetch, MemoryArea, REDIRECT, config as serviceConfig, deferred, json, makeIdToken } from '../auth/fakes.ts';
import { fakeBrowser } from './fake-browser.ts';

vi.stubGlobal('chrome', fakeBrowser);
// Imported after the stub: what the service calls import reaches the browser's API.
const { createServiceCalls } = await import('../../../src/background/authorized-fetch.ts');

/*
 * Issue #44, point 2: a request belongs to the session that made it. When another person signs in
 * while Kari's delete is under way, the switch revokes her grant and the service answers her 401:
 * that request ends with her session, and is never sent again with Ola's token.
 */

const KARI = '111111';
const OLA = '222222';
const LETTER = `${BASE}/post/api/private/accounts/1/documents/7`;
const config: ExtensionConfig = { ...serviceConfig, pollMinutes: 5, notify: false };

interface ApiRequest {
  method: string;
  url: string;
  token: string;
}

/** One browser profile: a real Session over memory storage, its token endpoint, and the API as the test answers it. */
function world() {
  const clock = new FakeClock();
  const tokens = new FakeFetch();
  let person = KARI;
  let issued = 0;
  tokens.fallback = (request) => {
    issued++;
    const nonce = request.body.get('nonce') ?? 'null';
    const signIn = request.body.get('grant_type') === 'code';
    return json({
      access_token: `AT-${issued}`,
      refresh_token: `RT-${issued}`,
      expires_in: 900,
      token_type: 'bearer',
      ...(signIn ? { id_token: makeIdToken(clock.ms, nonce, { user_id: person }) } : {}),
    });
  };
  const session = new Session({
    local: new MemoryArea(),
    session: new MemoryArea(),
    fetch: tokens.fetch,
    now: clock.now,
    launchWebAuthFlow: (url) =>
      Promise.resolve(`${REDIRECT}?code=CODE&state=${encodeURIComponent(new URL(url).searchParams.get('state') ?? '')}`),
    redirectUri: REDIRECT,
    withLock: createMemoryLock(),
    getConfig: () => Promise.resolve(serviceConfig),
  });
  const api: ApiRequest[] = [];
  /** The API's answers, in turn; past them, 200. */
  const answers: (() => Promise<Response>)[] = [];
  const calls = createServiceCalls({
    session,
    hostAccessHeld: () => Promise.resolve(true),
    fetch: (input, init) => {
      const token = new Headers(init?.headers).get('authorization')?.replace(/^Bearer /, '') ?? '';
      api.push({ method: init?.method ?? 'GET', url: input instanceof Request ? input.url : String(input), token });
      return answers.shift()?.() ?? Promise.resolve(json({}));
    },
  });
  return {
    clock,
    session,
    calls,
    api,
    answers,
    signIn: async (who: string) => {
      person = who;
      await session.connect();
    },
    /** Refreshes at the token endpoint (sign-ins aside). */
    refreshes: () => tokens.requests.filter((r) => r.body.get('grant_type') === 'refresh_token').length,
  };
}

const unauthorized = () => Promise.resolve(new Response('', { status: 401 }));
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'succeeded',
    (error: unknown) => (error instanceof AppError ? error.code : error),
  );

describe('a request and the session that made it (issue #44, point 2)', () => {
  it('Kari’s delete refused after Ola signed in meanwhile is not sent again as Ola: it fails as signed out, and Ola’s session is untouched', async () => {
    const w = world();
    await w.signIn(KARI);
    const answer = deferred<Response>();
    w.answers.push(() => answer.promise);
    const deleting = failure(w.calls.authorizedFetch(config, { url: LETTER, relation: 'delete_document', method: 'DELETE' }));
    await eventually(() => expect(w.api).toHaveLength(1));
    await w.signIn(OLA);
    // The switch revoked Kari's grant: her request is refused.
    answer.resolve(new Response('', { status: 401 }));
    expect(await deleting).toBe('signed_out');
    expect(w.api.map((r) => [r.method, r.token])).toEqual([['DELETE', 'AT-1']]);
    // Ola's session is neither refreshed nor ended for Kari's refusal.
    expect(w.refreshes()).toBe(0);
    expect(await w.session.status()).toMatchObject({ state: 'signed_in', userId: OLA });
  });

  it('nor is Ola’s session refreshed for Kari’s refusal when his token is due for a refresh', async () => {
    const w = world();
    await w.signIn(KARI);
    const answer = deferred<Response>();
    w.answers.push(() => answer.promise);
    const deleting = failure(w.calls.authorizedFetch(config, { url: LETTER, relation: 'delete_document', method: 'DELETE' }));
    await eventually(() => expect(w.api).toHaveLength(1));
    await w.signIn(OLA);
    w.clock.advance(14.5 * 60_000);
    answer.resolve(new Response('', { status: 401 }));
    expect(await deleting).toBe('signed_out');
    expect(w.refreshes()).toBe(0);
    expect(w.api).toHaveLength(1);
  });

  it('a refused request is still sent once again with a fresh token of its own session', async () => {
    const w = world();
    await w.signIn(KARI);
    w.answers.push(unauthorized);
    expect(await failure(w.calls.authorizedFetch(config, { url: LETTER, relation: 'delete_document', method: 'DELETE' }))).toBe(
      'succeeded',
    );
    expect(w.api.map((r) => [r.method, r.token])).toEqual([
      ['DELETE', 'AT-1'],
      ['DELETE', 'AT-2'],
    ]);
  });

  it('a retry refused again ends the session it was made for, never the one another person signed in meanwhile', async () => {
    const w = world();
    await w.signIn(KARI);
    const second = deferred<Response>();
    w.answers.push(unauthorized, () => second.promise);
    const deleting = failure(w.calls.authorizedFetch(config, { url: LETTER, relation: 'delete_document', method: 'DELETE' }));
    await eventually(() => expect(w.api).toHaveLength(2));
    await w.signIn(OLA);
    second.resolve(new Response('', { status: 401 }));
    expect(await deleting).toBe('session_ended');
    expect(await w.session.status()).toMatchObject({ state: 'signed_in', userId: OLA });
  });

  it('a request made for a session that has ended since is not sent with the next person’s token at all', async () => {
    const w = world();
    await w.signIn(KARI);
    const kari = await w.session.generation();
    await w.signIn(OLA);
    expect(
      await failure(w.calls.authorizedFetch(config, { url: LETTER, relation: 'delete_document', method: 'DELETE', generation: kari })),
    ).toBe('signed_out');
    expect(w.api).toEqual([]);
    // Made for Ola's own session, it goes.
    const ola = await w.session.generation();
    expect(
      await failure(w.calls.authorizedFetch(config, { url: LETTER, relation: 'delete_document', method: 'DELETE', generation: ola })),
    ).toBe('succeeded');
    expect(w.api.map((r) => r.token)).toEqual(['AT-2']);
  });
});
