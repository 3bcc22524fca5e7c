import { describe, expect, it } from 'vitest';
import type { AuthorizedRequest } from '../../../src/background/authorized-fetch.ts';
import { createMemoryLock } from '../../../src/auth/memory-lock.ts';
import { createOnce } from '../../../src/background/once.ts';
import { createWrites, type WriteRequest } from '../../../src/background/writes.ts';
import { errorForStatus } from '../../../src/api/http-errors.ts';
import type { Permission } from '../../../src/shared/permissions.ts';
import type { ExtensionConfig } from '../../../src/config/config.ts';
import { AppError } from '../../../src/shared/errors.ts';
import { eventually } from '../../support/eventually.ts';
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

const paid = (sendUri: string) => {
  const unpaid = letter(sendUri);
  return { ...unpaid, attachment: [{ ...unpaid.attachment[0], invoice: { ...unpaid.attachment[0]?.invoice, payment: { bank: 'DNB' } } }] };
};

/** `post`: what the service does with the POST; `reads`: the letter as each GET finds it (the last one repeats). */
function over(read: unknown, post: () => Promise<unknown> = () => Promise.resolve({}), reads: unknown[] = []) {
  const calls: AuthorizedRequest[] = [];
  const engine = createWrites({
    calls: {
      authorizedFetch: (_: ExtensionConfig, request: AuthorizedRequest) => {
        calls.push(request);
        if ((request.method ?? 'GET') !== 'GET') return post();
        return Promise.resolve(
          calls.filter((c) => (c.method ?? 'GET') === 'GET').length === 1 ? read : ((reads.length > 1 ? reads.shift() : reads[0]) ?? read),
        );
      },
    },
    once: createOnce({
      storage: { session: new MemoryArea() },
      exclusive: createMemoryLock(),
      generation: () => Promise.resolve(1),
      now: () => 1,
    }),
    written: () => Promise.resolve(),
    confirmWindowMs: 60,
  });
  const writes = {
    write: (c: ExtensionConfig, scopes: Permission[], r: WriteRequest) => engine.write(c, { userId: 'person-1', scopes }, 1, r),
  };
  return { writes, calls, posts: () => calls.filter((c) => c.method === 'POST') };
}

/** The person's "Send to my bank" for the letter's first attachment. */
const request = (extra: Partial<WriteRequest> = {}): WriteRequest => ({
  target: { url: LETTER, relation: 'self' },
  attachment: 0,
  rel: 'send_to_bank',
  ...extra,
});
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'succeeded',
    (error: unknown) => (error instanceof AppError ? error.info : error),
  );

describe('send_to_bank through the write', () => {
  it("POSTs the link on the attachment's invoice, once for two asks of the same invoice", async () => {
    // Once sent, the service shows the invoice's payment.
    const { writes, calls } = over(letter(SEND), undefined, [paid(SEND)]);
    await Promise.all([writes.write(config, ['UPDATE_DOCUMENT'], request()), writes.write(config, ['UPDATE_DOCUMENT'], request())]);
    await writes.write(config, ['UPDATE_DOCUMENT'], request());
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([[SEND, undefined]]);
  });

  it('needs UPDATE_DOCUMENT, and sends nothing without it', async () => {
    const { writes, calls } = over(letter(SEND));
    expect(await failure(writes.write(config, ['READ_DOCUMENT_META_INFO'], request()))).toMatchObject({
      code: 'write_permission_missing',
      permission: 'UPDATE_DOCUMENT',
    });
    expect(calls).toEqual([]);
  });

  it('refuses a send_to_bank link on another origin', async () => {
    const { writes, calls } = over(letter('https://evil.example/pay'));
    expect(await failure(writes.write(config, ['UPDATE_DOCUMENT'], request()))).toMatchObject({ code: 'link_foreign_origin' });
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});

describe('send_to_bank whose answer says nothing', () => {
  it('a gateway 504, with the payment showing only on the third read, is sent: one POST, bounded looks', async () => {
    const unpaid = letter(SEND);
    const { writes, posts, calls } = over(unpaid, () => Promise.reject(errorForStatus(504, '<html>Gateway Time-out</html>')), [
      unpaid,
      unpaid,
      paid(SEND),
    ]);
    expect(await writes.write(config, ['UPDATE_DOCUMENT'], request())).toEqual({ data: null });
    expect(posts()).toHaveLength(1);
    // The target read, then three looks: the third found the payment.
    expect(calls.filter((c) => (c.method ?? 'GET') === 'GET')).toHaveLength(4);
  });

  it('a POST never answered and no payment after looking for the whole window is "not confirmed", never "not sent"; asking again then only looks', async () => {
    const unpaid = letter(SEND);
    const { writes, posts, calls } = over(unpaid, () => Promise.reject(new AppError('timeout')), [unpaid]);
    expect(await failure(writes.write(config, ['UPDATE_DOCUMENT'], request()))).toMatchObject({ code: 'write_not_confirmed' });
    // Six reads over the window, not one.
    expect(calls.filter((c) => (c.method ?? 'GET') === 'GET')).toHaveLength(7);
    expect(await failure(writes.write(config, ['UPDATE_DOCUMENT'], request()))).toMatchObject({ code: 'write_not_confirmed' });
    expect(posts()).toHaveLength(1);
  });

  it('an invoice that already shows a payment is not sent again', async () => {
    const { writes, posts } = over(paid(SEND));
    expect(await failure(writes.write(config, ['UPDATE_DOCUMENT'], request()))).toMatchObject({
      code: 'write_rejected',
      detail: 'INVOICE_ALREADY_SENT_TO_BANK',
    });
    expect(posts()).toEqual([]);
  });
});

describe('send_to_bank asked again after a worker restarted', () => {
  /** The service: the invoice shows its payment once `shows` says so; `post` is what the POST meets. */
  function bank(post: () => Promise<unknown>) {
    const state = { shows: false };
    const calls: AuthorizedRequest[] = [];
    const authorizedFetch = (_: ExtensionConfig, r: AuthorizedRequest) => {
      calls.push(r);
      return (r.method ?? 'GET') === 'GET' ? Promise.resolve(state.shows ? paid(SEND) : letter(SEND)) : post();
    };
    return { state, calls, posts: () => calls.filter((c) => c.method === 'POST'), authorizedFetch };
  }

  /** A worker's writes over the session's storage, which outlives the worker. */
  function worker(session: MemoryArea, service: ReturnType<typeof bank>) {
    const once = createOnce({ storage: { session }, exclusive: createMemoryLock(), generation: () => Promise.resolve(1), now: () => 1 });
    const engine = createWrites({ calls: service, once, written: () => Promise.resolve(), confirmWindowMs: 0 });
    return (r: WriteRequest) => engine.write(config, { userId: 'person-1', scopes: ['UPDATE_DOCUMENT'] }, 1, r);
  }

  it('looks before anything else: not confirmed while no payment shows, done once it does, and never a second POST', async () => {
    const session = new MemoryArea();
    const service = bank(() => new Promise(() => undefined));
    // The first worker sends, and stops before any answer.
    void worker(session, service)(request());
    await eventually(() => expect(service.posts()).toHaveLength(1));

    const restarted = worker(session, service);
    expect(await failure(restarted(request()))).toMatchObject({ code: 'write_not_confirmed' });
    expect(service.posts()).toHaveLength(1);
    // The bank took it: Look again is done, not "already sent to the bank" (the payment is ours).
    service.state.shows = true;
    expect(await restarted(request())).toEqual({ data: null });
    expect(await restarted(request())).toEqual({ data: null });
    expect(service.posts()).toHaveLength(1);
  });

  it('the payment already showing when the restarted worker is asked again is done at once, with nothing sent', async () => {
    const session = new MemoryArea();
    const service = bank(() => new Promise(() => undefined));
    void worker(session, service)(request());
    await eventually(() => expect(service.posts()).toHaveLength(1));
    service.state.shows = true;
    expect(await worker(session, service)(request())).toEqual({ data: null });
    expect(service.posts()).toHaveLength(1);
  });
});

describe('send_to_bank once the service took it', () => {
  it('asked again while the payment does not show yet (the bank call still running), it is done: never a second POST', async () => {
    const unpaid = letter(SEND);
    // The POST is answered; the payment shows on no read during this test.
    const { writes, posts } = over(unpaid, () => Promise.resolve({}), [unpaid]);
    await writes.write(config, ['UPDATE_DOCUMENT'], request());
    expect(await writes.write(config, ['UPDATE_DOCUMENT'], request())).toEqual({ data: null });
    expect(posts()).toHaveLength(1);
  });
});
