import { build } from 'vite';
import type { BuildTarget } from '../../src/config/build-defaults.ts';
import type { BrowserName } from './extension-browser.ts';

export const E2E_PORT = Number(process.env.E2E_EMULATOR_PORT ?? 4711);
export const E2E_CLIENT_ID = 'digipost-mailbox-demo';
export const E2E_CLIENT_SECRET = 'demo-secret-change-me';
// One build per port, so two e2e runs on one machine (E2E_EMULATOR_PORT) do not overwrite each other.
export const E2E_DIST = `dist-e2e-${E2E_PORT}`;
/**
 * The Firefox run's emulator listens on another port than Chromium's, so both suites run side by
 * side (npm test), and other than the default ones (80, 443), since a port in the address is what
 * Firefox's host permissions once tripped on.
 */
const E2E_FIREFOX_PORT = Number(process.env.E2E_FIREFOX_PORT ?? 4712);

export interface E2eBuild {
  port: number;
  dist: string;
  target: BuildTarget;
}

/** Where the e2e build for a browser is, and the port of the emulator it points at. */
export function e2eBuildFor(browser: BrowserName): E2eBuild {
  return browser === 'firefox'
    ? { port: E2E_FIREFOX_PORT, dist: `dist-e2e-firefox-${E2E_FIREFOX_PORT}`, target: 'firefox' }
    : { port: E2E_PORT, dist: E2E_DIST, target: 'chrome' };
}
/**
 * The e2e build's deadline for each network call (the default is 20 s): short, so the test of a
 * token endpoint that never answers sees the timeout quickly, and long enough for the emulator
 * on a busy machine (its slowest planned answer is 800 ms).
 */
export const E2E_NETWORK_TIMEOUT_MS = 5000;

/** The emulator serves redirected content from http://localhost:<its port> (test/emulator/state.ts). */
function contentOriginFor(baseUrl: string): string {
  return `http://localhost:${new URL(baseUrl).port}`;
}

export interface BuildOptions {
  /** DIGIPOST_SCOPE: the permissions to ask for; the build's default when absent. */
  scope?: string | undefined;
  /** DIGIPOST_NETWORK_TIMEOUT_MS: a short deadline, so a test of a silent service need not wait 20 s. */
  networkTimeoutMs?: number | undefined;
  target?: BuildTarget | undefined;
}

/** The DIGIPOST_* variables that configure a build for the local emulator (see docs/publishing.md, the build's settings). */
export function emulatorBuildEnv(
  outDir: string,
  baseUrl: string,
  clientId: string,
  clientSecret: string,
  options: BuildOptions = {},
): Record<string, string> {
  const { scope, networkTimeoutMs, target = 'chrome' } = options;
  return {
    ...(scope ? { DIGIPOST_SCOPE: scope } : {}),
    ...(networkTimeoutMs ? { DIGIPOST_NETWORK_TIMEOUT_MS: String(networkTimeoutMs) } : {}),
    DIGIPOST_BASE_URL: baseUrl,
    DIGIPOST_CLIENT_ID: clientId,
    DIGIPOST_CLIENT_SECRET: clientSecret,
    DIGIPOST_OUT_DIR: outDir,
    DIGIPOST_TARGET: target,
    // The emulator's content host (its `contentRedirect` knob): same server, the other loopback name.
    DIGIPOST_CONTENT_ORIGIN: contentOriginFor(baseUrl),
    // The default IDs, whatever a distributor's shell sets: the harnesses expect them.
    DIGIPOST_FIREFOX_ID: '',
    DIGIPOST_CHROME_KEY: '',
  };
}

/**
 * Builds the extension exactly as a distributor would, configured through the DIGIPOST_*
 * variables for the local emulator: the extension itself knows nothing of the emulator.
 */
export async function buildForEmulator(
  outDir: string,
  baseUrl: string,
  clientId: string,
  clientSecret: string,
  options: BuildOptions = {},
): Promise<void> {
  const env = emulatorBuildEnv(outDir, baseUrl, clientId, clientSecret, options);
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    await build({ configFile: 'vite.config.ts', logLevel: 'warn' });
  } finally {
    for (const key of Object.keys(env)) {
      if (saved[key] === undefined) Reflect.deleteProperty(process.env, key);
      else process.env[key] = saved[key];
    }
  }
}
