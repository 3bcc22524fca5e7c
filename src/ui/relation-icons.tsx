import type { JSX } from 'preact';
import {
  DocumentIcon,
  FolderIcon,
  InboxIcon,
  InvoiceIcon,
  LinkIcon,
  LockIcon,
  PersonIcon,
  ReceiptIcon,
  SearchIcon,
  SettingsIcon,
} from './icons.tsx';

type Icon = (props: { class?: string }) => JSX.Element;

const ICONS: Readonly<Record<string, Icon>> = {
  document_inbox: InboxIcon,
  documents: FolderIcon,
  folder: FolderIcon,
  document_archive: FolderIcon,
  document_workarea: FolderIcon,
  receipts: ReceiptIcon,
  payments: InvoiceIcon,
  banks: InvoiceIcon,
  account_settings: SettingsIcon,
  mailbox_settings: SettingsIcon,
  token_list: LockIcon,
  session: LockIcon,
  accounts: PersonIcon,
  event_log: DocumentIcon,
  search: SearchIcon,
  autocomplete: SearchIcon,
};

/** The icon for a relation; a relation we do not know is a plain link. */
export function RelationIcon(props: { name: string; class?: string }) {
  const Chosen = ICONS[props.name] ?? LinkIcon;
  return <Chosen {...(props.class ? { class: props.class } : {})} />;
}
