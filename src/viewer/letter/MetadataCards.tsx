import { useMemo } from 'preact/hooks';
import { formatDate } from '../../model/dates.ts';
import { safeLocale } from '../../model/format.ts';
import { icsFor } from '../../model/ics.ts';
import type { CalendarItem, ExternalLinkItem, Interval, MetadataItem } from '../../model/metadata.ts';
import { t, uiLocale } from '../../shared/i18n.ts';
import { DebtCollectionCard, type InvoiceSettled } from './DebtCollectionCard.tsx';
import { DownloadLink } from './DownloadLink.tsx';
import { ParcelCard } from './ParcelCard.tsx';
import { PayslipCard } from './PayslipCard.tsx';
import { ReceiptCard } from './ReceiptCard.tsx';
import { CredentialCard, OpeningReceiptCard } from './CredentialCard.tsx';
import { ProofCard } from './ProofCard.tsx';
import { ResidenceCard } from './ResidenceCard.tsx';
import { ShareRequestCard } from './ShareRequestCard.tsx';
import { SignedDocumentCard } from './SignedDocumentCard.tsx';
import { webHref } from '../external-link.ts';
import { SafeExternalLink } from '../SafeExternalLink.tsx';

/** "Thursday 3 December 2026, 09:30–10:00" in the browser's time zone and the page's language. */
function timeText(time: Interval, locale: string | undefined): string {
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' });
  return time.end === undefined || time.end === time.start ? format.format(time.start) : format.formatRange(time.start, time.end);
}

function CalendarCard(props: { item: CalendarItem; identity: string }) {
  const { item } = props;
  const locale = safeLocale(uiLocale());
  const heading = item.title ?? (item.kind === 'appointment' ? t('appointment_title') : t('event_title'));
  const arrival =
    item.arrival === undefined
      ? undefined
      : 'at' in item.arrival
        ? new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(item.arrival.at)
        : item.arrival.text;
  // Made when the card is drawn, so the file's DTSTAMP is the moment it was offered; the arrival
  // note in the card's words, so the calendar says what the card says.
  const file = useMemo(
    () =>
      new Blob(
        [
          icsFor(item, {
            identity: props.identity,
            now: Date.now(),
            fallbackTitle: heading,
            ...(arrival === undefined ? {} : { arrival: t('appointment_arrive_note', arrival) }),
          }),
        ],
        {
          type: 'text/calendar',
        },
      ),
    [item, props.identity, heading, arrival],
  );
  return (
    <section class="metadata-card calendar-card" aria-label={heading}>
      <p class="metadata-kind">{item.kind === 'appointment' ? t('appointment_title') : t('event_title')}</p>
      <h2 class="metadata-title">{heading}</h2>
      {item.subTitle !== undefined ? <p class="metadata-subtitle">{item.subTitle}</p> : null}
      <dl class="metadata-facts">
        <div>
          <dt>{t('appointment_when')}</dt>
          {item.times.map((time) => (
            <dd key={time.start} class="metadata-time">
              <time dateTime={new Date(time.start).toISOString()}>{timeText(time, locale)}</time>
            </dd>
          ))}
        </div>
        {arrival !== undefined ? (
          <div>
            <dt>{t('appointment_arrive')}</dt>
            <dd>{arrival}</dd>
          </div>
        ) : null}
        {item.place !== undefined || item.address !== undefined ? (
          <div>
            <dt>{t('appointment_where')}</dt>
            <dd>{[item.place, item.address].filter((p) => p !== undefined).join(', ')}</dd>
          </div>
        ) : null}
      </dl>
      {item.description !== undefined ? <p class="metadata-text">{item.description}</p> : null}
      {item.info.map((info, index) => (
        <div key={index} class="metadata-info">
          {info.title !== undefined ? <h3>{info.title}</h3> : null}
          {info.text !== undefined ? <p class="metadata-text">{info.text}</p> : null}
        </div>
      ))}
      <p class="actions">
        <DownloadLink blob={file} name="calendar.ics">
          {t('appointment_add_to_calendar')}
        </DownloadLink>
        <span class="muted">{t('appointment_calendar_note')}</span>
      </p>
    </section>
  );
}

function LinkCard(props: { item: ExternalLinkItem }) {
  const { item } = props;
  const href = webHref(item.url);
  // An address that is not a web address shows nothing: no card without a link to follow.
  if (href === undefined) return null;
  const link = (
    <SafeExternalLink href={href} class="external-link metadata-link">
      {item.buttonText ?? item.description ?? new URL(href).host}
    </SafeExternalLink>
  );
  return (
    <section class="metadata-card link-card">
      {item.description !== undefined && item.buttonText !== undefined ? <p>{item.description}</p> : null}
      {item.deadline !== undefined ? <p class="muted">{t('external_link_deadline', formatDate(item.deadline, uiLocale()))}</p> : null}
      <p>{link}</p>
    </section>
  );
}

/**
 * The cards for a document's metadata (a calendar item, a link, a parcel, a debt collection, a
 * receipt, a payslip, a signed document, a proof, a home, a request to share, a credential, an
 * opening receipt sent), in the sender's order; `identity` names the document for calendar UIDs,
 * `sender` is the letter's (who asks, on a request to share), and `serviceOrigin` is where the
 * service's website is, for what is done there. `invoiceSettled`: the letter's invoice is paid or
 * sent to the bank, which settles a debt collection it carries.
 */
export function MetadataCards(props: {
  items: readonly MetadataItem[];
  identity: string;
  sender: string;
  serviceOrigin: string;
  invoiceSettled?: InvoiceSettled | undefined;
}) {
  if (props.items.length === 0) return null;
  return (
    <div class="metadata-cards">
      {props.items.map((item, index) => {
        switch (item.kind) {
          case 'link':
            return <LinkCard key={index} item={item} />;
          case 'pickup':
            return <ParcelCard key={index} item={item} />;
          case 'inkasso':
            return <DebtCollectionCard key={index} item={item} settled={props.invoiceSettled} />;
          case 'receipt':
            return <ReceiptCard key={index} item={item} />;
          case 'payslip':
            return <PayslipCard key={index} item={item} />;
          case 'signed':
            return <SignedDocumentCard key={index} item={item} />;
          case 'proof':
            return <ProofCard key={index} item={item} />;
          case 'residence':
            return <ResidenceCard key={index} item={item} />;
          case 'share-request':
            return <ShareRequestCard key={index} item={item} sender={props.sender} serviceOrigin={props.serviceOrigin} />;
          case 'credential':
          case 'presentation':
            return <CredentialCard key={index} item={item} serviceOrigin={props.serviceOrigin} />;
          case 'opening-receipt':
            return <OpeningReceiptCard key={index} />;
          case 'appointment':
          case 'event':
            return <CalendarCard key={index} item={item} identity={`${props.identity}#${index}`} />;
        }
      })}
    </div>
  );
}
