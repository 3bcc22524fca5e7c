import { formatMoney } from '../model/format.ts';
import type { Document, Link } from '../api/schemas.ts';
import type { InboxGlance } from '../protocol/messages.ts';
import type { DueLetter } from '../storage/page-items.ts';
import { Skeleton } from '../ui/components.tsx';
import { formatDate, formatRelativeDate } from '../model/dates.ts';
import { ChevronIcon, InvoiceIcon, UnreadDot, WarningIcon } from '../ui/icons.tsx';
import { errorMessage, t, uiLocale } from '../shared/i18n.ts';
import { senderText, subjectText } from '../model/letter-text.ts';
import { daysLeft as daysLeftOf, dueSoonLetters, glanceLetters, isDueSoon } from './letters.ts';
import type { InvoiceInfo, LetterSummary } from '../model/letters.ts';
import { INVOICE_CURRENCY } from '../model/invoice-text.ts';
import { useRef } from 'preact/hooks';
import { useListKeys } from '../ui/list-keys.ts';

function dueText(invoice: InvoiceInfo, now: number, locale: string): string | undefined {
  const { dueDate } = invoice;
  if (dueDate === undefined) return undefined;
  const daysLeft = daysLeftOf(invoice, now);
  if (daysLeft === undefined) return t('invoice_due', dueDate);
  if (daysLeft < 0) return t('invoice_overdue', formatDate(dueDate, locale));
  if (daysLeft === 0) return t('invoice_due_today');
  if (daysLeft === 1) return t('invoice_due_tomorrow');
  // 2 to 14: plural in every language we ship (1 is "tomorrow"), so no plural rules in the popup.
  if (daysLeft <= 14) return t('invoice_due_in_days', String(daysLeft));
  return t('invoice_due', formatDate(dueDate, locale));
}

function InvoiceLine(props: { invoice: InvoiceInfo; now: number }) {
  const locale = uiLocale();
  const { amount, paid, payment } = props.invoice;
  const parts = [
    amount !== undefined ? formatMoney(amount, INVOICE_CURRENCY, locale) : undefined,
    paid === true ? t('invoice_paid') : payment ? t('invoice_sent') : dueText(props.invoice, props.now, locale),
  ].filter((p): p is string => p !== undefined);
  return (
    <span class={isDueSoon(props.invoice, props.now) ? 'letter-invoice due-soon' : 'letter-invoice'}>
      <InvoiceIcon />
      {parts.join(' · ')}
    </span>
  );
}

function LetterRow(props: { letter: LetterSummary; now: number; onOpen: (self: Link) => void }) {
  const { letter } = props;
  const locale = uiLocale();
  const body = (
    <>
      <span class="letter-top">
        {letter.unread ? <UnreadDot class="letter-dot" label={t('letter_unread')} /> : null}
        <span class="letter-sender">{senderText(letter)}</span>
        {letter.created !== undefined ? (
          <time class="letter-date" dateTime={letter.created}>
            {formatRelativeDate(letter.created, { now: props.now, locale })}
          </time>
        ) : null}
      </span>
      <span class="letter-subject">{subjectText(letter)}</span>
      {letter.invoice ? <InvoiceLine invoice={letter.invoice} now={props.now} /> : null}
    </>
  );
  const self = letter.self;
  return (
    <li class={letter.unread ? 'letter unread' : 'letter'}>
      {self ? (
        <button type="button" class="letter-open" onClick={() => props.onOpen(self)}>
          {body}
        </button>
      ) : (
        <div class="letter-open">{body}</div>
      )}
    </li>
  );
}

/**
 * Unpaid invoices due within two weeks, or overdue, above the letters: the one thing not to miss.
 * From the newest letters and the open invoices of the inbox and the folders (dueSoonLetters).
 */
function DueSoon(props: { newest: readonly Document[]; openInvoices: readonly DueLetter[]; now: number; onOpen: (self: Link) => void }) {
  const due = dueSoonLetters(props.newest, props.openInvoices, props.now);
  if (due.length === 0) return null;
  const locale = uiLocale();
  return (
    <section class="due" aria-labelledby="due-title">
      <h2 id="due-title">
        <WarningIcon />
        {t('invoices_due_title')}
      </h2>
      <ul>
        {due.map((letter) => {
          const invoice = letter.invoice ?? {};
          const text = [
            senderText(letter),
            invoice.amount !== undefined ? formatMoney(invoice.amount, INVOICE_CURRENCY, locale) : undefined,
            dueText(invoice, props.now, locale),
          ].filter((p): p is string => p !== undefined).join(' · ');
          const self = letter.self;
          return (
            <li key={letter.key}>
              {self ? (
                <button type="button" class="due-open" onClick={() => props.onOpen(self)}>
                  <span>{text}</span>
                  <ChevronIcon />
                </button>
              ) : (
                <span>{text}</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The five newest letters of the inbox, each opening in the viewer (the inbox itself is a place below), the invoices due soon above them. */
export function NewestLetters(props: {
  glance: InboxGlance | undefined;
  /** Letters with an invoice due soon beyond the newest, as the worker kept them (background/due-invoices.ts). */
  openInvoices: readonly DueLetter[];
  /** The letters are on their way (not yet in the cache). */
  pending: boolean;
  now: number;
  onOpenLetter: (self: Link) => void;
}) {
  const { glance } = props;
  const letters = glance?.documents ? glanceLetters(glance.documents) : [];
  const list = useRef<HTMLElement>(null);
  useListKeys(list, 'button.letter-open', true);
  return (
    <>
      <DueSoon newest={glance?.documents ?? []} openInvoices={props.openInvoices} now={props.now} onOpen={props.onOpenLetter} />
      <section class="letters" aria-labelledby="letters-title" ref={list}>
        <h2 id="letters-title">{t('newest_letters')}</h2>
        {props.pending ? (
          <Skeleton lines={5} />
        ) : glance?.error ? (
          <p class="letters-note">{errorMessage(glance.error)}</p>
        ) : glance?.documents && letters.length === 0 ? (
          <p class="letters-note">{t('inbox_empty')}</p>
        ) : !glance ? (
          <p class="letters-note">{t('inbox_none')}</p>
        ) : (
          <ul class="letter-list">
            {letters.map((letter) => (
              <LetterRow key={letter.key} letter={letter} now={props.now} onOpen={props.onOpenLetter} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
