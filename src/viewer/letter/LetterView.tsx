import type { ComponentChildren } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { targetOf, type LinkTarget } from '../../api/links.ts';
import type { Permission } from '../../shared/permissions.ts';
import { needsWebsite, outcomeMayBeUnknown, toErrorInfo } from '../../shared/errors.ts';
import { Busy, BusyButton, UnknownOutcome } from '../../ui/components.tsx';
import { DocumentIcon, InfoIcon, LockIcon } from '../../ui/icons.tsx';
import { t, uiLocale } from '../../shared/i18n.ts';
import { subjectText } from '../../model/letter-text.ts';
import { ask } from '../../ui/worker-client.ts';
import { downloadName } from './content-display.ts';
import { DownloadLink } from './DownloadLink.tsx';
import { connectThen, ErrorView } from '../ErrorView.tsx';
import { AllDetails } from '../resources/GenericView.tsx';
import { HtmlLetterFrame } from './HtmlLetterFrame.tsx';
import { loadPdfRenderer, PdfDocument } from './PdfDocument.tsx';
import { openingReceipt } from './opening-receipt.ts';
import { useLetterDocument } from './use-letter-document.ts';
import { useAttachmentContent, type Shown } from './use-attachment-content.ts';
import { WebSiteButton } from '../WebSiteButton.tsx';
import { InvoicePanel } from '../invoices/InvoicePanel.tsx';
import { invoiceSettled } from './DebtCollectionCard.tsx';
import { MetadataCards } from './MetadataCards.tsx';
import { AllowPermission } from '../AllowPermission.tsx';
import { LetterHead } from './LetterHead.tsx';
import { SendToBank } from '../invoices/SendToBank.tsx';
import { withPayment } from '../../model/invoice-payment.ts';
import { isObj } from '../../model/read-json.ts';
import { metadataOf, type MetadataItem } from '../../model/metadata.ts';
import { attachmentsOf, summarize, type AttachmentInfo } from '../../model/letters.ts';
import { codeInWords } from '../../model/fields.ts';
import { formatSize } from '../../model/units.ts';

/** Why something cannot be read here, and the way to read it: the service's own web site. */
function LockedNotice(props: { serviceOrigin: string; children: ComponentChildren }) {
  return (
    <Notice icon="lock">
      {props.children}
      <div class="actions">
        <WebSiteButton serviceOrigin={props.serviceOrigin} />
      </div>
    </Notice>
  );
}

/** Label and value pairs, as the letter's facts and its invoice show them. */
function LabelledRows(props: { class: string; rows: readonly [string, string][] }) {
  return (
    <dl class={`fields ${props.class}`}>
      {props.rows.map(([label, value]) => (
        <div key={label} class="field">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A calm panel for what limits a letter and the way forward: information, not an error. */
function Notice(props: { icon?: 'lock'; children: ComponentChildren }) {
  return (
    <div class="info-panel" role="note">
      {props.icon === 'lock' ? <LockIcon class="info-panel-icon" /> : <InfoIcon class="info-panel-icon" />}
      <div>{props.children}</div>
    </div>
  );
}

function ContentPanel(props: { shown: Shown; title: string; onClose: (() => void) | undefined }) {
  const { shown, title } = props;
  const label = t('content_of', title);
  const letter = useLetterDocument(shown.blob, shown.contentType, shown.kind);
  // An HTML letter is saved as the document the frame shows, so it is offered once that is made.
  const file = shown.kind === 'html' ? letter?.file : shown.blob;
  return (
    <div class="content-panel">
      {shown.kind === 'pdf' ? <PdfDocument blob={shown.blob} title={label} /> : null}
      {shown.kind === 'image' ? <img class="content-image" src={shown.url} alt={label} /> : null}
      {letter?.htmlAsText ? (
        <Notice>
          <p>{t('letter_shown_as_text')}</p>
        </Notice>
      ) : null}
      {letter ? <HtmlLetterFrame srcdoc={letter.srcdoc} title={label} /> : null}
      {shown.kind === 'download' ? <p class="muted">{t('content_cannot_show')}</p> : null}
      <div class="actions">
        {file ? (
          <DownloadLink blob={file} name={downloadName(title, shown.contentType)}>
            {t('download')}
          </DownloadLink>
        ) : null}
        <span class="muted">{formatSize(shown.size, uiLocale())}</span>
        {props.onClose ? (
          <button type="button" class="link-button" onClick={props.onClose}>
            {t('close_content')}
          </button>
        ) : null}
      </div>
    </div>
  );
}

function AttachmentItem(props: {
  attachment: AttachmentInfo;
  /** What the sender attached to the document besides its content: appointments, events, links. */
  metadata: readonly MetadataItem[];
  scopes: readonly Permission[];
  /** The letter as read again after a change here (an invoice sent to the bank). */
  onChanged: (letter: unknown) => void;
  /** The letter, for the worker to read again when it sends an opening receipt. */
  letter: LinkTarget;
  serviceOrigin: string;
  canRead: boolean;
  /** The whole letter is locked, and the page already says so with the way forward. */
  letterLocked: boolean;
  /** The letter is confidential: a document without a subject is named as the letter is. */
  confidential: boolean;
  /** Who sent the letter, as the service names them ('' when it does not): who asks, on a request to share. */
  sender: string;
  /** Told when this attachment's content was shown (the service has then marked it read). */
  onRead: () => void;
  /**
   * The letter's main document: shown as the letter opens, when it can be read without a choice
   * (no opening receipt, no stronger login: those wait for the person's click).
   */
  opensAtOnce: boolean;
}) {
  const { attachment } = props;
  const { state, content, read, open, sendReceiptAndOpen, close, fail } = useAttachmentContent(attachment, props.onRead);
  const title = subjectText({ subject: attachment.subject, confidential: props.confidential });
  const titleId = `attachment-${attachment.index}-title`;

  useEffect(() => {
    if (!props.opensAtOnce || !content || !props.canRead || attachment.locked) return;
    if (attachment.fileType?.toLowerCase() === 'pdf') void loadPdfRenderer().catch(() => undefined);
    void open(content);
  }, []);

  const locale = uiLocale();
  const details = [
    attachment.fileType?.toUpperCase(),
    attachment.fileSize !== undefined ? formatSize(attachment.fileSize, locale) : undefined,
    read === false ? t('letter_unread') : undefined,
  ].filter((part): part is string => part !== undefined);

  let action;
  let quickOpen;
  if (attachment.locked && props.letterLocked) {
    // The page's notice says it, with the way to read it, once for the whole letter.
    action = null;
  } else if (attachment.locked) {
    action = (
      <LockedNotice serviceOrigin={props.serviceOrigin}>
        <p>{t('attachment_locked')}</p>
      </LockedNotice>
    );
  } else if (content) {
    if (props.canRead && state.kind !== 'shown' && !props.opensAtOnce) {
      quickOpen = (
        // Named with its document ("Open Vedlegg"): a letter's several Open buttons must not sound alike.
        <BusyButton
          type="button"
          class={attachment.main ? 'primary' : ''}
          aria-label={t('open_named', title)}
          busy={state.kind === 'busy'}
          onClick={() => void open(content)}
        >
          {t('open_content')}
        </BusyButton>
      );
    }
    action = props.canRead ? null : (
      <Notice>
        <p>{t('content_needs_permission')}</p>
        <AllowPermission permission="READ_DOCUMENT_CONTENT" />
      </Notice>
    );
  } else if (attachment.openingReceipt) {
    action = (
      <Notice>
        <p class="info-panel-title">{t('opening_receipt_title')}</p>
        <p>{t('opening_receipt_explain')}</p>
        {props.canRead ? null : (
          <>
            <p>{t('content_needs_permission')}</p>
            <AllowPermission permission="READ_DOCUMENT_CONTENT" />
          </>
        )}
        <div class="actions">
          {props.canRead ? (
            <button
              type="button"
              class="primary"
              aria-describedby={titleId}
              onClick={() => void sendReceiptAndOpen(openingReceipt(ask, props.letter, attachment.index))()}
            >
              {t('send_receipt_and_open')}
            </button>
          ) : null}
          <WebSiteButton serviceOrigin={props.serviceOrigin} />
        </div>
      </Notice>
    );
  } else {
    action = <p class="muted">{t('content_unavailable')}</p>;
  }

  const body = (
    <>
      <MetadataCards
        items={props.metadata}
        identity={`${props.letter.url}#${attachment.index}`}
        sender={props.sender}
        serviceOrigin={props.serviceOrigin}
        invoiceSettled={invoiceSettled(attachment.invoice)}
      />
      {attachment.invoice ? (
        <InvoicePanel invoice={attachment.invoice} now={Date.now()}>
          <SendToBank
            invoice={attachment.invoice}
            letter={props.letter}
            attachment={attachment.index}
            scopes={props.scopes}
            onChanged={props.onChanged}
          />
        </InvoicePanel>
      ) : null}
      {action}
      {state.kind === 'busy' ? <Busy label={state.label} /> : null}
      {state.kind === 'error' ? (
        needsWebsite(state.error) ? (
          <LockedNotice serviceOrigin={props.serviceOrigin}>
            <p>{t('error_auth_level_too_low')}</p>
          </LockedNotice>
        ) : outcomeMayBeUnknown(state.error) && state.resend ? (
          <UnknownOutcome error={state.error} onLook={() => void state.retry()} onResend={() => void state.resend?.()} />
        ) : (
          <ErrorView
            error={state.error}
            onRetry={() => void state.retry()}
            onConnect={() => void connectThen(state.retry).catch((failure: unknown) => fail(toErrorInfo(failure), state.retry))}
          />
        )
      ) : null}
      {state.kind === 'shown' ? <ContentPanel shown={state.shown} title={title} onClose={props.opensAtOnce ? undefined : close} /> : null}
    </>
  );

  // The main document is the letter itself: the page's heading already names it. Its content keeps
  // a window's height for itself from the start, so what follows is out of sight until it comes.
  const awaiting = props.canRead && content !== undefined && !attachment.locked;
  if (props.opensAtOnce) return <div class={`main-document${awaiting ? ' awaiting-content' : ''}`}>{body}</div>;

  return (
    <li class="attachment">
      <div class="attachment-head">
        <DocumentIcon class="attachment-icon" size={20} />
        <div class="attachment-name">
          <h3 class="attachment-title" id={titleId}>
            {title}
          </h3>
          {details.length > 0 ? <p class="attachment-meta">{details.join(' · ')}</p> : null}
        </div>
        {quickOpen}
      </div>
      {body}
    </li>
  );
}

export interface LetterViewProps {
  data: unknown;
  /** Where the letter was read from: the worker reads it there again when it lacks a self link. */
  source: LinkTarget;
  serviceOrigin: string;
  scopes: readonly Permission[];
  sessionLevel: number;
  /** The letter as read again after a change made on this page. */
  onChanged: (letter: unknown) => void;
}

/** One letter: its main document at once under a compact header, further documents after it, and its facts under Details. */
export function LetterView(props: LetterViewProps) {
  const letter = summarize(props.data, props.sessionLevel, 'letter');
  const rawAttachments = isObj(props.data) && Array.isArray(props.data.attachment) ? (props.data.attachment as unknown[]) : [];
  const attachments = attachmentsOf(props.data, props.sessionLevel).map((a) =>
    a.invoice ? { ...a, invoice: withPayment(a.invoice, rawAttachments[a.index]) } : a,
  );
  const main = attachments.find((attachment) => attachment.main) ?? attachments[0];
  const others = attachments.filter((attachment) => attachment !== main);
  const canRead = props.scopes.includes('READ_DOCUMENT_CONTENT');
  // A letter is unread while its main document is; opening that document here reads it.
  const [mainOpened, setMainOpened] = useState(false);
  const shown = useRef(true);
  useEffect(
    () => () => {
      shown.current = false;
    },
    [],
  );
  // The service marks a document read as it gives its content; the letter as read before says
  // otherwise, so it is read again and its details say what the service now holds. Should that
  // fail, the details stay as they were (the Status row already says read).
  const readAgain = async (): Promise<void> => {
    try {
      const { data } = await ask({ type: 'getResource', ...(letter.self ? targetOf(letter.self, 'self') : props.source) });
      if (shown.current) props.onChanged(data);
    } catch {
      // Kept as it was: see above.
    }
  };
  const raw = (props.data ?? {}) as Record<string, unknown>;
  const field = (key: string): string | undefined => {
    const value = raw[key];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };

  const type = field('type');
  const level = field('authentication-level');
  const origin = field('origin');
  const rows: [string, string][] = [];
  if (type) rows.push([t('letter_type'), codeInWords(type)]);
  if (origin) rows.push([t('vf_origin'), codeInWords(origin)]);
  if (level) rows.push([t('letter_auth_level'), codeInWords(level)]);
  rows.push([t('letter_status'), letter.unread && !mainOpened ? t('letter_unread') : t('letter_read')]);

  // Read once per letter: each card's calendar file is made from the same item until the letter changes.
  const metadata = useMemo(() => rawAttachments.map(metadataOf), [props.data]);
  const item = (attachment: AttachmentInfo, opensAtOnce: boolean) => (
    <AttachmentItem
      key={attachment.index}
      attachment={attachment}
      metadata={metadata[attachment.index] ?? []}
      scopes={props.scopes}
      onChanged={props.onChanged}
      letter={letter.self ? targetOf(letter.self, 'self') : props.source}
      serviceOrigin={props.serviceOrigin}
      canRead={canRead}
      letterLocked={letter.locked}
      confidential={letter.confidential}
      sender={letter.uploaded ? '' : letter.sender}
      opensAtOnce={opensAtOnce}
      onRead={() => {
        if (attachment.main) setMainOpened(true);
        if (attachment.read === false || (attachment.main && letter.unread)) void readAgain();
      }}
    />
  );

  return (
    <>
      <LetterHead letter={letter} />
      {/* Under the header, not under the document: the document's arrival then moves nothing on screen. */}
      <details class="letter-details">
        <summary>{t('details')}</summary>
        <LabelledRows class="letter-fields" rows={rows} />
      </details>
      {letter.locked ? (
        <LockedNotice serviceOrigin={props.serviceOrigin}>
          <p class="info-panel-title">{t('letter_locked_title')}</p>
          <p>{t('letter_locked')}</p>
        </LockedNotice>
      ) : null}
      {main ? item(main, true) : <p class="muted">{t('attachments_none')}</p>}
      {others.length > 0 ? (
        <section aria-labelledby="attachments-heading">
          <h2 id="attachments-heading">{t('attachments_more')}</h2>
          <ul class="attachments">{others.map((attachment) => item(attachment, false))}</ul>
        </section>
      ) : null}
      <AllDetails data={props.data} serviceOrigin={props.serviceOrigin} />
    </>
  );
}
