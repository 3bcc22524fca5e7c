import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    globalSetup: ['test/e2e/global-setup.ts'],
    // One Chromium and one emulator at a time: the machine has two cores and the port is fixed.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll waits for something the browser does; 1 s (vitest's default) is short on a busy two-core machine.
    expect: { poll: { timeout: 10_000 } },
  },
});
