import { describe, expect, it } from 'vitest';
import { settleLimited } from '../../../src/shared/settle-limited.ts';

/*
 * A few calls at a time over a list (the worker's reads for "Invoices due soon", Find a letter's
 * places): never more than the limit unsettled at once, each outcome in the list's order, as
 * Promise.allSettled gives it. The calls answer when the test says, never by time.
 */

interface Held {
  item: number;
  settle: (fail: boolean) => void;
}

/** Calls that wait for the test, with how many are out at once. */
function heldCalls() {
  const waiting: Held[] = [];
  const started: number[] = [];
  let out = 0;
  let most = 0;
  const call = (item: number) =>
    new Promise<string>((resolve, reject) => {
      out++;
      most = Math.max(most, out);
      started.push(item);
      const held: Held = {
        item,
        settle: (fail) => {
          waiting.splice(waiting.indexOf(held), 1);
          out--;
          if (fail) reject(new Error(`item ${item}`));
          else resolve(`read ${item}`);
        },
      };
      waiting.push(held);
    });
  return { call, waiting, started, most: () => most };
}

/**
 * Lets every settled call's follower start: settleLimited and these calls are promises alone, so
 * one turn of the event loop has run all that follows, on any machine (no timer, no other thread).
 */
const settleTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('settleLimited', () => {
  it('keeps at most the limit of calls out, starts the next as one settles, and keeps every outcome in order', async () => {
    const calls = heldCalls();
    const all = settleLimited([1, 2, 3, 4, 5], 2, calls.call);
    await settleTurn();
    expect(calls.started).toEqual([1, 2]);
    // Settled out of order, one failing: the next starts in its place.
    calls.waiting.find((h) => h.item === 2)?.settle(true);
    await settleTurn();
    expect(calls.started).toEqual([1, 2, 3]);
    while (calls.waiting[0]) {
      expect(calls.waiting.length).toBeLessThanOrEqual(2);
      calls.waiting[0].settle(false);
      await settleTurn();
    }
    expect(calls.most()).toBe(2);
    const results = await all;
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      'read 1',
      'item 2',
      'read 3',
      'read 4',
      'read 5',
    ]);
  });

  it('starts every call at once when there are fewer than the limit, and answers an empty list at once', async () => {
    const calls = heldCalls();
    const all = settleLimited([1, 2], 3, calls.call);
    await settleTurn();
    expect(calls.started).toEqual([1, 2]);
    for (const held of [...calls.waiting]) held.settle(false);
    expect((await all).map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(await settleLimited([], 2, calls.call)).toEqual([]);
  });

  it('keeps a call that throws before it returns a promise as its failure', async () => {
    const results = await settleLimited([1, 2], 1, (item) => {
      if (item === 1) throw new Error('at once');
      return Promise.resolve(item);
    });
    expect(results).toEqual([
      { status: 'rejected', reason: new Error('at once') },
      { status: 'fulfilled', value: 2 },
    ]);
  });
});
