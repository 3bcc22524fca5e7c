import { ext as browser } from '../shared/ext.ts';
import { targetOf } from '../api/links.ts';
import { urlProblem } from '../api/origin.ts';
import type { Link } from '../api/schemas.ts';
import { AppError } from '../shared/errors.ts';
import { viewerUrl } from '../storage/viewer-pages.ts';
import { createTab } from '../shared/create-tab.ts';
import { isViewerPage, showInViewerTab } from '../shared/viewer-tab.ts';

/**
 * The one way the extension opens a page's link in a tab. It opens only the extension's own pages, or a page on
 * the service's own origin over https, and places the new tab next to the one in front. A viewer page goes to
 * the viewer tab already open, if there is one (shared/viewer-tab.ts).
 */
export async function openTab(url: string, serviceOrigin: string): Promise<void> {
  // The service's own pages by the same check as every link the extension follows (api/origin.ts).
  const problem = url.startsWith(browser.runtime.getURL('')) ? undefined : urlProblem(url, serviceOrigin);
  if (problem) throw new AppError(problem, { detail: new URL(url).origin });
  const [active] = await browser.tabs.query({ active: true, currentWindow: true });
  const placement = {
    ...(active?.index !== undefined ? { index: active.index + 1 } : {}),
    ...(active?.id !== undefined ? { openerTabId: active.id } : {}),
  };
  await (isViewerPage(url) ? showInViewerTab(url, placement, active?.windowId) : createTab({ url, ...placement }));
}

/**
 * Opens a link of the service in the viewer (its open tab, else a new one), if its address is the service's own.
 * Whether its relation may be fetched (an action may not) is the worker's to decide when the viewer
 * asks for it, as it does for every request; the viewer shows an action as such. Checking it here
 * too would bring the whole relation registry into the popup.
 */
export async function openInViewer(link: Link, relation: string, serviceOrigin: string, mailbox?: string): Promise<void> {
  const problem = urlProblem(link.uri, serviceOrigin);
  if (problem) throw new AppError(problem);
  await openTab(await viewerUrl(targetOf(link, relation, mailbox)), serviceOrigin);
}
