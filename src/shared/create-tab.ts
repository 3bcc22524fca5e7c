import type { Runtime, Tabs } from 'webextension-polyfill';
import { ext as browser } from './ext.ts';

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
