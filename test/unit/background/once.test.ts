import { describe, expect, it } from 'vitest';
import { errorForStatus } from '../../../src/api/http-errors.ts';
import { createMemoryLock } from '../../../src/auth/memory-lock.ts';
import { createOnce, type Attempt } from '../../../src/background/once.ts';
import { AppError } from '../../../src/shared/errors.ts';
import { deferred, MemoryArea, settle } from '../auth/fakes.ts';

/*
 * The worker's one once-only engine (every write, uploads too): one record per operation id, one
 * lock per lane, fenced to the session's generation, outcomes decided from evidence.
 */

function engine(session = new MemoryArea()) {
  let generation = 1;
  const once = createOnce({ storage: { session }, exclusive: createMemoryLock(), generation: () => Promise.resolve(generation), now: () => 1000 });
  return {
    once,
    session,
    signOut: () => {
      generation++;
    },
  };
}

/** An attempt whose send and look are the test's; every send is counted. */
function attempt(send: () => Promise<string>, look: () => Promise<string | undefined> = () => Promise.resolve(undefined), extra: Partial<Attempt<string>> & { silent?: true } = {}) {
  const sent: number[] = [];
  return {
    sent,
    operation: {
      prepare: () =>
        Promise.resolve<Attempt<string>>({
          send: () => {
            sent.push(1);
            return send();
          },
          look,
          ...(extra.silent ? {} : { unseen: new AppError('write_outcome_unknown') }),
          ...extra,
        }),
      repeat: () => 'repeated',
    },
  };
}

const failure = (promise: Promise<unknown>) => promise.then(() => 'succeeded', (error: unknown) => (error instanceof AppError ? error.info : error));

describe('the once-only engine', () => {
  it('sends once per id: a second ask while it runs waits for it, and then hears it done without sending', async () => {
    const { once } = engine();
    const answer = deferred<string>();
    const { sent, operation } = attempt(() => answer.promise);
    const first = once.run('op-1', 'letter-7', 1, operation);
    const second = once.run('op-1', 'letter-7', 1, operation);
    await settle();
    answer.resolve('done');
    expect(await first).toEqual({ result: 'done', repeated: false });
    expect(await second).toEqual({ result: 'repeated', repeated: true });
    expect(sent).toHaveLength(1);
  });

  it('runs the writes of one lane in turn: the second starts only once the first is settled, and neither is dropped', async () => {
    const { once } = engine();
    const order: string[] = [];
    const move = deferred<string>();
    const a = attempt(() => {
      order.push('move sent');
      return move.promise.then((v) => (order.push('move answered'), v));
    });
    const b = attempt(() => (order.push('rename sent'), Promise.resolve('renamed')));
    const moving = once.run('op-move', 'letter-7', 1, a.operation);
    const renaming = once.run('op-rename', 'letter-7', 1, b.operation);
    await settle();
    expect(order).toEqual(['move sent']);
    move.resolve('moved');
    expect((await moving).result).toBe('moved');
    expect((await renaming).result).toBe('renamed');
    expect(order).toEqual(['move sent', 'move answered', 'rename sent']);
  });

  it('a restarted worker finds the record: it looks for evidence and never sends again', async () => {
    const session = new MemoryArea();
    const first = engine(session);
    void first.once.run('op-2', 'letter-7', 1, attempt(() => new Promise(() => undefined)).operation);
    await settle();
    const restarted = engine(session);
    const unseen = attempt(() => Promise.resolve('sent again'));
    expect(await failure(restarted.once.run('op-2', 'letter-7', 1, unseen.operation))).toMatchObject({ code: 'write_outcome_unknown' });
    const seen = attempt(() => Promise.resolve('sent again'), () => Promise.resolve('seen'));
    expect((await restarted.once.run('op-2', 'letter-7', 1, seen.operation)).result).toBe('seen');
    expect([...unseen.sent, ...seen.sent]).toEqual([]);
  });

  it('a timeout, a broken connection or a 5xx (a gateway 502/504 too) is unknown, not "nothing done": evidence decides', async () => {
    for (const error of [new AppError('timeout'), new AppError('network'), errorForStatus(502, '<html>Bad gateway</html>'), errorForStatus(504, ''), errorForStatus(503, '')]) {
      const { once } = engine();
      const seen = attempt(() => Promise.reject(error), () => Promise.resolve('found'));
      expect((await once.run('op-3', 'lane', 1, seen.operation)).result).toBe('found');
      const blind = attempt(() => Promise.reject(error));
      expect(await failure(once.run('op-4', 'lane', 1, blind.operation))).toMatchObject({ code: 'write_outcome_unknown' });
      // The same id again never sends: it only looks.
      expect(await failure(once.run('op-4', 'lane', 1, blind.operation))).toMatchObject({ code: 'write_outcome_unknown' });
      expect(blind.sent).toHaveLength(1);
    }
  });

  it('an answered refusal leaves no record: the same id may go again', async () => {
    const { once, session } = engine();
    let tries = 0;
    const { sent, operation } = attempt(() => (tries++ === 0 ? Promise.reject(errorForStatus(400, '{"error-code":"INVALID"}')) : Promise.resolve('ok')));
    expect(await failure(once.run('op-5', 'lane', 1, operation))).toMatchObject({ status: 400 });
    expect(Object.keys(session.data)).toEqual([]);
    expect((await once.run('op-5', 'lane', 1, operation)).result).toBe('ok');
    expect(sent).toHaveLength(2);
  });

  it('an upload whose look finds nothing may go again under its id (resendUnseen)', async () => {
    const { once } = engine();
    let tries = 0;
    const { sent, operation } = attempt(() => (tries++ === 0 ? Promise.reject(new AppError('network')) : Promise.resolve('stored')), undefined, { resendUnseen: true, silent: true });
    expect(await failure(once.run('op-6', 'lane', 1, operation))).toMatchObject({ code: 'network' });
    expect((await once.run('op-6', 'lane', 1, operation)).result).toBe('stored');
    expect(sent).toHaveLength(2);
  });

  it('is fenced to its session: started before a sign-out, it writes no record after it and says signed out', async () => {
    const { once, session, signOut } = engine();
    const answer = deferred<string>();
    const { operation } = attempt(() => answer.promise);
    const running = once.run('op-7', 'lane', 1, operation);
    await settle();
    expect(Object.keys(session.data)).toEqual(['write.op-7']);
    signOut();
    // The sign-out's cleanup empties storage.session.
    session.data = {};
    answer.resolve('done');
    expect(await failure(running)).toMatchObject({ code: 'signed_out' });
    expect(session.data).toEqual({});
  });

  it('asked for a session that has already ended, it sends nothing', async () => {
    const { once, signOut } = engine();
    signOut();
    const { sent, operation } = attempt(() => Promise.resolve('done'));
    expect(await failure(once.run('op-8', 'lane', 1, operation))).toMatchObject({ code: 'signed_out' });
    expect(sent).toEqual([]);
  });
});
