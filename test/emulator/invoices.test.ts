import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Link } from './config.ts';
import type { RunningEmulator } from './index.ts';
import { startEmulator } from './index.ts';
import type { DocumentJson, RootJson } from './flow.ts';
import { api, getJson, linkOf, signIn } from './flow.ts';

let em: RunningEmulator;
let token: string;
let root: RootJson;

beforeAll(async () => {
  em = await startEmulator({ port: 0, quiet: true, letters: 12 });
});
afterAll(async () => {
  await em.stop();
});
beforeEach(async () => {
  await em.admin.reset();
  token = (await signIn(em)).access_token;
  root = await getJson<RootJson>(`${em.url}/post/api`, token);
});

interface InvoiceJson {
  kid: string;
  amount: number;
  canBePaidByUser: boolean;
  link: Link[];
  payment?: { timePaid?: string; debitorBankAccount: string; bank: string; link: Link[] };
}
type AttachmentJson = DocumentJson['attachment'][number] & { invoice?: InvoiceJson; metadata?: Record<string, unknown>[] };

const INVOICE = { kid: '1234567890128', accountNumber: '15034700879', amount: 1234.5, dueDate: '2026-12-01' };

async function letter(id: string): Promise<DocumentJson & { attachment: AttachmentJson[] }> {
  const inbox = await getJson<{ document: (DocumentJson & { attachment: AttachmentJson[] })[] }>(
    linkOf(root.primaryAccount.link, 'document_inbox').uri,
    token,
  );
  const found = inbox.document.find((d) => d.id === id);
  if (!found) throw new Error(`letter ${id} is not in the inbox`);
  return getJson(linkOf(found.link, 'self').uri, token);
}

const invoiceOf = (doc: { attachment: AttachmentJson[] }): InvoiceJson => {
  const invoice = doc.attachment[0]?.invoice;
  if (!invoice) throw new Error('no invoice');
  return invoice;
};

describe('send_to_bank', () => {
  it('is linked on the invoice where the bank takes it, and records a payment on the first POST', async () => {
    const { id } = await em.admin.addLetter({ subject: 'Strøm', invoice: { ...INVOICE, sendToBank: true } });
    const before = invoiceOf(await letter(id));
    expect(before.canBePaidByUser).toBe(true);
    expect(before.payment).toBeUndefined();
    const send = linkOf(before.link, 'send_to_bank');

    const first = await api(send.uri, token, { method: 'POST' });
    expect(first.status).toBe(200);

    const after = invoiceOf(await letter(id));
    expect(after.payment).toMatchObject({ debitorBankAccount: '12345678903', bank: 'DNB' });
    expect(after.payment?.timePaid).toBeUndefined();
    expect(linkOf(after.payment?.link, 'bank_homepage').uri).toBe('https://www.dnb.no/');
  });

  it('refuses a second POST with 400 and keeps the first payment', async () => {
    const { id } = await em.admin.addLetter({ invoice: { ...INVOICE, sendToBank: true } });
    const send = linkOf(invoiceOf(await letter(id)).link, 'send_to_bank');
    expect((await api(send.uri, token, { method: 'POST' })).status).toBe(200);
    const second = await api(send.uri, token, { method: 'POST' });
    expect(second.status).toBe(400);
    expect(await second.json()).toMatchObject({ 'error-code': 'INVOICE_ALREADY_SENT_TO_BANK' });
    expect(invoiceOf(await letter(id)).payment).toBeDefined();
  });

  it('with bankPaymentDelayMs, shows the payment only that long after the POST, and refuses a second POST meanwhile', async () => {
    await em.admin.configure({ bankPaymentDelayMs: 400 });
    const { id } = await em.admin.addLetter({ invoice: { ...INVOICE, sendToBank: true } });
    const send = linkOf(invoiceOf(await letter(id)).link, 'send_to_bank');
    // The delay runs on the test's clock (the emulator is in this process): it passes when the test says, not with the machine's speed.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      expect((await api(send.uri, token, { method: 'POST' })).status).toBe(200);
      expect(invoiceOf(await letter(id)).payment).toBeUndefined();
      const second = await api(send.uri, token, { method: 'POST' });
      expect(second.status).toBe(400);
      await vi.advanceTimersByTimeAsync(399);
      expect(invoiceOf(await letter(id)).payment).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(invoiceOf(await letter(id)).payment).toMatchObject({ bank: 'DNB' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('behind a gateway: 504-after sends it on and answers 504 with an HTML page; 502 answers without sending it', async () => {
    const { id } = await em.admin.addLetter({ invoice: { ...INVOICE, sendToBank: true } });
    const send = linkOf(invoiceOf(await letter(id)).link, 'send_to_bank');
    await em.admin.failNext(1, '502', '/post/api/', 'POST');
    const refused = await api(send.uri, token, { method: 'POST' });
    expect(refused.status).toBe(502);
    expect(refused.headers.get('content-type')).toMatch(/text\/html/);
    expect(invoiceOf(await letter(id)).payment).toBeUndefined();
    await em.admin.failNext(1, '504-after', '/post/api/', 'POST');
    expect((await api(send.uri, token, { method: 'POST' })).status).toBe(504);
    expect(invoiceOf(await letter(id)).payment).toMatchObject({ bank: 'DNB' });
  });

  it('is not linked on an invoice without an agreement', async () => {
    const { id } = await em.admin.addLetter({ invoice: INVOICE });
    const invoice = invoiceOf(await letter(id));
    expect(invoice.canBePaidByUser).toBe(false);
    expect(invoice.link).toEqual([]);
  });

  it('needs UPDATE_DOCUMENT', async () => {
    const { id } = await em.admin.addLetter({ invoice: { ...INVOICE, sendToBank: true } });
    const send = linkOf(invoiceOf(await letter(id)).link, 'send_to_bank');
    const reader = (await signIn(em, 'READ_DOCUMENT_META_INFO READ_DOCUMENT_CONTENT')).access_token;
    const refused = await api(send.uri, reader, { method: 'POST' });
    expect(refused.status).toBe(403);
    expect(invoiceOf(await letter(id)).payment).toBeUndefined();
  });

  it('shows a payment given by the test, paid at its time', async () => {
    const timePaid = Date.parse('2026-11-20T10:00:00Z');
    const { id } = await em.admin.addLetter({
      invoice: {
        ...INVOICE,
        sendToBank: true,
        payment: { timePaid, debitorBankAccount: '12345678903', bank: 'DNB', bankHomepage: 'https://www.dnb.no/' },
      },
    });
    const payment = invoiceOf(await letter(id)).payment;
    expect(payment?.timePaid).toBe('2026-11-20T11:00:00.000+01:00');
  });
});

describe('current_bank_account', () => {
  it("is the account's link to the person's own bank account", async () => {
    const account = await getJson<{ bankAccount: { accountNumber: string } }>(
      linkOf(root.primaryAccount.link, 'current_bank_account').uri,
      token,
    );
    expect(account.bankAccount.accountNumber).toBe('12345678903');
  });
});

describe('metadata', () => {
  it('is sent on the attachment exactly as the sender gave it, whatever its shape', async () => {
    const metadata = [
      {
        type: 'Appointment',
        title: 'Time hos fastlegen',
        startTime: '2026-12-03T09:30:00+01:00',
        endTime: '2026-12-03T10:00:00+01:00',
        place: 'Legesenteret',
        info: [],
      },
      { type: 'Event', time: [{ startTime: 'not a time' }] },
      { type: 'Something new', value: 42 },
    ];
    const { id } = await em.admin.addLetter({ metadata });
    expect((await letter(id)).attachment[0]?.metadata).toEqual(metadata);
  });

  it('is absent where the sender gave none', async () => {
    const { id } = await em.admin.addLetter({});
    expect((await letter(id)).attachment[0]).not.toHaveProperty('metadata');
  });
});
