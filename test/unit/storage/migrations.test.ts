import { afterEach, describe, expect, it, vi } from 'vitest';
import { migrate, migratedArea, MIGRATIONS, STORAGE_VERSION, type Migration } from '../../../src/storage/migrations.ts';
import { MemoryArea } from '../auth/fakes.ts';

/**
 * storage.local as an early build of 0.1.0 (commit 27a4318, before storage had a version) leaves it after a sign-in, a saved setting and
 * a notification check: every key it writes there, with the shapes it writes.
 */
function releaseProfile(): MemoryArea {
  const local = new MemoryArea();
  local.data = {
    config: {
      baseUrl: 'https://www.digipost.no',
      clientId: 'client-1',
      clientSecret: 's3cr3t',
      scopes: ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO'],
      pollMinutes: 17,
      notify: true,
    },
    'auth.generation': 1,
    'auth.account': {
      userId: '123',
      scopes: ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO'],
      baseUrl: 'https://www.digipost.no',
      clientId: 'client-1',
      signedInAt: 1_763_800_000_000,
    },
    'auth.refreshToken': 'RT-0.1.0',
    notifiedLetters: { keys: ['a1B2c3D4e5F6g7H8i9J0kA'], primed: true },
  };
  return local;
}

/** Test migrations that record what ran, in what order. */
function recording(versions: number[], ran: number[], fail?: number): Migration[] {
  return versions.map((version) => ({
    version,
    run: () => {
      if (version === fail) return Promise.reject(new Error(`migration ${version} failed`));
      ran.push(version);
      return Promise.resolve();
    },
  }));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the migrations', () => {
  it('are numbered 1, 2, 3, ... in order, the last one being the version this build reads', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    expect(STORAGE_VERSION).toBe(MIGRATIONS.length);
  });

  it("1: keeps 0.1.0's storage as it is (signed in, every setting) and records version 1", async () => {
    const local = releaseProfile();
    const before = local.snapshot();
    expect(await migrate(local, MIGRATIONS.slice(0, 1))).toEqual({ from: 0, to: 1 });
    expect(local.data).toEqual({ ...before, storageVersion: 1 });
  });

  it('on a new profile writes the version and nothing else', async () => {
    const local = new MemoryArea();
    await migrate(local);
    expect(local.data).toEqual({ storageVersion: STORAGE_VERSION });
  });

  it('change nothing when run again', async () => {
    const local = releaseProfile();
    await migrate(local);
    const once = local.snapshot();
    const writes = local.writes;
    expect(await migrate(local)).toEqual({ from: STORAGE_VERSION, to: STORAGE_VERSION });
    expect(local.data).toEqual(once);
    expect(local.writes).toBe(writes);
  });
});

describe('running migrations', () => {
  it('runs those above the stored version, in order, and records the version after each', async () => {
    const local = new MemoryArea();
    local.data.storageVersion = 1;
    const ran: number[] = [];
    const versions: unknown[] = [];
    const steps = recording([1, 2, 3], ran).map((m) => ({
      ...m,
      run: async (area: Parameters<Migration['run']>[0]) => {
        versions.push((await area.get(['storageVersion'])).storageVersion);
        await m.run(area);
      },
    }));
    expect(await migrate(local, steps)).toEqual({ from: 1, to: 3 });
    expect(ran).toEqual([2, 3]);
    expect(versions).toEqual([1, 2]);
    expect(local.data.storageVersion).toBe(3);
  });

  it('stops at a failure with the version of the last one done, and resumes there', async () => {
    const local = new MemoryArea();
    const ran: number[] = [];
    await expect(migrate(local, recording([1, 2, 3], ran, 2))).rejects.toThrow('migration 2 failed');
    expect(local.data.storageVersion).toBe(1);
    await migrate(local, recording([1, 2, 3], ran));
    expect(ran).toEqual([1, 2, 3]);
    expect(local.data.storageVersion).toBe(3);
  });

  it('leaves storage written by a newer version alone, and says so', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const local = releaseProfile();
    local.data.storageVersion = 9;
    const before = local.snapshot();
    const ran: number[] = [];
    expect(await migrate(local, recording([1, 2], ran))).toEqual({ from: 9, to: 9 });
    expect(ran).toEqual([]);
    expect(local.data).toEqual(before);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('runs them all over a version that is not a number', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const local = new MemoryArea();
    local.data.storageVersion = 'two';
    const ran: number[] = [];
    await migrate(local, recording([1, 2], ran));
    expect(ran).toEqual([1, 2]);
    expect(local.data.storageVersion).toBe(2);
  });
});

describe('storage.local behind the migrations', () => {
  it('makes the first read of a woken worker wait for them, and runs them once for every caller', async () => {
    const local = new MemoryArea();
    local.data.old = 'shape';
    let release: () => void = () => undefined;
    const gate = new Promise<void>((done) => (release = done));
    let runs = 0;
    const reshape: Migration = {
      version: 1,
      run: async (area) => {
        runs++;
        await gate;
        await area.set({ new: 'shape' });
        await area.remove(['old']);
      },
    };
    const { area, ready } = migratedArea(local, [reshape]);
    const reads = [area.get(['new', 'old']), area.get(['new']), ready()];
    release();
    const [first, second] = await Promise.all(reads);
    expect(first).toEqual({ new: 'shape' });
    expect(second).toEqual({ new: 'shape' });
    await area.set({ later: 1 });
    expect(runs).toBe(1);
    expect(local.data).toEqual({ new: 'shape', later: 1, storageVersion: 1 });
  });

  it('fails the call when they fail, and tries them again at the next', async () => {
    const local = new MemoryArea();
    let attempts = 0;
    const flaky: Migration = {
      version: 1,
      run: () => (++attempts === 1 ? Promise.reject(new Error('storage busy')) : Promise.resolve()),
    };
    const { area } = migratedArea(local, [flaky]);
    await expect(area.get(['config'])).rejects.toThrow('storage busy');
    expect(local.data).toEqual({});
    await expect(area.get(['config'])).resolves.toEqual({});
    expect(attempts).toBe(2);
    expect(local.data).toEqual({ storageVersion: 1 });
  });
});
