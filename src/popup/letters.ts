import { isUnread, mainAttachment } from '../api/unread.ts';
import type { Document, Link } from '../api/schemas.ts';
import { findLink } from '../api/links.ts';
import { daysUntil } from '../ui/dates.ts';

/** Unpaid invoices due within this many days (or overdue) are called out above the letters. */
export const DUE_SOON_DAYS = 14;

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
  subject: string;
  confidential: boolean;
  created?: string;
  unread: boolean;
  invoice?: GlanceInvoice;
  /** The letter's own address, opened in the viewer; absent when the service gave none. */
  self?: Link;
}

function invoiceOf(document: Document, now: number): GlanceInvoice | undefined {
  const invoice = mainAttachment(document)?.invoice;
  if (!invoice) return undefined;
  const glance: GlanceInvoice = {};
  if (invoice.amount !== undefined && Number.isFinite(invoice.amount)) glance.amount = invoice.amount;
  if (invoice.dueDate !== undefined) {
    glance.dueDate = invoice.dueDate;
    const left = daysUntil(invoice.dueDate, { now });
    if (left !== undefined) glance.daysLeft = left;
  }
  // `paid` is not in the contract's samples (§6) but the service's apps read it; only a boolean counts.
  const paid = (invoice as { paid?: unknown }).paid;
  if (typeof paid === 'boolean') glance.paid = paid;
  return glance;
}

export function glanceLetters(documents: readonly Document[], now: number): GlanceLetter[] {
  return documents.map((document, index) => {
    const self = findLink(document.link, 'self');
    const letter: GlanceLetter = {
      key: self?.uri ?? `#${index}`,
      sender: document.creatorName?.trim() ?? '',
      subject: document.subject?.trim() ?? '',
      confidential: document.confidential === true,
      unread: isUnread(document),
    };
    if (document.created !== undefined) letter.created = document.created;
    const invoice = invoiceOf(document, now);
    if (invoice) letter.invoice = invoice;
    if (self) letter.self = self;
    return letter;
  });
}

/** An invoice not known to be paid, due within DUE_SOON_DAYS or already overdue. */
export function isDueSoon(invoice: GlanceInvoice | undefined): boolean {
  return invoice !== undefined && invoice.paid !== true && invoice.daysLeft !== undefined && invoice.daysLeft <= DUE_SOON_DAYS;
}
