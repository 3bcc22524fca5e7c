import type { Runtime, Tabs } from 'webextension-polyfill';
import { createTab } from './create-tab.ts';
import { ext as browser } from './ext.ts';
import { viewerAddressOf } from './viewer-address.ts';

/*
 * One viewer tab: a letter or place opened from the popup or a notification goes to the viewer tab
 * already open, brought to the front, rather than to a new tab each time. The tab is found with
 * runtime.getContexts (Chrome 116, Firefox 129), which lists the extension's own pages with their
 * tab and window and needs no permission, where tabs.query by address would need `tabs`. The tab
 * then loads the new page's address (a random page id, viewer-address.ts): a navigation of its own,
 * so Back returns to the letter shown before.
 */

type Context = Pick<Runtime.ExtensionContext, 'tabId' | 'windowId' | 'documentUrl'>;

/** Whether an address is a viewer page's (the extension's own, with a page id: viewer-address.ts). */
export const isViewerPage = (url: string): boolean => url.startsWith(viewerAddressOf(''));

/** Of the open viewer tabs (TAB contexts, each with its tab), the one to reuse: one in the window in front, else the last one listed. */
export function viewerTabToReuse(contexts: readonly Context[], frontWindow: number | undefined): Context | undefined {
  const viewers = contexts.filter((c) => isViewerPage(c.documentUrl ?? ''));
  return viewers.find((c) => c.windowId === frontWindow) ?? viewers.at(-1);
}

/**
 * Shows a viewer page (`url`, the viewer's own address) in the open viewer tab, preferring one in
 * `frontWindow`, else in a new tab placed as given (also when the open one closed meanwhile), and
 * brings its window to the front. Android's Firefox has no windows API: raising is only tried.
 */
export async function showInViewerTab(
  url: string,
  placement: Omit<Tabs.CreateCreatePropertiesType, 'url'> = {},
  frontWindow?: number,
): Promise<Tabs.Tab> {
  const reuse = viewerTabToReuse(await browser.runtime.getContexts({ contextTypes: ['TAB'] }).catch(() => []), frontWindow);
  const reused = reuse ? await browser.tabs.update(reuse.tabId, { url, active: true }).catch(() => undefined) : undefined;
  const tab = reused ?? (await createTab({ url, ...placement }));
  const windowId = tab.windowId;
  if (windowId !== undefined)
    await Promise.resolve()
      .then(() => browser.windows.update(windowId, { focused: true }))
      .catch(() => undefined);
  return tab;
}
