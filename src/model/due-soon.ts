// What "Invoices due soon" calls out, in one place for the popup that shows it (popup/letters.ts)
// and the worker that reads the mailbox for it (background/due-invoices.ts), so the two never
// disagree on the window.
import { daysUntil } from './dates.ts';

/** Unpaid invoices due within this many days (or overdue) are called out above the popup's letters. */
export const DUE_SOON_DAYS = 14;

/**
 * A due date (a calendar day, as the service writes it) within `days` days of `now` in the
 * browser's time zone, or already past. A date that is not a calendar day is never due.
 */
export function isDueWithin(dueDate: string | undefined, now: number, days: number): boolean {
  const left = dueDate === undefined ? undefined : daysUntil(dueDate, { now });
  return left !== undefined && left <= days;
}
