import type { Link } from '../api/schemas.ts';

/*
 * How the model reads a resource from the network. Pure, no browser API, so it runs in unit tests.
 * The data comes from the network: every field is read with its type checked, and anything of
 * the wrong type counts as absent. The views show what they understand; the generic tree shows
 * the rest. Pages do not ship zod, and a mailbox of 10,000 letters is read here in one pass.
 */

type Obj = Record<string, unknown>;

export function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function bool(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

/** An id or number the service may send as either type, as text. */
export function idText(value: unknown): string | undefined {
  return str(value) ?? (num(value) !== undefined ? String(value) : undefined);
}

/** The fields that have a value: an absent one stays absent (not `undefined`), as the types promise. */
export function present<T extends Record<string, unknown>>(fields: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

/** The link objects of a resource (its `link` field), leaving out anything that is not one. */
export function linksOf(resource: unknown): Link[] {
  if (!isObj(resource) || !Array.isArray(resource.link)) return [];
  const links: Link[] = [];
  for (const item of resource.link) {
    if (!isObj(item) || typeof item.rel !== 'string' || typeof item.uri !== 'string') continue;
    const mediaType = str(item['media-type']);
    links.push(mediaType === undefined ? { rel: item.rel, uri: item.uri } : { rel: item.rel, uri: item.uri, 'media-type': mediaType });
  }
  return links;
}
