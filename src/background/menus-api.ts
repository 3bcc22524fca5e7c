import { ext as browser } from '../shared/ext.ts';
import type { Menus } from 'webextension-polyfill';

/**
 * The context menu API: Firefox names it `menus` (`contextMenus` is its alias there), Chrome only
 * `contextMenus`. The polyfill's types claim both everywhere; the browser decides.
 */
export function menusApi(): Menus.Static {
  return (browser as { menus?: Menus.Static }).menus ?? browser.contextMenus;
}
