import { buildForEmulator, E2E_CLIENT_ID, E2E_CLIENT_SECRET, E2E_NETWORK_TIMEOUT_MS } from '../support/build-extension.ts';
import { findFirefox } from '../support/firefox.ts';

/**
 * The Firefox suite's emulator listens on a port other than the default ones (80, 443) and other
 * than the Chromium suite's, since a port in the address is what Firefox's host permissions once
 * tripped on.
 */
export const FIREFOX_E2E_PORT = Number(process.env.E2E_FIREFOX_PORT ?? 4712);
export const FIREFOX_E2E_DIST = `dist-e2e-firefox-${FIREFOX_E2E_PORT}`;
/** The read permissions, so the suite can open a letter's content too. */
export const FIREFOX_E2E_SCOPE = 'READ_ACCOUNT_INFO READ_DOCUMENT_META_INFO READ_DOCUMENT_CONTENT';

export default async function setup(): Promise<void> {
  findFirefox(); // fail first, with the install command, when there is no Firefox
  await buildForEmulator(FIREFOX_E2E_DIST, `http://127.0.0.1:${FIREFOX_E2E_PORT}`, E2E_CLIENT_ID, E2E_CLIENT_SECRET, { scope: FIREFOX_E2E_SCOPE, target: 'firefox', networkTimeoutMs: E2E_NETWORK_TIMEOUT_MS });
}
