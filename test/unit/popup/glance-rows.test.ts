import { describe, expect, it } from 'vitest';
import { documentSchema } from '../../../src/api/schemas.ts';
import { daysLeft, glanceLetters, isDueSoon, newestRows } from '../../../src/popup/glance-rows.ts';

const now = new Date(2026, 10, 22, 14, 30).getTime(); // 22 November 2026, local time
const day = (offset: number) => {
  const d = new Date(2026, 10, 22 + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

function letter(fields: Record<string, unknown>, invoice?: Record<string, unknown>) {
  return documentSchema.parse({
    subject: ' Faktura ',
    creatorName: ' Fjordkraft ',
    created: '2026-11-22T10:00:00+01:00',
    attachment: [{ subject: 'Faktura', mainDocument: true, read: false, ...(invoice ? { invoice } : {}) }],
    link: [{ rel: 'https://x/relations/self', uri: 'https://x/documents/1' }],
    ...fields,
  });
}

describe('glanceLetters', () => {
  it('reads sender, subject, date, unread and the letter address', () => {
    const [row] = glanceLetters([letter({})]);
    expect(row).toMatchObject({ sender: ' Fjordkraft ', subject: ' Faktura ', unread: true, created: '2026-11-22T10:00:00+01:00' });
    expect(row?.self?.uri).toBe('https://x/documents/1');
  });

  it('carries whether the person uploaded the letter themself', () => {
    const [uploaded, sent] = glanceLetters([letter({ creatorName: undefined, origin: 'UPLOADED' }), letter({ origin: 'CORPORATION' })]);
    expect(uploaded).toMatchObject({ sender: '', uploaded: true });
    expect(sent).toMatchObject({ sender: ' Fjordkraft ', uploaded: false });
  });

  it('counts a letter as unread only when its main document says so', () => {
    const read = letter({ attachment: [{ subject: 'x', mainDocument: true, read: true }] });
    const unknown = letter({ attachment: [{ subject: 'x' }] });
    expect(glanceLetters([read, unknown]).map((l) => l.unread)).toEqual([false, false]);
  });

  it('reads an invoice with amount, due date, whether it is paid, and its days left', () => {
    const [row] = glanceLetters([letter({}, { amount: 1299.5, dueDate: day(3), paid: false })]);
    expect(row?.invoice).toEqual({ amount: 1299.5, dueDate: day(3), paid: false });
    expect(row?.invoice && daysLeft(row.invoice, now)).toBe(3);
  });

  it('knows an invoice already sent to the bank, which is then not due soon', () => {
    const [row] = glanceLetters([letter({}, { amount: 120, dueDate: day(2), paid: false, payment: { bank: 'DNB' } })]);
    expect(row?.invoice?.payment).toEqual({});
    expect(row?.invoice && isDueSoon(row.invoice, now)).toBe(false);
  });

  it('gives a letter without a self link a key of its own and nothing to open', () => {
    const rows = glanceLetters([letter({ link: [] }), letter({ link: [] })]);
    expect(rows.map((r) => r.key)).toEqual(['#0', '#1']);
    expect(rows[0]?.self).toBeUndefined();
  });
});

describe('isDueSoon', () => {
  it('calls out unpaid invoices due within 14 days, and overdue ones', () => {
    expect(isDueSoon({ dueDate: day(0) }, now)).toBe(true);
    expect(isDueSoon({ dueDate: day(14), paid: false }, now)).toBe(true);
    expect(isDueSoon({ dueDate: day(-3) }, now)).toBe(true);
  });

  it('leaves out paid invoices, later ones, and those without a readable due date', () => {
    expect(isDueSoon({ dueDate: day(2), paid: true }, now)).toBe(false);
    expect(isDueSoon({ dueDate: day(15) }, now)).toBe(false);
    expect(isDueSoon({ dueDate: 'soon' }, now)).toBe(false);
    expect(isDueSoon(undefined, now)).toBe(false);
  });
});

describe('newestRows', () => {
  const at = (id: number, created: string) =>
    letter({ created, link: [{ rel: 'https://x/relations/self', uri: `https://x/documents/${id}` }] });
  const ola = { mailbox: 'ola#2', whose: 'Ola Nordmann' };

  it('merges every mailbox’s newest letters by date, the person’s own first where as new, five in all, each saying whose', () => {
    const glance = {
      uri: 'https://x/inbox',
      fetchedAt: now,
      documents: [at(1, '2026-11-22T10:00:00+01:00'), at(2, '2026-11-20T10:00:00+01:00'), at(3, '2026-11-18T10:00:00+01:00')],
      others: [
        {
          shared: ola,
          documents: [at(11, '2026-11-22T10:00:00+01:00'), at(12, '2026-11-21T10:00:00Z'), at(13, '2026-11-19T10:00:00+01:00')],
        },
      ],
    };
    expect(newestRows(glance).map((row) => [row.self?.uri.slice(-2), row.shared?.whose])).toEqual([
      ['/1', undefined],
      ['11', 'Ola Nordmann'],
      ['12', 'Ola Nordmann'],
      ['/2', undefined],
      ['13', 'Ola Nordmann'],
    ]);
  });

  it('with one mailbox: its letters as the inbox lists them, whose said of none', () => {
    const glance = { uri: 'https://x/inbox', fetchedAt: now, documents: [at(1, '2026-11-22T10:00:00+01:00')] };
    expect(newestRows(glance).map((row) => row.shared)).toEqual([undefined]);
  });
});
