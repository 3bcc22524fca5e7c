import { useEffect, useRef } from 'preact/hooks';
import type { WorkerEvent } from '../protocol/messages.ts';
import { ext as browser } from '../shared/ext.ts';
import { isPermission } from '../shared/permissions.ts';

type EventName = WorkerEvent['event'];
type EventOf<N extends EventName> = Extract<WorkerEvent, { event: N }>;
interface Fields {
  event?: unknown;
  reason?: unknown;
  scopes?: unknown;
}

/**
 * One event the worker tells the pages, read from a message checked field by field (it comes from
 * outside this page): the event, or undefined when the message is not it. One reader per event, so
 * a page carries the checks of the events it listens to only.
 */
export type EventReader<E> = (message: Fields) => E | undefined;

export const sessionEndedEvent: EventReader<EventOf<'sessionEnded'>> = ({ event, reason }) =>
  event === 'sessionEnded' ? { event, reason: reason === 'ended' ? 'ended' : 'user' } : undefined;

export const sessionChangedEvent: EventReader<EventOf<'sessionChanged'>> = ({ event, scopes }) =>
  event === 'sessionChanged'
    ? { event, scopes: Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string').filter(isPermission) : [] }
    : undefined;

/** sessionChanged for a page that reads nothing of it but that a sign-in happened (so checks nothing more). */
export const signedInEvent: EventReader<{ event: 'sessionChanged' }> = ({ event }) => (event === 'sessionChanged' ? { event } : undefined);

/** The consent window came back approved: the sign-in is being finished (the popup says so at once). */
export const signInApprovedEvent: EventReader<EventOf<'signInApproved'>> = ({ event }) =>
  event === 'signInApproved' ? { event } : undefined;

export const revocationChangedEvent: EventReader<EventOf<'revocationChanged'>> = ({ event }) =>
  event === 'revocationChanged' ? { event } : undefined;

/**
 * Calls `listener` each time the worker tells the pages the event `read` reads (protocol/messages.ts
 * WorkerEvent). A message the worker sends reaches every open page in Chrome and Firefox, also from
 * a worker the browser had stopped and started again, so nothing here depends on the page having
 * asked. The requests other pages send the worker pass by here too: the listener never answers.
 */
function onWorkerEvent<E>(read: EventReader<E>, listener: (event: E) => void): () => void {
  const heard = (message: unknown, sender: { id?: string | undefined }): undefined => {
    const event = sender.id === browser.runtime.id && typeof message === 'object' && message !== null ? read(message) : undefined;
    if (event !== undefined) listener(event);
    return undefined;
  };
  browser.runtime.onMessage.addListener(heard);
  return () => browser.runtime.onMessage.removeListener(heard);
}

/** onWorkerEvent for a component, always calling the listener of its latest render. */
export function useWorkerEvent<E>(read: EventReader<E>, listener: (event: E) => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => onWorkerEvent(read, (event) => latest.current(event)), [read]);
}
