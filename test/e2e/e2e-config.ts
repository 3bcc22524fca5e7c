import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import type { BrowserName } from '../support/extension-browser.ts';
import BalancedShards from '../support/balanced-shards.ts';

/**
 * A shard of the suite (`--shard=2/3`: npm test runs each browser's scenarios in three shards, in
 * one queue with the checks and the unit tests; see test/tools/run-together.ts) gets an emulator
 * port and a build of its own: the browser's port plus two for each shard before it (Chromium's
 * ports stay odd, Firefox's even). Set in this process for the global setup, and returned for the
 * tests' workers.
 */
function shardPort(browser: BrowserName): Record<string, string> {
  const shard = process.argv.map((arg) => /^--shard=(\d+)\/\d+$/.exec(arg)?.[1]).find(Boolean);
  if (!shard || shard === '1') return {};
  const variable = browser === 'firefox' ? 'E2E_FIREFOX_PORT' : 'E2E_EMULATOR_PORT';
  const base = Number(process.env[variable] ?? (browser === 'firefox' ? 4712 : 4711));
  process.env[variable] = String(base + 2 * (Number(shard) - 1));
  return { [variable]: process.env[variable] };
}

/**
 * The end-to-end suite's config for one browser: the same scenarios (test/e2e/*.e2e.ts) in each.
 * npm test runs Chromium's and Firefox's side by side (test/tools/run-together.ts), each with its
 * own emulator port and build folder.
 */
export function e2eConfig(browser: BrowserName) {
  // The global setup (in this process) and the tests (in vitest's workers) both read it.
  process.env.E2E_BROWSER = browser;
  const port = shardPort(browser);
  // Where the global setup makes the profile Firefox's tests start from copies of (launch-firefox.ts): this run's own.
  const startedProfile =
    browser === 'firefox' ? { E2E_FIREFOX_STARTED_PROFILE: join(tmpdir(), `digipost-firefox-started-${process.pid}`) } : {};
  Object.assign(process.env, startedProfile);
  return defineConfig({
    test: {
      name: browser,
      include: ['test/e2e/**/*.e2e.ts'],
      globalSetup: ['test/e2e/global-setup.ts'],
      // A shard's files chosen by how long they take (balanced-shards.ts), the longest first.
      sequence: { sequencer: BalancedShards },
      env: { E2E_BROWSER: browser, ...port, ...startedProfile },
      // One browser and one emulator at a time: the machine has two cores and the port is fixed.
      fileParallelism: false,
      // The files share one worker and its loaded modules (puppeteer, the emulator, the helpers: about
      // 0.85 s of loading a file, measured): each file starts its own browser and emulator, and the
      // support modules keep no state of a file's (only the started Firefox profile, one per run).
      isolate: false,
      // Each wait allows 30 s (test/support/person.ts WAIT_MS), for a machine running both suites.
      testTimeout: 90_000,
      hookTimeout: 90_000,
      // expect.poll waits for something the browser does; 1 s (vitest's default) is short on a busy two-core machine.
      expect: { poll: { timeout: 10_000 } },
    },
  });
}
