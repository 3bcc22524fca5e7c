// The manifest each build ships (build/manifest.ts): manifest.json as Chrome reads it, and as Firefox
// does (an event page, its name for the menus API, its add-on ID and its data declaration), with
// the version from package.json and the host permissions of the build's service.
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { manifestForBrowser } from '../../../build/manifest.ts';
import manifestJson from '../../../manifest.json' with { type: 'json' };
import packageJson from '../../../package.json' with { type: 'json' };
import { DEFAULT_FIREFOX_ADDON_ID } from '../../../src/config/build-defaults.ts';

/** A manifest as plain data, to read keys the crx plugin's type does not name. */
const read = (manifest: unknown) => manifest as Record<string, unknown> & typeof manifestJson;

/** A public key as the Chrome Web Store shows one, in one line of base64. */
const chromeKey = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'der' },
  privateKeyEncoding: { type: 'pkcs8', format: 'der' },
}).publicKey.toString('base64');
const EMULATOR = { DIGIPOST_BASE_URL: 'http://127.0.0.1:4710', DIGIPOST_CONTENT_ORIGIN: 'http://localhost:4711' };

describe('the manifest for Chrome', () => {
  const manifest = read(manifestForBrowser('chrome', {}));

  it("is manifest.json with package.json's version and the production service's hosts", () => {
    expect(manifest).toEqual({
      ...manifestJson,
      version: packageJson.version,
      host_permissions: ['https://www.digipost.no/*', 'https://www.digipostdata.no/*'],
    });
  });

  it("runs the worker as a service worker and keeps Chrome's own keys", () => {
    expect(manifest.background).toEqual({ service_worker: 'src/background/service-worker.ts', type: 'module' });
    expect(manifest.minimum_chrome_version).toBe('120');
    expect(manifest.permissions).toContain('contextMenus');
    expect(manifest).not.toHaveProperty('browser_specific_settings');
  });

  it('carries a key only when DIGIPOST_CHROME_KEY names one', () => {
    expect(manifest).not.toHaveProperty('key');
    expect(read(manifestForBrowser('chrome', { DIGIPOST_CHROME_KEY: chromeKey })).key).toBe(chromeKey);
  });

  it('asks for the port of a service on this computer, and may be pointed at another local one', () => {
    const local = read(manifestForBrowser('chrome', EMULATOR));
    expect(local.host_permissions).toEqual(['http://127.0.0.1:4710/*', 'http://localhost:4711/*']);
    expect(local.optional_host_permissions).toEqual(['https://*/*', 'http://127.0.0.1/*', 'http://localhost/*', 'http://[::1]/*']);
  });
});

describe('the manifest for Firefox', () => {
  const manifest = read(manifestForBrowser('firefox', {}));

  it('runs the worker as an event page of the same script', () => {
    expect(manifest.background).toEqual({ scripts: ['src/background/service-worker.ts'], type: 'module' });
  });

  it("names the menus API as Firefox does, and asks for the same permissions otherwise, in manifest.json's order", () => {
    expect(manifest.permissions).toEqual(manifestJson.permissions.map((name) => (name === 'contextMenus' ? 'menus' : name)));
    expect(manifest.permissions).toContain('menus');
    expect(manifest.permissions).not.toContain('contextMenus');
  });

  it("has the project's add-on ID, or a distributor's, and declares that it sends website content, from Firefox 140 (142 on Android)", () => {
    expect(manifest.browser_specific_settings).toEqual({
      gecko: { id: DEFAULT_FIREFOX_ADDON_ID, strict_min_version: '140.0', data_collection_permissions: { required: ['websiteContent'] } },
      gecko_android: { strict_min_version: '142.0' },
    });
    const theirs = read(manifestForBrowser('firefox', { DIGIPOST_FIREFOX_ID: 'digipost-mailbox@post.kommune.no' }));
    expect(theirs.browser_specific_settings).toMatchObject({ gecko: { id: 'digipost-mailbox@post.kommune.no' } });
    expect(() => manifestForBrowser('firefox', { DIGIPOST_FIREFOX_ID: 'not an id' })).toThrow(/not a Firefox add-on ID/);
  });

  it("leaves out Chrome's keys: its minimum version, and the key even when one is set", () => {
    expect(manifest).not.toHaveProperty('minimum_chrome_version');
    expect(read(manifestForBrowser('firefox', { DIGIPOST_CHROME_KEY: chromeKey }))).not.toHaveProperty('key');
  });

  it('asks for the host of a service on this computer without its port (Firefox matches none)', () => {
    expect(read(manifestForBrowser('firefox', EMULATOR)).host_permissions).toEqual(['http://127.0.0.1/*', 'http://localhost/*']);
  });

  it("is otherwise Chrome's manifest, and making it changes nothing in Chrome's", () => {
    const chrome = read(manifestForBrowser('chrome', {}));
    const differing = ['background', 'permissions', 'minimum_chrome_version', 'browser_specific_settings'];
    const rest = (m: Record<string, unknown>) => Object.fromEntries(Object.entries(m).filter(([key]) => !differing.includes(key)));
    expect(rest(manifest)).toEqual(rest(chrome));
    expect(chrome.minimum_chrome_version).toBe('120');
    expect(manifestJson.permissions).toContain('contextMenus');
  });
});
