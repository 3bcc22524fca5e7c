import { defineConfig } from 'vitest/config';

// `npm run test:firefox`: the extension's whole journey in real Firefox (Debian's firefox-esr).
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.firefox.ts'],
    globalSetup: ['test/e2e/firefox-setup.ts'],
    // One Firefox and one emulator at a time: the machine has two cores and the port is fixed.
    fileParallelism: false,
    // Each wait allows 30 s (test/support/firefox-page.ts WAIT), for a machine running both suites.
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
