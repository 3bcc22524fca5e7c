// The browser's storage areas, for the worker and the pages alike: the one place in src/ that
// touches the extension's storage API (test/unit/structure.test.ts holds that).
import { ext } from '../shared/ext.ts';
import { checkedValue, type AreaName, type ItemFamily, type StorageAreas, type StorageItem } from './item.ts';

/** Looked up on use, not at import: a module that only imports this (or a test of one) needs no storage API. */
export const browserAreas: StorageAreas = {
  get local() {
    return ext.storage.local;
  },
  get session() {
    return ext.storage.session;
  },
};

/** Calls `onValue` with an item's new value each time it is stored, until the returned function is called. */
export function watchItem<T, F>(item: StorageItem<T, AreaName, F>, onValue: (value: T | F) => void): () => void {
  const changed = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    const change = changes[item.key];
    if (area === item.area && change) onValue(checkedValue(item, change.newValue));
  };
  ext.storage.onChanged.addListener(changed);
  return () => ext.storage.onChanged.removeListener(changed);
}

/** Removes every item of a family (each viewer page, at sign-out). */
export async function removeFamily(family: ItemFamily<unknown, AreaName>): Promise<void> {
  const area = ext.storage[family.area];
  const keys = Object.keys(await area.get(null)).filter((key) => family.owns(key));
  if (keys.length > 0) await area.remove(keys);
}
