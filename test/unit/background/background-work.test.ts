import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBackgroundWork } from '../../../src/background/background-work.ts';
import { eventually } from '../../support/eventually.ts';
import { deferred } from '../auth/fakes.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the work the worker starts and nobody waits for', () => {
  it('is done when idle says so, work started meanwhile included', async () => {
    const background = createBackgroundWork();
    const first = deferred<undefined>();
    const second = deferred<undefined>();
    const done: string[] = [];
    background.run(
      'Could not do the first',
      first.promise.then(() => {
        done.push('first');
        background.run('Could not do the second', second.promise.then(() => done.push('second')));
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

  it('logs a failure after what could not be done, and is idle after it', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const background = createBackgroundWork();
    background.run('Could not update the badge', Promise.reject(new Error('no badge here')));
    await background.idle();
    expect(warned).toHaveBeenCalledWith('Could not update the badge:', 'no badge here');
  });
});
