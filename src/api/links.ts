import { classifyLink, type LinkVerdict } from './classify.ts';
import { relationName } from './relation-name.ts';
import type { Link, RootResource } from './schemas.ts';

// The link toolkit in one import for the pages and the worker. Types only from schemas.ts, so a
// page that lists links does not pull zod into its bundle.
export { classifyLink } from './classify.ts';
export { findLink, relationName } from './relation-name.ts';
export { relationInfo, requiredPermission } from './relations.ts';

/**
 * Where a link leads, as a request for it: the address, the media type to ask for, and the
 * relation that led there (to classify the link and name the permission a refusal is about).
 * Pages send it to the worker, the viewer's tabs remember it, notifications open it.
 */
export interface LinkTarget {
  url: string;
  mediaType?: string | undefined;
  relation?: string | undefined;
  /**
   * The mailbox shared with the person that the page lies in, by its own inbox link (api/inbox.ts
   * mailboxIdOf); absent or '' for the person's own. A page inside a shared mailbox files only into
   * that mailbox's folders. Never a Digipost address, which a shared mailbox may share with the
   * person's own; one stored in that old form names no shared mailbox. The viewer never sends it.
   */
  mailbox?: string | undefined;
}

export function targetOf(link: Link, relation: string, mailbox?: string): LinkTarget {
  return { url: link.uri, mediaType: link['media-type'], relation, mailbox };
}

export interface RelationEntry {
  name: string;
  link: Link;
  source: 'root' | 'account' | `mailbox:${number}`;
  verdict: LinkVerdict;
}

/**
 * Every place the root resource lets the user go, grouped by where the link was found. The same
 * relation may legitimately appear in two groups (the account's and a mailbox's `document_inbox`),
 * so duplicates (same name and address) are dropped only inside a group.
 */
export function collectRelations(root: RootResource, serviceOrigin: string): RelationEntry[] {
  const groups: [RelationEntry['source'], readonly Link[] | undefined][] = [
    ['root', root.link],
    ['account', root.primaryAccount?.link],
    ...(root.mailbox ?? []).map((mailbox, i): [RelationEntry['source'], readonly Link[]] => [`mailbox:${i}`, mailbox.link]),
  ];
  return groups.flatMap(([source, links]) => {
    const seen = new Set<string>();
    const entries: RelationEntry[] = [];
    for (const link of links ?? []) {
      const name = relationName(link.rel);
      const key = `${name}\n${link.uri}`;
      if (seen.has(key)) continue;
      seen.add(key);
      entries.push({ name, link, source, verdict: classifyLink(link, serviceOrigin) });
    }
    return entries;
  });
}
