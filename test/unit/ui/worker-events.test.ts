import { describe, expect, it } from 'vitest';

// The readers touch no extension API, but their module reads it at load (shared/ext.ts).
(globalThis as { chrome?: unknown }).chrome = {};
const { revocationChangedEvent, sessionChangedEvent, sessionEndedEvent, signedInEvent } = await import('../../../src/ui/worker-events.ts');

describe('the events the worker tells the pages, as a page reads them', () => {
  it('reads a sign-in with the permissions it holds, leaving out what is no permission', () => {
    expect(sessionChangedEvent({ event: 'sessionChanged', scopes: ['READ_ACCOUNT_INFO', 'NO_SUCH', 7, 'UPLOAD_DOCUMENT'] })).toEqual({
      event: 'sessionChanged',
      scopes: ['READ_ACCOUNT_INFO', 'UPLOAD_DOCUMENT'],
    });
    expect(sessionChangedEvent({ event: 'sessionChanged', scopes: 'READ_ACCOUNT_INFO' })).toEqual({ event: 'sessionChanged', scopes: [] });
    expect(signedInEvent({ event: 'sessionChanged', scopes: ['READ_ACCOUNT_INFO'] })).toEqual({ event: 'sessionChanged' });
  });

  it("reads a sign-out as the person's unless the worker says the access ended", () => {
    expect(sessionEndedEvent({ event: 'sessionEnded', reason: 'ended' })).toEqual({ event: 'sessionEnded', reason: 'ended' });
    expect(sessionEndedEvent({ event: 'sessionEnded', reason: 'whatever' })).toEqual({ event: 'sessionEnded', reason: 'user' });
    expect(revocationChangedEvent({ event: 'revocationChanged' })).toEqual({ event: 'revocationChanged' });
  });

  it('reads each event by its own reader only, and a request to the worker as none', () => {
    const readers = [sessionChangedEvent, signedInEvent, sessionEndedEvent, revocationChangedEvent];
    const heard = (message: { event?: unknown; type?: unknown }) => readers.map((read) => read(message) !== undefined);
    expect(heard({ event: 'sessionEnded' })).toEqual([false, false, true, false]);
    expect(heard({ event: 'revocationChanged' })).toEqual([false, false, false, true]);
    expect(heard({ event: 'sessionChanged' })).toEqual([true, true, false, false]);
    expect(heard({ type: 'getRoot' })).toEqual([false, false, false, false]);
  });
});
