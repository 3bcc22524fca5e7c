import { useState } from 'preact/hooks';
import type { Document, Link } from '../api/schemas.ts';
import type { InvoiceInfo } from '../model/letters.ts';
import { formatDate } from '../model/dates.ts';
import { formatMoney } from '../model/format.ts';
import { INVOICE_CURRENCY } from '../model/invoice-text.ts';
import { senderText } from '../model/letter-text.ts';
import { t, tCount, uiLocale } from '../shared/i18n.ts';
import type { DueLetter } from '../storage/page-items.ts';
import { SpriteIcon } from '../ui/sprite-icon.tsx';
import { daysLeft as daysLeftOf, dueSoonLetters } from './glance-rows.ts';

/** When an invoice is due, in words: "due in 3 days", "was due yesterday", "overdue by 4 days". */
export function dueText(invoice: InvoiceInfo, now: number, locale: string): string | undefined {
  const { dueDate } = invoice;
  if (dueDate === undefined) return undefined;
  const daysLeft = daysLeftOf(invoice, now);
  if (daysLeft === undefined) return t('invoice_due', dueDate);
  // Past 1 day and within 14 ahead the count is plural in every language we ship, so no plural rules here.
  if (daysLeft < -1) return t('invoice_overdue_days', String(-daysLeft));
  if (daysLeft < 0) return t('invoice_overdue_yesterday');
  if (daysLeft === 0) return t('invoice_due_today');
  if (daysLeft === 1) return t('invoice_due_tomorrow');
  if (daysLeft <= 14) return t('invoice_due_in_days', String(daysLeft));
  return t('invoice_due', formatDate(dueDate, locale));
}

/** Rows shown before "Show N more": the list stays beside the places on the popup's first screen. */
const FIRST_ROWS = 3;

/** How much of the mailbox the list stands on: places of the root not yet read this session, and those whose read failed. */
export interface DueCoverage {
  looking: number;
  notChecked: number;
}

/**
 * Unpaid invoices due within two weeks, or overdue, from the newest letters and the open invoices
 * of the inbox and the folders (dueSoonLetters). Whole only when every place has been read; until
 * then it says where it is still looking, and it says so when a place could not be read. Always
 * there once the mailbox shows, so what arrives later grows it downwards and moves nothing above.
 */
export function DueSoon(props: {
  newest: readonly Document[];
  kept: readonly DueLetter[];
  coverage: DueCoverage;
  now: number;
  onOpen: (self: Link, mailbox?: string) => void;
}) {
  const [all, setAll] = useState(false);
  const due = dueSoonLetters(props.newest, props.kept, props.now);
  const { looking, notChecked } = props.coverage;
  const locale = uiLocale();
  // Four rows fit as well as three and a "Show 1 more".
  const shown = all || due.length <= FIRST_ROWS + 1 ? due : due.slice(0, FIRST_ROWS);
  return (
    <section class="due" aria-labelledby="due-title">
      <h2 id="due-title">
        <SpriteIcon name="invoice" />
        {t('invoices_due_title')}
      </h2>
      {shown.length > 0 ? (
        <ul>
          {shown.map((letter) => {
            const invoice = letter.invoice ?? {};
            const left = daysLeftOf(invoice, props.now);
            const body = (
              <>
                <span class="due-sender">{senderText(letter)}</span>{' '}
                {invoice.amount !== undefined ? (
                  <span class="due-amount">{formatMoney(invoice.amount, INVOICE_CURRENCY, locale)}</span>
                ) : null}{' '}
                <span class="due-line">
                  <span class="due-when">{dueText(invoice, props.now, locale)}</span>
                  {/* Whose, when it lies in a mailbox shared with the person. */}
                  {/* The space is for the words alone (a flex container drops it); the dot is the stylesheet's. */}
                  {letter.shared ? (
                    <>
                      {' '}
                      <span class="due-whose">{letter.shared.whose}</span>
                    </>
                  ) : null}
                </span>
              </>
            );
            const self = letter.self;
            return (
              <li key={letter.key} class={left !== undefined && left < 0 ? 'overdue' : undefined}>
                {self ? (
                  <button type="button" class="due-open" onClick={() => props.onOpen(self, letter.shared?.mailbox)}>
                    {body}
                  </button>
                ) : (
                  <span class="due-open">{body}</span>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      {shown.length < due.length ? (
        <button type="button" class="link-button due-more" onClick={() => setAll(true)}>
          {t('due_more', String(due.length - shown.length))}
        </button>
      ) : null}
      <p class="due-note" role="status">
        {looking > 0
          ? tCount('due_still_looking', looking)
          : notChecked > 0
            ? tCount('due_not_checked', notChecked)
            : due.length === 0
              ? t('due_none')
              : null}
      </p>
    </section>
  );
}
