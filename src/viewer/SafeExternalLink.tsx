import type { ComponentChildren } from 'preact';
import { ExternalIcon } from '../ui/icons.tsx';
import { webHref } from './external-link.ts';

/** A link to another site, opened as a letter's links are (external-link.ts); nothing at all when the address is not a web address. */
export function SafeExternalLink(props: { href: string; class?: string; children: ComponentChildren }) {
  const href = webHref(props.href);
  if (href === undefined) return null;
  return (
    <a class={props.class ?? 'external-link'} href={href} target="_blank" rel="noopener noreferrer">
      {props.children}
      <ExternalIcon />
    </a>
  );
}
