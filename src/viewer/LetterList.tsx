import { Component } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { formatAmount, formatDate } from '../api/format.ts';
import { toErrorInfo, type ErrorInfo } from '../errors.ts';
import { t, uiLocale } from '../ui/i18n.ts';
import { viewerUrl, type ViewerTarget } from '../ui/open-tab.ts';
import { ask } from '../ui/worker-client.ts';
import { connectThen, ErrorView } from './ErrorView.tsx';
import { documentsOf, linkNamed, summarize, type FolderEntry, type InvoiceInfo, type LetterSummary } from './model.ts';
import { newLetters, nextPageUrl } from './paging.ts';

/** Invoices carry no currency in any sample; the service is Norwegian. */
const INVOICE_CURRENCY = 'NOK';

function summariesOf(data: unknown, sessionLevel: number, requestUrl: string): LetterSummary[] {
  return (documentsOf(data) ?? []).map((doc, i) => summarize(doc, sessionLevel, `${requestUrl}#${i}`));
}

export function InvoiceText(props: { invoice: InvoiceInfo }) {
  const { amount, dueDate, paid } = props.invoice;
  const locale = uiLocale();
  const parts: string[] = [];
  if (amount !== undefined) parts.push(formatAmount(amount, INVOICE_CURRENCY, locale));
  if (dueDate !== undefined) parts.push(t('invoice_due', formatDate(dueDate, locale)));
  if (paid !== undefined) parts.push(paid ? t('invoice_paid') : t('invoice_unpaid'));
  return <span class={`invoice${paid === false ? ' invoice-unpaid' : ''}`}>{parts.join(' · ')}</span>;
}

function Mark(props: { icon: string; label: string; class: string }) {
  return (
    <span class={`mark ${props.class}`} title={props.label}>
      <span aria-hidden="true">{props.icon}</span>
      <span class="sr-only">{props.label}</span>
    </span>
  );
}

export function subjectText(letter: { subject: string; confidential: boolean }): string {
  if (letter.subject.trim() !== '') return letter.subject;
  return letter.confidential ? t('subject_confidential') : t('subject_none');
}

function LetterRow(props: { letter: LetterSummary }) {
  const { letter } = props;
  const locale = uiLocale();
  const body = (
    <>
      {letter.unread ? <span class="sr-only">{t('letter_unread')} </span> : null}
      <span class="letter-sender">{letter.sender.trim() !== '' ? letter.sender : t('sender_unknown')}</span>
      <span class="letter-subject">{subjectText(letter)}</span>
      <span class="letter-meta">
        {letter.locked ? <Mark icon="🔒" label={t('letter_locked_short')} class="mark-lock" /> : null}
        {letter.attachmentCount > 1 ? (
          <Mark icon="📎" label={t('letter_attachments', String(letter.attachmentCount))} class="mark-attachments" />
        ) : null}
        {letter.invoice ? <InvoiceText invoice={letter.invoice} /> : null}
        {letter.created !== undefined ? (
          <time class="letter-date" dateTime={letter.created}>
            {formatDate(letter.created, locale)}
          </time>
        ) : null}
      </span>
    </>
  );
  const href = letter.self ? viewerUrl({ url: letter.self.uri, mediaType: letter.self['media-type'], relation: 'self' }) : undefined;
  return (
    <li class={`letter-row${letter.unread ? ' unread' : ''}`}>
      {href ? (
        <a class="letter-link" href={href}>
          {body}
        </a>
      ) : (
        <div class="letter-link">{body}</div>
      )}
    </li>
  );
}

/** One page of rows. Pages never change once shown, so appending a page renders only that page. */
class PageRows extends Component<{ letters: readonly LetterSummary[] }> {
  override shouldComponentUpdate(next: { letters: readonly LetterSummary[] }): boolean {
    return next.letters !== this.props.letters;
  }

  override render() {
    return (
      <>
        {this.props.letters.map((letter) => (
          <LetterRow key={letter.key} letter={letter} />
        ))}
      </>
    );
  }
}

export interface LetterListProps {
  /** The first page, already fetched by the viewer. */
  data: unknown;
  requestUrl: string;
  target: ViewerTarget;
  sessionLevel: number;
  folders: readonly FolderEntry[];
  title: string;
}

/**
 * The letters of the inbox or a folder, newest first, as the service sends them. More pages come
 * with "Load more" (or, when the person chooses, as they scroll near the end).
 */
export function LetterList(props: LetterListProps) {
  const computable = Array.isArray((props.data as { document?: unknown } | null)?.document);
  const seen = useRef<Set<string>>(new Set());
  const nextLinksSeen = useRef(false);
  const [pages, setPages] = useState<LetterSummary[][]>(() => {
    const first = summariesOf(props.data, props.sessionLevel, props.requestUrl);
    nextLinksSeen.current = linkNamed(props.data, 'next') !== undefined;
    return [newLetters(seen.current, first)];
  });
  const [next, setNext] = useState<string | undefined>(() =>
    nextPageUrl({
      requestUrl: props.requestUrl,
      data: props.data,
      letters: summariesOf(props.data, props.sessionLevel, props.requestUrl),
      nextLinksSeen: nextLinksSeen.current,
      computable,
    }),
  );
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<ErrorInfo | undefined>(undefined);
  const [auto, setAuto] = useState(false);
  const busy = useRef(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const count = pages.reduce((sum, page) => sum + page.length, 0);

  const loadMore = async (): Promise<void> => {
    if (!next || busy.current) return;
    busy.current = true;
    setLoading(true);
    setError(undefined);
    try {
      const snapshot = await ask({
        type: 'getResource',
        url: next,
        mediaType: props.target.mediaType,
        relation: props.target.relation ?? 'document_inbox',
      });
      const letters = summariesOf(snapshot.data, props.sessionLevel, next);
      if (linkNamed(snapshot.data, 'next')) nextLinksSeen.current = true;
      const fresh = newLetters(seen.current, letters);
      if (fresh.length > 0) setPages((before) => [...before, fresh]);
      const after = nextPageUrl({ requestUrl: next, data: snapshot.data, letters, nextLinksSeen: nextLinksSeen.current, computable });
      // A page that adds nothing and points at itself would loop for ever.
      setNext(after === next || (fresh.length === 0 && letters.length > 0) ? undefined : after);
    } catch (failure) {
      setError(toErrorInfo(failure));
    } finally {
      busy.current = false;
      setLoading(false);
    }
  };

  useEffect(() => {
    const target = sentinel.current;
    if (!auto || !next || !target || error) return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void loadMore();
    }, { rootMargin: '800px 0px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [auto, next, loading, error]);

  return (
    <>
      {props.folders.length > 0 ? (
        <nav class="folders" aria-label={t('folders')}>
          <h2>{t('folders')}</h2>
          <ul>
            {props.folders.map((folder) => (
              <li key={folder.self.uri}>
                <a href={viewerUrl({ url: folder.self.uri, mediaType: folder.self['media-type'], relation: 'folder' })}>
                  {folder.name.trim() !== '' ? folder.name : t('folder_unnamed')}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {count === 0 ? (
        <p class="muted">{t('letters_none')}</p>
      ) : (
        <ul class="letters" aria-label={props.title}>
          {pages.map((page, i) => (
            <PageRows key={i} letters={page} />
          ))}
        </ul>
      )}
      <div ref={sentinel} class="paging">
        <p class="muted" role="status">
          {t(next ? 'letters_shown_more' : 'letters_shown_all', String(count))}
        </p>
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
              <input type="checkbox" checked={auto} onChange={(e) => setAuto(e.currentTarget.checked)} />{' '}
              {t('load_on_scroll')}
            </label>
          </div>
        ) : null}
      </div>
    </>
  );
}
