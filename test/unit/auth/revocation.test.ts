import { describe, expect, it } from 'vitest';
import { createMemoryLock } from '../../../src/auth/memory-lock.ts';
import { addPendingRevocation, readPendingRevocations, type PendingRevocation } from '../../../src/auth/pending-revocations.ts';
import { revokePending, type RevocationDeps } from '../../../src/auth/revocation.ts';
import { eventually } from '../../support/eventually.ts';
import { BASE, FakeClock, FakeFetch, MemoryArea, config, deferred, json, type RecordedRequest } from './fakes.ts';

const MINUTE = 60_000;
const REVOKE = `${BASE}/post/api/oauth/revoke`;
const TOKEN = `${BASE}/post/api/oauth/accesstoken`;

/** The service as the retry meets it: answers for the revoke and the token endpoint, in turn. */
function world() {
  const local = new MemoryArea();
  const clock = new FakeClock();
  const service = new FakeFetch();
  const deps: RevocationDeps = { local, fetch: service.fetch, now: clock.now, withLock: createMemoryLock() };
  const record = (overrides: Partial<PendingRevocation> = {}): PendingRevocation => ({
    id: 'r1',
    baseUrl: BASE,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    refreshToken: 'RT-1',
    access: { token: 'AT-1', expiresAt: clock.ms + 10 * MINUTE },
    since: clock.ms,
    failedTries: 0,
    ...overrides,
  });
  const put = (r: PendingRevocation) => addPendingRevocation(local, deps.withLock, r);
  const revokes = () => service.requests.filter((r) => r.url === REVOKE);
  const refreshes = () => service.requests.filter((r) => r.url === TOKEN);
  return { local, clock, service, deps, record, put, revokes, refreshes };
}

const bearer = (request: RecordedRequest | undefined) => request?.headers.authorization;
const down = () => new TypeError('Failed to fetch');

describe('a sign-out the service was not told of', () => {
  it('is told with the access token while that has time left, and then forgotten', async () => {
    const w = world();
    await w.put(w.record());
    w.service.reply(() => json({}));

    const round = await revokePending(w.deps);

    expect(round).toEqual({ settled: [w.record()], pending: 0, failed: false });
    expect(w.revokes().map((r) => [r.method, bearer(r)])).toEqual([['POST', 'Bearer AT-1']]);
    expect(w.refreshes()).toEqual([]);
    expect(w.local.data).toEqual({});
  });

  it('stays while the service cannot be reached, says why, and goes once a later try gets through', async () => {
    const w = world();
    await w.put(w.record());
    w.service.reply(down);

    const failed = await revokePending(w.deps);
    expect(failed).toEqual({ settled: [], pending: 1, failed: true, error: expect.objectContaining({ code: 'network' }) as unknown });
    // Kept as it was, and counted: from now on the person is told. The connection broke: the revoke may have arrived.
    expect(await readPendingRevocations(w.local)).toEqual([w.record({ failedTries: 1, mayHaveArrived: true })]);

    w.service.reply(() => json({}));
    expect((await revokePending(w.deps)).pending).toBe(0);
    expect(w.revokes()).toHaveLength(2);
    expect(w.local.data).toEqual({});
  });

  it('a server error keeps it too', async () => {
    const w = world();
    await w.put(w.record());
    w.service.reply(() => json({ 'error-code': 'SERVICE_UNAVAILABLE' }, 503));
    expect(await revokePending(w.deps)).toMatchObject({ pending: 1, error: { code: 'http_server' } });
  });

  it('once the access token has expired, gets a new one with the refresh token and revokes with that', async () => {
    const w = world();
    await w.put(w.record());
    w.clock.advance(20 * MINUTE);
    w.service.reply(() => json({ access_token: 'AT-2', refresh_token: 'RT-2', expires_in: 900, token_type: 'bearer' }));
    w.service.reply(() => json({}));

    expect((await revokePending(w.deps)).pending).toBe(0);
    expect(w.refreshes().map((r) => r.body.get('refresh_token'))).toEqual(['RT-1']);
    expect(w.revokes().map(bearer)).toEqual(['Bearer AT-2']);
  });

  it('keeps a rotated refresh token before using it, so a revoke that then fails loses nothing', async () => {
    const w = world();
    await w.put(w.record({ access: undefined }));
    w.service.reply(() => json({ access_token: 'AT-2', refresh_token: 'RT-2', expires_in: 900, token_type: 'bearer' }));
    w.service.reply(down);

    expect((await revokePending(w.deps)).pending).toBe(1);
    expect(await readPendingRevocations(w.local)).toEqual([
      w.record({ refreshToken: 'RT-2', access: { token: 'AT-2', expiresAt: w.clock.ms + 900_000 }, failedTries: 1, mayHaveArrived: true }),
    ]);

    w.service.reply(() => json({}));
    expect((await revokePending(w.deps)).pending).toBe(0);
    expect(w.revokes().map(bearer)).toEqual(['Bearer AT-2', 'Bearer AT-2']);
  });

  it.each([401, 403])(
    'is forgotten when the service answers %i and refuses the refresh as invalid: the grant is already gone',
    async (status) => {
      const w = world();
      await w.put(w.record());
      w.service.reply(() => json({ 'error-code': 'ACCESS_REVOKED' }, status));
      w.service.reply(() => json({ error: 'invalid_grant' }, 400));

      expect(await revokePending(w.deps)).toEqual({ settled: [w.record()], pending: 0, failed: false });
      expect(w.local.data).toEqual({});
    },
  );

  it('is forgotten when the access token is refused and there is no refresh token', async () => {
    const w = world();
    await w.put(w.record({ refreshToken: undefined }));
    w.service.reply(() => json({}, 403));
    expect((await revokePending(w.deps)).pending).toBe(0);
    expect(w.refreshes()).toEqual([]);
  });

  it('a refresh that fails on the network keeps it (no revoke left, so none may have arrived)', async () => {
    const w = world();
    await w.put(w.record({ access: undefined }));
    w.service.reply(down);
    expect(await revokePending(w.deps)).toMatchObject({ pending: 1, error: { code: 'network' } });
    expect(await readPendingRevocations(w.local)).toEqual([w.record({ access: undefined, failedTries: 1 })]);
  });

  it('two tries at once (the worker starting, the browser back online) send one revoke', async () => {
    const w = world();
    await w.put(w.record());
    const gate = deferred<undefined>();
    w.service.reply(async () => {
      await gate.promise;
      return json({});
    });
    const first = revokePending(w.deps);
    const second = revokePending(w.deps);
    await eventually(() => expect(w.revokes()).toHaveLength(1));
    gate.resolve(undefined);
    const rounds = await Promise.all([first, second]);

    expect(w.revokes()).toHaveLength(1);
    expect(rounds.map((r) => r.settled.length).sort()).toEqual([0, 1]);
    expect(rounds.map((r) => r.pending)).toEqual([0, 0]);
  });

  it('tries only the one asked for, and each record on its own', async () => {
    const w = world();
    await w.put(w.record({ id: 'a', access: { token: 'AT-A', expiresAt: w.clock.ms + MINUTE } }));
    await w.put(w.record({ id: 'b', access: { token: 'AT-B', expiresAt: w.clock.ms + MINUTE } }));
    w.service.reply(() => json({}));
    expect(await revokePending(w.deps, 'b')).toMatchObject({ pending: 1 });
    expect(w.revokes().map(bearer)).toEqual(['Bearer AT-B']);
    expect((await readPendingRevocations(w.local)).map((r) => r.id)).toEqual(['a']);
  });

  it('only ever sends its tokens to the service they came from', async () => {
    const w = world();
    await w.put(w.record({ access: undefined }));
    w.service.reply(() => json({ access_token: 'AT-2', expires_in: 900, token_type: 'bearer' }));
    w.service.reply(() => json({}));
    await revokePending(w.deps);
    expect(w.service.requests.map((r) => new URL(r.url).origin)).toEqual([BASE, BASE]);
  });

  it('reads a damaged list as empty and sends nothing', async () => {
    const w = world();
    w.local.data = { 'auth.pendingRevocations': [{ id: 'x' }, 'junk'] };
    expect(await revokePending(w.deps)).toEqual({ settled: [], pending: 0, failed: false });
    expect(w.service.requests).toEqual([]);
  });
});
