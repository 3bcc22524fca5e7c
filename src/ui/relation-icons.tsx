import type { JSX } from 'preact';
import { relationInfo, type RelationIconName } from '../api/relations.ts';
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

/** The picture for each icon name of the relation registry: its type asks for every name. */
export const RELATION_ICONS: Readonly<Record<RelationIconName, Icon>> = {
  inbox: InboxIcon,
  folder: FolderIcon,
  receipt: ReceiptIcon,
  invoice: InvoiceIcon,
  settings: SettingsIcon,
  lock: LockIcon,
  person: PersonIcon,
  document: DocumentIcon,
  search: SearchIcon,
  link: LinkIcon,
};

/** The icon for a relation; a relation we do not know is a plain link. */
export function RelationIcon(props: { name: string; class?: string }) {
  const Chosen = RELATION_ICONS[relationInfo(props.name).icon];
  return <Chosen {...(props.class ? { class: props.class } : {})} />;
}
