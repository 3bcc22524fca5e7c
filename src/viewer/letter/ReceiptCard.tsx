import { formatDate } from '../../model/dates.ts';
import { formatMoney, formatPhone, safeLocale } from '../../model/format.ts';
import type { ReceiptItem, ReceiptLine, ReceiptPayment } from '../../model/metadata.ts';
import { t, uiLocale } from '../../shared/i18n.ts';
import { ReceiptIcon } from '../../ui/icons.tsx';
import { CardKind, Fact } from './card-parts.tsx';

/** "2 × kr 23,90", "0,912 kg × kr 29,50"; nothing for one of something at its own price. */
function quantityText(line: ReceiptLine, currency: string, locale: string): string | undefined {
  if (line.quantity === undefined || line.unitPrice === undefined) return undefined;
  if (line.quantity === 1 && (line.unit === undefined || line.unit === 'stk')) return undefined;
  const count = new Intl.NumberFormat(safeLocale(locale), { maximumFractionDigits: 3 }).format(line.quantity);
  const amount = line.unit === undefined || line.unit === 'stk' ? count : `${count} ${line.unit}`;
  return t('receipt_line_quantity', [amount, formatMoney(line.unitPrice, currency, locale)]);
}

/** A card as the receipt names it: "Visa •••• 4821", or how it was paid ("Kontant"). */
function paymentText(payment: ReceiptPayment, currency: string, locale: string, several: boolean): string {
  const lastFour = payment.card === undefined ? undefined : /^[*xX•\s]+(\d{4})$/.exec(payment.card)?.[1];
  const card = lastFour === undefined ? payment.card : `•••• ${lastFour}`;
  const means = [payment.cardName ?? payment.method, card].filter((part) => part !== undefined).join(' ');
  const method =
    payment.cardName !== undefined && payment.method !== undefined && payment.method !== payment.cardName ? ` (${payment.method})` : '';
  const amount = several && payment.amount !== undefined ? `: ${formatMoney(payment.amount, currency, locale)}` : '';
  return `${means}${method}${amount}`;
}

/**
 * A receipt (Receipt): the shop and where it is, when, each line with its amount, the total with
 * its VAT, and how it was paid, as on the slip from the till.
 */
export function ReceiptCard(props: { item: ReceiptItem }) {
  const { item } = props;
  const locale = uiLocale();
  const money = (amount: number) => formatMoney(amount, item.currency, locale);
  const payments = item.payments
    .map((payment) => paymentText(payment, item.currency, locale, item.payments.length > 1))
    .filter((text) => text !== '');
  return (
    <section class="metadata-card receipt-card" aria-label={t('receipt_card_title', item.merchant)}>
      <CardKind icon={<ReceiptIcon />}>{t('receipt_kind')}</CardKind>
      <h2 class="metadata-title">{item.merchant}</h2>
      {item.chain !== undefined ? <p class="metadata-subtitle">{item.chain}</p> : null}
      <dl class="metadata-facts">
        <Fact label={t('receipt_time')}>{item.purchased === undefined ? undefined : formatDate(item.purchased, locale)}</Fact>
        <Fact label={t('receipt_address')}>{item.address}</Fact>
        <Fact label={t('receipt_phone')}>{item.phone === undefined ? undefined : formatPhone(item.phone)}</Fact>
      </dl>
      {item.lines.length > 0 ? <h3 class="receipt-card-heading">{t('receipt_lines')}</h3> : null}
      {item.lines.length > 0 ? (
        <dl class="receipt-lines receipt-card-lines">
          {item.lines.map((line, index) => {
            const quantity = quantityText(line, item.currency, locale);
            return (
              <div key={index} class="receipt-line">
                <dt>
                  <span class="receipt-line-name">{line.name}</span>
                  {line.description !== undefined ? <span class="receipt-line-detail">{line.description}</span> : null}
                  {quantity !== undefined ? <span class="receipt-line-detail">{quantity}</span> : null}
                  {line.discount !== undefined ? (
                    <span class="receipt-line-detail">{t('receipt_line_discount', money(line.discount))}</span>
                  ) : null}
                </dt>
                <dd>{line.total === undefined ? '' : money(line.total)}</dd>
              </div>
            );
          })}
        </dl>
      ) : null}
      <dl class="receipt-lines receipt-card-sum">
        <div class="receipt-line receipt-total">
          <dt>{t('receipt_total')}</dt>
          <dd>{money(item.total)}</dd>
        </div>
        {item.vat !== undefined ? (
          <div class="receipt-line">
            <dt>{t('receipt_vat')}</dt>
            <dd>{money(item.vat)}</dd>
          </div>
        ) : null}
      </dl>
      <dl class="metadata-facts">
        <Fact label={t('receipt_paid_with')}>{payments.length === 0 ? undefined : payments.join(', ')}</Fact>
        <Fact label={t('receipt_number')}>{item.receiptNumber}</Fact>
        <Fact label={t('receipt_membership')}>{item.membershipNumber}</Fact>
      </dl>
    </section>
  );
}
