import { formatRelativeDate } from '../../model/dates.ts';
import { t, uiLocale } from '../../shared/i18n.ts';
import { AllDetails } from '../resources/GenericView.tsx';
import { receiptOf, receiptsOf } from '../../model/receipts.ts';
import { RowLink } from '../navigation.tsx';
import { formatFullDate } from '../../model/dates.ts';
import { formatMoney } from '../../model/format.ts';

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
                <span class="letter-amount">
                  {receipt.amount !== undefined ? formatMoney(receipt.amount, receipt.currency, locale) : ''}
                </span>
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

/**
 * One receipt, laid out as one: under the store's name (the page's heading) its chain and the time
 * of purchase, then the total, its amount to the right, and the card it was paid with. What the
 * service sends besides stays under "All details and links".
 */
export function ReceiptView(props: { data: unknown; serviceOrigin: string }) {
  const receipt = receiptOf(props.data);
  const locale = uiLocale();
  if (!receipt) return null;
  return (
    <>
      <section class="receipt-paper" aria-label={t('title_receipt')}>
        {receipt.chain !== undefined || receipt.time !== undefined ? (
          <div class="receipt-top">
            {receipt.chain !== undefined ? <p class="receipt-chain">{receipt.chain}</p> : null}
            {receipt.time !== undefined ? (
              <p>
                <time dateTime={receipt.time}>{formatFullDate(receipt.time, locale)}</time>
              </p>
            ) : null}
          </div>
        ) : null}
        <dl class="receipt-lines">
          {receipt.amount !== undefined ? (
            <div class="receipt-line receipt-total">
              <dt>{t('receipt_total')}</dt>
              <dd>{formatMoney(receipt.amount, receipt.currency, locale)}</dd>
            </div>
          ) : null}
          {receipt.card !== undefined ? (
            <div class="receipt-line">
              <dt>{t('receipt_paid_card')}</dt>
              <dd>{receipt.card}</dd>
            </div>
          ) : null}
        </dl>
      </section>
      <AllDetails data={props.data} serviceOrigin={props.serviceOrigin} />
    </>
  );
}
