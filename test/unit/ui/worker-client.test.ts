import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../src/shared/errors.ts';

// A worker that takes the message and never answers, as a stopped worker or a lost reply does.
const worker = vi.hoisted(() => ({ sent: [] as unknown[] }));
vi.stubGlobal('chrome', {
  runtime: {
    sendMessage: (message: unknown) => {
      worker.sent.push(message);
      return new Promise(() => undefined);
    },
  },
});

const { ask } = await import('../../../src/ui/worker-client.ts');
const { answerDeadlineMs } = await import('../../../src/protocol/answer-within.ts');

beforeEach(() => {
  vi.useFakeTimers();
  worker.sent.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('asking the worker', () => {
  it('ends a request the worker never answers with its own error, after the worker’s own deadlines', async () => {
    const answer = ask({ type: 'getRoot' });
    const settled = answer.then(
      () => 'answered',
      (error: unknown) => error,
    );
    const deadline = answerDeadlineMs('getRoot') ?? 0;
    await vi.advanceTimersByTimeAsync(deadline - 1);
    expect(worker.sent).toEqual([{ type: 'getRoot' }]);
    await vi.advanceTimersByTimeAsync(1);
    const error = await settled;
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('worker_no_answer');
  });

  it('gives a letter’s content more time than a page, and waits for the person while connecting', () => {
    expect(answerDeadlineMs('getContent') ?? 0).toBeGreaterThan(answerDeadlineMs('getResource') ?? Infinity);
    expect(answerDeadlineMs('getResource') ?? 0).toBeGreaterThan(4 * 20_000);
    expect(answerDeadlineMs('connect')).toBeUndefined();
    // The options page's permission switches open the same consent window.
    expect(answerDeadlineMs('changePermissions')).toBeUndefined();
  });
});
