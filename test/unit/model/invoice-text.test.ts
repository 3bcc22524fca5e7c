import { describe, expect, it, vi } from 'vitest';

// The pages' `t` reads the browser's catalogue; here the English one on disk.
vi.mock('../../../src/shared/i18n.ts', async () => (await import('../../support/catalogue-i18n.ts')).catalogueI18n());

const { invoiceRowText, invoiceText } = await import('../../../src/model/invoice-text.ts');

// Sunday 22 November 2026.
const context = { now: Date.parse('2026-11-22T12:00:00Z'), locale: 'en-GB', timeZone: 'Europe/Oslo' };
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('an invoice in a list of letters', () => {
  it('says in full what it costs, when it is due and whether it is paid', () => {
    expect(plain(invoiceText({ amount: 476.87, dueDate: '2026-12-04', paid: false }, context))).toBe('NOK 476.87 · due 4 Dec · not paid');
    expect(plain(invoiceText({ amount: 476.87, dueDate: '2027-01-04', paid: true }, context))).toBe('NOK 476.87 · due 4 Jan 2027 · paid');
  });

  it('in a row, short: the due date while it is to pay, "paid" once it is', () => {
    expect(plain(invoiceRowText({ amount: 476.87, dueDate: '2026-12-04', paid: false }, context))).toBe('NOK 476.87 · due 4 Dec');
    expect(plain(invoiceRowText({ amount: 476.87, dueDate: '2026-12-04', paid: true }, context))).toBe('NOK 476.87 · paid');
    expect(plain(invoiceRowText({ amount: 476.87, paid: false }, context))).toBe('NOK 476.87 · not paid');
    expect(plain(invoiceRowText({ dueDate: '2026-12-04' }, context))).toBe('due 4 Dec');
  });

  it('says an unpaid invoice past its due date is overdue, in full and in a row', () => {
    expect(plain(invoiceRowText({ amount: 476.87, dueDate: '2026-11-20', paid: false }, context))).toBe(
      'NOK 476.87 · overdue since 20 Nov',
    );
    expect(plain(invoiceText({ amount: 476.87, dueDate: '2026-11-20', paid: false }, context))).toBe(
      'NOK 476.87 · overdue since 20 Nov · not paid',
    );
    // Due today is not overdue yet.
    expect(plain(invoiceRowText({ dueDate: '2026-11-22', paid: false }, context))).toBe('due 22 Nov');
  });

  it('says one sent to the bank is sent, and one the bank paid is paid, whatever its due date', () => {
    const sent = { amount: 476.87, dueDate: '2026-11-20', paid: false, payment: { bank: 'DNB' } };
    expect(plain(invoiceRowText(sent, context))).toBe('NOK 476.87 · sent to your bank');
    expect(plain(invoiceText(sent, context))).toBe('NOK 476.87 · due 20 Nov · sent to your bank');
    const paid = { amount: 476.87, dueDate: '2026-11-20', paid: false, payment: { timePaid: '2026-11-19T10:00:00+01:00' } };
    expect(plain(invoiceRowText(paid, context))).toBe('NOK 476.87 · paid');
  });
});
