import { DEFAULT_PERMISSIONS, parseScope, type Permission } from '../shared/permissions.ts';
import { checkServiceAddress, isLoopbackHost, originPattern, type PortMatching } from './service-address.ts';

const PRODUCTION_BASE_URL = 'https://www.digipost.no';

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

/** The browser a build is for; Firefox matches no port in a host permission (see PortMatching). */
export type BuildTarget = 'chrome' | 'firefox';

function portMatchingOf(target: BuildTarget): PortMatching {
  return target === 'firefox' ? 'host-only' : 'matches-port';
}

export function hostPermissionFor(baseUrl: string, target: BuildTarget): string {
  return originPattern(new URL(baseUrl).origin, portMatchingOf(target));
}

/** Where the real service serves letter content after a 307 to a one-time address (contract §1). */
const PRODUCTION_CONTENT_ORIGIN = 'https://www.digipostdata.no';

/**
 * Host permissions for the host that serves letter content. The worker follows the service's 307
 * to it (without the token: fetch drops Authorization on a cross-origin redirect) and must be
 * allowed to read the answer, which carries no CORS headers. DIGIPOST_CONTENT_ORIGIN names it for
 * other services (the emulator, a test environment); "none" asks for nothing. The production
 * service gets its known content host; any other service gets none unless one is named.
 */
export function contentHostPermissions(env: Env, baseUrl: string, target: BuildTarget): string[] {
  const named = env.DIGIPOST_CONTENT_ORIGIN?.trim();
  if (named === 'none') return [];
  if (named) {
    const address = checkServiceAddress(named);
    if (!address.ok) throw new Error(`DIGIPOST_CONTENT_ORIGIN is not a usable address (${address.problem})`);
    return [originPattern(address.origin, portMatchingOf(target))];
  }
  return new URL(baseUrl).origin === PRODUCTION_BASE_URL ? [originPattern(PRODUCTION_CONTENT_ORIGIN, portMatchingOf(target))] : [];
}

/** The service on this computer (the emulator, a test installation), at any port. */
const LOOPBACK_HOST_PERMISSIONS = ['http://127.0.0.1/*', 'http://localhost/*', 'http://[::1]/*'];

/**
 * The manifest's host permissions for the build's service: its origin and content host, and the
 * optional ones the manifest declares (any https host: a file saved from another site, another
 * service address). A build for a service on this computer (`npm start`, the tests) may also be
 * pointed at another local service, or save a file from one; any other build, the production one
 * first, asks for no loopback address at all.
 */
export function manifestHostPermissions(
  env: Env,
  declaredOptional: readonly string[],
  target: BuildTarget,
): { host_permissions: string[]; optional_host_permissions: string[] } {
  const { baseUrl } = buildDefaultsFromEnv(env);
  const local = isLoopbackHost(new URL(baseUrl).hostname);
  return {
    host_permissions: [hostPermissionFor(baseUrl, target), ...contentHostPermissions(env, baseUrl, target)],
    optional_host_permissions: [...declaredOptional, ...(local ? LOOPBACK_HOST_PERMISSIONS : [])],
  };
}

/**
 * DIGIPOST_NETWORK_TIMEOUT_MS: a deadline for each network call other than the default (20 s),
 * for test builds. Absent means the default; anything but a whole number of 1000 ms or more
 * stops the build.
 */
export function networkTimeoutFromEnv(env: Env): number | null {
  const value = env.DIGIPOST_NETWORK_TIMEOUT_MS?.trim();
  if (!value) return null;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 1000)
    throw new Error('DIGIPOST_NETWORK_TIMEOUT_MS must be a whole number of milliseconds, 1000 or more');
  return ms;
}

/**
 * The add-on's ID in Firefox (browser_specific_settings.gecko.id): fixed, so its storage and its
 * redirect URI survive updates. A distributor publishing their own build sets DIGIPOST_FIREFOX_ID
 * to an ID of their own, `digipost-mailbox@<a domain they control>`; the default is this project's
 * own, a UUID in braces (Mozilla's other form of ID), unique without owning a domain.
 */
export const DEFAULT_FIREFOX_ADDON_ID = '{7d3c1e52-6a4b-4f0e-9c2d-8b5e1f4a9d63}';

export function firefoxAddonIdFromEnv(env: Env): string {
  const id = env.DIGIPOST_FIREFOX_ID?.trim();
  if (!id) return DEFAULT_FIREFOX_ADDON_ID;
  // Mozilla's two forms: an e-mail-like ID, or a UUID in braces; at most 80 characters.
  const emailLike = /^[a-zA-Z0-9._+-]+@[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)+$/;
  const braced = /^\{[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\}$/;
  if (id.length > 80 || !(emailLike.test(id) || braced.test(id))) {
    throw new Error(`DIGIPOST_FIREFOX_ID is not a Firefox add-on ID (name@domain.tld or {uuid}, at most 80 characters): ${id}`);
  }
  if (/(^|[@.])example(\.|$)/i.test(id)) throw new Error(`DIGIPOST_FIREFOX_ID names a placeholder domain: ${id}`);
  return id;
}

/**
 * DIGIPOST_CHROME_KEY: the public key the Chrome Web Store shows for the item (Package, View public
 * key), without its BEGIN/END lines. Put in the manifest's `key`, it gives an unpacked build the
 * store's extension ID, and with it the same redirect URI (https://<id>.chromiumapp.org/).
 */
export function chromeKeyFromEnv(env: Env): string | null {
  const key = env.DIGIPOST_CHROME_KEY?.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  if (!key) return null;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(key) || key.length < 200) {
    throw new Error("DIGIPOST_CHROME_KEY is not a base64 public key (copy it from the Chrome Web Store's Package page, View public key)");
  }
  return key;
}
