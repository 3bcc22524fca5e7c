import type { Runtime, Tabs } from 'webextension-polyfill';
import { ext as browser } from './ext.ts';
import { classifyLink } from '../api/links.ts';
import type { Link } from '../api/schemas.ts';
import { AppError } from '../errors.ts';
import { VIEWER_PATH, viewerUrl } from './viewer-address.ts';

let platform: Promise<Runtime.PlatformInfo> | undefined;

/**
 * tabs.create for every tab the extension opens, from a page or from the worker. Firefox for
 * Android throws when given openerTabId (Mozilla bug 1817806), so there it is left out: the tab
 * still opens, only not tied to the one it came from.
 */
export async function createTab(properties: Tabs.CreateCreatePropertiesType): Promise<Tabs.Tab> {
  if (properties.openerTabId !== undefined) {
    platform ??= browser.runtime.getPlatformInfo();
    if ((await platform).os === 'android') {
      const rest = { ...properties };
      delete rest.openerTabId;
      // eslint-disable-next-line no-restricted-syntax -- the one place that calls it
      return browser.tabs.create(rest);
    }
  }
  // eslint-disable-next-line no-restricted-syntax -- the one place that calls it
  return browser.tabs.create(properties);
}

/**
 * The one way the extension opens a page's link in a tab. It opens only the extension's own pages, or a page on
 * the service's own origin over https, and places the new tab next to the one in front.
 */
export async function openTab(url: string, serviceOrigin: string): Promise<void> {
  const extensionOrigin = browser.runtime.getURL('');
  const target = new URL(url);
  const own = url.startsWith(extensionOrigin);
  const service = target.origin === serviceOrigin && (target.protocol === 'https:' || target.protocol === 'http:');
  if (!own && !service) throw new AppError('link_foreign_origin', { detail: target.origin });
  const [active] = await browser.tabs.query({ active: true, currentWindow: true });
  await createTab({
    url,
    ...(active?.index !== undefined ? { index: active.index + 1 } : {}),
    ...(active?.id !== undefined ? { openerTabId: active.id } : {}),
  });
}

/** Whether an address is the extension's own viewer page (any query), and nothing else. */
export function isViewerPageUrl(url: string): boolean {
  const viewer = new URL(browser.runtime.getURL(VIEWER_PATH));
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  return target.protocol === viewer.protocol && target.host === viewer.host && target.pathname === viewer.pathname &&
    target.username === '' && target.password === '' && target.hash === '';
}

/**
 * The worker's way to open a tab (a click on a notification): it opens the extension's viewer page
 * only, in a new tab of the last window used, and brings that window to the front.
 */
export async function openViewerFromWorker(url: string): Promise<void> {
  if (!isViewerPageUrl(url)) throw new AppError('link_foreign_origin', { detail: url });
  let tab: Tabs.Tab;
  try {
    tab = await createTab({ url });
  } catch {
    // No window is open (the browser runs in the background): open one.
    await browser.windows.create({ url, focused: true });
    return;
  }
  if (tab.windowId !== undefined) await browser.windows.update(tab.windowId, { focused: true }).catch(() => undefined);
}

/** Opens a link of the service in the viewer, in a new tab, if it is safe to follow. */
export async function openInViewer(link: Link, relation: string, serviceOrigin: string): Promise<void> {
  const verdict = classifyLink(link, serviceOrigin);
  if (!verdict.followable) throw new AppError(verdict.reason);
  await openTab(await viewerUrl({ url: link.uri, mediaType: link['media-type'], relation }), serviceOrigin);
}
