import { describe, expect, it } from 'vitest';
import { ownBankAccount } from '../../../src/background/actions/send-to-bank.ts';
import type { AuthorizedRequest } from '../../../src/background/authorized-fetch.ts';
import { createMemoryLock } from '../../../src/auth/memory-lock.ts';
import { createOnce } from '../../../src/background/once.ts';
import { createWrites, type WriteRequest } from '../../../src/background/writes.ts';
import { errorForStatus } from '../../../src/api/http-errors.ts';
import type { RootResource } from '../../../src/api/schemas.ts';
import type { ExtensionConfig } from '../../../src/config/config.ts';
import type { Permission } from '../../../src/shared/permissions.ts';
import { MemoryArea } from '../auth/fakes.ts';

/*
 * What the worker answers the Send to my bank page in the write's own exchange (issue #45 point 3):
 * the letter as read again once sent (`shown`), and the person's own account in one request, so the
 * page makes no round trips of its own.
 */
const BASE = 'https://www.digipost.no';
const REL = `${BASE}/post/relations`;
const LETTER = `${BASE}/post/api/private/accounts/1/documents/7`;
const SEND = `${LETTER}/attachments/1/invoice/sendtobank`;
const config: ExtensionConfig = { baseUrl: BASE, clientId: 'c', clientSecret: 's', scopes: [], pollMinutes: 5, notify: false };

const unpaid = {
  link: [
    { rel: `${REL}/self`, uri: LETTER },
    { rel: `${REL}/delete_document`, uri: `${LETTER}/delete` },
  ],
  attachment: [{ link: [], invoice: { kid: '1', link: [{ rel: `${REL}/send_to_bank`, uri: SEND }] } }],
};
const paid = {
  ...unpaid,
  attachment: [{ ...unpaid.attachment[0], invoice: { ...unpaid.attachment[0]?.invoice, payment: { bank: 'DNB' } } }],
};

/** The service: the first GET finds the letter unpaid; `after` is what each later GET meets. */
function over(after: () => Promise<unknown>) {
  const calls: AuthorizedRequest[] = [];
  const engine = createWrites({
    calls: {
      authorizedFetch: (_: ExtensionConfig, request: AuthorizedRequest) => {
        calls.push(request);
        if ((request.method ?? 'GET') !== 'GET') return Promise.resolve({});
        return calls.filter((c) => (c.method ?? 'GET') === 'GET').length === 1 ? Promise.resolve(unpaid) : after();
      },
    },
    once: createOnce({
      storage: { session: new MemoryArea() },
      exclusive: createMemoryLock(),
      generation: () => Promise.resolve(1),
      now: () => 1,
    }),
    written: () => Promise.resolve(),
    confirmWindowMs: 0,
  });
  const scopes: Permission[] = ['UPDATE_DOCUMENT', 'DELETE_DOCUMENT'];
  const perform = (r: WriteRequest) => engine.perform(config, { userId: 'person-1', scopes }, 1, r);
  return { perform, calls };
}

const toBank: WriteRequest = { target: { url: LETTER, relation: 'self' }, attachment: 0, rel: 'send_to_bank' };

describe("the write's answer to the page", () => {
  it('send_to_bank: carries the letter as the worker read it again once sent, one GET after the POST', async () => {
    const { perform, calls } = over(() => Promise.resolve(paid));
    expect(await perform(toBank)).toEqual({ data: {}, shown: paid });
    expect(calls.map((c) => c.method ?? 'GET')).toEqual(['GET', 'POST', 'GET']);
    expect(calls[2]).toMatchObject({ url: LETTER, relation: 'self', generation: 1 });
  });

  it('send_to_bank: null where the service says the letter is gone, nothing where it could not be read', async () => {
    expect(await over(() => Promise.reject(errorForStatus(404, ''))).perform(toBank)).toEqual({ data: {}, shown: null });
    const failed = await over(() => Promise.reject(errorForStatus(500, ''))).perform(toBank);
    expect(failed).toEqual({ data: {} });
    expect(failed).not.toHaveProperty('shown');
  });

  it('a write whose action does not show its target is answered as before, with nothing read again', async () => {
    const { perform, calls } = over(() => Promise.reject(new Error('not read again')));
    expect(await perform({ target: { url: LETTER, relation: 'self' }, rel: 'delete_document' })).toEqual({ data: {} });
    expect(calls.map((c) => c.method ?? 'GET')).toEqual(['GET', 'DELETE']);
  });
});

describe('the person’s own bank account, for the confirmation', () => {
  const bank = { rel: `${REL}/current_bank_account`, uri: `${BASE}/post/api/bank`, 'media-type': 'application/json' };
  const root = { link: [], primaryAccount: { link: [bank] } } as unknown as RootResource;

  it('is read from the root’s current_bank_account, with READ_ACCOUNT_INFO', async () => {
    const read: string[] = [];
    const account = await ownBankAccount({ root, scopes: ['READ_ACCOUNT_INFO'] }, (link) => {
      read.push(link.uri);
      return Promise.resolve({ bankAccount: { accountNumber: '12345678903' } });
    });
    expect(account).toBe('12345678903');
    expect(read).toEqual([bank.uri]);
  });

  it('is none without the permission, without the link, or when the service names a blank one; nothing is read for the first two', async () => {
    const never = () => Promise.reject(new Error('not read'));
    expect(await ownBankAccount({ root, scopes: [] }, never)).toBeUndefined();
    expect(await ownBankAccount({ root: { link: [] }, scopes: ['READ_ACCOUNT_INFO'] }, never)).toBeUndefined();
    const blank = () => Promise.resolve({ bankAccount: { accountNumber: ' ' } });
    expect(await ownBankAccount({ root, scopes: ['READ_ACCOUNT_INFO'] }, blank)).toBeUndefined();
  });
});
