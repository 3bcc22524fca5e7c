import { sharedMailboxes, unreadInEveryMailbox } from '../api/inbox.ts';
import type { RootResource } from '../api/schemas.ts';
import { t, uiLocale } from '../shared/i18n.ts';
import { initials } from '../ui/initials.ts';

/**
 * The user's name, mailbox address and unread count: what the popup is about, at the top. The count
 * is the badge's (every mailbox the person may read, added up), and says so when there is more than
 * their own; each mailbox's own count is beside its inbox below.
 */
export function Header(props: { root: RootResource }) {
  const account = props.root.primaryAccount;
  const name = account?.fullName?.trim() ? account.fullName : t('account_unnamed');
  const unread = unreadInEveryMailbox(props.root);
  const address = account?.digipostaddress?.trim();
  return (
    <header class="summary">
      <span class="avatar" aria-hidden="true">
        {initials(account?.fullName ?? '') || '?'}
      </span>
      <div class="who">
        <h1 id="account-name">{name}</h1>
        {address ? <p class="mailbox-address">{address}</p> : null}
      </div>
      {unread !== undefined ? (
        <p class={unread > 0 ? 'unread-count has-unread' : 'unread-count'}>
          <strong>{new Intl.NumberFormat(uiLocale()).format(unread)}</strong> {t(unread === 1 ? 'unread_one' : 'unread_many')}
          {sharedMailboxes(props.root)[0] && ` ${t('unread_in_all')}`}
        </p>
      ) : null}
    </header>
  );
}
