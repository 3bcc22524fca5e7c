import { build } from 'vite';
import type { BuildTarget } from '../../src/config/build-defaults.ts';

export const E2E_PORT = Number(process.env.E2E_EMULATOR_PORT ?? 4711);
export const E2E_CLIENT_ID = 'digipost-mailbox-demo';
export const E2E_CLIENT_SECRET = 'demo-secret-change-me';
// One build per port, so two e2e runs on one machine (E2E_EMULATOR_PORT) do not overwrite each other.
export const E2E_DIST = `dist-e2e-${E2E_PORT}`;

/** The emulator serves redirected content from http://localhost:<its port> (test/emulator/state.ts). */
function contentOriginFor(baseUrl: string): string {
  return `http://localhost:${new URL(baseUrl).port}`;
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
  scope?: string,
  target: BuildTarget = 'chrome',
): Promise<void> {
  const saved = { ...process.env };
  Object.assign(process.env, {
    ...(scope ? { DIGIPOST_SCOPE: scope } : {}),
    DIGIPOST_BASE_URL: baseUrl,
    DIGIPOST_CLIENT_ID: clientId,
    DIGIPOST_CLIENT_SECRET: clientSecret,
    DIGIPOST_OUT_DIR: outDir,
    DIGIPOST_TARGET: target,
    // The emulator's content host (its `contentRedirect` knob): same server, the other loopback name.
    DIGIPOST_CONTENT_ORIGIN: contentOriginFor(baseUrl),
  });
  try {
    await build({ configFile: 'vite.config.ts', logLevel: 'warn' });
  } finally {
    for (const key of ['DIGIPOST_BASE_URL', 'DIGIPOST_CLIENT_ID', 'DIGIPOST_CLIENT_SECRET', 'DIGIPOST_SCOPE', 'DIGIPOST_OUT_DIR', 'DIGIPOST_CONTENT_ORIGIN', 'DIGIPOST_TARGET']) {
      if (saved[key] === undefined) Reflect.deleteProperty(process.env, key);
      else process.env[key] = saved[key];
    }
  }
}
