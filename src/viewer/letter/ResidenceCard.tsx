import { formatDate } from '../../model/dates.ts';
import { formatMoney, formatOrganisationNumber, safeLocale } from '../../model/format.ts';
import type { ResidenceItem, ResidenceSale } from '../../model/metadata.ts';
import { t, uiLocale } from '../../shared/i18n.ts';
import { HouseIcon } from '../../ui/icons.tsx';
import { CardKind, CardLink, Fact } from './card-parts.tsx';

/** Who sold to whom, in words; nothing when the sale names neither. */
function partiesText(sale: ResidenceSale): string | undefined {
  if (sale.seller !== undefined && sale.buyer !== undefined) return t('residence_sale_parties', [sale.seller, sale.buyer]);
  if (sale.seller !== undefined) return t('residence_sale_seller', sale.seller);
  return sale.buyer === undefined ? undefined : t('residence_sale_buyer', sale.buyer);
}

/**
 * A home (Residence, or Boligdetaljer with its details): its address, its number in the cadastre
 * and, from Boligdetaljer, who holds the title, its size, its sales and what is charged on it,
 * with the sender's link.
 */
export function ResidenceCard(props: { item: ResidenceItem }) {
  const { item } = props;
  const details = item.details;
  const locale = uiLocale();
  const number = (n: number) => new Intl.NumberFormat(safeLocale(locale)).format(n);
  // A home's price and its charges are whole kroner: no øre shown for them.
  const money = (n: number) =>
    Number.isInteger(n)
      ? new Intl.NumberFormat(safeLocale(locale), { style: 'currency', currency: 'NOK', maximumFractionDigits: 0 }).format(n)
      : formatMoney(n, 'NOK', locale);
  return (
    <section class="metadata-card residence-card" aria-label={t('residence_kind')}>
      <CardKind icon={<HouseIcon />}>{t('residence_kind')}</CardKind>
      <h2 class="metadata-title">{item.address}</h2>
      <dl class="metadata-facts">
        <Fact label={t('residence_flat')}>{item.flat}</Fact>
        <Fact label={t('residence_cadastre')}>{item.cadastre}</Fact>
        <Fact label={t('residence_owners')}>{details && details.owners.length > 0 ? details.owners.join(', ') : undefined}</Fact>
        <Fact label={t('residence_area')}>{details?.usableArea === undefined ? undefined : `${number(details.usableArea)} m²`}</Fact>
        <Fact label={t('residence_rooms')}>{details?.rooms === undefined ? undefined : number(details.rooms)}</Fact>
        <Fact label={t('residence_bathrooms')}>{details?.bathrooms === undefined ? undefined : number(details.bathrooms)}</Fact>
        {/* The unit's number is said once when it is the flat's. */}
        <Fact label={t('residence_unit')}>{details?.unit !== item.flat ? details?.unit : undefined}</Fact>
        <Fact label={t('residence_share')}>{details?.shareNumber}</Fact>
        <Fact label={t('residence_organisation')}>
          {details?.organisationNumber === undefined ? undefined : formatOrganisationNumber(details.organisationNumber)}
        </Fact>
      </dl>
      {details && details.sales.length > 0 ? (
        <>
          <h3 class="receipt-card-heading">{t('residence_sales')}</h3>
          <dl class="receipt-lines residence-lines">
            {details.sales.map((sale, index) => {
              const parties = partiesText(sale);
              return (
                <div key={index} class="receipt-line">
                  <dt>
                    <span class="receipt-line-name">{formatDate(sale.date.slice(0, 10), locale)}</span>
                    {sale.description !== undefined ? <span class="receipt-line-detail">{sale.description}</span> : null}
                    {parties !== undefined ? <span class="receipt-line-detail">{parties}</span> : null}
                  </dt>
                  <dd>{sale.amount === undefined ? '' : money(sale.amount)}</dd>
                </div>
              );
            })}
          </dl>
        </>
      ) : null}
      {details && details.liens.length > 0 ? (
        <>
          <h3 class="receipt-card-heading">{t('residence_liens')}</h3>
          <dl class="receipt-lines residence-lines">
            {details.liens.map((lien, index) => (
              <div key={index} class="receipt-line">
                <dt>
                  <span class="receipt-line-name">{lien.type}</span>
                  <span class="receipt-line-detail">{t('residence_lien_holder', lien.holder)}</span>
                </dt>
                <dd>{lien.amount === undefined ? '' : money(lien.amount)}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
      {details?.link?.deadline !== undefined ? (
        <p class="muted">{t('external_link_deadline', formatDate(details.link.deadline, locale))}</p>
      ) : null}
      <CardLink link={details?.link} />
    </section>
  );
}
