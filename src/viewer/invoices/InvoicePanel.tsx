import type { ComponentChildren } from 'preact';
import { formAmount, formDigits } from '../../model/bank-form.ts';
import { formatDate } from '../../model/dates.ts';
import { formatAccountNumber, formatMoney } from '../../model/format.ts';
import { INVOICE_CURRENCY, isOverdue } from '../../model/invoice-text.ts';
import { isPaid, type InvoiceInfo } from '../../model/letters.ts';
import { t, uiLocale } from '../../shared/i18n.ts';
import { InvoiceIcon, WarningIcon } from '../../ui/icons.tsx';
import { CopyButton } from './CopyButton.tsx';
import { SafeExternalLink } from '../SafeExternalLink.tsx';

/** Where the invoice stands, by the service's word: paid, sent to the bank, overdue or not paid. */
function statusOf(invoice: InvoiceInfo, now: number): { text: string; overdue: boolean } {
  const { payment } = invoice;
  const locale = uiLocale();
  if (isPaid(invoice)) {
    const when = payment?.timePaid;
    return { text: when === undefined ? t('invoice_status_paid') : t('invoice_status_paid_on', formatDate(when, locale)), overdue: false };
  }
  if (payment)
    return { text: payment.bank === undefined ? t('invoice_status_sent') : t('invoice_status_sent_to', payment.bank), overdue: false };
  return { text: t('invoice_status_unpaid'), overdue: isOverdue(invoice, { now }) };
}

function Fact(props: { label: string; children: ComponentChildren }) {
  return (
    <div class="invoice-fact">
      <dt>{props.label}</dt>
      <dd>{props.children}</dd>
    </div>
  );
}

/**
 * An invoice's facts in one place, each once: what to pay, by when, to which account with which
 * KID (each with a copy button that puts what a bank's form takes on the clipboard), and where it
 * stands. `children` are its actions (sending it to the bank).
 */
export function InvoicePanel(props: { invoice: InvoiceInfo; now: number; children?: ComponentChildren }) {
  const { invoice } = props;
  const locale = uiLocale();
  const status = statusOf(invoice, props.now);
  const amount = formAmount(invoice.amount);
  const account = formDigits(invoice.accountNumber);
  const kid = formDigits(invoice.kid);
  const payment = invoice.payment;
  return (
    <section class={status.overdue ? 'invoice-panel overdue' : 'invoice-panel'} aria-label={t('invoice_title')}>
      <p class="invoice-status">
        {status.overdue ? <WarningIcon /> : <InvoiceIcon />}
        <span>{status.text}</span>
        {status.overdue ? <strong class="overdue-badge">{t('invoice_overdue_badge')}</strong> : null}
      </p>
      <dl class="invoice-facts">
        {invoice.amount !== undefined ? (
          <Fact label={t('receipt_amount')}>
            <span class="invoice-value">{formatMoney(invoice.amount, INVOICE_CURRENCY, locale)}</span>
            {amount !== undefined ? <CopyButton value={amount} label={t('invoice_copy_amount')} /> : null}
          </Fact>
        ) : null}
        {invoice.dueDate !== undefined ? (
          <Fact label={t('vf_due_date')}>
            <span class="invoice-value">{formatDate(invoice.dueDate, locale)}</span>
          </Fact>
        ) : null}
        {invoice.accountNumber !== undefined ? (
          <Fact label={t('invoice_account_label')}>
            <span class="invoice-value">{formatAccountNumber(invoice.accountNumber)}</span>
            {account !== undefined ? <CopyButton value={account} label={t('invoice_copy_account')} /> : null}
          </Fact>
        ) : null}
        {invoice.kid !== undefined ? (
          <Fact label={t('invoice_kid_label')}>
            <span class="invoice-value">{invoice.kid}</span>
            {kid !== undefined ? <CopyButton value={kid} label={t('invoice_copy_kid')} /> : null}
          </Fact>
        ) : null}
      </dl>
      {payment?.fromAccount !== undefined ? (
        // Beside "Sent to DNB" the money has not left yet: "paid from" only once the bank paid.
        <p class="muted">
          {t(isPaid(invoice) ? 'invoice_paid_from' : 'invoice_to_be_paid_from', formatAccountNumber(payment.fromAccount))}
        </p>
      ) : null}
      {payment?.bankHomepage ? (
        <p>
          <SafeExternalLink href={payment.bankHomepage.uri}>
            {payment.bank === undefined ? t('invoice_bank_site_plain') : t('invoice_bank_site', payment.bank)}
          </SafeExternalLink>
        </p>
      ) : null}
      {props.children}
    </section>
  );
}
