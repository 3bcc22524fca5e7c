import { findLink } from '../api/relation-name.ts';
import type { Link, RootResource } from '../api/schemas.ts';
import { t } from '../shared/i18n.ts';
import type { Permission } from '../shared/permissions.ts';
import { SpriteIcon } from '../ui/sprite-icon.tsx';
import { LockedMark } from './Places.tsx';

/**
 * The person's own settings pages: the account's (notifications, contact) and the mailbox's. They
 * are looked for on the account, then on each mailbox: the service's Android app reads
 * account_settings from a mailbox and mailbox_settings from the account.
 */
const SETTINGS = ['account_settings', 'mailbox_settings'] as const;

/**
 * The person's settings pages, last in the popup, each opening in the viewer in words. The
 * account's details (identity number, email, address) are on the root's page, "All links", which
 * lists them first: the popup's first screen is for the mail.
 */
export function AccountLinks(props: { root: RootResource; scopes: readonly Permission[]; onOpen: (link: Link, relation: string) => void }) {
  const account = props.root.primaryAccount;
  const settings = SETTINGS.flatMap((relation) => {
    const link =
      findLink(account?.link, relation) ??
      props.root.mailbox?.map((mailbox) => findLink(mailbox.link, relation)).find((found) => found !== undefined);
    return link ? [{ relation, link }] : [];
  });
  if (settings.length === 0) return null;
  return (
    <p class="account-links">
      {settings.map(({ relation, link }) => (
        <button key={relation} type="button" class="link-button" onClick={() => props.onOpen(link, relation)}>
          <SpriteIcon name="settings" />
          {t(`rel_${relation}`)}
          {/* Both settings pages need READ_SETTINGS: locked without it, and their viewer page asks. */}
          {!props.scopes.includes('READ_SETTINGS') && <LockedMark />}
        </button>
      ))}
    </p>
  );
}
