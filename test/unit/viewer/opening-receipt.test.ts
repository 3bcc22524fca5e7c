import { describe, expect, it } from 'vitest';
import type { Request } from '../../../src/protocol/messages.ts';
import { AppError } from '../../../src/shared/errors.ts';
import { openingReceipt } from '../../../src/viewer/letter/opening-receipt.ts';
import { appErrorOf } from '../app-error.ts';

const BASE = 'https://www.digipost.no';
const rel = (name: string) => `${BASE}/post/relations/${name}`;
const RECEIPT = { rel: rel('send_opening_receipt'), uri: `${BASE}/post/api/docs/1/attachments/1/receipt` };
const SELF = { rel: rel('self'), uri: `${BASE}/post/api/docs/1`, 'media-type': 'application/vnd.digipost-v2+json' };
const LETTER = { url: SELF.uri, mediaType: SELF['media-type'], relation: 'self' };
const CONTENT = {
  rel: rel('get_document_content'),
  uri: `${BASE}/post/api/docs/1/attachments/1/content`,
  'media-type': 'application/octet-stream',
};

const letterWith = (attachmentLinks: unknown[]) => ({
  subject: 'Brev',
  attachment: [{ subject: 'Brev', mainDocument: true, link: attachmentLinks }],
  link: [SELF],
});

/**
 * The worker, as the page sees it: answers in turn from `answers[type]` (an Error is thrown),
 * and every request is recorded.
 */
function fakeWorker(answers: { sendOpeningReceipt?: unknown[]; getResource?: unknown[] }) {
  const asked: Request[] = [];
  const ask = (request: Request): Promise<never> => {
    asked.push(request);
    const next = (answers[request.type as 'sendOpeningReceipt' | 'getResource'] ?? []).shift();
    if (next === undefined) return Promise.reject(new Error(`no answer for ${request.type}`));
    if (next instanceof Error) return Promise.reject(next);
    return Promise.resolve({ data: next } as never);
  };
  return { ask, asked, receiptsSent: () => asked.filter((r) => r.type === 'sendOpeningReceipt').length };
}

describe('opening receipt, then the content link', () => {
  it('takes the content link from the receipt’s answer when it has one, without fetching the letter again', async () => {
    const worker = fakeWorker({ sendOpeningReceipt: [{ link: [CONTENT] }] });
    const receipt = openingReceipt(worker.ask, LETTER, 0);
    await expect(receipt.contentLink()).resolves.toEqual(CONTENT);
    // The page names the letter and the attachment, never an address for the worker to POST to.
    expect(worker.asked).toEqual([{ type: 'sendOpeningReceipt', letter: LETTER, attachment: 0 }]);
  });

  it('otherwise finds it in a fresh copy of the letter', async () => {
    const worker = fakeWorker({ sendOpeningReceipt: [null], getResource: [letterWith([CONTENT])] });
    await expect(openingReceipt(worker.ask, LETTER, 0).contentLink()).resolves.toEqual(CONTENT);
    expect(worker.asked.map((r) => r.type)).toEqual(['sendOpeningReceipt', 'getResource']);
  });

  it('a receipt accepted but no content offered is a specific error, and Try again looks again without sending a second receipt', async () => {
    const worker = fakeWorker({ sendOpeningReceipt: [null], getResource: [letterWith([RECEIPT]), letterWith([CONTENT])] });
    const receipt = openingReceipt(worker.ask, LETTER, 0);

    expect(await appErrorOf(receipt.contentLink())).toEqual({ code: 'receipt_sent_content_missing' });
    expect(receipt.sent).toBe(true);
    await expect(receipt.contentLink()).resolves.toEqual(CONTENT);
    expect(worker.receiptsSent()).toBe(1);
  });

  it('a letter that could not be fetched again after the receipt is fetched again on Try again, with no second receipt', async () => {
    const worker = fakeWorker({ sendOpeningReceipt: [null], getResource: [new AppError('network'), letterWith([CONTENT])] });
    const receipt = openingReceipt(worker.ask, LETTER, 0);

    expect((await appErrorOf(receipt.contentLink()))?.code).toBe('network');
    await expect(receipt.contentLink()).resolves.toEqual(CONTENT);
    expect(worker.receiptsSent()).toBe(1);
  });

  it('a receipt the service never accepted is sent again on Try again', async () => {
    const worker = fakeWorker({ sendOpeningReceipt: [new AppError('timeout'), { link: [CONTENT] }] });
    const receipt = openingReceipt(worker.ask, LETTER, 0);

    expect((await appErrorOf(receipt.contentLink()))?.code).toBe('timeout');
    expect(receipt.sent).toBe(false);
    await expect(receipt.contentLink()).resolves.toEqual(CONTENT);
    expect(worker.receiptsSent()).toBe(2);
  });
});
