import { findLink } from '../api/relation-name.ts';
import type { Link, RootResource } from '../api/schemas.ts';
import { PersonIcon, SettingsIcon } from '../ui/icons.tsx';
import { t } from '../shared/i18n.ts';
import { formatPhone } from '../model/format.ts';
import { levelInWords, postalAddress } from '../model/fields.ts';

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

/**
 * The person's own settings pages: the account's (notifications, contact) and the mailbox's. They
 * are looked for on the account, then on each mailbox: the service's Android app reads
 * account_settings from a mailbox and mailbox_settings from the account.
 */
const SETTINGS = ['account_settings', 'mailbox_settings'] as const;

/**
 * Who the user is, from the root resource, folded away so the letters stay on the first screen.
 * Missing or empty fields are left out, never blank. Below, the person's settings pages, which
 * open in the viewer in words.
 */
export function AccountSummary(props: { root: RootResource; onOpen: (link: Link, relation: string) => void }) {
  const account = props.root.primaryAccount;
  const settings = SETTINGS.flatMap((relation) => {
    const link = findLink(account?.link, relation) ?? props.root.mailbox?.map((mailbox) => findLink(mailbox.link, relation)).find((found) => found !== undefined);
    return link ? [{ relation, link }] : [];
  });
  return (
    <details class="account">
      <summary>
        <PersonIcon />
        {t('account_details')}
      </summary>
      <dl>
        <Row label={t('field_digipostaddress')} values={[account?.digipostaddress]} />
        <Row label={t('field_identity_number')} values={[account?.personalidentificationnumberObfuscated]} />
        <Row label={t('field_email')} values={account?.email ?? []} />
        <Row label={t('field_phone')} values={[account?.phonenumber === undefined ? undefined : formatPhone(account.phonenumber)]} />
        <Row label={t('field_address')} values={(account?.address ?? []).map(postalAddress)} />
        <Row label={t('field_auth_level')} values={[props.root.authenticationlevel === undefined ? undefined : levelInWords(props.root.authenticationlevel)]} />
      </dl>
      {settings.length > 0 ? (
        <ul class="account-settings">
          {settings.map(({ relation, link }) => (
            <li key={relation}>
              <button type="button" class="link-button" onClick={() => props.onOpen(link, relation)}>
                <SettingsIcon />
                {t(`rel_${relation}`)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </details>
  );
}
