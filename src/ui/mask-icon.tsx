/** An icon drawn by the stylesheet (mask-icons.css), by the name of its class there. */
export type MaskIconName = 'inbox' | 'folder' | 'tax' | 'house' | 'archive' | 'receipt' | 'external' | 'link' | 'invoice' | 'settings' | 'sign-out';

/**
 * One of the popup's icons: a decorative span whose picture is the stylesheet's (mask-icons.css),
 * so the popup's script builds no SVG. Always hidden from screen readers: the words beside it say it.
 */
export function MaskIcon(props: { name: MaskIconName; class?: string }) {
  return <span class={`mask-icon i-${props.name}${props.class ? ` ${props.class}` : ''}`} aria-hidden="true" />;
}

/** The folder icons the service names (a folder's `icon`), as the stylesheet draws them; any other is the plain folder. */
export function folderMask(icon: string | undefined): MaskIconName {
  const name = icon?.toLowerCase();
  return name === 'tax' || name === 'house' || name === 'archive' ? name : 'folder';
}
