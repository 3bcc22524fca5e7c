// What "Invoices due soon" calls out, in one place for the popup that shows it (popup/letters.ts)
// and the worker that reads the mailbox for it (background/due-invoices.ts), so the two never
// disagree on the window. Only the number: each reads due dates its own way (model/dates.ts'
// daysUntil), the popup's bundle staying as small as it is.

/** Unpaid invoices due within this many days (or overdue) are called out above the popup's letters. */
export const DUE_SOON_DAYS = 14;
