import { describe, expect, it } from 'vitest';
import type { AuthorizedRequest } from '../../../src/background/authorized-fetch.ts';
import { createMemoryLock } from '../../../src/auth/memory-lock.ts';
import { createOnce, type Operation } from '../../../src/background/once.ts';
import { createWrites, type WriteRequest } from '../../../src/background/writes.ts';
import type { ExtensionConfig } from '../../../src/config/config.ts';
import { AppError } from '../../../src/shared/errors.ts';
import { writeRecords } from '../../../src/storage/items.ts';
import { eventually } from '../../support/eventually.ts';
import { deferred, MemoryArea } from '../auth/fakes.ts';

/*
 * Issue #44, point 4: signing out and in again while a bank payment's outcome is unknown must not
 * send it twice. The sign-out's cleanup takes the write records (storage.session); what is needed
 * never to pay twice, an opaque key, outlives it in storage.local, for the same person only, for a
 * bounded number and time, and names nobody and nothing.
 */

const BASE = 'https://www.digipost.no';
const REL = `${BASE}/post/relations`;
const LETTER = `${BASE}/post/api/private/accounts/1/documents/7`;
const SEND = `${LETTER}/attachments/1/invoice/sendtobank`;
const config: ExtensionConfig = { baseUrl: BASE, clientId: 'c', clientSecret: 's', scopes: [], pollMinutes: 5, notify: false };
const KARI = '111111';
const OLA = '222222';
const DAY = 24 * 60 * 60 * 1000;

const invoice = (payment?: object) => ({
  link: [{ rel: `${REL}/self`, uri: LETTER }],
  attachment: [
    {
      link: [],
      invoice: { kid: '1234567890', amount: 1234.5, link: [{ rel: `${REL}/send_to_bank`, uri: SEND }], ...(payment ? { payment } : {}) },
    },
  ],
});

/** One browser: storage that outlives workers and sign-outs as the browser's does, and a session's generation. */
function browser() {
  const local = new MemoryArea();
  const session = new MemoryArea();
  const clock = { ms: Date.UTC(2025, 0, 6, 9) };
  let generation = 1;
  return {
    local,
    session,
    clock,
    generation: () => generation,
    /** The sign-out's cleanup (sign-out.ts, its forgetWrites): every write record goes; the fence moves. */
    signOut: async () => {
      generation++;
      await session.remove(Object.keys(session.data).filter((key) => writeRecords.owns(key)));
    },
    signIn: () => {
      generation++;
    },
  };
}

/** The service: the invoice shows its payment once `shows` says so; `post` is what the POST meets. */
function bank(post: () => Promise<unknown>) {
  const state = { shows: false };
  const calls: AuthorizedRequest[] = [];
  const authorizedFetch = (_: ExtensionConfig, r: AuthorizedRequest) => {
    calls.push(r);
    return (r.method ?? 'GET') === 'GET' ? Promise.resolve(invoice(state.shows ? { bank: 'DNB' } : undefined)) : post();
  };
  return { state, posts: () => calls.filter((c) => c.method === 'POST'), authorizedFetch };
}

/** The worker's writes in `b`, as `person` asks (the handler reads the generation when the page asks). */
function writesIn(b: ReturnType<typeof browser>, service: ReturnType<typeof bank>) {
  const once = createOnce({
    storage: { local: b.local, session: b.session },
    exclusive: createMemoryLock(),
    generation: () => Promise.resolve(b.generation()),
    now: () => b.clock.ms,
  });
  const engine = createWrites({ calls: service, once, written: () => Promise.resolve(), confirmWindowMs: 0 });
  return (person: string) => engine.write(config, { userId: person, scopes: ['UPDATE_DOCUMENT'] }, b.generation(), sendToBank);
}

const sendToBank: WriteRequest = { target: { url: LETTER, relation: 'self' }, attachment: 0, rel: 'send_to_bank' };
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'succeeded',
    (error: unknown) => (error instanceof AppError ? error.code : error),
  );

describe('a bank payment across a sign-out (issue #44, point 4)', () => {
  it('whose outcome is unknown is not sent again by the same person signed in again while it does not show: one POST', async () => {
    const b = browser();
    const service = bank(() => Promise.reject(new AppError('timeout')));
    const write = writesIn(b, service);
    expect(await failure(write(KARI))).toBe('write_not_confirmed');
    await b.signOut();
    b.signIn();
    expect(await failure(write(KARI))).toBe('write_not_confirmed');
    expect(service.posts()).toHaveLength(1);
    // Once the bank took it, Look again says done, and still nothing is sent.
    service.state.shows = true;
    expect(await failure(write(KARI))).toBe('succeeded');
    expect(service.posts()).toHaveLength(1);
  });

  it('answered while the person signed out, and asked again after they signed in, is done: never a second POST', async () => {
    const b = browser();
    const answer = deferred<unknown>();
    const service = bank(() => answer.promise);
    const write = writesIn(b, service);
    const first = failure(write(KARI));
    await eventually(() => expect(service.posts()).toHaveLength(1));
    await b.signOut();
    answer.resolve({});
    expect(await first).toBe('signed_out');
    b.signIn();
    // The payment does not show yet (the service's call to the bank still running).
    expect(await failure(write(KARI))).toBe('succeeded');
    expect(service.posts()).toHaveLength(1);
  });

  it('keeps no personal data in storage.local: not the person, not the invoice’s address, not its amount or KID', async () => {
    const b = browser();
    const write = writesIn(
      b,
      bank(() => Promise.reject(new AppError('network'))),
    );
    await failure(write(KARI));
    await b.signOut();
    const kept = JSON.stringify(b.local.data);
    expect(kept).not.toBe('{}');
    for (const personal of [KARI, LETTER, 'documents/7', '1234', 'send_to_bank']) expect(kept).not.toContain(personal);
  });

  it('does not block another person: Ola, signed in after Kari, sends his own', async () => {
    const b = browser();
    const service = bank(() => Promise.reject(new AppError('timeout')));
    const write = writesIn(b, service);
    await failure(write(KARI));
    await b.signOut();
    b.signIn();
    service.state.shows = false;
    const forOla = bank(() => Promise.resolve({}));
    expect(await failure(writesIn(b, forOla)(OLA))).toBe('succeeded');
    expect(forOla.posts()).toHaveLength(1);
  });

  it('is kept for a day: asked again after that, the service’s own record (the invoice’s payment) decides', async () => {
    const b = browser();
    const service = bank(() => Promise.reject(new AppError('timeout')));
    const write = writesIn(b, service);
    await failure(write(KARI));
    await b.signOut();
    b.signIn();
    b.clock.ms += DAY + 1;
    expect(await failure(write(KARI))).toBe('write_not_confirmed');
    expect(service.posts()).toHaveLength(2);
    // The expired key is gone from storage as the next one is kept.
    expect(JSON.stringify(b.local.data).match(/"key"/g)).toHaveLength(1);
  });
});

describe('the keys of final writes kept past a sign-out', () => {
  /** A final write (a payment, an opening receipt) whose send the test counts; its outcome is never seen. */
  function finalWrite(sent: number[]): Operation<string> {
    return {
      look: () => Promise.resolve(undefined),
      prepare: () => Promise.resolve({ send: () => (sent.push(1), Promise.reject(new AppError('timeout'))) }),
      unseen: new AppError('write_not_confirmed'),
      final: () => Promise.resolve('done before'),
    };
  }

  it('are bounded: the newest hundred, the oldest forgotten first', async () => {
    const b = browser();
    const once = createOnce({
      storage: { local: b.local, session: b.session },
      exclusive: createMemoryLock(),
      generation: () => Promise.resolve(1),
      now: () => b.clock.ms,
    });
    const sent: number[] = [];
    for (let i = 0; i < 101; i++) {
      b.clock.ms += 1000;
      await failure(once.run({ id: `payment-${i}`, lane: `invoice-${i}` }, 1, finalWrite(sent)));
    }
    expect(sent).toHaveLength(101);
    expect(JSON.stringify(b.local.data).match(/"key"/g)).toHaveLength(100);
    await b.session.remove(Object.keys(b.session.data));
    // The newest is still known; the oldest is sent again.
    expect(await failure(once.run({ id: 'payment-100', lane: 'invoice-100' }, 1, finalWrite(sent)))).toBe('write_not_confirmed');
    expect(sent).toHaveLength(101);
    await failure(once.run({ id: 'payment-0', lane: 'invoice-0' }, 1, finalWrite(sent)));
    expect(sent).toHaveLength(102);
  });

  it('are not kept for writes a person may well make again (a move, a rename): their records go with the sign-out', async () => {
    const b = browser();
    const once = createOnce({
      storage: { local: b.local, session: b.session },
      exclusive: createMemoryLock(),
      generation: () => Promise.resolve(1),
      now: () => b.clock.ms,
    });
    const { look, prepare, unseen } = finalWrite([]);
    const move: Operation<string> = { look, prepare, unseen };
    await failure(once.run({ id: 'move', lane: 'letter' }, 1, move));
    expect(b.local.data).toEqual({});
  });
});
