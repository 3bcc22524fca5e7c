import { useEffect, useRef } from 'preact/hooks';
import type { WorkerEvent } from '../protocol/messages.ts';
import { ext as browser } from '../shared/ext.ts';

type EventName = WorkerEvent['event'];

function eventName(message: unknown): EventName | undefined {
  const name = typeof message === 'object' && message !== null ? (message as { event?: unknown }).event : undefined;
  return name === 'sessionEnded' || name === 'revocationChanged' ? name : undefined;
}

/**
 * Calls `listener` each time the worker tells the pages `name` (protocol/messages.ts WorkerEvent).
 * A message the worker sends reaches every open page in Chrome and Firefox, also from a worker
 * the browser had stopped and started again, so nothing here depends on the page having asked.
 * The requests other pages send the worker pass by here too: the listener never answers.
 */
export function onWorkerEvent(name: EventName, listener: () => void): () => void {
  const heard = (message: unknown, sender: { id?: string | undefined }): undefined => {
    if (sender.id === browser.runtime.id && eventName(message) === name) listener();
    return undefined;
  };
  browser.runtime.onMessage.addListener(heard);
  return () => browser.runtime.onMessage.removeListener(heard);
}

/** onWorkerEvent for a component, always calling the listener of its latest render. */
export function useWorkerEvent(name: EventName, listener: () => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => onWorkerEvent(name, () => latest.current()), [name]);
}
