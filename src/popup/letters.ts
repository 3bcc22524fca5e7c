import type { Document, Link } from '../api/schemas.ts';
import { daysUntil } from '../model/dates.ts';
import { DEFAULT_SESSION_LEVEL, summarize, type InvoiceInfo } from '../model/letters.ts';

/** Unpaid invoices due within this many days (or overdue) are called out above the letters. */
const DUE_SOON_DAYS = 14;

export interface GlanceInvoice {
  amount?: number;
  dueDate?: string;
  /** Undefined when the service does not say. */
  paid?: boolean;
  /** Days until the due date: 0 today, negative when overdue; absent without a readable date. */
  daysLeft?: number;
}

/** One row of the popup's newest letters: what a person reads in a mail client's list. */
export interface GlanceLetter {
  key: string;
  sender: string;
  /** Uploaded by the person themself, so shown as theirs when it has no sender's name. */
  uploaded: boolean;
  subject: string;
  confidential: boolean;
  created?: string;
  unread: boolean;
  invoice?: GlanceInvoice;
  /** The letter's own address, opened in the viewer; absent when the service gave none. */
  self?: Link;
}

function glanceInvoice(invoice: InvoiceInfo | undefined, now: number): GlanceInvoice | undefined {
  if (!invoice) return undefined;
  const glance: GlanceInvoice = {};
  if (invoice.amount !== undefined) glance.amount = invoice.amount;
  if (invoice.paid !== undefined) glance.paid = invoice.paid;
  if (invoice.dueDate !== undefined) {
    glance.dueDate = invoice.dueDate;
    const left = daysUntil(invoice.dueDate, { now });
    if (left !== undefined) glance.daysLeft = left;
  }
  return glance;
}

/** The newest letters as the viewer's list reads them (one reading of a letter), plus days left to pay. */
export function glanceLetters(documents: readonly Document[], now: number): GlanceLetter[] {
  return documents.map((document, index) => {
    const summary = summarize(document, DEFAULT_SESSION_LEVEL, `#${index}`);
    const letter: GlanceLetter = {
      key: summary.key,
      sender: summary.sender.trim(),
      uploaded: summary.uploaded,
      subject: summary.subject.trim(),
      confidential: summary.confidential,
      unread: summary.unread,
    };
    if (summary.created !== undefined) letter.created = summary.created;
    const invoice = glanceInvoice(summary.invoice, now);
    if (invoice) letter.invoice = invoice;
    if (summary.self) letter.self = summary.self;
    return letter;
  });
}

/** An invoice not known to be paid, due within DUE_SOON_DAYS or already overdue. */
export function isDueSoon(invoice: GlanceInvoice | undefined): boolean {
  return invoice !== undefined && invoice.paid !== true && invoice.daysLeft !== undefined && invoice.daysLeft <= DUE_SOON_DAYS;
}
