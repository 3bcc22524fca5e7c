import { formAmount, formDigits } from '../../model/bank-form.ts';
import { daysUntil, formatDate, formatFullDate } from '../../model/dates.ts';
import { formatAccountNumber, formatMoney } from '../../model/format.ts';
import { INVOICE_CURRENCY } from '../../model/invoice-text.ts';
import { isPaid, type InvoiceInfo } from '../../model/letters.ts';
import type { InkassoItem } from '../../model/metadata.ts';
import { t, uiLocale } from '../../shared/i18n.ts';
import { InvoiceIcon, WarningIcon } from '../../ui/icons.tsx';
import { CopyButton } from '../invoices/CopyButton.tsx';
import { CardKind, CardLink, Fact } from './card-parts.tsx';

/** Where the letter's own invoice stands once it asks nothing more (invoices/InvoicePanel.tsx says it the same way). */
export type InvoiceSettled = 'paid' | 'sent';

/** 'paid' by the service's word, 'sent' once it went to the bank, else undefined: still to pay. */
export function invoiceSettled(invoice: InvoiceInfo | undefined): InvoiceSettled | undefined {
  if (!invoice) return undefined;
  if (isPaid(invoice)) return 'paid';
  return invoice.payment ? 'sent' : undefined;
}

/**
 * A debt collection (Inkasso): what to pay, by when, to which account with which KID, each with
 * Copy as the invoice panel has them, and the collector's own page. Past its due date it says so.
 * `settled`: the letter's own invoice shows it paid, or sent to the bank (the Inkasso item carries no
 * payment of its own), so the card says which, and neither asks to pay nor warns of the due date.
 */
export function DebtCollectionCard(props: { item: InkassoItem; settled?: InvoiceSettled | undefined }) {
  const { item, settled } = props;
  const locale = uiLocale();
  const days = daysUntil(item.dueDate, { now: Date.now() });
  const overdue = settled === undefined && days !== undefined && days < 0;
  const heading =
    settled === 'paid'
      ? t('inkasso_settled_paid')
      : settled === 'sent'
        ? t('inkasso_settled_sent')
        : t('inkasso_pay_by', formatFullDate(item.dueDate, locale));
  const amount = formAmount(item.sum);
  const account = formDigits(item.account);
  const kid = formDigits(item.kid);
  return (
    <section class={overdue ? 'metadata-card inkasso-card overdue' : 'metadata-card inkasso-card'} aria-label={t('inkasso_kind')}>
      <CardKind icon={overdue ? <WarningIcon /> : <InvoiceIcon />}>{t('inkasso_kind')}</CardKind>
      <h2 class="metadata-title">{heading}</h2>
      {overdue ? <p class="metadata-status warn">{t('inkasso_overdue')}</p> : null}
      <dl class="metadata-facts">
        {item.sum !== undefined ? (
          <Fact label={t('receipt_amount')}>
            <span class="invoice-value">{formatMoney(item.sum, INVOICE_CURRENCY, locale)}</span>
            {amount !== undefined ? <CopyButton value={amount} label={t('invoice_copy_amount')} /> : null}
          </Fact>
        ) : null}
        <Fact label={t('vf_due_date')}>{formatDate(item.dueDate, locale)}</Fact>
        {item.account !== undefined ? (
          <Fact label={t('invoice_account_label')}>
            <span class="invoice-value">{formatAccountNumber(item.account)}</span>
            {account !== undefined ? <CopyButton value={account} label={t('invoice_copy_account')} /> : null}
          </Fact>
        ) : null}
        {item.kid !== undefined ? (
          <Fact label={t('invoice_kid_label')}>
            <span class="invoice-value">{item.kid}</span>
            {kid !== undefined ? <CopyButton value={kid} label={t('invoice_copy_kid')} /> : null}
          </Fact>
        ) : null}
      </dl>
      {settled ? null : <p class="muted">{t('inkasso_note')}</p>}
      <CardLink link={item.link} />
    </section>
  );
}
