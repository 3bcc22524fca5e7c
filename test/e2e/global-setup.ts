import { buildForEmulator, E2E_CLIENT_ID, E2E_CLIENT_SECRET, E2E_DIST, E2E_NETWORK_TIMEOUT_MS, E2E_PORT } from '../support/build-extension.ts';
import { findChromium } from '../support/chromium.ts';

export default async function setup(): Promise<void> {
  findChromium(); // fail first, with the install command, when there is no browser
  await buildForEmulator(E2E_DIST, `http://127.0.0.1:${E2E_PORT}`, E2E_CLIENT_ID, E2E_CLIENT_SECRET, { networkTimeoutMs: E2E_NETWORK_TIMEOUT_MS });
}
