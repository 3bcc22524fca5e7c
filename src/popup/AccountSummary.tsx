import type { RootResource } from '../api/schemas.ts';
import { t, uiLocale } from '../ui/i18n.ts';

type Account = NonNullable<RootResource['primaryAccount']>;
type Address = NonNullable<Account['address']>[number];

function formatAddress(address: Address): string {
  const street = [address.street, address['house-number'], address['house-letter']].filter(Boolean).join(' ');
  const city = [address['zip-code'], address.city].filter(Boolean).join(' ');
  return [street, address['additional-addressline'], city].filter(Boolean).join(', ');
}

function Row(props: { label: string; values: readonly (string | undefined)[] }) {
  const values = props.values.filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  if (values.length === 0) return null;
  return (
    <>
      <dt>{props.label}</dt>
      {values.map((value) => (
        <dd key={value}>{value}</dd>
      ))}
    </>
  );
}

/** Who the user is, from the root resource; missing or empty fields are left out, never blank. */
export function AccountSummary(props: { root: RootResource }) {
  const account = props.root.primaryAccount;
  const numbers = new Intl.NumberFormat(uiLocale());
  const unread = account?.unreadItemsInInbox;
  return (
    <section class="summary" aria-labelledby="account-name">
      <h1 id="account-name">{account?.fullName?.trim() ? account.fullName : t('account_unnamed')}</h1>
      {unread !== undefined ? (
        <p class="unread">
          <strong>{numbers.format(unread)}</strong> {t(unread === 1 ? 'unread_one' : 'unread_many')}
        </p>
      ) : null}
      <dl>
        <Row label={t('field_digipostaddress')} values={[account?.digipostaddress]} />
        <Row label={t('field_identity_number')} values={[account?.personalidentificationnumberObfuscated]} />
        <Row label={t('field_email')} values={account?.email ?? []} />
        <Row label={t('field_phone')} values={[account?.phonenumber]} />
        <Row label={t('field_address')} values={(account?.address ?? []).map(formatAddress)} />
        <Row label={t('field_auth_level')} values={[props.root.authenticationlevel?.toString()]} />
      </dl>
    </section>
  );
}
