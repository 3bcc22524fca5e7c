import type { JSX } from 'preact';
import { ArchiveIcon, FolderIcon as PlainFolderIcon, HouseIcon, TaxIcon } from './icons.tsx';

/** The folder icons the service names (a folder's `icon`); any other gets the plain folder. */
const FOLDER_ICONS: Readonly<Record<string, (props: { class?: string }) => JSX.Element>> = {
  TAX: TaxIcon,
  HOUSE: HouseIcon,
  ARCHIVE: ArchiveIcon,
};

/** A folder's picture, by the icon name the service gives it. */
export function FolderIcon(props: { icon: string | undefined; class?: string }) {
  const Icon = FOLDER_ICONS[props.icon?.toUpperCase() ?? ''] ?? PlainFolderIcon;
  return <Icon {...(props.class === undefined ? {} : { class: props.class })} />;
}
