import { formatDate, formatDeadline } from '../../model/dates.ts';
import { formatMoney } from '../../model/format.ts';
import type { PickupNoticeItem } from '../../model/metadata.ts';
import { t, uiLocale } from '../../shared/i18n.ts';
import { ParcelIcon } from '../../ui/icons.tsx';
import { CopyButton } from '../invoices/CopyButton.tsx';
import { CardKind, CardLink, Fact } from './card-parts.tsx';

/** Where the parcel stands, in a sentence: waiting (and till when), picked up, sent back, gone wrong. */
function statusText(item: PickupNoticeItem, now: number, locale: string): { text: string; warn: boolean } {
  const at = item.statusAt === undefined ? undefined : formatDate(item.statusAt, locale);
  switch (item.status) {
    case 'picked-up':
      return { text: at === undefined ? t('parcel_picked_up') : t('parcel_picked_up_on', at), warn: false };
    case 'returned':
      return { text: at === undefined ? t('parcel_returned') : t('parcel_returned_on', at), warn: true };
    case 'deviation':
      return { text: t('parcel_deviation'), warn: true };
    default: {
      // Waiting, or a status the service did not give: the last day is what matters.
      const last = item.returnedAfter;
      if (last !== undefined && Date.parse(last) < now)
        return { text: t('parcel_last_day_passed', formatDeadline(last, locale)), warn: true };
      return { text: last === undefined ? '' : t('parcel_pick_up_by', formatDeadline(last, locale)), warn: false };
    }
  }
}

/**
 * A parcel to pick up (PickupNotice): where it waits and till when, the code and shelf to give at
 * the counter, where it came from. Once it is picked up or sent back, the card says so and no
 * longer offers what is only needed at the counter.
 */
export function ParcelCard(props: { item: PickupNoticeItem }) {
  const { item } = props;
  const locale = uiLocale();
  const now = Date.now();
  const waiting = item.status === 'ready' || item.status === undefined;
  const heading = item.status === 'ready' ? t('parcel_ready_at', item.place.name) : t('parcel_at', item.place.name);
  const status = statusText(item, now, locale);
  return (
    <section class="metadata-card parcel-card" aria-label={heading}>
      <CardKind icon={<ParcelIcon />}>{t('parcel_kind')}</CardKind>
      <h2 class="metadata-title">{heading}</h2>
      {status.text !== '' ? <p class={status.warn ? 'metadata-status warn' : 'metadata-status'}>{status.text}</p> : null}
      <dl class="metadata-facts">
        {waiting && item.place.pickupCode !== undefined ? (
          <Fact label={t('parcel_code')}>
            <span class="parcel-code">{item.place.pickupCode}</span>
            <CopyButton value={item.place.pickupCode} label={t('parcel_copy_code')} />
          </Fact>
        ) : null}
        {waiting ? <Fact label={t('parcel_shelf')}>{item.place.shelf}</Fact> : null}
        <Fact label={t('parcel_place')}>{[item.place.name, item.place.address].filter((part) => part !== undefined).join(', ')}</Fact>
        {waiting ? <Fact label={t('parcel_instruction')}>{item.place.instruction}</Fact> : null}
        {waiting && item.toPay !== undefined ? <Fact label={t('parcel_to_pay')}>{formatMoney(item.toPay, 'NOK', locale)}</Fact> : null}
        <Fact label={t('parcel_from')}>{item.sender}</Fact>
        <Fact label={t('parcel_arrived')}>{item.arrived === undefined ? undefined : formatDate(item.arrived, locale)}</Fact>
        <Fact label={t('parcel_number')}>{item.parcelId}</Fact>
      </dl>
      {waiting && item.extraInformation !== undefined ? <p class="metadata-text">{item.extraInformation}</p> : null}
      <CardLink link={item.link} />
    </section>
  );
}
