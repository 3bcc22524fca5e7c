import { Component } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { toErrorInfo } from '../../shared/errors.ts';
import { formatFullDate, formatRelativeDate } from '../../model/dates.ts';
import { InvoiceIcon, LockIcon, PaperclipIcon, UnreadDot, WarningIcon } from '../../ui/icons.tsx';
import { t, tCount, uiLocale } from '../../shared/i18n.ts';
import { senderText, subjectText } from '../../model/letter-text.ts';
import { connectThen, ErrorView } from '../ErrorView.tsx';
import type { InvoiceInfo, LetterSummary } from '../../model/letters.ts';
import { RowLink } from '../navigation.tsx';
import { rememberLetterPreview } from '../page-memory.ts';
import { invoiceRowText, invoiceText, isOverdue } from '../../model/invoice-text.ts';
import { useLetterList, type ListPlace } from './use-letter-list.ts';
import { RowMenu, RowSelect, useRowHidden } from '../filing/ListFiling.tsx';
import { LetterKindMark } from './LetterKindMark.tsx';

/** A sum to pay beside a row's subject: an invoice's, or a debt collection's (`label` says which, to whoever does not see the icon). */
function InvoiceText(props: { invoice: InvoiceInfo; label: string; now: number }) {
  const context = { now: props.now, locale: uiLocale() };
  const full = invoiceText(props.invoice, context);
  const short = invoiceRowText(props.invoice, context);
  // Overdue stands apart from due soon in a colour of its own and a warning sign, and its words
  // say so too ("overdue since Nov 2"), for whoever does not see the colour.
  const overdue = isOverdue(props.invoice, context);
  const state = overdue ? ' invoice-overdue' : props.invoice.paid === false ? ' invoice-unpaid' : '';
  // The row shows the short form; the whole is the tooltip and what a screen reader hears.
  return (
    <span class={`invoice${state}`} title={full}>
      {overdue ? <WarningIcon label={props.label} /> : <InvoiceIcon label={props.label} />}
      <span class="invoice-text" aria-hidden={short === full ? undefined : 'true'}>
        {short}
      </span>
      {short === full ? null : <span class="sr-only">{full}</span>}
    </span>
  );
}

function LetterRow(props: { letter: LetterSummary; now: number }) {
  const { letter } = props;
  const hidden = useRowHidden(letter);
  const locale = uiLocale();
  if (hidden) return null;
  const body = (
    <>
      <span class="row-dot">{letter.unread ? <UnreadDot label={t('letter_unread')} /> : null}</span>
      <span class="letter-sender">{senderText(letter)}</span>
      <span class="letter-subject">
        {letter.locked ? <LockIcon class="mark-lock row-icon" label={t('letter_locked_short')} /> : null}
        <span class="subject-text">{subjectText(letter)}</span>
        <LetterKindMark kind={letter.kind} />
        {letter.attachmentCount > 1 ? (
          <span class="mark-attachments">
            <PaperclipIcon class="row-icon" label={tCount('letter_attachments', letter.attachmentCount)} />
          </span>
        ) : null}
      </span>
      <span class="letter-amount">
        {letter.invoice ? (
          <InvoiceText invoice={letter.invoice} label={t('letter_type_invoice')} now={props.now} />
        ) : letter.debt ? (
          // A debt collection with no invoice of its own: its sum and due day, as its card says them.
          <InvoiceText invoice={letter.debt} label={t('inkasso_kind')} now={props.now} />
        ) : null}
      </span>
      {letter.created !== undefined ? (
        <time class="letter-date" dateTime={letter.created} title={formatFullDate(letter.created, locale)}>
          {formatRelativeDate(letter.created, { now: props.now, locale })}
        </time>
      ) : (
        <span class="letter-date" />
      )}
    </>
  );
  return (
    // On the way down to the row's link: the letter's page then shows at once what this row says.
    <li class={`letter-row${letter.unread ? ' is-unread' : ''}`} onClickCapture={() => rememberLetterPreview(letter)}>
      <RowSelect letter={letter} />
      <RowLink self={letter.self} relation="self">
        {body}
      </RowLink>
      <RowMenu letter={letter} />
    </li>
  );
}

/** One page of rows. Pages never change once shown, so appending a page renders only that page. */
class PageRows extends Component<{ letters: readonly LetterSummary[]; now: number }> {
  override shouldComponentUpdate(next: { letters: readonly LetterSummary[]; now: number }): boolean {
    return next.letters !== this.props.letters;
  }

  override render() {
    return (
      <>
        {this.props.letters.map((letter) => (
          <LetterRow key={letter.key} letter={letter} now={this.props.now} />
        ))}
      </>
    );
  }
}

export interface LetterListProps extends ListPlace {
  title: string;
  /** Told whether the list is empty now, last page read and rows moved away counted out (a folder's Delete needs it). */
  onEmpty?: (empty: boolean) => void;
}

/**
 * The letters of the inbox or a folder, newest first, as the service sends them. More pages come
 * with "Load more" (or, when the person chooses, as they scroll near the end). A list whose every
 * row was moved away or deleted says it is empty.
 */
export function LetterList(props: LetterListProps) {
  const { pages, shown, next, loading, error, loadMore, setError } = useLetterList(props);
  const [auto, setAuto] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  // One "now" for the whole list, so every row counts days from the same moment.
  const [now] = useState(() => Date.now());
  const empty = shown === 0 && next === undefined;

  useEffect(() => props.onEmpty?.(empty), [empty]);

  useEffect(() => {
    const target = sentinel.current;
    if (!auto || !next || !target || error) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadMore();
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [auto, next, loading, error]);

  return (
    <>
      {shown === 0 ? (
        <p class="empty-state">{t('letters_none')}</p>
      ) : (
        <ul class="letters" aria-label={props.title}>
          {pages.map((page, i) => (
            <PageRows key={i} letters={page} now={now} />
          ))}
        </ul>
      )}
      <div ref={sentinel} class="paging">
        {shown > 0 ? (
          // An empty list says so once, above; "Showing all 0 letters" would say it twice.
          <p class="muted" role="status">
            {tCount(next ? 'letters_shown_more' : 'letters_shown_all', shown)}
          </p>
        ) : null}
        {error ? (
          <ErrorView
            error={error}
            onRetry={() => void loadMore()}
            onConnect={() => void connectThen(loadMore).catch((failure: unknown) => setError(toErrorInfo(failure)))}
          />
        ) : null}
        {next ? (
          <div class="actions">
            <button type="button" class="primary" onClick={() => void loadMore()}>
              {loading ? t('loading') : t('load_more')}
            </button>
            <label class="auto-load">
              <input type="checkbox" checked={auto} onChange={(e) => setAuto(e.currentTarget.checked)} /> {t('load_on_scroll')}
            </label>
          </div>
        ) : null}
      </div>
    </>
  );
}
