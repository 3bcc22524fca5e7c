import { describe, expect, it } from 'vitest';
import { createMemoryLock } from '../../../src/auth/memory-lock.ts';
import { eventually } from '../../support/eventually.ts';
import { deferred } from './fakes.ts';

describe('createMemoryLock', () => {
  it('runs holders of one name one after the other, in order, and other names freely', async () => {
    const withLock = createMemoryLock();
    const log: string[] = [];
    const gate = deferred<undefined>();
    const first = withLock('a', async () => {
      log.push('a1 start');
      await gate.promise;
      log.push('a1 end');
      return 1;
    });
    const second = withLock('a', () => {
      log.push('a2');
      return Promise.resolve(2);
    });
    const other = withLock('b', () => {
      log.push('b');
      return Promise.resolve(3);
    });
    // The other name's holder ran; the second holder of 'a' waits for the first.
    await eventually(() => expect(log).toEqual(['a1 start', 'b']));
    gate.resolve(undefined);
    expect(await Promise.all([first, second, other])).toEqual([1, 2, 3]);
    expect(log).toEqual(['a1 start', 'b', 'a1 end', 'a2']);
  });

  it('releases the lock when the holder fails', async () => {
    const withLock = createMemoryLock();
    await expect(withLock('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(withLock('a', () => Promise.resolve('next'))).resolves.toBe('next');
  });
});
