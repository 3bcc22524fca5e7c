import { describe, expect, it } from 'vitest';
import type { AuthorizedRequest } from '../../../src/background/authorized-fetch.ts';
import { createWrites } from '../../../src/background/writes.ts';
import type { ExtensionConfig } from '../../../src/config/config.ts';
import { AppError } from '../../../src/shared/errors.ts';
import { MemoryArea } from '../auth/fakes.ts';

// Send to bank through the generic write: its link is on the attachment's invoice (contract §6.1).
const BASE = 'https://www.digipost.no';
const REL = `${BASE}/post/relations`;
const LETTER = `${BASE}/post/api/private/accounts/1/documents/7`;
const SEND = `${LETTER}/attachments/1/invoice/sendtobank`;
const config: ExtensionConfig = { baseUrl: BASE, clientId: 'c', clientSecret: 's', scopes: [], pollMinutes: 5, notify: false };

const letter = (sendUri: string) => ({
  link: [{ rel: `${REL}/self`, uri: LETTER }],
  attachment: [{ link: [], invoice: { kid: '1', link: [{ rel: `${REL}/send_to_bank`, uri: sendUri }] } }],
});

function over(read: unknown) {
  const calls: AuthorizedRequest[] = [];
  const writes = createWrites({
    calls: {
      authorizedFetch: (_: ExtensionConfig, request: AuthorizedRequest) => {
        calls.push(request);
        return Promise.resolve((request.method ?? 'GET') === 'GET' ? read : {});
      },
    },
    storage: { session: new MemoryArea() },
    now: () => 1,
    written: () => Promise.resolve(),
  });
  return { writes, calls };
}

const request = (id: string) => ({ id, target: { url: LETTER, relation: 'self' }, attachment: 0, rel: 'send_to_bank' });
const failure = (promise: Promise<unknown>) => promise.then(() => 'succeeded', (error: unknown) => (error instanceof AppError ? error.info : error));

describe('send_to_bank through the write', () => {
  it("POSTs the link on the attachment's invoice, once for two asks with the same id", async () => {
    const { writes, calls } = over(letter(SEND));
    await Promise.all([writes.write(config, ['UPDATE_DOCUMENT'], request('id-send-0001')), writes.write(config, ['UPDATE_DOCUMENT'], request('id-send-0001'))]);
    await writes.write(config, ['UPDATE_DOCUMENT'], request('id-send-0001'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([[SEND, undefined]]);
  });

  it('needs UPDATE_DOCUMENT, and sends nothing without it', async () => {
    const { writes, calls } = over(letter(SEND));
    expect(await failure(writes.write(config, ['READ_DOCUMENT_META_INFO'], request('id-send-0002')))).toMatchObject({ code: 'write_permission_missing', permission: 'UPDATE_DOCUMENT' });
    expect(calls).toEqual([]);
  });

  it('refuses a send_to_bank link on another origin', async () => {
    const { writes, calls } = over(letter('https://evil.example/pay'));
    expect(await failure(writes.write(config, ['UPDATE_DOCUMENT'], request('id-send-0003')))).toMatchObject({ code: 'link_foreign_origin' });
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
