import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkedValue, getItem, getItems, put, removeItems, setItems, type AnyItem } from '../../../src/storage/item.ts';
import * as workerItems from '../../../src/storage/items.ts';
import * as pageItems from '../../../src/storage/page-items.ts';
import { MemoryArea } from '../auth/fakes.ts';

const { accessTokenItem, accountItem, configItem, generationItem, notificationTargetsItem, notifiedLettersItem, refreshTokenItem } =
  workerItems;
const { rootCacheItem, viewerPages } = pageItems;

function areas() {
  return { local: new MemoryArea(), session: new MemoryArea() };
}

const account = { userId: 'u-1', scopes: ['READ_ACCOUNT_INFO' as const], baseUrl: 'https://www.digipost.no', clientId: 'c', signedInAt: 1 };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a storage item', () => {
  it('reads what was stored under its key, in its own area', async () => {
    const a = areas();
    await setItems(a, put(accountItem, account), put(accessTokenItem, { token: 'AT', expiresAt: 5 }));
    expect(a.local.data).toEqual({ 'auth.account': account });
    expect(a.session.data).toEqual({ 'auth.accessToken': { token: 'AT', expiresAt: 5 } });
    expect(await getItem(a, accountItem)).toEqual(account);
  });

  it('reads its default when nothing is stored, and says nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const a = areas();
    expect(await getItem(a, generationItem)).toBe(0);
    expect(await getItem(a, accountItem)).toBeUndefined();
    expect(await getItem(a, notifiedLettersItem)).toEqual({ keys: [], primed: false });
    expect(warn).not.toHaveBeenCalled();
  });

  it('reads a value that does not fit as its default, says which item in the log without its value, and keeps it stored', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const a = areas();
    a.local.data['auth.refreshToken'] = ['RT-secret-value'];
    a.local.data['auth.generation'] = 'seven';
    expect(await getItem(a, refreshTokenItem)).toBeUndefined();
    expect(await getItem(a, generationItem)).toBe(0);
    expect(warn).toHaveBeenCalledTimes(2);
    const logged = warn.mock.calls.flat().join('\n');
    expect(logged).toContain('"auth.refreshToken"');
    expect(logged).toContain('"auth.generation"');
    expect(logged).not.toContain('RT-secret-value');
    expect(a.local.data['auth.refreshToken']).toEqual(['RT-secret-value']);
  });

  it('gives each read its own copy of the default, so a caller that changes it changes no later read', async () => {
    const a = areas();
    const targets = await getItem(a, notificationTargetsItem);
    targets['letter-1'] = 'chrome-extension://x/viewer.html?page=1';
    expect(await getItem(a, notificationTargetsItem)).toEqual({});
  });

  it('reads several items with one call per area', async () => {
    const a = areas();
    await setItems(a, put(accountItem, account), put(refreshTokenItem, 'RT'), put(accessTokenItem, { token: 'AT', expiresAt: 5 }));
    const gets = [vi.spyOn(a.local, 'get'), vi.spyOn(a.session, 'get')];
    expect(await getItems(a, accountItem, refreshTokenItem, accessTokenItem)).toEqual([account, 'RT', { token: 'AT', expiresAt: 5 }]);
    expect(gets.map((get) => get.mock.calls)).toEqual([[[['auth.account', 'auth.refreshToken']]], [[['auth.accessToken']]]]);
  });

  it('removes items from their own areas and leaves the rest', async () => {
    const a = areas();
    await setItems(a, put(generationItem, 3), put(accountItem, account), put(accessTokenItem, { token: 'AT', expiresAt: 5 }));
    await removeItems(a, accountItem, accessTokenItem);
    expect(a.local.data).toEqual({ 'auth.generation': 3 });
    expect(a.session.data).toEqual({});
  });

  it('keeps an account whose permissions include one this version does not know, without that one', async () => {
    const a = areas();
    a.local.data['auth.account'] = { ...account, scopes: ['READ_ACCOUNT_INFO', 'A_LATER_PERMISSION'] };
    expect(await getItem(a, accountItem)).toEqual(account);
  });

  it('reads the configuration as the options page stored it', async () => {
    const a = areas();
    const config = {
      baseUrl: 'https://www.digipost.no',
      clientId: 'c',
      clientSecret: 's',
      scopes: ['READ_ACCOUNT_INFO'],
      pollMinutes: 7,
      notify: true,
    };
    await setItems(a, put(configItem, config));
    expect(await getItem(a, configItem)).toEqual(config);
  });
});

describe('the items the pages read (checked without zod)', () => {
  const snapshot = { root: { link: [] }, fetchedAt: 1, serviceOrigin: 'https://www.digipost.no', scopes: ['READ_ACCOUNT_INFO'] };

  it('reads the cached root, and a value that is not a snapshot as none', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(checkedValue(rootCacheItem, snapshot)).toEqual(snapshot);
    expect(checkedValue(rootCacheItem, { ...snapshot, fetchedAt: 'now' })).toBeUndefined();
    expect(checkedValue(rootCacheItem, 'rootCache')).toBeUndefined();
  });

  it("reads a viewer page's target under its page id, and forgets fields that are not text", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const a = areas();
    await setItems(a, put(viewerPages.item('abc'), { url: 'https://www.digipost.no/post/api/x', relation: 'self' }));
    expect(a.session.data).toEqual({ 'viewerPage:abc': { url: 'https://www.digipost.no/post/api/x', relation: 'self' } });
    expect(await getItem(a, viewerPages.item('abc'))).toEqual({
      url: 'https://www.digipost.no/post/api/x',
      relation: 'self',
      mediaType: undefined,
    });
    expect(checkedValue(viewerPages.item('x'), { url: 'u', mediaType: 3 })).toEqual({
      url: 'u',
      mediaType: undefined,
      relation: undefined,
    });
    expect(checkedValue(viewerPages.item('x'), { url: '' })).toBeUndefined();
    // Which mailbox the page lies in (one shared with the person) is kept with it, for Reload, Back and Forward.
    expect(checkedValue(viewerPages.item('x'), { url: 'u', mailbox: 'ola.nordmann#7QX2' })).toMatchObject({
      url: 'u',
      mailbox: 'ola.nordmann#7QX2',
    });
    expect(viewerPages.owns('viewerPage:abc')).toBe(true);
    expect(viewerPages.owns('rootCache')).toBe(false);
  });
});

describe('every item', () => {
  const exported: unknown[] = [...Object.values(workerItems), ...Object.values(pageItems)];
  const items = exported.filter(
    (value): value is AnyItem => typeof value === 'object' && value !== null && 'key' in value && 'area' in value,
  );
  const areaOf = (key: string) => items.find((item) => item.key === key)?.area;

  it("has a key of its own, and none is under the viewer pages' prefix", () => {
    expect(items.length).toBeGreaterThanOrEqual(12);
    const keys = items.map((item) => item.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.filter((key) => viewerPages.owns(key))).toEqual([]);
  });

  it('keeps the access token and everything personal in storage.session, the refresh token in storage.local, nothing in sync', () => {
    const areasUsed: string[] = items.map((item) => item.area);
    expect(new Set(areasUsed)).toEqual(new Set(['local', 'session']));
    expect(areaOf('auth.accessToken')).toBe('session');
    expect(areaOf('auth.refreshToken')).toBe('local');
    // Names, subjects and which letter a page or a notification stands for.
    expect([areaOf('rootCache'), areaOf('notificationTargets'), viewerPages.area]).toEqual(['session', 'session', 'session']);
  });
});
