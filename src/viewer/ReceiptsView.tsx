import { formatRelativeDate } from '../model/dates.ts';
import { t, uiLocale } from '../shared/i18n.ts';
import { AllDetails } from './GenericView.tsx';
import { receiptOf, receiptsOf } from '../model/receipts.ts';
import { RowLink } from './navigation.tsx';
import { formatFullDate } from '../model/dates.ts';
import { formatMoney } from '../model/format.ts';

/** Receipts as a list like the letters: store, when, and the amount with its currency. */
export function ReceiptsView(props: { data: unknown; title: string; serviceOrigin: string }) {
  const receipts = receiptsOf(props.data);
  const locale = uiLocale();
  const now = Date.now();
  return (
    <>
      {receipts.length === 0 ? (
        <p class="empty-state">{t('receipts_none')}</p>
      ) : (
        <ul class="letters receipts" aria-label={props.title}>
          {receipts.map((receipt) => {
            const body = (
              <>
                <span class="letter-sender">{receipt.storeName.trim() !== '' ? receipt.storeName : t('receipt_store_unknown')}</span>
                <span class="letter-amount">{receipt.amount !== undefined ? formatMoney(receipt.amount, receipt.currency, locale) : ''}</span>
                {receipt.time !== undefined ? (
                  <time class="letter-date" dateTime={receipt.time} title={formatFullDate(receipt.time, locale)}>
                    {formatRelativeDate(receipt.time, { now, locale })}
                  </time>
                ) : (
                  <span />
                )}
              </>
            );
            return (
              <li key={receipt.key} class="letter-row">
                <RowLink self={receipt.self} relation="receipt">
                  {body}
                </RowLink>
              </li>
            );
          })}
        </ul>
      )}
      <AllDetails data={props.data} serviceOrigin={props.serviceOrigin} />
    </>
  );
}

/** One receipt: where, when and how much. */
export function ReceiptView(props: { data: unknown; serviceOrigin: string }) {
  const receipt = receiptOf(props.data);
  const locale = uiLocale();
  if (!receipt) return null;
  // The store is the page's heading; the kind of page says it is a receipt.
  return (
    <>
      <dl class="fields letter-fields">
        <div class="field">
          <dt>{t('letter_type')}</dt>
          <dd>{t('kind_receipt')}</dd>
        </div>
        {receipt.amount !== undefined ? (
          <div class="field">
            <dt>{t('receipt_amount')}</dt>
            <dd class="amount">{formatMoney(receipt.amount, receipt.currency, locale)}</dd>
          </div>
        ) : null}
        {receipt.time !== undefined ? (
          <div class="field">
            <dt>{t('receipt_time')}</dt>
            <dd>
              <time dateTime={receipt.time}>{formatFullDate(receipt.time, locale)}</time>
            </dd>
          </div>
        ) : null}
      </dl>
      <AllDetails data={props.data} serviceOrigin={props.serviceOrigin} />
    </>
  );
}
