import { useEffect, useRef, useState } from 'preact/hooks';
import { toErrorInfo, type ErrorInfo } from '../shared/errors.ts';
import { sessionEndedEvent, useWorkerEvent } from './worker-events.ts';

/**
 * A read the hook runs. Its `signal` is aborted once its answer can no longer be taken (a newer
 * read, the component gone, the session ended), so a read of several steps stops between them and
 * changes nothing more in the page's name.
 */
type Read<T> = (signal: AbortSignal) => Promise<T>;

export interface LatestOptions<T> {
  /** The hook's own read: run at mount, again each time `key` changes, and by `reload`. */
  read?: Read<T> | undefined;
  /** What `read` reads, compared by identity (a constant: read once). While undefined, nothing is read. */
  key?: unknown;
  /** What is on show (the value, a failure) stays while a newer read is on its way, and the value when that read fails. */
  keep?: boolean;
  /** The value is the session's: when the session ends, reads on their way are dropped, the value goes and `ended` says why. */
  endsWithSession?: boolean;
  /**
   * 'asked' (the default): a read begun later drops every read begun before it. 'answered': a
   * read's answer is dropped only once a read begun later has answered, so reads that finish in
   * the order they were begun each show what they read, and none shows over a later one.
   */
  latest?: 'asked' | 'answered';
  /** What to show from the first frame, until the first read answers (a cached copy; with `keep`, it stays if that read fails). */
  initial?: T | undefined;
}

export interface Latest<T> {
  /** A read is on its way (or due: `key` changed and its read has not begun yet). */
  loading: boolean;
  value: T | undefined;
  /** Why the latest read failed. A new read forgets it (with `keep`, once it answers). */
  error: ErrorInfo | undefined;
  /** Why the session ended (with `endsWithSession`): nothing failed, and the value is gone. */
  ended: ErrorInfo | undefined;
  /** Runs the hook's own read again (nothing without a `key`). */
  reload: () => Promise<void>;
  /** Runs `read` as the latest read; resolves to its answer when that was taken, else undefined. */
  run: (read: Read<T>) => Promise<T | undefined>;
  /** Shows `value` (undefined: nothing), dropping the reads on their way. */
  set: (value: T | undefined) => void;
  /** Shows `error` as a read's failure, dropping the reads on their way. */
  fail: (error: ErrorInfo) => void;
  /** Changes the value on show in place (a write's outcome), leaving any read on its way to come. */
  update: (change: (value: T) => T) => void;
}

/** What is on show, and for which key. */
interface Shown<T> {
  for: unknown;
  loading: boolean;
  value?: T | undefined;
  error?: ErrorInfo;
  ended?: ErrorInfo;
}

/**
 * "The latest answer wins": a page's read of something that can be read again (a resource, the
 * root, a file, a letter's content) with its loading, value and error. An answer that comes after
 * a newer read began, after the component is gone or (with `endsWithSession`) after the session
 * ended is dropped: what a page shows is never overwritten by what it asked for before.
 */
export function useLatest<T>(options: LatestOptions<T> = {}): Latest<T> {
  const latest = useRef(options);
  latest.current = options;
  const { key } = options;
  const due = key !== undefined && options.read !== undefined;
  const [shown, setShown] = useState<Shown<T>>({ for: key, loading: due, value: options.initial });
  // Each read's number and its signal's controller, while it is on its way.
  const reads = useRef({ begun: 0, open: new Map<number, AbortController>() });

  /** Drops the reads on their way that were begun before read `n` (without `n`, all of them). */
  const dropBefore = (n = Infinity) => {
    for (const [begun, controller] of reads.current.open) {
      if (begun >= n) continue;
      controller.abort();
      reads.current.open.delete(begun);
    }
  };
  /** The value of `now`, if the hook keeps it on show for key `at`. */
  const kept = (now: Shown<T>, at: unknown) => (latest.current.keep && now.for === at ? now.value : undefined);
  const settle = (next: (now: Shown<T>) => Shown<T>) => {
    dropBefore();
    setShown(next);
  };

  const run = async (read: Read<T>): Promise<T | undefined> => {
    const mine = ++reads.current.begun;
    if (latest.current.latest !== 'answered') dropBefore(mine);
    const controller = new AbortController();
    reads.current.open.set(mine, controller);
    const at = latest.current.key;
    setShown((now) => (latest.current.keep && now.for === at ? { ...now, loading: true } : { for: at, loading: true }));
    try {
      const value = await read(controller.signal);
      if (controller.signal.aborted) return undefined;
      dropBefore(mine);
      reads.current.open.delete(mine);
      setShown({ for: at, loading: reads.current.open.size > 0, value });
      return value;
    } catch (failure) {
      if (controller.signal.aborted) return undefined;
      reads.current.open.delete(mine);
      setShown((now) => ({ for: at, loading: reads.current.open.size > 0, value: kept(now, at), error: toErrorInfo(failure) }));
      return undefined;
    }
  };

  const reload = async (): Promise<void> => {
    const { read, key: at } = latest.current;
    if (read && at !== undefined) await run(read);
  };

  useEffect(() => {
    void reload();
  }, [key]);
  useEffect(() => () => dropBefore(), []);

  useWorkerEvent(sessionEndedEvent, ({ reason }) => {
    if (!latest.current.endsWithSession) return;
    settle(() => ({ for: latest.current.key, loading: false, ended: { code: reason === 'ended' ? 'session_ended' : 'signed_out' } }));
  });

  // What was shown for another key is not this key's: until its read begins, this one is due.
  const onShow: Shown<T> = shown.for === key ? shown : { for: key, loading: due };
  return {
    loading: onShow.loading,
    value: onShow.value,
    error: onShow.error,
    ended: onShow.ended,
    reload,
    run,
    set: (value) => settle(() => ({ for: latest.current.key, loading: false, value })),
    fail: (error) => settle((now) => ({ for: latest.current.key, loading: false, value: kept(now, latest.current.key), error })),
    update: (change) => setShown((now) => (now.value === undefined ? now : { ...now, value: change(now.value) })),
  };
}
