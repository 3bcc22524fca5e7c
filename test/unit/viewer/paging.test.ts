import { describe, expect, it } from 'vitest';
import { summarize, type LetterSummary } from '../../../src/model/letters.ts';
import { PAGE_SIZE } from '../../../src/api/inbox-paging.ts';
import { firstPageUrl, newLetters, nextPageUrl } from '../../../src/viewer/lists/paging.ts';

const INBOX = 'https://www.digipost.no/post/api/private/accounts/1/documents/inbox';

function letters(count: number, newest = Date.UTC(2024, 0, 1)): LetterSummary[] {
  return Array.from({ length: count }, (_, i) =>
    summarize(
      { subject: `L${i}`, created: new Date(newest - i * 3_600_000).toISOString(), link: [{ rel: 'x/self', uri: `${INBOX}/${i}` }] },
      2,
      `#${i}`,
    ),
  );
}

describe('the first page', () => {
  it('asks the inbox for the page size the service apps use, and leaves other addresses alone', () => {
    expect(firstPageUrl(INBOX, 'document_inbox')).toBe(`${INBOX}?limit=${PAGE_SIZE}`);
    expect(firstPageUrl(`${INBOX}?limit=20`, 'document_inbox')).toBe(`${INBOX}?limit=20`);
    expect(firstPageUrl(INBOX, 'folder')).toBe(INBOX);
    expect(firstPageUrl(INBOX, undefined)).toBe(INBOX);
    expect(firstPageUrl('not a url', 'document_inbox')).toBe('not a url');
  });
});

describe('the next page', () => {
  it('follows the service`s own next link when there is one', () => {
    const data = { document: [], link: [{ rel: 'https://www.digipost.no/post/relations/next', uri: `${INBOX}?lastseen=5&limit=50` }] };
    expect(nextPageUrl({ requestUrl: INBOX, data, letters: [], nextLinksSeen: false, computable: true })).toBe(
      `${INBOX}?lastseen=5&limit=50`,
    );
  });

  it('computes lastseen from the oldest letter of a full page', () => {
    const page = letters(50);
    const oldest = Date.parse(page.at(-1)?.created ?? '');
    const next = nextPageUrl({
      requestUrl: `${INBOX}?limit=50`,
      data: { document: [] },
      letters: page,
      nextLinksSeen: false,
      computable: true,
    });
    expect(next).toBe(`${INBOX}?limit=50&lastseen=${oldest}`);
    // The cursor replaces the previous one.
    const after = nextPageUrl({
      requestUrl: next ?? '',
      data: {},
      letters: letters(50, oldest - 1),
      nextLinksSeen: false,
      computable: true,
    });
    expect(new URL(after ?? '').searchParams.getAll('lastseen')).toEqual([String(oldest - 1 - 49 * 3_600_000)]);
  });

  it('stops at a short page, at a page without next link from a service that sends them, and for folders', () => {
    expect(
      nextPageUrl({ requestUrl: `${INBOX}?limit=50`, data: {}, letters: letters(49), nextLinksSeen: false, computable: true }),
    ).toBeUndefined();
    expect(
      nextPageUrl({ requestUrl: `${INBOX}?limit=50`, data: {}, letters: letters(50), nextLinksSeen: true, computable: true }),
    ).toBeUndefined();
    expect(
      nextPageUrl({ requestUrl: `${INBOX}?limit=50`, data: {}, letters: letters(50), nextLinksSeen: false, computable: false }),
    ).toBeUndefined();
    const undated = letters(50).map((l) => ({ ...l, created: 'yesterday' }));
    expect(
      nextPageUrl({ requestUrl: `${INBOX}?limit=50`, data: {}, letters: undated, nextLinksSeen: false, computable: true }),
    ).toBeUndefined();
  });
});

describe('appending a page', () => {
  it('keeps only letters not shown yet', () => {
    const seen = new Set<string>();
    const first = letters(3);
    expect(newLetters(seen, first)).toHaveLength(3);
    const overlap = [...letters(3).slice(2), ...letters(2, Date.UTC(2023, 0, 1)).map((l) => ({ ...l, key: `${l.key}-old` }))];
    expect(newLetters(seen, overlap).map((l) => l.key)).toEqual([`${INBOX}/0-old`, `${INBOX}/1-old`]);
    expect(seen.size).toBe(5);
  });
});
