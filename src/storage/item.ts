// The storage mechanism: each stored value is an item with its key, its area, a check of what is
// stored there and what a read gives when nothing (fitting) is. No zod here: the pages import this
// too, and they ship no zod; the worker's items check with zod (items.ts), the pages' without.
import type { KeyValueArea } from '../shared/storage-area.ts';
import { warn } from '../shared/warn.ts';

/** storage.local survives a browser restart; storage.session is memory only. Never storage.sync. */
export type AreaName = 'local' | 'session';

/** The areas a call may reach, each with only the methods it uses (a test passes a partial fake). */
export type Areas<A extends AreaName, M extends keyof KeyValueArea> = Readonly<Record<A, Pick<KeyValueArea, M>>>;

export type StorageAreas = Areas<AreaName, keyof KeyValueArea>;

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

export interface StorageItem<T, A extends AreaName = AreaName, F = undefined> {
  readonly key: string;
  readonly area: A;
  /** What a read gives when nothing is stored, or what is stored does not fit. */
  readonly fallback: F;
  /** Whether a stored value has this item's shape; `problem` names paths and kinds, never a value. */
  check(value: unknown): Checked<T>;
}

/** An item of any type, as the calls that only need its key and area take it. */
export type AnyItem<A extends AreaName = AreaName> = StorageItem<unknown, A, unknown>;

export type ValueOf<I> = I extends StorageItem<infer T, AreaName, infer F> ? T | F : never;

export function defineItem<T, A extends AreaName>(spec: { key: string; area: A; check: (value: unknown) => Checked<T> }): StorageItem<T, A>;
export function defineItem<T, A extends AreaName, F>(spec: {
  key: string;
  area: A;
  check: (value: unknown) => Checked<T>;
  fallback: F;
}): StorageItem<T, A, F>;
export function defineItem<T, A extends AreaName, F>(spec: {
  key: string;
  area: A;
  check: (value: unknown) => Checked<T>;
  fallback?: F;
}): StorageItem<T, A, F | undefined> {
  return { key: spec.key, area: spec.area, fallback: spec.fallback, check: spec.check };
}

/**
 * A stored value read through its item. A value that does not fit (written by a bug, by hand, or
 * by a version whose migration has not run) reads as the fallback and is said in the log, naming
 * the item, never its value: it may be a token. It stays stored: a read never loses anything.
 */
export function checkedValue<T, F>(item: StorageItem<T, AreaName, F>, stored: unknown): T | F {
  if (stored === undefined) return fallbackOf(item);
  const checked = item.check(stored);
  if (checked.ok) return checked.value;
  warn(`The stored "${item.key}" does not have its expected shape; using its default`, checked.problem);
  return fallbackOf(item);
}

/** A copy, as a stored value would be: a caller that changes what it read cannot change the default. */
function fallbackOf<F>(item: StorageItem<unknown, AreaName, F>): F {
  return structuredClone(item.fallback);
}

export async function getItem<T, A extends AreaName, F>(areas: Areas<A, 'get'>, item: StorageItem<T, A, F>): Promise<T | F> {
  const area: Pick<KeyValueArea, 'get'> = areas[item.area];
  return checkedValue(item, (await area.get([item.key]))[item.key]);
}

/** Several items at once: one call per area, both areas at the same time. */
export async function getItems<A extends AreaName, const I extends readonly AnyItem<A>[]>(
  areas: Areas<A, 'get'>,
  ...items: I
): Promise<{ -readonly [K in keyof I]: ValueOf<I[K]> }> {
  const stored = await Promise.all(
    byArea(items).map(async ([area, keys]) => {
      const from: Pick<KeyValueArea, 'get'> = areas[area];
      return [area, await from.get(keys)] as const;
    }),
  );
  const found = new Map<AreaName, Record<string, unknown>>(stored);
  return items.map((item) => checkedValue(item, found.get(item.area)?.[item.key])) as { -readonly [K in keyof I]: ValueOf<I[K]> };
}

/** A value to store under an item, typed by it. */
export interface Put<A extends AreaName> {
  readonly item: AnyItem<A>;
  readonly value: unknown;
}

export function put<T, A extends AreaName>(item: StorageItem<T, A, unknown>, value: T): Put<A> {
  return { item, value };
}

/** Stores values: one write per area, both at the same time. Where the order matters, make two calls. */
export async function setItems<A extends AreaName>(areas: Areas<A, 'set'>, ...puts: Put<A>[]): Promise<void> {
  const grouped = new Map<A, Record<string, unknown>>();
  for (const { item, value } of puts) grouped.set(item.area, { ...grouped.get(item.area), [item.key]: value });
  await Promise.all(
    [...grouped].map(([area, values]) => {
      const to: Pick<KeyValueArea, 'set'> = areas[area];
      return to.set(values);
    }),
  );
}

export async function removeItems<A extends AreaName>(areas: Areas<A, 'remove'>, ...items: AnyItem<A>[]): Promise<void> {
  await Promise.all(
    byArea(items).map(([area, keys]) => {
      const from: Pick<KeyValueArea, 'remove'> = areas[area];
      return from.remove(keys);
    }),
  );
}

function byArea<A extends AreaName>(items: readonly AnyItem<A>[]): [A, string[]][] {
  const grouped = new Map<A, string[]>();
  for (const item of items) grouped.set(item.area, [...(grouped.get(item.area) ?? []), item.key]);
  return [...grouped];
}

/**
 * Items whose keys share a prefix and end in an id (a viewer tab's page id): each is an item of
 * its own; `owns` tells the family's keys among all of an area's.
 */
export interface ItemFamily<T, A extends AreaName> {
  readonly prefix: string;
  readonly area: A;
  item(id: string): StorageItem<T, A>;
  owns(key: string): boolean;
}

export function defineFamily<T, A extends AreaName>(spec: {
  prefix: string;
  area: A;
  check: (value: unknown) => Checked<T>;
}): ItemFamily<T, A> {
  return {
    prefix: spec.prefix,
    area: spec.area,
    item: (id) => defineItem({ key: `${spec.prefix}${id}`, area: spec.area, check: spec.check }),
    owns: (key) => key.startsWith(spec.prefix),
  };
}
