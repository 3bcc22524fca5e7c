import { beforeEach, describe, expect, it, vi } from 'vitest';

// A fake browser on a platform the test picks, recording the tabs it is asked to open.
const fake = vi.hoisted(() => ({
  os: 'linux',
  extensionOrigin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/',
  created: [] as Record<string, unknown>[],
}));
const fakeApi = vi.hoisted(() => ({
  runtime: {
    getPlatformInfo: () => Promise.resolve({ os: fake.os, arch: 'arm64' }),
    getURL: (path: string) => `${fake.extensionOrigin}${path}`,
  },
  tabs: {
    query: () => Promise.resolve([{ id: 7, index: 2 }]),
    create: (properties: Record<string, unknown>) => {
      fake.created.push(properties);
      return Promise.resolve({ id: 8, windowId: 1, ...properties });
    },
  },
  windows: { update: () => Promise.resolve({}) },
}));
// Pages reach it as Chrome's promise-returning `chrome`, the worker through webextension-polyfill.
vi.stubGlobal('chrome', fakeApi);
vi.mock('webextension-polyfill', () => ({ default: fakeApi }));

beforeEach(() => {
  fake.created.length = 0;
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
});
