import { beforeEach, describe, expect, it, vi } from 'vitest';

// A fake browser on a platform the test picks, recording the tabs it is asked to open.
const fake = vi.hoisted(() => ({
  os: 'linux',
  extensionOrigin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/',
  created: [] as Record<string, unknown>[],
  /** The extension's pages open now, as runtime.getContexts lists them. */
  contexts: [] as { contextType: string; tabId: number; windowId: number; documentUrl?: string }[],
  frontWindow: 1,
  updated: [] as { tabId: number; properties: Record<string, unknown> }[],
  focused: [] as number[],
  /** Tabs closed since they were listed: updating them fails. */
  closed: new Set<number>(),
}));
const fakeApi = vi.hoisted(() => ({
  runtime: {
    getPlatformInfo: () => Promise.resolve({ os: fake.os, arch: 'arm64' }),
    getURL: (path: string) => `${fake.extensionOrigin}${path}`,
    getContexts: (filter: { contextTypes?: string[] }) =>
      Promise.resolve(fake.contexts.filter((c) => !filter.contextTypes || filter.contextTypes.includes(c.contextType))),
  },
  tabs: {
    query: () => Promise.resolve([{ id: 7, index: 2 }]),
    create: (properties: Record<string, unknown>) => {
      fake.created.push(properties);
      return Promise.resolve({ id: 8, windowId: 1, ...properties });
    },
    update: (tabId: number, properties: Record<string, unknown>) => {
      if (fake.closed.has(tabId)) return Promise.reject(new Error(`No tab with id: ${tabId}.`));
      fake.updated.push({ tabId, properties });
      return Promise.resolve({ id: tabId, windowId: fake.contexts.find((c) => c.tabId === tabId)?.windowId });
    },
  },
  windows: {
    update: (windowId: number) => Promise.resolve(void fake.focused.push(windowId)),
    getLastFocused: () => Promise.resolve({ id: fake.frontWindow }),
  },
}));
// Pages reach it as Chrome's promise-returning `chrome`, the worker through webextension-polyfill.
vi.stubGlobal('chrome', fakeApi);
vi.mock('webextension-polyfill', () => ({ default: fakeApi }));

beforeEach(() => {
  fake.created.length = 0;
  fake.contexts = [];
  fake.updated.length = 0;
  fake.focused.length = 0;
  fake.closed.clear();
  vi.resetModules(); // the platform is looked up once per page or worker
});

describe('opening tabs', () => {
  it('places a tab next to the one in front and names it as its opener', async () => {
    fake.os = 'linux';
    const { openTab } = await import('../../../src/ui/open-tab.ts');
    await openTab(`${fake.extensionOrigin}src/viewer/viewer.html?url=x`, 'https://www.digipost.no');
    expect(fake.created).toEqual([{ url: `${fake.extensionOrigin}src/viewer/viewer.html?url=x`, index: 3, openerTabId: 7 }]);
  });

  it('leaves out openerTabId on Android, where Firefox refuses it, and still opens the tab', async () => {
    fake.os = 'android';
    const { openTab } = await import('../../../src/ui/open-tab.ts');
    await openTab('https://www.digipost.no/app', 'https://www.digipost.no');
    expect(fake.created).toEqual([{ url: 'https://www.digipost.no/app', index: 3 }]);
  });

  it('opens the viewer from the worker through the same helper', async () => {
    fake.os = 'android';
    const { openViewerFromWorker } = await import('../../../src/background/open-viewer.ts');
    await openViewerFromWorker(`${fake.extensionOrigin}src/viewer/viewer.html?url=y`);
    expect(fake.created).toEqual([{ url: `${fake.extensionOrigin}src/viewer/viewer.html?url=y` }]);
  });

  it('refuses a page of another origin and opens nothing', async () => {
    const { openTab } = await import('../../../src/ui/open-tab.ts');
    await expect(openTab('https://evil.example/', 'https://www.digipost.no')).rejects.toThrow();
    expect(fake.created).toEqual([]);
  });

  it("refuses the service's origin with a name and password in it, or not over http(s), as every link is refused", async () => {
    const { openTab } = await import('../../../src/ui/open-tab.ts');
    await expect(openTab('https://user:pass@www.digipost.no/app', 'https://www.digipost.no')).rejects.toMatchObject({
      code: 'link_foreign_origin',
    });
    await expect(openTab('ftp://www.digipost.no/app', 'https://www.digipost.no')).rejects.toMatchObject({ code: 'link_not_http' });
    expect(fake.created).toEqual([]);
  });
});

describe('one viewer tab', () => {
  const viewer = (query: string) => `${fake.extensionOrigin}src/viewer/viewer.html?page=${query}`;
  const NEXT = viewer('BBBBBBBBBBBBBBBBBBBBBB');

  it('chooses the viewer tab in the window in front, else the last one; never another page of the extension', async () => {
    const { viewerTabToReuse } = await import('../../../src/shared/viewer-tab.ts');
    const options = { tabId: 3, windowId: 1, documentUrl: `${fake.extensionOrigin}src/options/options.html` };
    const popup = { tabId: -1, windowId: 1, documentUrl: `${fake.extensionOrigin}src/viewer/viewer.html` };
    const inTwo = { tabId: 4, windowId: 2, documentUrl: viewer('a') };
    const inOne = { tabId: 5, windowId: 1, documentUrl: viewer('b') };
    const inThree = { tabId: 6, windowId: 3, documentUrl: viewer('c') };
    expect(viewerTabToReuse([options, popup, inTwo, inOne, inThree], 1)).toBe(inOne);
    expect(viewerTabToReuse([inTwo, inThree], 1)).toBe(inThree);
    expect(viewerTabToReuse([options, popup], 1)).toBeUndefined();
  });

  it('a letter opened from the popup goes to the open viewer tab, focused in its raised window, and no new tab opens', async () => {
    fake.contexts = [{ contextType: 'TAB', tabId: 11, windowId: 2, documentUrl: viewer('AAAAAAAAAAAAAAAAAAAAAA') }];
    const { openTab } = await import('../../../src/ui/open-tab.ts');
    await openTab(NEXT, 'https://www.digipost.no');
    expect(fake.updated).toEqual([{ tabId: 11, properties: { url: NEXT, active: true } }]);
    expect(fake.focused).toEqual([2]);
    expect(fake.created).toEqual([]);
  });

  it('a page of the service still opens a tab of its own, beside a viewer tab', async () => {
    fake.os = 'linux';
    fake.contexts = [{ contextType: 'TAB', tabId: 11, windowId: 2, documentUrl: viewer('AAAAAAAAAAAAAAAAAAAAAA') }];
    const { openTab } = await import('../../../src/ui/open-tab.ts');
    await openTab('https://www.digipost.no/app', 'https://www.digipost.no');
    expect(fake.updated).toEqual([]);
    expect(fake.created).toEqual([{ url: 'https://www.digipost.no/app', index: 3, openerTabId: 7 }]);
  });

  it('a notification goes to the open viewer tab too; one closed meanwhile gives way to a new tab', async () => {
    fake.contexts = [{ contextType: 'TAB', tabId: 12, windowId: 1, documentUrl: viewer('AAAAAAAAAAAAAAAAAAAAAA') }];
    const { openViewerFromWorker } = await import('../../../src/background/open-viewer.ts');
    await openViewerFromWorker(NEXT);
    expect(fake.updated.map((u) => u.tabId)).toEqual([12]);
    expect(fake.created).toEqual([]);
    fake.closed.add(12);
    await openViewerFromWorker(NEXT);
    expect(fake.created).toEqual([{ url: NEXT }]);
  });
});
