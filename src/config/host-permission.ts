import { ext as browser } from '../shared/ext.ts';
import { originPattern, type PortMatching } from './service-address.ts';

/** Firefox (desktop and Android) runs extension pages at moz-extension://, and matches no port in a host permission. */
function portMatching(): PortMatching {
  return browser.runtime.getURL('').startsWith('moz-extension:') ? 'host-only' : 'matches-port';
}

/**
 * The host permission to ask for, or check, for a service origin in the browser the extension runs
 * in: synchronous, so a page can still call permissions.request straight from the user's click.
 */
export function serviceHostPermission(origin: string): string {
  return originPattern(origin, portMatching());
}

/**
 * Whether this build may ask for access to `origin` at all: a browser refuses a request for a
 * host its manifest does not list. The production build lists any https host and no address on
 * this computer (build-defaults.ts), so a file there cannot be given access to, and is not offered.
 */
export function mayAskForOrigin(origin: string): boolean {
  const { host_permissions = [], optional_host_permissions = [] } = browser.runtime.getManifest();
  const url = new URL(origin);
  const covering = new Set([`${url.protocol}//*/*`, originPattern(origin, 'host-only'), originPattern(origin, 'matches-port')]);
  return [...host_permissions, ...optional_host_permissions].some((pattern) => covering.has(pattern));
}
