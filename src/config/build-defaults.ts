import { DEFAULT_PERMISSIONS, parseScope, type Permission } from './permissions.ts';
import { checkServiceAddress, originPattern } from './service-address.ts';

export const PRODUCTION_BASE_URL = 'https://www.digipost.no';

/** What a build ships as its initial configuration; the options page can change each field. */
export interface BuildDefaults {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  scopes: Permission[];
}

type Env = Record<string, string | undefined>;

/** Reads DIGIPOST_* at build time; a bad value stops the build with a message rather than shipping it. */
export function buildDefaultsFromEnv(env: Env): BuildDefaults {
  const address = checkServiceAddress(env.DIGIPOST_BASE_URL ?? PRODUCTION_BASE_URL);
  if (!address.ok) {
    throw new Error(`DIGIPOST_BASE_URL is not a usable service address (${address.problem})`);
  }
  const scopes = env.DIGIPOST_SCOPE ? parseScope(env.DIGIPOST_SCOPE) : [...DEFAULT_PERMISSIONS];
  if (env.DIGIPOST_SCOPE && scopes.length === 0) {
    throw new Error('DIGIPOST_SCOPE names no known permission');
  }
  return {
    baseUrl: address.baseUrl,
    clientId: env.DIGIPOST_CLIENT_ID ?? '',
    clientSecret: env.DIGIPOST_CLIENT_SECRET ?? '',
    scopes,
  };
}

export function hostPermissionFor(baseUrl: string): string {
  return originPattern(new URL(baseUrl).origin);
}
