import { readdirSync, rmSync } from 'node:fs';
import { buildForEmulator, E2E_CLIENT_ID, E2E_CLIENT_SECRET, E2E_NETWORK_TIMEOUT_MS, e2eBuildFor } from '../support/build-extension.ts';
import { browserUnderTest } from '../support/extension-browser.ts';
import { findChromium } from '../support/chromium.ts';
import { findFirefox, startProfile } from '../support/launch-firefox.ts';
import { copySiblingBuild, markFinished } from '../support/sibling-build.ts';

/**
 * Builds the extension for the browser under test, pointed at its emulator (or copies a sibling
 * shard's build of this run, sibling-build.ts); fails first, with the
 * install command, when the browser is missing. For Firefox, also the profile each test's browser
 * starts from a copy of (launch-firefox.ts), removed when the run ends.
 */
export default async function setup(): Promise<(() => void) | undefined> {
  const browser = browserUnderTest();
  if (browser === 'firefox') findFirefox();
  else findChromium();
  const { port, dist, target } = e2eBuildFor(browser);
  // The build folders of this browser's other shards: the same name with another port.
  const siblings = readdirSync('.').filter((name) => name.replace(/\d+$/, '') === dist.replace(/\d+$/, ''));
  if (!copySiblingBuild(dist, port, siblings)) {
    await buildForEmulator(dist, `http://127.0.0.1:${port}`, E2E_CLIENT_ID, E2E_CLIENT_SECRET, {
      target,
      networkTimeoutMs: E2E_NETWORK_TIMEOUT_MS,
    });
    markFinished(dist, port);
  }
  const profile = process.env.E2E_FIREFOX_STARTED_PROFILE;
  if (browser !== 'firefox' || !profile) return undefined;
  await startProfile(profile);
  return () => rmSync(profile, { recursive: true, force: true });
}
