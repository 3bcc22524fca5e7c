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
