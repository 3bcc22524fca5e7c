import { useRef } from 'preact/hooks';

/**
 * The one hook a page uses for a write. A page says what the person wants and holds no write id:
 * the worker knows which asks are one intent (the person, the resource, the action and its body)
 * and performs each once, looking before it sends when asked again (background/intent.ts,
 * background/once.ts). This hook only spares the worker a message: a second click on the same
 * change while it runs joins it and hears its outcome. `resend` is the person's explicit choice,
 * in words that say it may already have arrived, to send again a change whose outcome is unknown.
 */
export function useWrite() {
  const running = useRef(new Map<string, Promise<void>>());
  return (intent: string, change: () => Promise<void>): Promise<void> => {
    const joined = running.current.get(intent);
    if (joined) return joined;
    const started = change().finally(() => running.current.delete(intent));
    running.current.set(intent, started);
    return started;
  };
}

/** A failed change as a page keeps it: what happened, and asking again (`resend`: sending again, by the person's explicit choice). */
export interface WriteFailure<E> {
  error: E;
  retry: (resend?: boolean) => void;
}
