import { describe, expect, it } from 'vitest';
import { errorForStatus } from '../../../src/api/http-errors.ts';
import { createMemoryLock } from '../../../src/auth/memory-lock.ts';
import type { AuthorizedRequest } from '../../../src/background/authorized-fetch.ts';
import { createOnce } from '../../../src/background/once.ts';
import { createOpeningReceipts } from '../../../src/background/actions/opening-receipt.ts';
import type { ExtensionConfig } from '../../../src/config/config.ts';
import { AppError } from '../../../src/shared/errors.ts';
import { eventually } from '../../support/eventually.ts';
import { MemoryArea } from '../auth/fakes.ts';

/*
 * An opening receipt tells the sender the letter was opened: it is a write like any other, once
 * per intent (this person, this letter, this attachment), and never told twice, whatever the page,
 * the network or the worker's life does (src/background/actions/opening-receipt.ts).
 */

const BASE = 'https://www.digipost.no';
const REL = `${BASE}/post/relations`;
const LETTER = `${BASE}/post/api/private/accounts/1/documents/7`;
const RECEIPT = `${LETTER}/attachments/0/openingreceipt`;
const CONTENT = `${LETTER}/attachments/0/content`;
const config: ExtensionConfig = { baseUrl: BASE, clientId: 'c', clientSecret: 's', scopes: [], pollMinutes: 5, notify: false };
const PERSON = { userId: 'person-1', scopes: ['READ_DOCUMENT_META_INFO', 'READ_DOCUMENT_CONTENT'] } as const;

const asking = { subject: 'Brev', link: [{ rel: `${REL}/send_opening_receipt`, uri: RECEIPT }] };
const opened = { subject: 'Brev', link: [{ rel: `${REL}/get_document_content`, uri: CONTENT }] };

/**
 * The service: the letter asks for a receipt until one is taken, then offers the content. `post`
 * says what the receipt's POST meets: `take` makes the service take it (before or instead of an answer).
 */
function service(post: (take: () => void) => Promise<unknown> = (take) => (take(), Promise.resolve(opened))) {
  const calls: AuthorizedRequest[] = [];
  let taken = false;
  const authorizedFetch = (_: ExtensionConfig, request: AuthorizedRequest) => {
    calls.push(request);
    if ((request.method ?? 'GET') === 'GET')
      return Promise.resolve({ subject: 'Brev', link: [{ rel: `${REL}/self`, uri: LETTER }], attachment: [taken ? opened : asking] });
    return post(() => {
      taken = true;
    });
  };
  return { calls, posts: () => calls.filter((c) => c.method === 'POST'), authorizedFetch };
}

/** A worker's receipts over `session` (a worker started again is another call over the same storage). */
function receiptsOver(fake: ReturnType<typeof service>, session = new MemoryArea()) {
  const once = createOnce({ storage: { session }, exclusive: createMemoryLock(), generation: () => Promise.resolve(1), now: () => 1 });
  const receipts = createOpeningReceipts({ calls: fake, once });
  return (resend?: boolean) => receipts.send(config, PERSON, 1, { url: LETTER, relation: 'self' }, 0, resend);
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'succeeded',
    (error: unknown) => (error instanceof AppError ? error.info : error),
  );

describe('an opening receipt', () => {
  it('is sent once, to the link the letter itself offers, and answers what the service gives back', async () => {
    const fake = service();
    const send = receiptsOver(fake);
    expect(await send()).toEqual({ data: opened });
    expect(fake.calls.map((c) => [c.method ?? 'GET', c.url])).toEqual([
      ['GET', LETTER],
      ['POST', RECEIPT],
    ]);
  });

  it('two clicks at once send one receipt', async () => {
    const fake = service();
    const send = receiptsOver(fake);
    await Promise.all([send(), send()]);
    expect(fake.posts()).toHaveLength(1);
  });

  it('asked again once sent (Try again, a reload, another tab, a worker started again), sends nothing: the letter asks for no receipt any more', async () => {
    const session = new MemoryArea();
    const fake = service();
    await receiptsOver(fake, session)();
    expect(await receiptsOver(fake, session)()).toEqual({ data: opened });
    const restarted = receiptsOver(fake, session);
    expect(await restarted()).toEqual({ data: opened });
    expect(fake.posts()).toHaveLength(1);
  });

  it('a 504 after the service took it is done by evidence: the letter offers its content, and nothing more is sent', async () => {
    const fake = service((take) => {
      take();
      return Promise.reject(errorForStatus(504, '<html>Gateway Time-out</html>'));
    });
    const send = receiptsOver(fake);
    expect(await send()).toEqual({ data: opened });
    expect(await send()).toEqual({ data: opened });
    expect(fake.posts()).toHaveLength(1);
  });

  it('a worker restarted while the receipt was out looks first, and never tells the sender twice', async () => {
    const session = new MemoryArea();
    const stalled = service(() => new Promise(() => undefined));
    void receiptsOver(stalled, session)();
    await eventually(() => expect(stalled.posts()).toHaveLength(1));
    // The letter still asks for a receipt: the outcome is unknown, and asking again only looks.
    const restarted = receiptsOver(stalled, session);
    expect(await failure(restarted())).toMatchObject({ code: 'write_outcome_unknown' });
    expect(await failure(restarted())).toMatchObject({ code: 'write_outcome_unknown' });
    expect(stalled.posts()).toHaveLength(1);
  });

  it('lost on the way (nothing taken): asking again only looks and says it cannot tell; only the explicit resend sends it again', async () => {
    let tries = 0;
    const fake = service((take) => (tries++ === 0 ? Promise.reject(new AppError('network')) : (take(), Promise.resolve(opened))));
    const send = receiptsOver(fake);
    expect(await failure(send())).toMatchObject({ code: 'write_outcome_unknown' });
    expect(await failure(send())).toMatchObject({ code: 'write_outcome_unknown' });
    expect(fake.posts()).toHaveLength(1);
    expect(await send(true)).toEqual({ data: opened });
    expect(fake.posts()).toHaveLength(2);
  });
});
