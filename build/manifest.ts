// Why this step exists: manifest.json is written once for both browsers, but Chrome and Firefox
// read different keys, and a build's service (DIGIPOST_* variables) decides its host permissions.
// This step makes the manifest each build ships from manifest.json, package.json and the variables.
import type { ManifestV3Export } from '@crxjs/vite-plugin';
import baseManifest from '../manifest.json' with { type: 'json' };
import packageJson from '../package.json' with { type: 'json' };
import { chromeKeyFromEnv, firefoxAddonIdFromEnv, manifestHostPermissions, type BuildTarget } from '../src/config/build-defaults.ts';

type Env = Record<string, string | undefined>;

/**
 * The service's origin and its content host, in the form the target browser matches: Firefox
 * matches no port in a host permission, so its build asks for the host alone (any port). The
 * version is package.json's, the one place it is written.
 */
function manifestFor(target: BuildTarget, env: Env) {
  return {
    ...baseManifest,
    version: packageJson.version,
    ...manifestHostPermissions(env, baseManifest.optional_host_permissions, target),
  };
}

/**
 * The Chrome build; with DIGIPOST_CHROME_KEY, its `key` gives an unpacked build the store item's
 * ID (npm run package leaves it out: the store sets the key of the items it publishes itself).
 */
function chromeManifest(env: Env): ReturnType<typeof manifestFor> & { key?: string } {
  const key = chromeKeyFromEnv(env);
  return { ...manifestFor('chrome', env), ...(key ? { key } : {}) };
}

/**
 * Firefox runs MV3 background code as an event page (`background.scripts`), not a service worker;
 * it needs a fixed add-on ID (DIGIPOST_FIREFOX_ID, or the project's own; see build-defaults.ts),
 * and every new add-on declares what data it collects and transmits.
 * Mozilla counts as transmission any data handled outside the add-on or the browser, the service
 * the person chose included; Save to Digipost sends a file from a website to the person's mailbox,
 * which is Mozilla's "website content" (docs/publishing.md, "Data collection in Firefox"). Nothing else the
 * extension sends is data about the person taken from the browser: it sends the service its own
 * tokens and the person's requests about their own letters.
 */
function firefoxManifest(env: Env): Record<string, unknown> {
  const { background, ...rest } = manifestFor('firefox', env);
  const common: Partial<typeof rest> = { ...rest };
  delete common.minimum_chrome_version; // Chrome's key; Firefox's linter warns about it
  return {
    ...common,
    // Firefox's name for the context menu API; it knows contextMenus only as an alias.
    permissions: rest.permissions.map((name) => (name === 'contextMenus' ? 'menus' : name)),
    background: { scripts: [background.service_worker], type: background.type },
    browser_specific_settings: {
      gecko: {
        id: firefoxAddonIdFromEnv(env),
        // 140 is the first Firefox (an ESR) that reads data_collection_permissions; 142 on Android.
        strict_min_version: '140.0',
        data_collection_permissions: { required: ['websiteContent'] },
      },
      gecko_android: { strict_min_version: '142.0' },
    },
  };
}

/** The manifest of the build for `target`, its service and IDs read from `env` (the DIGIPOST_* variables). */
export function manifestForBrowser(target: BuildTarget, env: Env): ManifestV3Export {
  return (target === 'firefox' ? firefoxManifest(env) : chromeManifest(env)) as ManifestV3Export;
}
