import { defineConfig } from 'vitest/config';
import type { BrowserName } from '../support/extension-browser.ts';

/**
 * The end-to-end suite's config for one browser: the same scenarios (test/e2e/*.e2e.ts) in each.
 * npm test runs Chromium's and Firefox's side by side (test/tools/run-together.ts), each with its
 * own emulator port and build folder.
 */
export function e2eConfig(browser: BrowserName) {
  // The global setup (in this process) and the tests (in vitest's workers) both read it.
  process.env.E2E_BROWSER = browser;
  return defineConfig({
    test: {
      name: browser,
      include: ['test/e2e/**/*.e2e.ts'],
      globalSetup: ['test/e2e/global-setup.ts'],
      env: { E2E_BROWSER: browser },
      // One browser and one emulator at a time: the machine has two cores and the port is fixed.
      fileParallelism: false,
      // Each wait allows 30 s (test/support/person.ts WAIT_MS), for a machine running both suites.
      testTimeout: 90_000,
      hookTimeout: 90_000,
      // expect.poll waits for something the browser does; 1 s (vitest's default) is short on a busy two-core machine.
      expect: { poll: { timeout: 10_000 } },
    },
  });
}
