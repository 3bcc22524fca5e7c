import { describe, expect, it } from 'vitest';
import { pageAfter, PAGE_SIZE } from '../../../src/api/inbox-paging.ts';

const INBOX = 'https://www.digipost.no/post/api/private/accounts/1/inbox';
const OLDEST = '2025-03-01T10:00:00.000Z';

describe('pageAfter', () => {
  it('asks for the letters older than the oldest on a full page, with the same limit', () => {
    expect(pageAfter(`${INBOX}?limit=100`, 100, OLDEST)).toBe(`${INBOX}?limit=100&lastseen=${Date.parse(OLDEST)}`);
  });

  it('takes the page size of the service’s apps when the address sets none', () => {
    expect(pageAfter(INBOX, PAGE_SIZE, OLDEST)).toBe(`${INBOX}?lastseen=${Date.parse(OLDEST)}&limit=${PAGE_SIZE}`);
  });

  it('replaces the lastseen of the page it follows', () => {
    const second = pageAfter(INBOX, PAGE_SIZE, '2025-04-01T00:00:00Z') ?? '';
    expect(new URL(pageAfter(second, PAGE_SIZE, OLDEST) ?? '').searchParams.getAll('lastseen')).toEqual([String(Date.parse(OLDEST))]);
  });

  it('finds no page after a short one, an oldest letter with no readable date, or an address that is none', () => {
    expect(pageAfter(`${INBOX}?limit=100`, 99, OLDEST)).toBeUndefined();
    expect(pageAfter(INBOX, PAGE_SIZE, undefined)).toBeUndefined();
    expect(pageAfter(INBOX, PAGE_SIZE, 'yesterday')).toBeUndefined();
    expect(pageAfter('not an address', PAGE_SIZE, OLDEST)).toBeUndefined();
  });
});
