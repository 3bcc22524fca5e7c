import { urlProblem } from './origin.ts';
import { isActionRelation } from './relations.ts';
import type { Link } from './schemas.ts';

export type LinkVerdict = { followable: true } | { followable: false; reason: 'link_not_http' | 'link_foreign_origin' | 'link_is_action' };

/**
 * Whether the extension may fetch a link with the bearer token and show it as a page. Address
 * problems win over the relation: a foreign "logout" is reported as foreign, which is the reason
 * that matters for safety.
 */
export function classifyLink(link: Link, serviceOrigin: string): LinkVerdict {
  const problem = urlProblem(link.uri, serviceOrigin);
  if (problem) return { followable: false, reason: problem };
  if (isActionRelation(link.rel)) return { followable: false, reason: 'link_is_action' };
  return { followable: true };
}
