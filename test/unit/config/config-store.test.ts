import { describe, expect, it } from 'vitest';
import { isConfigured, validateConfigInput } from '../../../src/config/config.ts';
import { loadConfig, saveConfig } from '../../../src/config/config-store.ts';
import { formatScope, parseScope } from '../../../src/shared/permissions.ts';

const defaults = { baseUrl: 'https://www.digipost.no', clientId: '', clientSecret: '', scopes: ['READ_ACCOUNT_INFO' as const] };

function memoryArea() {
  const data: Record<string, unknown> = {};
  return {
    data,
    get: (keys: string[]) => Promise.resolve(Object.fromEntries(keys.filter((k) => k in data).map((k) => [k, data[k]]))),
    set: (items: Record<string, unknown>) => {
      Object.assign(data, structuredClone(items));
      return Promise.resolve();
    },
  };
}

const good = {
  baseUrl: 'https://qa.digipost.no/',
  clientId: ' abc ',
  clientSecret: 's3cret',
  scopes: ['READ_DOCUMENT_META_INFO', 'NOT_A_PERMISSION'],
  pollMinutes: 5,
};

describe('configuration', () => {
  it('falls back to the build defaults, which are not configured without a client', async () => {
    const config = await loadConfig(memoryArea(), defaults);
    expect(config).toEqual({ ...defaults, pollMinutes: 5, notify: false });
    expect(isConfigured(config)).toBe(false);
  });

  it('normalises and stores what the options page sends', async () => {
    const checked = validateConfigInput(good);
    expect(checked).toEqual({
      ok: true,
      config: {
        baseUrl: 'https://qa.digipost.no',
        clientId: 'abc',
        clientSecret: 's3cret',
        scopes: ['READ_DOCUMENT_META_INFO'],
        pollMinutes: 5,
        notify: false,
      },
    });
    if (!checked.ok) return;
    const area = memoryArea();
    await saveConfig(area, checked.config);
    const loaded = await loadConfig(area, defaults);
    expect(loaded).toEqual(checked.config);
    expect(isConfigured(loaded)).toBe(true);
  });

  it('loads settings an older version saved with a permission no longer offered, and does not ask for it again', async () => {
    const area = memoryArea();
    const older = {
      baseUrl: 'https://www.digipost.no',
      clientId: 'abc',
      clientSecret: 's',
      scopes: ['READ_DOCUMENT_META_INFO', 'SEND_DOCUMENT', 'UPDATE_SETTINGS'],
      pollMinutes: 17,
    };
    area.data.config = older;
    const loaded = await loadConfig(area, defaults);
    expect(loaded).toEqual({ ...older, scopes: ['READ_DOCUMENT_META_INFO'], notify: false });
    expect(isConfigured(loaded)).toBe(true);
    // Only permissions nothing uses: the defaults, never an empty set that would look unconfigured.
    area.data.config = { ...older, scopes: ['SEND_DOCUMENT'] };
    expect((await loadConfig(area, defaults)).scopes).toEqual(['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO']);
  });

  it('names every problem at once', () => {
    expect(validateConfigInput({ baseUrl: 'http://evil.example', clientId: '', clientSecret: ' ', scopes: [], pollMinutes: 0 })).toEqual({
      ok: false,
      problems: [
        { field: 'baseUrl', problem: 'address_not_https' },
        { field: 'clientId', problem: 'required' },
        { field: 'clientSecret', problem: 'required' },
        { field: 'scopes', problem: 'required' },
        { field: 'pollMinutes', problem: 'invalid' },
      ],
    });
  });

  it('ignores a corrupted stored configuration instead of failing', async () => {
    const area = memoryArea();
    area.data.config = { baseUrl: 42 };
    expect(await loadConfig(area, defaults)).toEqual({ ...defaults, pollMinutes: 5, notify: false });
  });

  it('keeps notifications off unless switched on, also in a configuration stored before they existed', async () => {
    const area = memoryArea();
    const on = validateConfigInput({ ...good, notify: true });
    if (!on.ok) throw new Error('valid input refused');
    expect(on.config.notify).toBe(true);
    await saveConfig(area, on.config);
    expect((await loadConfig(area, defaults)).notify).toBe(true);
    const older: Record<string, unknown> = { ...on.config };
    delete older.notify;
    area.data.config = older;
    expect(await loadConfig(area, defaults)).toEqual({ ...on.config, notify: false });
    area.data.config = { ...on.config, notify: 'yes' };
    expect((await loadConfig(area, defaults)).notify).toBe(false);
  });

  it('joins scope values with a space in the order of the contract (§8), and reads them back', () => {
    expect(formatScope(['READ_RECEIPTS', 'READ_ACCOUNT_INFO'])).toBe('READ_ACCOUNT_INFO READ_RECEIPTS');
    expect(parseScope('READ_RECEIPTS,READ_ACCOUNT_INFO+BOGUS')).toEqual(['READ_ACCOUNT_INFO', 'READ_RECEIPTS']);
  });
});
