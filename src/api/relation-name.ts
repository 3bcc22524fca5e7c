import type { Link } from './schemas.ts';

/**
 * The relation name is the last path segment of `rel` (contract §2). Only the name is stable: the
 * host part follows the environment, so matching a whole rel URI would break on every test host.
 */
export function relationName(rel: string): string {
  const path = rel.split(/[?#]/, 1)[0] ?? '';
  const segments = path.split('/').filter((segment) => segment !== '');
  return segments.at(-1) ?? '';
}

/** The first link with that relation name; the order of the service's list decides ties. */
export function findLink(links: readonly Link[] | undefined, name: string): Link | undefined {
  return links?.find((link) => relationName(link.rel) === name);
}
