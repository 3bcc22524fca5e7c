// An invoice's facts in words, for a row of a list of letters and its tooltip.
import { t } from '../shared/i18n.ts';
import { daysUntil, formatListDay, type DateContext } from './dates.ts';
import { formatMoney } from './format.ts';
import { isPaid, type InvoiceInfo } from './letters.ts';

/** Invoices carry no currency in any sample; the service is Norwegian. */
export const INVOICE_CURRENCY = 'NOK';

/** Not paid, not sent to the bank, and its due date has passed. */
export function isOverdue(invoice: InvoiceInfo, context: Omit<DateContext, 'locale'>): boolean {
  if (isPaid(invoice) || invoice.payment !== undefined || invoice.dueDate === undefined) return false;
  const days = daysUntil(invoice.dueDate, context);
  return days !== undefined && days < 0;
}

/** "due Dec 12", or "overdue since Nov 2" once that day has passed unpaid. */
function dueText(dueDate: string, invoice: InvoiceInfo, context: DateContext): string {
  return t(isOverdue(invoice, context) ? 'invoice_overdue' : 'invoice_due', formatListDay(dueDate, context));
}

/** An invoice's amount, due date and whether it is paid, in full: "NOK 1,250.00 · due Dec 12 · not paid". */
export function invoiceText(invoice: InvoiceInfo, context: DateContext): string {
  const parts: string[] = [];
  if (invoice.amount !== undefined) parts.push(formatMoney(invoice.amount, INVOICE_CURRENCY, context.locale));
  if (invoice.dueDate !== undefined) parts.push(dueText(invoice.dueDate, invoice, context));
  if (isPaid(invoice)) parts.push(t('invoice_paid'));
  else if (invoice.payment) parts.push(t('invoice_sent'));
  else if (invoice.paid === false) parts.push(t('invoice_unpaid'));
  return parts.join(' · ');
}

/**
 * The same, short enough for a row beside its subject: a paid invoice says "paid" instead of its
 * due date, an unpaid one its due date, which says it is still to pay ("NOK 1,250.00 · due Dec 12").
 */
export function invoiceRowText(invoice: InvoiceInfo, context: DateContext): string {
  const parts: string[] = [];
  if (invoice.amount !== undefined) parts.push(formatMoney(invoice.amount, INVOICE_CURRENCY, context.locale));
  if (isPaid(invoice)) parts.push(t('invoice_paid'));
  else if (invoice.payment) parts.push(t('invoice_sent'));
  else if (invoice.dueDate !== undefined) parts.push(dueText(invoice.dueDate, invoice, context));
  else if (invoice.paid === false) parts.push(t('invoice_unpaid'));
  return parts.join(' · ');
}
