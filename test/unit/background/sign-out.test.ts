import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryLock } from '../../../src/auth/memory-lock.ts';
import { addPendingRevocation, readPendingRevocations, revocationOverdue } from '../../../src/auth/pending-revocations.ts';
import { NETWORK_TIMEOUT_MS } from '../../../src/api/timeouts.ts';
import { createBackgroundWork } from '../../../src/background/background-work.ts';
import { createRevocationRetry } from '../../../src/background/revocation-retry.ts';
import { createSignOut } from '../../../src/background/sign-out.ts';
import type { WorkerEvent } from '../../../src/protocol/messages.ts';
import { BASE, MemoryArea, config } from '../auth/fakes.ts';

/*
 * Sign out on a slow network (issue #49 point 5), over a fake clock: the service logged the revoke
 * as 200 after 4.0 s, but the extension cut it off at 3 s, said "Digipost has not yet been told
 * that you signed out", and Try now then met the 403 of a token already revoked. The person still
 * waits 3 s at most; the revoke already sent goes on to its own deadline and counts when it comes.
 */

const REVOKE = `${BASE}/post/api/oauth/revoke`;
const TOKEN = `${BASE}/post/api/oauth/accesstoken`;
const MINUTE = 60_000;

interface Sent {
  url: string;
  at: number;
}

/**
 * The service as a slow network shows it: each answer comes `ms` after the request left (on the
 * fake clock), and a request its caller gives up on is cut off there, as a real fetch is.
 */
function slowService() {
  const sent: Sent[] = [];
  let answers: { ms: number; status: number; body: unknown }[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    sent.push({ url, at: Date.now() });
    const answer = answers.shift() ?? { ms: 0, status: 500, body: { 'error-code': 'NO_ANSWER_QUEUED' } };
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          resolve(new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } })),
        answer.ms,
      );
      init?.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(init.signal?.reason as Error);
      });
    });
  };
  return {
    fetch,
    sent,
    answer(...next: { ms: number; status: number; body?: unknown }[]) {
      answers = next.map((a) => ({ ...a, body: a.body ?? {} }));
    },
  };
}

/** The worker's sign-out and its retry of revokes, over the slow service, with one sign-out put aside as Session does. */
async function world() {
  const local = new MemoryArea();
  const service = slowService();
  const withLock = createMemoryLock();
  const told: WorkerEvent[] = [];
  const background = createBackgroundWork();
  const revocations = createRevocationRetry({
    local,
    fetch: service.fetch,
    now: () => Date.now(),
    withLock,
    hostAccess: { giveBackAfterRevocation: () => Promise.resolve() },
    tellPages: (event) => {
      told.push(event);
      return Promise.resolve();
    },
    background,
  });
  await addPendingRevocation(local, withLock, {
    id: 'r1',
    baseUrl: BASE,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    refreshToken: 'RT-1',
    access: { token: 'AT-1', expiresAt: Date.now() + 10 * MINUTE },
    since: Date.now(),
    failedTries: 0,
  });
  const signOut = createSignOut({
    session: { signOut: () => Promise.resolve('r1') },
    retryRevocations: revocations.retryRevocations,
    background,
  });
  const revokes = () => service.sent.filter((r) => r.url === REVOKE);
  const refreshes = () => service.sent.filter((r) => r.url === TOKEN);
  /** What the popup and the options page would say: "Digipost has not yet been told that you signed out". */
  const saysPending = () => revocationOverdue(local);
  return { local, service, revocations, signOut, told, background, revokes, refreshes, saysPending };
}

/** Starts `promise` and tells whether it has settled yet, as the clock moves. */
function watch(promise: Promise<unknown>): { done: () => boolean } {
  let settled = false;
  void promise.finally(() => (settled = true));
  return { done: () => settled };
}

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 11, 1, 22, 0, 0) });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Sign out on a slow network', () => {
  it('lets the person go after 3 s, and counts the revoke the service answers with 200 after 4 s: nothing is said pending', async () => {
    const w = await world();
    w.service.answer({ ms: 4000, status: 200 });

    const signingOut = watch(w.signOut());
    await vi.advanceTimersByTimeAsync(2999);
    expect(signingOut.done()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    // The person is signed out here and may go on; the revoke is still on its way, not given up.
    expect(signingOut.done()).toBe(true);
    expect(await w.saysPending()).toBe(false);
    expect(await readPendingRevocations(w.local)).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(1000);
    await w.background.idle();
    expect(await readPendingRevocations(w.local)).toEqual([]);
    expect(await w.saysPending()).toBe(false);
    expect(w.revokes()).toHaveLength(1);
    expect(w.refreshes()).toEqual([]);
  });

  it('a Try now while that revoke is on its way waits for it: one revoke in all, done when the service answers', async () => {
    const w = await world();
    w.service.answer({ ms: 4000, status: 200 });
    void w.signOut();
    await vi.advanceTimersByTimeAsync(3500);

    const tryNow = w.revocations.retryRevocations();
    const trying = watch(tryNow);
    await vi.advanceTimersByTimeAsync(400);
    expect(trying.done()).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(await tryNow).toMatchObject({ pending: 0, failed: false });
    expect(w.revokes()).toHaveLength(1);
    expect(await w.saysPending()).toBe(false);
  });

  it('waits for the revoke no longer than any call to the service, and only then says it is pending', async () => {
    const w = await world();
    // An answer that comes after the deadline is never seen.
    w.service.answer({ ms: NETWORK_TIMEOUT_MS + 5000, status: 200 });
    void w.signOut();
    await vi.advanceTimersByTimeAsync(NETWORK_TIMEOUT_MS - 1);
    expect(await w.saysPending()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await w.background.idle();
    expect(await w.saysPending()).toBe(true);
    expect(w.told).toContainEqual({ event: 'revocationChanged' });
  });

  it('a revoke left unanswered, then refused as already revoked (403): done at once, with no refresh and nothing pending', async () => {
    const w = await world();
    // The first revoke reaches the service, which ends the grant; its answer is lost to the deadline.
    w.service.answer({ ms: NETWORK_TIMEOUT_MS + 1, status: 200 }, { ms: 50, status: 403, body: { 'error-code': 'ACCESS_REVOKED' } });
    void w.signOut();
    await vi.advanceTimersByTimeAsync(NETWORK_TIMEOUT_MS);
    await w.background.idle();
    expect(await w.saysPending()).toBe(true);

    const tryNow = w.revocations.retryRevocations();
    await vi.advanceTimersByTimeAsync(50);
    expect(await tryNow).toEqual({ settled: [expect.objectContaining({ id: 'r1' })], pending: 0, failed: false });
    expect(await w.saysPending()).toBe(false);
    expect(w.revokes()).toHaveLength(2);
    // "Already revoked" needs no round trip to the token endpoint.
    expect(w.refreshes()).toEqual([]);
  });

  it('a 403 with no earlier revoke unanswered is not taken for "already revoked": the refresh token still ends the grant', async () => {
    const w = await world();
    w.service.answer(
      { ms: 50, status: 403, body: { 'error-code': 'INVALID_ACCESS_TOKEN' } },
      { ms: 50, status: 200, body: { access_token: 'AT-2', refresh_token: 'RT-2', expires_in: 900, token_type: 'bearer' } },
      { ms: 50, status: 200 },
    );
    void w.signOut();
    await vi.advanceTimersByTimeAsync(150);
    await w.background.idle();
    expect(w.refreshes()).toHaveLength(1);
    expect(w.revokes()).toHaveLength(2);
    expect(await readPendingRevocations(w.local)).toEqual([]);
  });
});
