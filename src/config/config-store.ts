import { readKey, type KeyValueArea } from '../shared/storage-area.ts';
import { z } from '../shared/zod.ts';
import type { BuildDefaults } from './build-defaults.ts';
import { isPermission } from '../shared/permissions.ts';
import { DEFAULT_POLL_MINUTES, type ExtensionConfig } from './config.ts';
import { checkServiceAddress } from './service-address.ts';

/** storage.local: the configuration. */
export const CONFIG_KEY = 'config';

const storedSchema = z.object({
  baseUrl: z.string(),
  clientId: z.string(),
  clientSecret: z.string(),
  scopes: z.array(z.string()),
  pollMinutes: z.int().check(z.gte(1), z.lte(1440)),
  notify: z.optional(z.boolean()),
});

export function fromBuildDefaults(defaults: BuildDefaults): ExtensionConfig {
  return { ...defaults, scopes: [...defaults.scopes], pollMinutes: DEFAULT_POLL_MINUTES, notify: false };
}

/** The stored configuration, or the build's defaults when nothing (valid) is stored. */
export async function loadConfig(area: Pick<KeyValueArea, 'get' | 'set'>, defaults: BuildDefaults): Promise<ExtensionConfig> {
  const stored = storedSchema.safeParse(await readKey(area, CONFIG_KEY));
  if (!stored.success) return fromBuildDefaults(defaults);
  const address = checkServiceAddress(stored.data.baseUrl);
  if (!address.ok) return fromBuildDefaults(defaults);
  return {
    ...stored.data,
    baseUrl: address.baseUrl,
    scopes: stored.data.scopes.filter(isPermission),
    // A configuration stored before notifications existed has them off.
    notify: stored.data.notify ?? false,
  };
}

export async function saveConfig(area: Pick<KeyValueArea, 'get' | 'set'>, config: ExtensionConfig): Promise<void> {
  await area.set({ [CONFIG_KEY]: config });
}
