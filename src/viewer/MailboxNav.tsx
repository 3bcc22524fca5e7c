import type { JSX } from 'preact';
import { requiredPermission, targetOf, type LinkTarget } from '../api/links.ts';
import type { Permission } from '../shared/permissions.ts';
import { FolderIcon } from '../ui/folder-icon.tsx';
import { InboxIcon, LockIcon, ReceiptIcon } from '../ui/icons.tsx';
import { t, uiLocale } from '../shared/i18n.ts';
import { initials } from '../ui/initials.ts';
import { folderName, type MailboxNav as Nav, type StorageUse } from '../model/mailbox.ts';
import { formatSize } from '../model/units.ts';
import { ViewerLink } from './navigation.tsx';
import { inboxTarget } from './use-root.ts';

/** Where the page is: the place itself, or a place that holds it (a letter in the inbox). */
export interface NavPosition {
  current: LinkTarget | undefined;
  /** The address of the list the current page belongs to, when it is not a place itself. */
  within?: string | undefined;
}

/**
 * One place. `locked`: the permissions this sign-in was granted cannot open it; it says so (a lock,
 * and in words for a screen reader), and its page offers "Allow…".
 */
function Item(props: { target: LinkTarget; position: NavPosition; icon: JSX.Element; label: string; locked?: boolean }) {
  const here = props.position.current?.url === props.target.url;
  const holds = !here && props.position.within === props.target.url;
  return (
    <li>
      <ViewerLink
        target={props.target}
        class={`nav-item${here || holds ? ' current' : ''}`}
        aria-current={here ? 'page' : holds ? 'location' : undefined}
      >
        {props.icon}
        <span class="nav-label">{props.label}</span>
        {props.locked ? (
          <span class="nav-locked" title={t('place_locked_hint')}>
            <LockIcon />
            <span class="visually-hidden"> {t('place_locked')}</span>
          </span>
        ) : null}
      </ViewerLink>
    </li>
  );
}

/**
 * Every mailbox the person may read, their own first, each by whose it is and its unread letters:
 * the one the page lies in is marked, and another opens at its inbox.
 */
function MailboxSwitch(props: { mailboxes: Nav[]; current: string }) {
  return (
    <nav class="mailbox-switch" aria-label={t('mailboxes_nav')}>
      <ul>
        {props.mailboxes.map((mailbox) => {
          const inbox = inboxTarget(mailbox);
          const here = mailbox.id === props.current;
          const unread = mailbox.inboxUnread ?? 0;
          return inbox ? (
            <li key={mailbox.id}>
              <ViewerLink
                target={inbox}
                class={`nav-item nav-mailbox${here ? ' current' : ''}`}
                aria-current={here ? 'location' : undefined}
              >
                <span class="nav-avatar" aria-hidden="true">
                  {initials(mailbox.name) || '?'}
                </span>
                <span class="nav-label">{mailbox.name}</span>
                {unread > 0 ? (
                  <span class="nav-count">
                    {new Intl.NumberFormat(uiLocale()).format(unread)}
                    <span class="visually-hidden"> {t(unread === 1 ? 'place_unread_one' : 'place_unread_many')}</span>
                  </span>
                ) : null}
              </ViewerLink>
            </li>
          ) : null;
        })}
      </ul>
    </nav>
  );
}

/**
 * How much of the mailbox's storage is used, in words and as a bar, as mail clients show it under
 * their folders; nearly full, it says so plainly, in the warning's colours.
 */
function StorageLine(props: { storage: StorageUse }) {
  const { used, total, nearlyFull } = props.storage;
  const locale = uiLocale();
  return (
    <section class={nearlyFull ? 'nav-storage nearly-full' : 'nav-storage'} aria-label={t('storage_title')}>
      <div class="storage-bar" aria-hidden="true">
        <span style={{ width: `${Math.min(100, (used / total) * 100).toFixed(1)}%` }} />
      </div>
      <p>
        {nearlyFull ? <strong>{t('storage_nearly_full')} </strong> : null}
        {t('storage_used', [formatSize(used, locale), formatSize(total, locale)])}
      </p>
    </section>
  );
}

/**
 * The places of the mailbox the page lies in, inbox first, as a navigation list beside every page,
 * under the mailboxes to switch between when the person may read more than their own. The
 * service's directory of recipients is no place of the mailbox, and nothing can be sent from here:
 * it is under "All links from the service" only.
 */
export function MailboxNav(props: {
  nav: Nav;
  mailboxes: Nav[];
  position: NavPosition;
  storage?: StorageUse | undefined;
  /** What this sign-in was granted (undefined until the root is read): a place it cannot open is marked locked. */
  scopes?: readonly Permission[] | undefined;
}) {
  const { nav, position, scopes } = props;
  const locks = (relation: string) => {
    const needed = requiredPermission(relation);
    return scopes !== undefined && needed !== undefined && !scopes.includes(needed);
  };
  return (
    <div class="side">
      {props.mailboxes.length > 1 ? <MailboxSwitch mailboxes={props.mailboxes} current={nav.id} /> : null}
      <nav class="mailbox-nav" aria-label={t('mailbox_nav')}>
        <ul>
          {nav.inbox ? (
            <Item
              target={targetOf(nav.inbox, 'document_inbox', nav.id)}
              position={position}
              icon={<InboxIcon />}
              label={t('rel_document_inbox')}
            />
          ) : null}
          {nav.folders.map((folder) => (
            <Item
              key={folder.self.uri}
              target={targetOf(folder.self, 'folder', nav.id)}
              position={position}
              icon={<FolderIcon icon={folder.icon} />}
              label={folderName(folder)}
            />
          ))}
        </ul>
        {nav.receipts ? (
          <ul class="nav-more">
            <Item
              target={targetOf(nav.receipts, 'receipts', nav.id)}
              position={position}
              icon={<ReceiptIcon />}
              label={t('rel_receipts')}
              locked={locks('receipts')}
            />
          </ul>
        ) : null}
      </nav>
      {props.storage ? <StorageLine storage={props.storage} /> : null}
    </div>
  );
}
