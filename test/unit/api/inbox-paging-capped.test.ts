import { describe, expect, it } from 'vitest';
import { pageAfterMaybeCapped } from '../../../src/api/inbox-paging.ts';

/*
 * The page after one for a look that must not miss a letter (the worker's look for an upload):
 * a service may serve fewer letters than the limit asked for, so only a page with no letters, or
 * one that goes no further back than the page before, ends the list (issue 44, point 5).
 */

const INBOX = 'https://www.digipost.no/post/api/private/accounts/1/inbox';
const OLDEST = '2025-03-01T10:00:00.000Z';

describe('pageAfterMaybeCapped', () => {
  it('follows a page the service capped below the limit asked for: 50 letters to a limit of 100', () => {
    expect(pageAfterMaybeCapped(`${INBOX}?limit=100`, 50, OLDEST)).toBe(`${INBOX}?limit=100&lastseen=${Date.parse(OLDEST)}`);
  });

  it('follows a full page as before, with the same limit', () => {
    expect(pageAfterMaybeCapped(`${INBOX}?limit=100`, 100, OLDEST)).toBe(`${INBOX}?limit=100&lastseen=${Date.parse(OLDEST)}`);
  });

  it('ends at a page with no letters', () => {
    expect(pageAfterMaybeCapped(`${INBOX}?limit=100&lastseen=${Date.parse(OLDEST)}`, 0, undefined)).toBeUndefined();
  });

  it('ends at a page whose oldest letter is no older than the lastseen it was asked with: the service went no further back', () => {
    const asked = `${INBOX}?limit=100&lastseen=${Date.parse(OLDEST)}`;
    expect(pageAfterMaybeCapped(asked, 50, OLDEST)).toBeUndefined();
    expect(pageAfterMaybeCapped(asked, 50, '2025-04-01T00:00:00.000Z')).toBeUndefined();
    expect(pageAfterMaybeCapped(asked, 50, '2025-02-01T00:00:00.000Z')).toBe(
      `${INBOX}?limit=100&lastseen=${Date.parse('2025-02-01T00:00:00.000Z')}`,
    );
  });

  it('ends where the oldest letter has no readable date, or the address is none', () => {
    expect(pageAfterMaybeCapped(`${INBOX}?limit=100`, 50, 'yesterday')).toBeUndefined();
    expect(pageAfterMaybeCapped('not an address', 50, OLDEST)).toBeUndefined();
  });
});
