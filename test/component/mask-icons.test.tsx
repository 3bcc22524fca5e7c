import { render } from '@testing-library/preact';
import { readFileSync } from 'node:fs';
import type { JSX } from 'preact';
import { describe, expect, it } from 'vitest';
import * as icons from '../../src/ui/icons.tsx';
import { folderMask, MaskIcon, type MaskIconName } from '../../src/ui/mask-icon.tsx';

/*
 * The popup draws its icons with the stylesheet (src/ui/mask-icons.css), the other pages with the
 * inline SVG of src/ui/icons.tsx: the two must be the same pictures, and every name the popup may
 * ask for must have one.
 */

// Read from the repository (the tests run from its root), as the build copies it.
const CSS = readFileSync('src/ui/mask-icons.css', 'utf8');

const DRAWN_BY: Record<MaskIconName, (props: { class?: string }) => JSX.Element> = {
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
};

/** An SVG's shapes, each as its tag and attributes in order: what the picture is. */
function shapesOf(svg: Element): string[] {
  return [...svg.children].map((shape) => `${shape.tagName.toLowerCase()} ${[...shape.attributes].map((a) => `${a.name}=${a.value}`).join(' ')}`);
}

/** The SVG the stylesheet draws for a class. */
function maskOf(name: string): Element {
  const rule = new RegExp(`\\.i-${name} \\{ --mask: url\\("data:image/svg\\+xml,([^"]+)"\\); \\}`).exec(CSS);
  if (!rule?.[1]) throw new Error(`mask-icons.css draws no .i-${name}`);
  const svg = new DOMParser().parseFromString(decodeURIComponent(rule[1]), 'image/svg+xml').documentElement;
  return svg;
}

describe('the icons the stylesheet draws', () => {
  it.each(Object.entries(DRAWN_BY))('draws %s as icons.tsx does, in the same line', (name, Icon) => {
    const { container } = render(<Icon />);
    const inline = container.querySelector('svg');
    if (!inline) throw new Error('no svg');
    const mask = maskOf(name);
    expect(shapesOf(inline).length).toBeGreaterThan(0);
    expect(shapesOf(mask)).toEqual(shapesOf(inline));
    expect(mask.getAttribute('viewBox')).toBe(inline.getAttribute('viewBox'));
    // The line theme.css gives every inline icon (.icon).
    expect(['fill', 'stroke-width', 'stroke-linecap', 'stroke-linejoin'].map((a) => mask.getAttribute(a))).toEqual(['none', '1.5', 'round', 'round']);
  });

  it('is decorative: hidden from screen readers, the words beside it say it', () => {
    const { container } = render(<MaskIcon name="inbox" class="place-icon" />);
    const icon = container.firstElementChild;
    expect(icon?.getAttribute('aria-hidden')).toBe('true');
    expect(icon?.className).toBe('mask-icon i-inbox place-icon');
  });

  it('names the folder icons the service gives, whatever their case, and the plain folder for any other', () => {
    expect(['TAX', 'house', 'Archive', 'BOAT', undefined].map(folderMask)).toEqual(['tax', 'house', 'archive', 'folder', 'folder']);
  });
});
