import { findLink } from '../api/relation-name.ts';
import type { InvoiceInfo, PaymentInfo } from './letters.ts';
import { isObj, linksOf, present, str } from './read-json.ts';

/*
 * What the viewer reads of an invoice beyond its facts (contract §6.1): its send_to_bank link and
 * the payment recorded once it went to the bank. Apart from letters.ts, which the popup ships:
 * the popup shows no payment and has no room in its budget for reading one.
 */

function paymentOf(invoice: Record<string, unknown>): PaymentInfo | undefined {
  const payment = invoice.payment;
  if (!isObj(payment)) return undefined;
  return present({
    timePaid: str(payment.timePaid),
    fromAccount: str(payment.debitorBankAccount),
    bank: str(payment.bank),
    bankHomepage: findLink(linksOf(payment), 'bank_homepage'),
  });
}

/** The invoice with its send_to_bank link and payment, read from the attachment it came from. */
export function withPayment(invoice: InvoiceInfo, attachment: unknown): InvoiceInfo {
  const raw = isObj(attachment) && isObj(attachment.invoice) ? attachment.invoice : undefined;
  if (!raw) return invoice;
  return { ...invoice, ...present({ sendToBank: findLink(linksOf(raw), 'send_to_bank'), payment: paymentOf(raw) }) };
}

/** The same for a letter's main document (the one marked so, else the first), as a list row shows it. */
export function withLetterPayment(invoice: InvoiceInfo, letter: unknown): InvoiceInfo {
  const attachments = isObj(letter) && Array.isArray(letter.attachment) ? (letter.attachment as unknown[]) : [];
  const main = attachments.find((a) => isObj(a) && a.mainDocument === true) ?? attachments[0];
  return withPayment(invoice, main);
}
