import { formatMoney } from '../model/format.ts';
import type { Link } from '../api/schemas.ts';
import type { InboxGlance } from '../protocol/messages.ts';
import { formatRelativeDate } from '../model/dates.ts';
import { UnreadDot } from '../ui/icons.tsx';
import { SpriteIcon } from '../ui/sprite-icon.tsx';
import { errorMessage, t, uiLocale } from '../shared/i18n.ts';
import { senderText, subjectText } from '../model/letter-text.ts';
import { daysLeft, isDueSoon, newestRows, type NewestRow } from './glance-rows.ts';
import { dueText } from './NeedsYou.tsx';
import type { InvoiceInfo } from '../model/letters.ts';
import { INVOICE_CURRENCY } from '../model/invoice-text.ts';
import { useRef } from 'preact/hooks';
import { useListKeys } from '../ui/list-keys.ts';

function InvoiceLine(props: { invoice: InvoiceInfo; now: number }) {
  const locale = uiLocale();
  const { amount, paid, payment } = props.invoice;
  const parts = [
    amount !== undefined ? formatMoney(amount, INVOICE_CURRENCY, locale) : undefined,
    paid === true ? t('invoice_paid') : payment ? t('invoice_sent') : dueText(props.invoice, props.now, locale),
  ].filter((p): p is string => p !== undefined);
  // Overdue in its own colour, and in words: the colour is never all that says it.
  const overdue = (daysLeft(props.invoice, props.now) ?? 0) < 0;
  return (
    <span
      class={
        isDueSoon(props.invoice, props.now) ? (overdue ? 'letter-invoice due-soon overdue' : 'letter-invoice due-soon') : 'letter-invoice'
      }
    >
      <SpriteIcon name="invoice" />
      {parts.join(' · ')}
    </span>
  );
}

function LetterRow(props: { letter: NewestRow; now: number; onOpen: (self: Link, mailbox?: string) => void }) {
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
      {letter.shared ? (
        <span class="letter-whose">
          <SpriteIcon name="inbox" />
          {t('shared_inbox_title', letter.shared.whose)}
        </span>
      ) : null}
    </>
  );
  const self = letter.self;
  return (
    <li class={letter.unread ? 'letter unread' : 'letter'}>
      {self ? (
        <button type="button" class="letter-open" onClick={() => props.onOpen(self, letter.shared?.mailbox)}>
          {body}
        </button>
      ) : (
        <div class="letter-open">{body}</div>
      )}
    </li>
  );
}

/**
 * The five newest letters of the inbox, and of the inbox of each mailbox shared with the person,
 * each opening in the viewer in its own mailbox (the inboxes themselves are places above).
 */
export function NewestLetters(props: {
  glance: InboxGlance | undefined;
  now: number;
  onOpenLetter: (self: Link, mailbox?: string) => void;
}) {
  const { glance } = props;
  const letters = glance ? newestRows(glance) : [];
  const list = useRef<HTMLElement>(null);
  useListKeys(list, 'button.letter-open', true);
  return (
    <section class="letters" aria-labelledby="letters-title" ref={list}>
      <h2 id="letters-title">{t('newest_letters')}</h2>
      {letters.length > 0 ? (
        <ul class="letter-list">
          {letters.map((letter) => (
            <LetterRow key={letter.key} letter={letter} now={props.now} onOpen={props.onOpenLetter} />
          ))}
        </ul>
      ) : !glance ? (
        <p class="letters-note">{t('inbox_none')}</p>
      ) : glance.error ? null : (
        <p class="letters-note">{t('inbox_empty')}</p>
      )}
      {/*
       * Below the letters that could be read, why the others could not: the person's own inbox's
       * reason, or else each shared inbox's, whose and why (the same reason is never said twice).
       */}
      {glance?.error ? (
        <p class="letters-note">{errorMessage(glance.error)}</p>
      ) : (
        glance?.others?.map(({ error, shared }) =>
          error ? (
            <p key={shared.mailbox} class="letters-note">
              {t('newest_shared_failed', shared.whose)} {errorMessage(error)}
            </p>
          ) : null,
        )
      )}
    </section>
  );
}
