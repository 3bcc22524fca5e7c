import { useEffect, useRef, useState } from 'preact/hooks';
import { toErrorInfo, type ErrorInfo } from '../shared/errors.ts';
import type { RootSnapshot } from '../protocol/messages.ts';
import { ask } from '../ui/worker-client.ts';
import { sessionEndedEvent, signedInEvent, useWorkerEvent } from '../ui/worker-events.ts';

/** The error a page shows once the session is gone: the person signed out, or the service ended it. */
export function signedOutError(reason: 'user' | 'ended'): ErrorInfo {
  return { code: reason === 'ended' ? 'session_ended' : 'signed_out' };
}

export interface RootState {
  root: RootSnapshot | undefined;
  /** Why the root could not be read; the side navigation waits for a later try. */
  error: ErrorInfo | undefined;
  reload: () => Promise<void>;
  /** A root the page read itself (after Connect): shown, and any older read on its way is dropped. */
  replace: (fresh: RootSnapshot) => void;
  /** A failure of the page's own read of the root (its Connect). */
  fail: (error: ErrorInfo) => void;
}

/**
 * The root as a viewer tab knows it: read once, again on `reload`, dropped at a sign-out and read
 * again when a sign-in completes anywhere (sessionChanged: new permissions may bring Upload a file).
 * Each read has its generation: an answer that comes after a newer read, or after the session it
 * was asked under ended, is dropped.
 */
export function useRoot(): RootState {
  const [root, setRoot] = useState<RootSnapshot | undefined>(undefined);
  const [error, setError] = useState<ErrorInfo | undefined>(undefined);
  const generation = useRef(0);

  const reload = async () => {
    const mine = ++generation.current;
    try {
      const answer = await ask({ type: 'getRoot' });
      if (mine !== generation.current) return;
      setRoot(answer);
      setError(undefined);
    } catch (failure) {
      if (mine === generation.current) setError(toErrorInfo(failure));
    }
  };

  useEffect(() => {
    void reload();
  }, []);

  useWorkerEvent(sessionEndedEvent, ({ reason }) => {
    generation.current++;
    setRoot(undefined);
    setError(signedOutError(reason));
  });
  useWorkerEvent(signedInEvent, () => void reload());

  const replace = (fresh: RootSnapshot) => {
    generation.current++;
    setRoot(fresh);
    setError(undefined);
  };

  const fail = (failure: ErrorInfo) => {
    generation.current++;
    setError(failure);
  };

  return { root, error, reload, replace, fail };
}
