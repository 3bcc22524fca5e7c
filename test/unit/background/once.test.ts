import { describe, expect, it } from 'vitest';
import { errorForStatus } from '../../../src/api/http-errors.ts';
import { createMemoryLock } from '../../../src/auth/memory-lock.ts';
import { createOnce, type Attempt, type Intent, type Operation } from '../../../src/background/once.ts';
import { AppError } from '../../../src/shared/errors.ts';
import type { WriteRecord } from '../../../src/storage/items.ts';
import { eventually } from '../../support/eventually.ts';
import { deferred, MemoryArea } from '../auth/fakes.ts';

/*
 * The worker's one once-only engine (every write, uploads and opening receipts too): one record per
 * intent, evidence before anything else, one lock per lane, fenced to the session's generation.
 */

function engine(session = new MemoryArea()) {
  let generation = 1;
  const once = createOnce({
    storage: { session },
    exclusive: createMemoryLock(),
    generation: () => Promise.resolve(generation),
    now: () => 1000,
  });
  return {
    once,
    session,
    signOut: () => {
      generation++;
    },
  };
}

const intent = (id: string, lane = 'letter-7'): Intent => ({ id, lane });

/**
 * An operation whose send and evidence are the test's; every send and every prepare (the target's
 * check) is counted. `evidence`: what the service shows, read by every look.
 */
function operationOf(
  send: () => Promise<string>,
  evidence: (record: WriteRecord) => Promise<string | undefined> = () => Promise.resolve(undefined),
  extra: { already?: string; before?: string[] } = {},
) {
  const sent: number[] = [];
  const prepared: number[] = [];
  const looked: WriteRecord[] = [];
  const operation: Operation<string> = {
    look: (record) => {
      looked.push(record);
      return evidence(record);
    },
    prepare: () => {
      prepared.push(1);
      const attempt: Attempt<string> =
        extra.already !== undefined
          ? { already: extra.already }
          : {
              ...(extra.before ? { note: { before: extra.before } } : {}),
              send: () => {
                sent.push(1);
                return send();
              },
            };
      return Promise.resolve(attempt);
    },
    unseen: new AppError('write_outcome_unknown'),
  };
  return { sent, prepared, looked, operation };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'succeeded',
    (error: unknown) => (error instanceof AppError ? error.info : error),
  );

describe('the once-only engine', () => {
  it('sends once per intent: a second ask while it runs joins it and hears the same outcome, as a repeat (what follows a write is done once)', async () => {
    const { once } = engine();
    const answer = deferred<string>();
    const { sent, operation } = operationOf(() => answer.promise);
    const first = once.run(intent('i-1'), 1, operation);
    const second = once.run(intent('i-1'), 1, operation);
    await eventually(() => expect(sent).toHaveLength(1));
    answer.resolve('done');
    expect(await first).toEqual({ result: 'done', repeated: false });
    expect(await second).toEqual({ result: 'done', repeated: true });
    expect(sent).toHaveLength(1);
  });

  it('asked again once done, it looks: the evidence still there answers done without sending', async () => {
    const { once } = engine();
    const op = operationOf(
      () => Promise.resolve('done'),
      () => Promise.resolve('seen'),
    );
    await once.run(intent('i-2'), 1, op.operation);
    expect(await once.run(intent('i-2'), 1, op.operation)).toEqual({ result: 'seen', repeated: true });
    expect(op.sent).toHaveLength(1);
  });

  it('a done intent whose evidence is gone (undone elsewhere, renamed back) is a new write', async () => {
    const { once } = engine();
    const op = operationOf(() => Promise.resolve('done'));
    await once.run(intent('i-3'), 1, op.operation);
    expect((await once.run(intent('i-3'), 1, op.operation)).result).toBe('done');
    expect(op.sent).toHaveLength(2);
  });

  it('a target already as asked sends nothing', async () => {
    const { once, session } = engine();
    const op = operationOf(() => Promise.resolve('sent'), undefined, { already: 'as it was' });
    expect(await once.run(intent('i-4'), 1, op.operation)).toEqual({ result: 'as it was', repeated: true });
    expect(op.sent).toEqual([]);
    expect(session.data).toEqual({});
  });

  it('runs the writes of one lane in turn: the second starts only once the first is settled, and neither is dropped', async () => {
    const { once } = engine();
    const order: string[] = [];
    const move = deferred<string>();
    const a = operationOf(() => {
      order.push('move sent');
      return move.promise.then((v) => (order.push('move answered'), v));
    });
    const b = operationOf(() => (order.push('rename sent'), Promise.resolve('renamed')));
    const moving = once.run(intent('i-move'), 1, a.operation);
    const renaming = once.run(intent('i-rename'), 1, b.operation);
    await eventually(() => expect(order).toContain('move sent'));
    expect(order).toEqual(['move sent']);
    move.resolve('moved');
    expect((await moving).result).toBe('moved');
    expect((await renaming).result).toBe('renamed');
    expect(order).toEqual(['move sent', 'move answered', 'rename sent']);
  });

  it('a restarted worker finds the record by the intent: it looks for evidence first and never sends again', async () => {
    const session = new MemoryArea();
    const first = engine(session);
    const stuck = operationOf(() => new Promise(() => undefined), undefined, { before: ['older'] });
    void first.once.run(intent('i-5'), 1, stuck.operation);
    await eventually(() => expect(stuck.sent).toHaveLength(1));
    const restarted = engine(session);
    const unseen = operationOf(() => Promise.resolve('sent again'));
    expect(await failure(restarted.once.run(intent('i-5'), 1, unseen.operation))).toMatchObject({ code: 'write_outcome_unknown' });
    // Evidence first: the target is not even checked again (a payment now there is ours, not "already sent").
    expect(unseen.prepared).toEqual([]);
    expect(unseen.looked[0]).toMatchObject({ state: 'sent', before: ['older'] });
    const seen = operationOf(
      () => Promise.resolve('sent again'),
      () => Promise.resolve('seen'),
    );
    expect((await restarted.once.run(intent('i-5'), 1, seen.operation)).result).toBe('seen');
    expect([...unseen.sent, ...seen.sent, ...seen.prepared]).toEqual([]);
  });

  it('a timeout, a broken connection or a 5xx (a gateway 502/504 too) is unknown, not "nothing done": evidence decides', async () => {
    for (const error of [
      new AppError('timeout'),
      new AppError('network'),
      errorForStatus(502, '<html>Bad gateway</html>'),
      errorForStatus(504, ''),
      errorForStatus(503, ''),
    ]) {
      const { once } = engine();
      const seen = operationOf(
        () => Promise.reject(error),
        () => Promise.resolve('found'),
      );
      expect((await once.run(intent('i-6'), 1, seen.operation)).result).toBe('found');
      const blind = operationOf(() => Promise.reject(error));
      expect(await failure(once.run(intent('i-7'), 1, blind.operation))).toMatchObject({
        code: 'write_outcome_unknown',
        detail: error.code,
      });
      // Asked again (Try again, a reload): it only looks.
      expect(await failure(once.run(intent('i-7'), 1, blind.operation))).toMatchObject({ code: 'write_outcome_unknown' });
      expect(blind.sent).toHaveLength(1);
    }
  });

  it('after an unknown outcome only the explicit resend sends again, and what either attempt noted stays for its look', async () => {
    const { once } = engine();
    // Seen only by a look that knows what both attempts noted before they left.
    const evidence = (record: WriteRecord) =>
      Promise.resolve(record.before?.includes('first') && record.before.includes('second') ? 'seen' : undefined);
    const first = operationOf(() => Promise.reject(new AppError('network')), evidence, { before: ['first'] });
    expect(await failure(once.run(intent('i-8'), 1, first.operation))).toMatchObject({ code: 'write_outcome_unknown' });
    const looked = operationOf(() => Promise.resolve('sent'), evidence, { before: ['second'] });
    expect(await failure(once.run(intent('i-8'), 1, looked.operation))).toMatchObject({ code: 'write_outcome_unknown' });
    expect(looked.sent).toEqual([]);
    const resent = operationOf(() => Promise.reject(new AppError('timeout')), evidence, { before: ['second'] });
    expect((await once.run(intent('i-8'), 1, resent.operation, { resend: true })).result).toBe('seen');
    expect(resent.sent).toHaveLength(1);
  });

  it('an answered refusal leaves no record: asking again sends again', async () => {
    const { once, session } = engine();
    let tries = 0;
    const { sent, operation } = operationOf(() =>
      tries++ === 0 ? Promise.reject(errorForStatus(400, '{"error-code":"INVALID"}')) : Promise.resolve('ok'),
    );
    expect(await failure(once.run(intent('i-9'), 1, operation))).toMatchObject({ status: 400 });
    expect(Object.keys(session.data)).toEqual([]);
    expect((await once.run(intent('i-9'), 1, operation)).result).toBe('ok');
    expect(sent).toHaveLength(2);
  });

  it('a refused resend leaves the first attempt unknown: asking again still only looks', async () => {
    const { once } = engine();
    const first = operationOf(() => Promise.reject(new AppError('network')));
    await failure(once.run(intent('i-10'), 1, first.operation));
    const refused = operationOf(() => Promise.reject(errorForStatus(400, '{}')));
    expect(await failure(once.run(intent('i-10'), 1, refused.operation, { resend: true }))).toMatchObject({ status: 400 });
    const again = operationOf(() => Promise.resolve('sent'));
    expect(await failure(once.run(intent('i-10'), 1, again.operation))).toMatchObject({ code: 'write_outcome_unknown' });
    expect(again.sent).toEqual([]);
  });

  it('is fenced to its session: started before a sign-out, it writes no record after it and says signed out', async () => {
    const { once, session, signOut } = engine();
    const answer = deferred<string>();
    const { operation, sent } = operationOf(() => answer.promise);
    const running = once.run(intent('i-11'), 1, operation);
    await eventually(() => expect(sent).toHaveLength(1));
    // One record, under a digest of the intent: nothing of it readable in the key.
    expect(Object.keys(session.data)).toEqual([expect.stringMatching(/^write\.[A-Za-z0-9_-]{43}$/)]);
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
    const { sent, operation } = operationOf(() => Promise.resolve('done'));
    expect(await failure(once.run(intent('i-12'), 1, operation))).toMatchObject({ code: 'signed_out' });
    expect(sent).toEqual([]);
  });
});
