// An invoice's facts in words, for a row of a list of letters and its tooltip.
import { t } from '../shared/i18n.ts';
import { formatListDay, type DateContext } from './dates.ts';
import { formatMoney } from './format.ts';
import type { InvoiceInfo } from './letters.ts';

/** Invoices carry no currency in any sample; the service is Norwegian. */
export const INVOICE_CURRENCY = 'NOK';

/** An invoice's amount, due date and whether it is paid, in full: "NOK 1,250.00 · due Dec 12 · not paid". */
export function invoiceText(invoice: InvoiceInfo, context: DateContext): string {
  const parts: string[] = [];
  if (invoice.amount !== undefined) parts.push(formatMoney(invoice.amount, INVOICE_CURRENCY, context.locale));
  if (invoice.dueDate !== undefined) parts.push(t('invoice_due', formatListDay(invoice.dueDate, context)));
  if (invoice.paid !== undefined) parts.push(invoice.paid ? t('invoice_paid') : t('invoice_unpaid'));
  return parts.join(' · ');
}

/**
 * The same, short enough for a row beside its subject: a paid invoice says "paid" instead of its
 * due date, an unpaid one its due date, which says it is still to pay ("NOK 1,250.00 · due Dec 12").
 */
export function invoiceRowText(invoice: InvoiceInfo, context: DateContext): string {
  const parts: string[] = [];
  if (invoice.amount !== undefined) parts.push(formatMoney(invoice.amount, INVOICE_CURRENCY, context.locale));
  if (invoice.paid === true) parts.push(t('invoice_paid'));
  else if (invoice.dueDate !== undefined) parts.push(t('invoice_due', formatListDay(invoice.dueDate, context)));
  else if (invoice.paid === false) parts.push(t('invoice_unpaid'));
  return parts.join(' · ');
}
