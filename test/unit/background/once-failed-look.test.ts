import { describe, expect, it } from 'vitest';
import { errorForStatus } from '../../../src/api/http-errors.ts';
import { createMemoryLock } from '../../../src/auth/memory-lock.ts';
import { createOnce, type Operation } from '../../../src/background/once.ts';
import { AppError } from '../../../src/shared/errors.ts';
import { MemoryArea } from '../auth/fakes.ts';

/*
 * Issue #44, point 3: a look that fails (no answer, no answer in time, a 5xx, an answer that cannot
 * be read) tells nothing. A finished write asked for again is then "not known", never "not
 * there": the engine says it could not check, keeps the record, and sends nothing (the same file
 * saved twice, a second "Skatt" folder, is what sending would do).
 */

function engine() {
  const session = new MemoryArea();
  const once = createOnce({ storage: { session }, exclusive: createMemoryLock(), generation: () => Promise.resolve(1), now: () => 1000 });
  return { once, session };
}

/** A write that is done at its first ask; `lookFails` makes every later look fail as given. */
function write(lookFails: () => Promise<never>) {
  const sent: number[] = [];
  const prepared: number[] = [];
  let looks = 0;
  const operation: Operation<string> = {
    look: () => (looks++, lookFails()),
    prepare: () => {
      prepared.push(1);
      return Promise.resolve({ note: { before: ['an older folder'] }, send: () => (sent.push(1), Promise.resolve('made')) });
    },
    unseen: new AppError('write_outcome_unknown'),
  };
  return { sent, prepared, operation, looks: () => looks };
}

const failedLooks: [kind: string, fails: () => Promise<never>][] = [
  ['a broken connection', () => Promise.reject(new AppError('network'))],
  ['no answer in time', () => Promise.reject(new AppError('timeout'))],
  ['a 500', () => Promise.reject(errorForStatus(500, ''))],
  ['a gateway 502', () => Promise.reject(errorForStatus(502, '<html>Bad gateway</html>'))],
  ['a 503', () => Promise.reject(errorForStatus(503, ''))],
  ['an answer that is not the resource', () => Promise.reject(new AppError('response_malformed', { detail: 'folder: expected array' }))],
  ['an answer that is not JSON', () => Promise.reject(new AppError('response_not_json'))],
  ['something unexpected', () => Promise.reject(new TypeError('x is undefined'))],
];

describe('a finished write asked for again when the look fails (issue #44, point 3)', () => {
  for (const [kind, fails] of failedLooks) {
    it(`after ${kind}, says the outcome could not be checked, keeps the record, and sends nothing`, async () => {
      const { once, session } = engine();
      const first = write(fails);
      expect(await once.run({ id: 'new folder Skatt', lane: 'root' }, 1, first.operation)).toEqual({ result: 'made', repeated: false });
      const record = structuredClone(session.data);
      expect(Object.values(record)).toEqual([expect.objectContaining({ state: 'done' })]);

      const again = write(fails);
      const answer = await once.run({ id: 'new folder Skatt', lane: 'root' }, 1, again.operation).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(again.looks()).toBe(1);
      expect(answer).toBeInstanceOf(AppError);
      expect((answer as AppError).code).toBe('write_outcome_unknown');
      expect((answer as AppError).info.detail).toMatch(/^could not check/);
      // Nothing sent, the target not even read for a new attempt, and the record as it was.
      expect([...again.sent, ...again.prepared]).toEqual([]);
      expect(session.data).toEqual(record);
    });
  }

  it('a look that answers and shows nothing is still "not there": the done write whose evidence is gone is a new write', async () => {
    const { once } = engine();
    const first = write(() => Promise.reject(new AppError('network')));
    await once.run({ id: 'rename', lane: 'letter' }, 1, first.operation);
    const again = write(() => Promise.reject(new AppError('network')));
    again.operation.look = () => Promise.resolve(undefined);
    expect((await once.run({ id: 'rename', lane: 'letter' }, 1, again.operation)).result).toBe('made');
    expect(again.sent).toHaveLength(1);
  });
});
