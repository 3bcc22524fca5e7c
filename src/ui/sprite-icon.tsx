/** One of the popup's icons, by its symbol's id in popup.html (`i-` and the name). */
export type SpriteIconName =
  | 'inbox'
  | 'folder'
  | 'tax'
  | 'house'
  | 'archive'
  | 'receipt'
  | 'external'
  | 'link'
  | 'invoice'
  | 'settings'
  | 'sign-out'
  | 'parcel'
  | 'calendar'
  | 'share'
  | 'lock';

/**
 * One of the popup's icons: its shape is the page's own (a symbol of popup.html's sprite), drawn
 * here with <use>, so the popup's script carries no SVG shapes, and its line is theme.css's
 * `.icon`, as the other pages' inline SVG (icons.tsx). Always hidden from screen readers: the
 * words beside it say it.
 */
export function SpriteIcon(props: { name: SpriteIconName; class?: string }) {
  return (
    <svg class={props.class ? `icon ${props.class}` : 'icon'} width="16" height="16" aria-hidden="true">
      <use href={`#i-${props.name}`} />
    </svg>
  );
}

/** The folder icons the service names (a folder's `icon`), as the sprite draws them; any other is the plain folder. */
export function folderIcon(icon: string | undefined): SpriteIconName {
  const name = icon?.toLowerCase();
  return name === 'tax' || name === 'house' || name === 'archive' ? name : 'folder';
}
