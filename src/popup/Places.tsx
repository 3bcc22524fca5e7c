import { mailboxIdOf, sharedMailboxes } from '../api/inbox.ts';
import { findLink } from '../api/relation-name.ts';
import type { Link, RootResource } from '../api/schemas.ts';
import { folderName, ownPlacesOf } from '../model/mailbox.ts';
import { t, uiLocale } from '../shared/i18n.ts';
import type { Permission } from '../shared/permissions.ts';
import { folderIcon, SpriteIcon, type SpriteIconName } from '../ui/sprite-icon.tsx';

/** A place's mark when the granted permissions cannot open it: a lock, said to a screen reader; its viewer page offers "Allow…". */
export function LockedMark() {
  return (
    <span class="place-lock">
      <SpriteIcon name="lock" />
      <span class="visually-hidden"> {t('place_locked')}</span>
    </span>
  );
}

function Place(props: {
  icon: SpriteIconName;
  label: string;
  unread?: number | undefined;
  wide?: boolean;
  locked?: boolean;
  onOpen: () => void;
}) {
  const count = props.unread !== undefined && props.unread > 0 ? new Intl.NumberFormat(uiLocale()).format(props.unread) : undefined;
  return (
    <li class={props.wide ? 'wide' : undefined}>
      <button type="button" class="place" onClick={props.onOpen}>
        <SpriteIcon name={props.icon} class="place-icon" />
        <span class="place-label">{props.label}</span>
        {count !== undefined ? (
          <span class="place-count">
            {count}
            <span class="visually-hidden"> {t(props.unread === 1 ? 'place_unread_one' : 'place_unread_many')}</span>
          </span>
        ) : null}
        {props.locked && <LockedMark />}
      </button>
    </li>
  );
}

/**
 * The person's places: the inbox with its unread count, each mailbox shared with them, each folder, receipts and the service's
 * website. Resources that describe the session or the API (the session, suggestions, the event
 * log) are no places: "All links" opens the root in the viewer, which lists them in words, the
 * account's details first. The person's settings pages are below the letters (AccountLinks.tsx).
 */
export function Places(props: {
  root: RootResource;
  /** What this sign-in was granted: receipts without READ_RECEIPTS are marked locked. */
  scopes: readonly Permission[];
  onOpen: (link: Link, relation: string, mailbox?: string) => void;
  onOpenWebSite: () => void;
}) {
  const nav = ownPlacesOf(props.root);
  const { inbox, receipts } = nav;
  const root = findLink(props.root.link, 'self');
  return (
    <section class="goto" aria-labelledby="goto-title">
      <h2 id="goto-title">{t('mailbox_nav')}</h2>
      <ul class="places">
        {inbox ? (
          <Place
            icon="inbox"
            label={t('rel_document_inbox')}
            unread={nav.inboxUnread}
            onOpen={() => props.onOpen(inbox, 'document_inbox')}
          />
        ) : null}
        {nav.folders.map((folder) => (
          <Place
            key={folder.self.uri}
            icon={folderIcon(folder.icon)}
            label={folderName(folder)}
            onOpen={() => props.onOpen(folder.self, 'folder')}
          />
        ))}
        {receipts ? (
          <Place
            icon="receipt"
            label={t('rel_receipts')}
            locked={!props.scopes.includes('READ_RECEIPTS')}
            onOpen={() => props.onOpen(receipts, 'receipts')}
          />
        ) : null}
        <Place icon="external" label={t('place_web_site')} onOpen={props.onOpenWebSite} />
        {/* Each mailbox shared with the person, after the person's own places, on a line of its own: "Ola Nordmann's inbox" and its unread letters. */}
        {sharedMailboxes(props.root).map((shared) => {
          const link = findLink(shared.link, 'document_inbox');
          return link ? (
            <Place
              wide
              key={link.uri}
              icon="inbox"
              label={t('shared_inbox_title', shared.name ?? '')}
              unread={shared.unreadItemsInInbox}
              onOpen={() => props.onOpen(link, 'document_inbox', mailboxIdOf(shared))}
            />
          ) : null;
        })}
      </ul>
      {root ? (
        <button type="button" class="all-links link-button" onClick={() => props.onOpen(root, 'self')}>
          <SpriteIcon name="link" />
          {t('all_links_title')}
        </button>
      ) : null}
    </section>
  );
}
