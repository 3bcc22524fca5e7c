import { render } from '@testing-library/preact';
import { readFileSync } from 'node:fs';
import type { JSX } from 'preact';
import { describe, expect, it } from 'vitest';
import * as icons from '../../src/ui/icons.tsx';
import { folderIcon, SpriteIcon, type SpriteIconName } from '../../src/ui/sprite-icon.tsx';

/*
 * The popup draws its icons from the sprite in its page (src/popup/popup.html), the other pages
 * with the inline SVG of src/ui/icons.tsx: the two must be the same pictures, and every name the
 * popup may ask for must have one.
 */

// Read from the repository (the tests run from its root), as the build copies it.
// Its stylesheets left out: the test DOM would try to load them.
const PAGE = new DOMParser().parseFromString(readFileSync('src/popup/popup.html', 'utf8').replace(/<link\b[^>]*>/g, ''), 'text/html');

const DRAWN_BY: Record<SpriteIconName, (props: { class?: string }) => JSX.Element> = {
  inbox: icons.InboxIcon,
  folder: icons.FolderIcon,
  tax: icons.TaxIcon,
  house: icons.HouseIcon,
  archive: icons.ArchiveIcon,
  receipt: icons.ReceiptIcon,
  external: icons.ExternalIcon,
  link: icons.LinkIcon,
  invoice: icons.InvoiceIcon,
  settings: icons.SettingsIcon,
  'sign-out': icons.SignOutIcon,
  lock: icons.LockIcon,
  parcel: icons.ParcelIcon,
  calendar: icons.CalendarIcon,
  share: icons.ShareIcon,
};

/** An SVG's shapes, each as its tag and attributes in order: what the picture is. */
function shapesOf(svg: Element): string[] {
  return [...svg.children].map(
    (shape) => `${shape.tagName.toLowerCase()} ${[...shape.attributes].map((a) => `${a.name}=${a.value}`).join(' ')}`,
  );
}

/** The sprite's symbol for a name. */
function symbolOf(name: string): Element {
  const symbol = PAGE.querySelector(`svg.sprite > symbol#i-${name}`);
  if (!symbol) throw new Error(`popup.html's sprite has no #i-${name}`);
  return symbol;
}

describe("the icons of the popup's sprite", () => {
  it.each(Object.entries(DRAWN_BY))('draws %s as icons.tsx does, in the same line', (name, Icon) => {
    const { container } = render(<Icon />);
    const inline = container.querySelector('svg');
    if (!inline) throw new Error('no svg');
    const symbol = symbolOf(name);
    expect(shapesOf(inline).length).toBeGreaterThan(0);
    expect(shapesOf(symbol)).toEqual(shapesOf(inline));
    expect(symbol.getAttribute('viewBox')).toBe(inline.getAttribute('viewBox'));
  });

  it("is drawn from the sprite with theme.css's line, decorative: hidden from screen readers, the words beside it say it", () => {
    const { container } = render(<SpriteIcon name="inbox" class="place-icon" />);
    const icon = container.firstElementChild;
    expect(icon?.getAttribute('aria-hidden')).toBe('true');
    expect(icon?.getAttribute('class')).toBe('icon place-icon');
    expect(icon?.querySelector('use')?.getAttribute('href')).toBe('#i-inbox');
  });

  it("is in a sprite that holds only the popup's icons, hidden from screen readers (popup.css does not draw it)", () => {
    const sprite = PAGE.querySelector('svg.sprite');
    expect(sprite?.getAttribute('aria-hidden')).toBe('true');
    expect([...(sprite?.children ?? [])].map((symbol) => symbol.id).sort()).toEqual(
      Object.keys(DRAWN_BY)
        .map((name) => `i-${name}`)
        .sort(),
    );
  });

  it('names the folder icons the service gives, whatever their case, and the plain folder for any other', () => {
    expect(['TAX', 'house', 'Archive', 'BOAT', undefined].map(folderIcon)).toEqual(['tax', 'house', 'archive', 'folder', 'folder']);
  });
});
