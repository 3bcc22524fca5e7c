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
export function removeFamily(family: ItemFamily<unknown, AreaName>): Promise<void> {
  return removeFamilies(family);
}

/**
 * Removes every item of the families named (the save requests and write records, at sign-out):
 * one read and one removal per area, so none of them is left behind because another failed.
 */
export async function removeFamilies(...families: ItemFamily<unknown, AreaName>[]): Promise<void> {
  for (const name of new Set(families.map((family) => family.area))) {
    const area = ext.storage[name];
    const inArea = families.filter((family) => family.area === name);
    const keys = Object.keys(await area.get(null)).filter((key) => inArea.some((family) => family.owns(key)));
    if (keys.length > 0) await area.remove(keys);
  }
}
