import { formatDate } from '../../model/dates.ts';
import { safeLocale } from '../../model/format.ts';
import type { DayOfYear, ProofItem, ProofValidity } from '../../model/metadata.ts';
import { t, uiLocale } from '../../shared/i18n.ts';
import { IdCardIcon } from '../../ui/icons.tsx';
import { CardKind, Fact } from './card-parts.tsx';

/**
 * A time a proof's period gives without an offset ("2027-11-01T23:59:00"), as a day in the page's
 * language; with its time of day only when that is not the day's start or end.
 */
function localText(value: string, locale: string): string {
  const clock = value.slice(11, 16);
  const at = Date.parse(value);
  const options: Intl.DateTimeFormatOptions =
    clock === '00:00' || clock === '23:59' ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' };
  return new Intl.DateTimeFormat(safeLocale(locale), options).format(at);
}

/** "1 January", "31. desember": a day of any year. */
function dayText(day: DayOfYear, locale: string): string {
  return new Intl.DateTimeFormat(safeLocale(locale), { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(2000, day.month - 1, day.day),
  );
}

/** Where the proof stands now, in a sentence, and whether that is a warning. */
function validityStatus(valid: ProofValidity | undefined, now: number, locale: string): { text: string; warn: boolean } | undefined {
  if (valid === undefined) return undefined;
  if (valid.kind === 'yearly') {
    const year = new Date(now).getFullYear();
    if (valid.endYear !== undefined && valid.endYear < year) return { text: t('proof_yearly_ended', String(valid.endYear)), warn: true };
    return { text: t('proof_yearly', [dayText(valid.from, locale), dayText(valid.to, locale)]), warn: false };
  }
  // A period's times have no offset: they are the issuer's wall clock, read here as the browser's.
  if (valid.to !== undefined && Date.parse(valid.to) < now) return { text: t('proof_expired', localText(valid.to, locale)), warn: true };
  if (valid.from !== undefined && Date.parse(valid.from) > now)
    return { text: t('proof_valid_from', localText(valid.from, locale)), warn: true };
  return { text: valid.to === undefined ? t('proof_valid_now') : t('proof_valid_until', localText(valid.to, locale)), warn: false };
}

/** The years a yearly proof runs: "2020–2022", "From 2020", "Until 2022". */
function yearsText(valid: ProofValidity | undefined): string | undefined {
  if (valid?.kind !== 'yearly') return undefined;
  const { startYear, endYear } = valid;
  if (startYear !== undefined && endYear !== undefined) return startYear === endYear ? String(startYear) : `${startYear}–${endYear}`;
  if (startYear !== undefined) return t('proof_years_from', String(startYear));
  return endYear === undefined ? undefined : t('proof_years_until', String(endYear));
}

/** "1 Nov 2026 – 1 Nov 2027": a period with both ends. */
function periodText(valid: ProofValidity | undefined, locale: string): string | undefined {
  if (valid?.kind !== 'period' || valid.from === undefined || valid.to === undefined) return undefined;
  return `${localText(valid.from, locale)} – ${localText(valid.to, locale)}`;
}

/**
 * A proof (Proof): a licence, a permit, a membership card issued to one person. Its title, whether
 * it is valid now and till when, whose it is, who issued it and its number, as the card in a wallet.
 */
export function ProofCard(props: { item: ProofItem }) {
  const { item } = props;
  const locale = uiLocale();
  const status = validityStatus(item.valid, Date.now(), locale);
  return (
    <section class={status?.warn === true ? 'metadata-card proof-card overdue' : 'metadata-card proof-card'} aria-label={item.title}>
      <CardKind icon={<IdCardIcon />}>{t('proof_kind')}</CardKind>
      <h2 class="metadata-title">{item.title}</h2>
      {status !== undefined ? <p class={status.warn ? 'metadata-status warn' : 'metadata-status'}>{status.text}</p> : null}
      <dl class="metadata-facts">
        <Fact label={t('proof_holder')}>{item.holder}</Fact>
        <Fact label={t('proof_valid')}>{periodText(item.valid, locale)}</Fact>
        <Fact label={t('proof_years')}>{yearsText(item.valid)}</Fact>
        {item.idValue !== undefined ? (
          <Fact label={item.idName ?? t('proof_number')}>
            <span class="invoice-value">{item.idValue}</span>
          </Fact>
        ) : null}
        <Fact label={t('proof_issuer')}>{item.issuer}</Fact>
        {/* The day it was issued, where the issuer wrote it: the hour says nothing to its holder. */}
        <Fact label={t('proof_issued')}>{item.issued === undefined ? undefined : formatDate(item.issued.slice(0, 10), locale)}</Fact>
        {item.attributes.map((attribute, index) =>
          attribute.title !== undefined && attribute.text !== undefined ? (
            <Fact key={`a${index}`} label={attribute.title}>
              {attribute.text}
            </Fact>
          ) : null,
        )}
      </dl>
      {[...item.attributes.filter((a) => a.title === undefined || a.text === undefined), ...item.info].map((info, index) => (
        <div key={index} class="metadata-info">
          {info.title !== undefined ? <h3>{info.title}</h3> : null}
          {info.text !== undefined ? <p class="metadata-text">{info.text}</p> : null}
        </div>
      ))}
    </section>
  );
}
