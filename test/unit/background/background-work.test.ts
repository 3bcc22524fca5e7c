import { describe, expect, it } from 'vitest';
import { createBackgroundWork } from '../../../src/background/background-work.ts';
import { eventually } from '../../support/eventually.ts';
import { deferred } from '../auth/fakes.ts';

describe('the work the worker starts and nobody waits for', () => {
  it('is done when idle says so, work started meanwhile included', async () => {
    const background = createBackgroundWork();
    const first = deferred<undefined>();
    const second = deferred<undefined>();
    const done: string[] = [];
    background.run(
      first.promise.then(() => {
        done.push('first');
        background.run(second.promise.then(() => done.push('second')));
      }),
    );
    let idle = false;
    const waiting = background.idle().then(() => (idle = true));
    first.resolve(undefined);
    await eventually(() => expect(done).toEqual(['first']));
    expect(idle).toBe(false);
    second.resolve(undefined);
    await waiting;
    expect(done).toEqual(['first', 'second']);
  });

  it('counts a task that failed as done: idle neither waits for ever nor throws', async () => {
    const background = createBackgroundWork();
    background.run(Promise.reject(new Error('no badge here')));
    await expect(background.idle()).resolves.toBeUndefined();
  });
});
