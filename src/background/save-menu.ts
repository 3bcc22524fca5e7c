import type { Menus, Tabs } from 'webextension-polyfill';
import { newPageId } from '../shared/viewer-address.ts';
import { t } from '../shared/i18n.ts';
import { warn } from '../shared/warn.ts';
import { put, setItems, type StorageAreas } from '../storage/item.ts';
import { saveRequests } from '../storage/upload-items.ts';

/** The page that shows a file before it is saved, and where its id goes in the address. */
const SAVE_PAGE = 'src/save/save.html';
const SAVE_PARAM = 'save';

/**
 * One item per thing a right-click can be on: a link (to a PDF or a picture; only the file itself
 * tells which, so the page checks it), a picture, and a page whose address is a PDF's.
 */
const ITEMS: { id: string; contexts: Menus.ContextType[]; documentUrlPatterns?: string[] }[] = [
  { id: 'save-link', contexts: ['link'] },
  { id: 'save-image', contexts: ['image'] },
  { id: 'save-pdf-page', contexts: ['page'], documentUrlPatterns: ['*://*/*.pdf', '*://*/*.pdf?*', '*://*/*.PDF'] },
];

export interface SaveMenuDeps {
  menus: Pick<Menus.Static, 'create' | 'removeAll'> | undefined;
  storage: Pick<StorageAreas, 'session'>;
  /** Whether Save to Digipost is offered now: signed in, with UPLOAD_DOCUMENT. */
  offered: () => Promise<boolean>;
  /** Opens an extension page in a tab beside the one the click was in. */
  openPage: (path: string, beside: Tabs.Tab | undefined) => Promise<void>;
  /**
   * The toolbar button's own items (alerts.ts: Pause alerts), made in the same turn: one refresh
   * removes every item of the extension's, so each refresh makes them all again.
   */
  moreItems?: () => Promise<Pick<Menus.CreateCreatePropertiesType, 'id' | 'title' | 'contexts' | 'parentId'>[]>;
}

/**
 * "Save to Digipost" in the browser's context menu. The click is what grants the extension access
 * to the tab's site (activeTab), so the save page can fetch the file as the browser would; the
 * file's address waits in storage.session and the page's address names only an id.
 */
export function createSaveMenu(deps: SaveMenuDeps) {
  let queue = Promise.resolve();

  /** Shows the items when the session may upload, and removes them otherwise, with the toolbar button's; one change at a time. */
  function refresh(): Promise<void> {
    const menus = deps.menus;
    if (!menus) return Promise.resolve();
    queue = queue
      .then(async () => {
        await menus.removeAll();
        if (await deps.offered()) for (const item of ITEMS) menus.create({ ...item, title: t('save_menu_item') });
        for (const item of (await deps.moreItems?.()) ?? []) menus.create(item);
      })
      .catch((error: unknown) => warn('Could not update the context menu', error));
    return queue;
  }

  async function clicked(info: Menus.OnClickData, tab: Tabs.Tab | undefined): Promise<void> {
    const url =
      info.menuItemId === 'save-link'
        ? info.linkUrl
        : info.menuItemId === 'save-image'
          ? info.srcUrl
          : info.menuItemId === 'save-pdf-page'
            ? info.pageUrl
            : undefined;
    if (url === undefined || !/^https?:/i.test(url)) return;
    const id = newPageId();
    await setItems(deps.storage, put(saveRequests.item(id), { url }));
    await deps.openPage(`${SAVE_PAGE}?${SAVE_PARAM}=${id}`, tab);
  }

  return { refresh, clicked };
}

export type SaveMenu = ReturnType<typeof createSaveMenu>;
