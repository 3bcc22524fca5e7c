import { formatAmount, formatDate } from '../api/format.ts';
import { t, uiLocale } from '../ui/i18n.ts';
import { viewerUrl } from '../ui/open-tab.ts';
import { receiptsOf } from './model.ts';

/** Receipts as a table: store, amount with its currency, time of purchase. */
export function ReceiptsView(props: { data: unknown; title: string }) {
  const receipts = receiptsOf(props.data);
  const locale = uiLocale();
  if (receipts.length === 0) return <p class="muted">{t('receipts_none')}</p>;
  return (
    <div class="table-wrap">
      <table class="receipts">
        <caption class="sr-only">{props.title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('receipt_store')}</th>
            <th scope="col" class="number">{t('receipt_amount')}</th>
            <th scope="col">{t('receipt_time')}</th>
            <th scope="col">{t('details')}</th>
          </tr>
        </thead>
        <tbody>
          {receipts.map((receipt) => (
            <tr key={receipt.key}>
              <td>{receipt.storeName}</td>
              <td class="number">{receipt.amount !== undefined ? formatAmount(receipt.amount, receipt.currency, locale) : ''}</td>
              <td>{receipt.time !== undefined ? <time dateTime={receipt.time}>{formatDate(receipt.time, locale)}</time> : ''}</td>
              <td>
                {receipt.self ? (
                  <a href={viewerUrl({ url: receipt.self.uri, mediaType: receipt.self['media-type'], relation: 'receipt' })}>
                    {t('open_here')}
                    <span class="sr-only"> {receipt.storeName}</span>
                  </a>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
