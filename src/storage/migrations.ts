// The storage layout's version and the numbered migrations that bring an older profile to it,
// after Bitwarden's numbered migrators: migration N takes storage.local from version N - 1 to N.
// They run when the extension is installed or updated, and before the worker's first use of
// storage.local in any life of the worker (migratedArea), so a worker woken by an alarm or a
// message before its onInstalled event still never reads a layout a migration has yet to change.
//
// Only storage.local is migrated. Chrome empties storage.session on every update; Firefox may
// keep it, and there a session value that no longer fits reads as its default (items.ts): a cache
// miss, or one token refresh, never a sign-out.
//
// Rules for a new migration: append it with the next number; work on the raw values as the
// previous version stored them (never through items.ts, whose schemas describe only the newest
// layout); leave alone what it does not understand; and be safe to run again on its own result,
// since a worker stopped half way runs the unfinished migration once more.
import type { KeyValueArea } from '../shared/storage-area.ts';
import { warn } from '../shared/warn.ts';
import { getItem, put, setItems } from './item.ts';
import { storageVersionItem } from './items.ts';

export interface Migration {
  /** The version it leaves storage.local at. */
  readonly version: number;
  run(local: KeyValueArea): Promise<void>;
}

/** Each with a comment that says what it changes and why. */
export const MIGRATIONS: readonly Migration[] = [
  // 1: the first layout (config, auth.refreshToken, auth.account, auth.generation, notifiedLetters)
  // as it is, recorded, so that every later migration knows what it starts from. The early builds
  // of 0.1.0 (up to commit 27a4318) stored no version: a profile without one is theirs, or new
  // (then there is nothing to change). Release 0.1.0 itself stores version 1.
  { version: 1, run: () => Promise.resolve() },
];

/** The version this build's items.ts describes. */
export const STORAGE_VERSION = MIGRATIONS.at(-1)?.version ?? 0;

export interface MigrationOutcome {
  from: number;
  to: number;
}

/**
 * Runs the migrations above the stored version, in order, recording each version as soon as its
 * migration is done. A store at a newer version (an older build loaded over a newer one's data)
 * is left as it is: its items read what fits and default the rest.
 */
export async function migrate(local: KeyValueArea, migrations: readonly Migration[] = MIGRATIONS): Promise<MigrationOutcome> {
  const areas = { local };
  const from = await getItem(areas, storageVersionItem);
  const newest = migrations.at(-1)?.version ?? 0;
  if (from > newest) {
    warn('Storage was written by a newer version of the extension', `version ${from}, this one knows ${newest}`);
    return { from, to: from };
  }
  for (const migration of migrations) {
    if (migration.version <= from) continue;
    await migration.run(local);
    await setItems(areas, put(storageVersionItem, migration.version));
  }
  return { from, to: newest };
}

/**
 * storage.local behind the migrations: every call waits until they have run, once per life of
 * the worker (joined by every caller meanwhile). When they fail, that call fails and the next one
 * tries them again, rather than read a layout they did not finish.
 */
export function migratedArea(
  local: KeyValueArea,
  migrations: readonly Migration[] = MIGRATIONS,
): { area: KeyValueArea; ready: () => Promise<void> } {
  let done: Promise<void> | undefined;
  const ready = (): Promise<void> => {
    done ??= migrate(local, migrations).then(
      () => undefined,
      (error: unknown) => {
        done = undefined;
        throw error;
      },
    );
    return done;
  };
  return {
    ready,
    area: {
      get: async (keys) => {
        await ready();
        return local.get(keys);
      },
      set: async (items) => {
        await ready();
        return local.set(items);
      },
      remove: async (keys) => {
        await ready();
        return local.remove(keys);
      },
    },
  };
}
