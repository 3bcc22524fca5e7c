import type { Document } from '../api/schemas.ts';
import { daysUntil } from '../model/dates.ts';
import { DUE_SOON_DAYS } from '../model/due-soon.ts';
import { glanceOf, newestFirst, type InvoiceInfo, type LetterGlance } from '../model/letters.ts';
import type { SharedWith } from '../api/mailbox-lists.ts';
import { GLANCE_LETTERS, type InboxGlance } from '../api/root-snapshot.ts';

/** The newest letters as the viewer's list reads them (glanceOf, the part of summarize a row here shows): one reading of a letter, shared. */
export function glanceLetters(documents: readonly Document[], prefix = ''): LetterGlance[] {
  return documents.map((document, index) => glanceOf(document, `${prefix}#${index}`));
}

/** One of the popup's newest letters: perhaps of a mailbox shared with the person, which it then names. */
export type NewestRow = LetterGlance & { shared?: SharedWith };

/**
 * The newest letters of every mailbox the person can read, newest first: each inbox's newest
 * page merged by date, the person's own first where two are as new, as many as one inbox shows.
 */
export function newestRows(glance: InboxGlance): NewestRow[] {
  const own: NewestRow[] = glanceLetters(glance.documents ?? []);
  const others = (glance.others ?? []).flatMap(({ documents = [], shared }) =>
    glanceLetters(documents, shared.mailbox).map((letter) => ({ ...letter, shared })),
  );
  return [...own, ...others].sort(newestFirst).slice(0, GLANCE_LETTERS);
}

/** Days until an invoice's due date: 0 today, negative when overdue; undefined without a readable date. */
export function daysLeft(invoice: InvoiceInfo, now: number): number | undefined {
  return invoice.dueDate === undefined ? undefined : daysUntil(invoice.dueDate, { now });
}

/** An invoice not known to be paid, due within DUE_SOON_DAYS or already overdue. */
export function isDueSoon(invoice: InvoiceInfo | undefined, now: number): boolean {
  const left = invoice && invoice.paid !== true && !invoice.payment ? daysLeft(invoice, now) : undefined;
  return left !== undefined && left <= DUE_SOON_DAYS;
}
