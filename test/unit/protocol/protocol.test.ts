import { describe, expect, it } from 'vitest';
import { requestSchema } from '../../../src/protocol/requests.ts';
import { isOwnPage } from '../../../src/protocol/sender.ts';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const PAGES = `chrome-extension://${ID}/`;

describe('who may talk to the worker', () => {
  it('accepts the extension’s own pages', () => {
    expect(isOwnPage({ id: ID, url: `${PAGES}src/popup/popup.html` }, ID, PAGES)).toBe(true);
    expect(isOwnPage({ id: ID, url: `${PAGES}src/viewer/viewer.html?url=x` }, ID, PAGES)).toBe(true);
  });

  it.each([
    ['a content script on a web page', { id: ID, url: 'https://evil.example/' }],
    ['another extension', { id: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz', url: 'chrome-extension://zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz/x.html' }],
    ['a sender with our id but another origin', { id: ID, url: `chrome-extension://${ID}.evil.example/` }],
    ['a sender without a url', { id: ID }],
    ['a sender with a malformed url', { id: ID, url: 'not a url' }],
  ])('refuses %s', (_, sender) => {
    expect(isOwnPage(sender, ID, PAGES)).toBe(false);
  });
});

describe('what the worker accepts', () => {
  it('parses each request the pages send', () => {
    for (const request of [
      { type: 'getStatus' },
      { type: 'connect' },
      { type: 'signOut' },
      { type: 'getRoot', force: true },
      { type: 'getResource', url: 'https://www.digipost.no/post/api', relation: 'self' },
      { type: 'getConfig' },
      { type: 'getPageConfig' },
      { type: 'sendOpeningReceipt', letter: { url: 'https://www.digipost.no/post/api/docs/1', relation: 'self' }, attachment: 0 },
      { type: 'getRevocation' },
      { type: 'retryRevocation' },
      {
        type: 'write',
        target: { url: 'https://www.digipost.no/post/api/docs/1', relation: 'self' },
        rel: 'update_document',
        body: { location: 'INBOX', subject: 'Brev' },
      },
      { type: 'write', target: { url: 'https://www.digipost.no/post/api/docs/1' }, attachment: 0, rel: 'delete_document' },
      { type: 'write', target: { url: 'https://www.digipost.no/post/api/docs/1' }, attachment: 0, rel: 'send_to_bank', resend: true },
    ]) {
      expect(requestSchema.safeParse(request).success, JSON.stringify(request)).toBe(true);
    }
  });

  it.each([
    ['an unknown type', { type: 'getToken' }],
    ['no type', { url: 'x' }],
    ['a wrong field type', { type: 'getRoot', force: 'yes' }],
    ['an oversized address', { type: 'getResource', url: 'x'.repeat(9000) }],
    ['a config without a secret', { type: 'saveConfig', config: { baseUrl: 'https://x', clientId: 'a', scopes: [], pollMinutes: 5 } }],
    [
      'an opening receipt that names an address to POST to',
      { type: 'sendOpeningReceipt', url: 'https://www.digipost.no/post/api/docs/1/delete' },
    ],
    [
      'an opening receipt without its attachment',
      { type: 'sendOpeningReceipt', letter: { url: 'https://www.digipost.no/post/api/docs/1' } },
    ],
    ['an opening receipt for a negative attachment', { type: 'sendOpeningReceipt', letter: { url: 'https://x' }, attachment: -1 }],
    [
      'a write that names an address instead of a relation',
      { type: 'write', target: { url: 'https://x' }, rel: 'https://evil.example/post' },
    ],
    ['a write without a target', { type: 'write', rel: 'delete_document' }],
    ['a write whose send again is not a yes or no', { type: 'write', target: { url: 'https://x' }, rel: 'delete_document', resend: 'yes' }],
    ['not an object', 'getStatus'],
    ['null', null],
  ])('refuses %s', (_, request) => {
    expect(requestSchema.safeParse(request).success).toBe(false);
  });
});
