import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  (globalThis as { chrome?: unknown }).chrome = {
    i18n: { getMessage: (key: string) => key },
    runtime: { getURL: (path: string) => `chrome-extension://id/${path}` },
  };
});

import type { Menus } from 'webextension-polyfill';
import { createSaveMenu } from '../../../src/background/save-menu.ts';
import { getItem } from '../../../src/storage/item.ts';
import { saveRequests } from '../../../src/storage/upload-items.ts';
import { MemoryArea } from '../auth/fakes.ts';

function setup(offered: boolean) {
  const items: string[] = [];
  const opened: string[] = [];
  const storage = { session: new MemoryArea() };
  const menus = {
    removeAll: () => {
      items.length = 0;
      return Promise.resolve();
    },
    create: (item: { id?: string }) => {
      items.push(item.id ?? '');
      return 0;
    },
  } as unknown as Pick<Menus.Static, 'create' | 'removeAll'>;
  const menu = createSaveMenu({
    menus,
    storage,
    offered: () => Promise.resolve(offered),
    openPage: (path) => Promise.resolve(void opened.push(path)),
  });
  return { menu, items, opened, storage };
}

describe('Save to Digipost in the context menu', () => {
  it('offers a link, a picture and a PDF page only while the session holds UPLOAD_DOCUMENT', async () => {
    const on = setup(true);
    await on.menu.refresh();
    expect(on.items).toEqual(['save-link', 'save-image', 'save-pdf-page']);
    const off = setup(false);
    await off.menu.refresh();
    expect(off.items).toEqual([]);
  });

  it("a click keeps the file's address in storage.session and opens the save page with only an id", async () => {
    const { menu, opened, storage } = setup(true);
    await menu.clicked(
      { menuItemId: 'save-link', linkUrl: 'https://bank.example/doc.pdf?session=secret', editable: false, modifiers: [] },
      undefined,
    );
    expect(opened).toHaveLength(1);
    const id = /\?save=([A-Za-z0-9_-]+)$/.exec(opened[0] ?? '')?.[1] ?? '';
    expect(opened[0]).not.toContain('bank.example');
    expect(await getItem(storage, saveRequests.item(id))).toEqual({ url: 'https://bank.example/doc.pdf?session=secret' });
  });

  it('ignores anything that is not an http(s) address', async () => {
    const { menu, opened } = setup(true);
    await menu.clicked({ menuItemId: 'save-image', srcUrl: 'data:image/png;base64,AAAA', editable: false, modifiers: [] }, undefined);
    expect(opened).toEqual([]);
  });
});
