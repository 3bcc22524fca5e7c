import { describe, expect, it } from 'vitest';
import { recipientSearchUrl, RECIPIENT_QUERY_PARAM } from '../../../src/viewer/search/recipient-search.ts';

describe('recipient search', () => {
  it('sends the text as the one query parameter the service reads', () => {
    expect(RECIPIENT_QUERY_PARAM).toBe('recipientId');
    expect(recipientSearchUrl('https://www.digipost.no/post/api/recipients/search', '  Oslo kommune ')).toBe(
      'https://www.digipost.no/post/api/recipients/search?recipientId=Oslo+kommune',
    );
    expect(recipientSearchUrl('https://www.digipost.no/post/api/recipients/search?x=1', 'nav#0002')).toBe(
      'https://www.digipost.no/post/api/recipients/search?x=1&recipientId=nav%230002',
    );
  });
});
