import type { KeyValueArea } from '../shared/storage-area.ts';
import { getItem, put, setItems } from '../storage/item.ts';
import { configItem } from '../storage/items.ts';
import type { BuildDefaults } from './build-defaults.ts';
import { askable } from '../shared/offered-permissions.ts';
import { DEFAULT_POLL_MINUTES, type ExtensionConfig } from './config.ts';
import { checkServiceAddress } from './service-address.ts';

function fromBuildDefaults(defaults: BuildDefaults): ExtensionConfig {
  return { ...defaults, scopes: askable(defaults.scopes), pollMinutes: DEFAULT_POLL_MINUTES, notify: false };
}

/** The stored configuration, or the build's defaults when nothing (valid) is stored. */
export async function loadConfig(area: Pick<KeyValueArea, 'get' | 'set'>, defaults: BuildDefaults): Promise<ExtensionConfig> {
  const stored = await getItem({ local: area }, configItem);
  if (!stored) return fromBuildDefaults(defaults);
  const address = checkServiceAddress(stored.baseUrl);
  if (!address.ok) return fromBuildDefaults(defaults);
  return {
    ...stored,
    baseUrl: address.baseUrl,
    // A permission an older version asked for and nothing uses now is not asked for again; the
    // session granted with it stays (only the service and client bind a session).
    scopes: askable(stored.scopes),
    // A configuration stored before notifications existed has them off.
    notify: stored.notify ?? false,
  };
}

export async function saveConfig(area: Pick<KeyValueArea, 'get' | 'set'>, config: ExtensionConfig): Promise<void> {
  await setItems({ local: area }, put(configItem, config));
}
