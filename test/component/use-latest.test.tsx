import { act, render, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/shared/errors.ts';
import { useLatest, type Latest, type LatestOptions } from '../../src/ui/use-latest.ts';
import { extension } from '../support/fake-extension.ts';

/*
 * "The latest answer wins" (src/ui/use-latest.ts), the one hook the pages read with: an answer
 * that comes after a newer read began, after the component is gone or after the session ended is
 * dropped; a failure is kept until the next read; the hook's own read runs per key and on reload.
 * The pages that use it are tested as pages (viewer, letter, letter finder, save).
 */

/** A promise the test settles by hand. */
function answerLater<T>() {
  let answer!: (value: T) => void;
  let refuse!: (error: unknown) => void;
  const promise = new Promise<T>((resolve, reject) => {
    answer = resolve;
    refuse = reject;
  });
  return { promise, answer, refuse };
}

/** Renders a component that uses the hook with `options`, and hands back what the hook gives it each render. */
function mount<T>(options: LatestOptions<T> = {}) {
  const seen: { latest?: Latest<T> } = {};
  function Probe(props: { options: LatestOptions<T> }) {
    seen.latest = useLatest(props.options);
    return null;
  }
  const view = render(<Probe options={options} />);
  return {
    get latest(): Latest<T> {
      if (!seen.latest) throw new Error('the probe has not rendered');
      return seen.latest;
    },
    rerender: (next: LatestOptions<T>) => view.rerender(<Probe options={next} />),
    unmount: () => view.unmount(),
  };
}

/** Starts a read whose answer is `answer`; hands back what the run resolves to and the read's signal. */
async function start<T>(latest: () => Latest<T>, answer: Promise<T>) {
  const started: { taken?: Promise<T | undefined>; signal?: AbortSignal } = {};
  await act(() => {
    started.taken = latest().run((signal) => {
      started.signal = signal;
      return answer;
    });
  });
  return started;
}

describe('useLatest', () => {
  it('drops the answer of a read that a newer one superseded, whether it comes first or last', async () => {
    const probe = mount<string>();
    const first = answerLater<string>();
    const second = answerLater<string>();
    const older = await start(() => probe.latest, first.promise);
    await act(() => void probe.latest.run(() => second.promise));
    expect(older.signal?.aborted).toBe(true);
    first.answer('older');
    expect(await older.taken).toBeUndefined();
    expect([probe.latest.loading, probe.latest.value]).toEqual([true, undefined]);
    second.answer('newer');
    await waitFor(() => expect(probe.latest.value).toBe('newer'));
    expect(probe.latest.loading).toBe(false);

    // And the other way round: the newer answers first, the older after it.
    const third = answerLater<string>();
    const fourth = answerLater<string>();
    await act(() => void probe.latest.run(() => third.promise));
    await act(() => void probe.latest.run(() => fourth.promise));
    fourth.answer('newest');
    await waitFor(() => expect(probe.latest.value).toBe('newest'));
    third.answer('stale');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(probe.latest.value).toBe('newest');
  });

  it('drops an answer that comes after the component is gone', async () => {
    const probe = mount<string>();
    const held = answerLater<string>();
    const read = await start(() => probe.latest, held.promise);
    probe.unmount();
    expect(read.signal?.aborted).toBe(true);
    held.answer('too late');
    expect(await read.taken).toBeUndefined();
  });

  it('keeps a failure until the next read, and the value too where it keeps the value', async () => {
    const probe = mount<string>({ keep: true });
    await act(async () => {
      await probe.latest.run(() => Promise.resolve('first'));
    });
    await act(async () => {
      await probe.latest.run(() => Promise.reject(new AppError('network')));
    });
    expect(probe.latest.error?.code).toBe('network');
    expect(probe.latest.value).toBe('first');
    expect(probe.latest.loading).toBe(false);
    const held = answerLater<string>();
    await act(() => void probe.latest.run(() => held.promise));
    // What is on show stays until the next answer, which then is all there is.
    expect([probe.latest.loading, probe.latest.value, probe.latest.error?.code]).toEqual([true, 'first', 'network']);
    held.answer('second');
    await waitFor(() => expect(probe.latest.value).toBe('second'));
    expect(probe.latest.error).toBeUndefined();
  });

  it('shows loading, not the old value or failure, while a read runs where it does not keep them', async () => {
    const probe = mount<string>();
    await act(async () => {
      await probe.latest.run(() => Promise.resolve('first'));
    });
    await act(() => void probe.latest.run(() => new Promise<string>(() => undefined)));
    expect([probe.latest.loading, probe.latest.value]).toEqual([true, undefined]);
    await act(async () => {
      await probe.latest.run(() => Promise.reject(new AppError('network')));
    });
    await act(() => void probe.latest.run(() => new Promise<string>(() => undefined)));
    expect([probe.latest.loading, probe.latest.error]).toEqual([true, undefined]);
  });

  it("runs its own read at mount, again on reload, and again for each new key, the old key's answer never shown for the new", async () => {
    const asked: string[] = [];
    const pending = new Map<string, ReturnType<typeof answerLater<string>>>();
    const readFor = (key: string) => () => {
      asked.push(key);
      const later = answerLater<string>();
      pending.set(key, later);
      return later.promise;
    };
    const probe = mount<string>({ key: 'a', read: readFor('a') });
    expect(probe.latest.loading).toBe(true);
    await waitFor(() => expect(asked).toEqual(['a']));
    pending.get('a')?.answer('A');
    await waitFor(() => expect(probe.latest.value).toBe('A'));

    await act(() => void probe.latest.reload());
    expect(asked).toEqual(['a', 'a']);
    pending.get('a')?.answer('A again');
    await waitFor(() => expect(probe.latest.value).toBe('A again'));

    await act(() => probe.rerender({ key: 'b', read: readFor('b') }));
    // What was read for 'a' is not shown for 'b'.
    expect([probe.latest.loading, probe.latest.value]).toEqual([true, undefined]);
    await waitFor(() => expect(asked).toEqual(['a', 'a', 'b']));
    pending.get('b')?.answer('B');
    await waitFor(() => expect(probe.latest.value).toBe('B'));
  });

  it('reads nothing without a key', async () => {
    let reads = 0;
    const probe = mount<string>({
      read: () => {
        reads++;
        return Promise.resolve('read');
      },
    });
    await act(() => probe.latest.reload());
    expect(reads).toBe(0);
    expect(probe.latest.loading).toBe(false);
  });

  it('with endsWithSession: at a sign-out the value goes, `ended` says why, and an answer on its way is dropped', async () => {
    const probe = mount<string>({ endsWithSession: true, keep: true });
    await act(async () => {
      await probe.latest.run(() => Promise.resolve('letters'));
    });
    const held = answerLater<string>();
    await act(() => void probe.latest.run(() => held.promise));
    await act(() => extension.tellPages({ event: 'sessionEnded', reason: 'ended' }));
    expect(probe.latest.value).toBeUndefined();
    expect(probe.latest.ended).toEqual({ code: 'session_ended' });
    expect(probe.latest.error).toBeUndefined();
    held.answer('letters of the ended session');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(probe.latest.value).toBeUndefined();
  });

  it("with latest: 'answered': an older read's answer shows until a newer one's does, never after it", async () => {
    const probe = mount<string>({ latest: 'answered' });
    const [older, newer, oldest] = [answerLater<string>(), answerLater<string>(), answerLater<string>()];
    const taken: Promise<string | undefined>[] = [];
    await act(() => {
      taken.push(probe.latest.run(() => oldest.promise));
      taken.push(probe.latest.run(() => older.promise));
      taken.push(probe.latest.run(() => newer.promise));
    });
    older.answer('older');
    await waitFor(() => expect(probe.latest.value).toBe('older'));
    newer.answer('newer');
    await waitFor(() => expect(probe.latest.value).toBe('newer'));
    oldest.answer('oldest');
    expect(await Promise.all(taken)).toEqual([undefined, 'older', 'newer']);
    expect(probe.latest.value).toBe('newer');
  });

  it('set and fail settle at once, dropping the reads on their way; update changes the value in place', async () => {
    const probe = mount<{ n: number }>();
    const held = answerLater<{ n: number }>();
    const read = await start(() => probe.latest, held.promise);
    await act(() => probe.latest.set({ n: 1 }));
    held.answer({ n: 0 });
    expect(await read.taken).toBeUndefined();
    await act(() => probe.latest.update((now) => ({ n: now.n + 1 })));
    expect(probe.latest.value).toEqual({ n: 2 });
    await act(() => probe.latest.fail({ code: 'network' }));
    expect([probe.latest.value, probe.latest.error]).toEqual([undefined, { code: 'network' }]);
  });
});
