import type { JSX } from 'preact';
import { targetOf, type LinkTarget } from '../api/links.ts';
import { FolderIcon } from '../ui/folder-icon.tsx';
import { InboxIcon, ReceiptIcon } from '../ui/icons.tsx';
import { t } from '../shared/i18n.ts';
import { folderName, type MailboxNav as Nav } from '../model/mailbox.ts';
import { ViewerLink } from './navigation.tsx';

/** Where the page is: the place itself, or a place that holds it (a letter in the inbox). */
export interface NavPosition {
  current: LinkTarget | undefined;
  /** The address of the list the current page belongs to, when it is not a place itself. */
  within?: string | undefined;
}

function Item(props: { target: LinkTarget; position: NavPosition; icon: JSX.Element; label: string }) {
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
      </ViewerLink>
    </li>
  );
}

/**
 * The mailbox's places, inbox first, as a navigation list beside every page. The service's
 * directory of recipients is no place of the mailbox, and nothing can be sent from here: it is
 * under "All links from the service" only.
 */
export function MailboxNav(props: { nav: Nav; position: NavPosition }) {
  const { nav, position } = props;
  return (
    <div class="side">
      <nav class="mailbox-nav" aria-label={t('mailbox_nav')}>
        <ul>
          {nav.inbox ? (
            <Item
              target={targetOf(nav.inbox, 'document_inbox')}
              position={position}
              icon={<InboxIcon />}
              label={t('rel_document_inbox')}
            />
          ) : null}
          {nav.folders.map((folder) => (
            <Item
              key={folder.self.uri}
              target={targetOf(folder.self, 'folder')}
              position={position}
              icon={<FolderIcon icon={folder.icon} />}
              label={folderName(folder)}
            />
          ))}
        </ul>
        {nav.receipts ? (
          <ul class="nav-more">
            <Item target={targetOf(nav.receipts, 'receipts')} position={position} icon={<ReceiptIcon />} label={t('rel_receipts')} />
          </ul>
        ) : null}
      </nav>
    </div>
  );
}
