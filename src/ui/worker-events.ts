import { useEffect, useRef } from 'preact/hooks';
import type { WorkerEvent } from '../protocol/messages.ts';
import { ext as browser } from '../shared/ext.ts';
import { isPermission } from '../shared/permissions.ts';

type EventName = WorkerEvent['event'];
type EventOf<N extends EventName> = Extract<WorkerEvent, { event: N }>;

/** The event a message is, checked field by field (it comes from outside this page). */
function eventOf(message: unknown): WorkerEvent | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const { event, reason, scopes } = message as { event?: unknown; reason?: unknown; scopes?: unknown };
  if (event === 'revocationChanged') return { event };
  if (event === 'sessionChanged') return { event, scopes: Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string').filter(isPermission) : [] };
  if (event === 'sessionEnded') return { event, reason: reason === 'ended' ? 'ended' : 'user' };
  return undefined;
}

/**
 * Calls `listener` each time the worker tells the pages `name` (protocol/messages.ts WorkerEvent).
 * A message the worker sends reaches every open page in Chrome and Firefox, also from a worker
 * the browser had stopped and started again, so nothing here depends on the page having asked.
 * The requests other pages send the worker pass by here too: the listener never answers.
 */
function onWorkerEvent<N extends EventName>(name: N, listener: (event: EventOf<N>) => void): () => void {
  const heard = (message: unknown, sender: { id?: string | undefined }): undefined => {
    const event = sender.id === browser.runtime.id ? eventOf(message) : undefined;
    if (event?.event === name) listener(event as EventOf<N>);
    return undefined;
  };
  browser.runtime.onMessage.addListener(heard);
  return () => browser.runtime.onMessage.removeListener(heard);
}

/** onWorkerEvent for a component, always calling the listener of its latest render. */
export function useWorkerEvent<N extends EventName>(name: N, listener: (event: EventOf<N>) => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => onWorkerEvent(name, (event) => latest.current(event)), [name]);
}
