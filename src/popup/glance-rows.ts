import type { Document } from '../api/schemas.ts';
import { daysUntil } from '../model/dates.ts';
import { DUE_SOON_DAYS } from '../model/due-soon.ts';
import { DEFAULT_SESSION_LEVEL, newestFirst, summarize, type InvoiceInfo, type LetterSummary } from '../model/letters.ts';
import { GLANCE_LETTERS, type InboxGlance } from '../api/root-snapshot.ts';
import type { DueLetter } from '../storage/page-items.ts';

/** The newest letters as the viewer's list reads them: one reading of a letter, shared. */
export function glanceLetters(documents: readonly Document[], prefix = ''): LetterSummary[] {
  return documents.map((document, index) => summarize(document, DEFAULT_SESSION_LEVEL, `${prefix}#${index}`));
}

/** One of the popup's newest letters: perhaps of a mailbox shared with the person, which it then names. */
export type NewestRow = LetterSummary & Pick<DueLetter, 'shared'>;

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

/** A row of "Invoices due soon": one of the newest letters, or a letter the worker kept for it (DueLetter), perhaps of a shared mailbox. */
export type DueRow = Pick<LetterSummary, 'key' | 'sender' | 'uploaded' | 'self' | 'invoice'> & Pick<DueLetter, 'shared'>;

/**
 * The unpaid invoices due soon, soonest first, from the newest letters and from the open invoices
 * the worker kept of the inbox and the folders (background/due-invoices.ts), each letter once. The
 * newest letters come first: read with every fetch of the root, they say best whether one was paid.
 */
export function dueSoonLetters(newest: readonly Document[], kept: readonly DueLetter[], now: number): DueRow[] {
  const seen = new Set<string>();
  const due = [...glanceLetters(newest), ...kept].filter((letter: DueRow) => {
    const first = !seen.has(letter.key);
    seen.add(letter.key);
    return first && isDueSoon(letter.invoice, now);
  });
  // A readable due date is an ISO date (model/dates.ts), so soonest first is their order as text.
  return due.sort((a, b) => (a.invoice?.dueDate ?? '').localeCompare(b.invoice?.dueDate ?? ''));
}
