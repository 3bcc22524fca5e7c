import type { ComponentChildren, JSX } from 'preact';
import type { ItemLink } from '../../model/metadata.ts';
import { webHref } from '../external-link.ts';
import { SafeExternalLink } from '../SafeExternalLink.tsx';

/*
 * What the cards of a letter's structured data share (the parcel, debt collection, receipt and
 * payslip cards): the kind above the heading, with its icon; facts as label and value; the
 * sender's link under the safe external-link rules. The markup is the calendar card's
 * (MetadataCards.tsx), so every card looks one of a family.
 */

/** "Parcel", small above the heading, with the kind's own icon. */
export function CardKind(props: { icon: JSX.Element; children: ComponentChildren }) {
  return (
    <p class="metadata-kind">
      {props.icon}
      <span>{props.children}</span>
    </p>
  );
}

/** One fact in a card's list of facts; nothing when it has no value. */
export function Fact(props: { label: string; children: ComponentChildren; class?: string }) {
  if (props.children === undefined || props.children === null || props.children === false) return null;
  return (
    <div>
      <dt>{props.label}</dt>
      <dd class={props.class}>{props.children}</dd>
    </div>
  );
}

/**
 * The sender's link of a data type: the sender's words, then a link named by its button text (or
 * the site's name). An address that is not a web address shows nothing.
 */
export function CardLink(props: { link: ItemLink | undefined }) {
  const { link } = props;
  const href = link === undefined ? undefined : webHref(link.url);
  if (link === undefined || href === undefined) return null;
  return (
    <>
      {link.description !== undefined && link.buttonText !== undefined ? <p>{link.description}</p> : null}
      <p>
        <SafeExternalLink href={href} class="external-link metadata-link">
          {link.buttonText ?? link.description ?? new URL(href).host}
        </SafeExternalLink>
      </p>
    </>
  );
}
