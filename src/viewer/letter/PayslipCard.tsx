import { formatFullDate } from '../../model/dates.ts';
import { formatMoney } from '../../model/format.ts';
import type { PayslipItem } from '../../model/metadata.ts';
import { t, uiLocale } from '../../shared/i18n.ts';
import { PayIcon } from '../../ui/icons.tsx';
import { CardKind, Fact } from './card-parts.tsx';

/** A payslip (Payslip): what is paid out after tax, and the day it comes. The type carries no more. */
export function PayslipCard(props: { item: PayslipItem }) {
  const { item } = props;
  const locale = uiLocale();
  const net = item.netAmount === undefined ? undefined : formatMoney(item.netAmount, 'NOK', locale);
  return (
    <section class="metadata-card payslip-card" aria-label={t('payslip_kind')}>
      <CardKind icon={<PayIcon />}>{t('payslip_kind')}</CardKind>
      <h2 class="metadata-title">{net === undefined ? t('payslip_kind') : t('payslip_net_title', net)}</h2>
      <dl class="metadata-facts">
        <Fact label={t('payslip_payment_date')}>
          {item.paymentDate === undefined ? undefined : formatFullDate(item.paymentDate, locale)}
        </Fact>
      </dl>
    </section>
  );
}
