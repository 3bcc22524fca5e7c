// `vitest run` (npm run test:unit) finds this file at the top and runs both projects; `--project unit`
// or `--project component` runs one. The end-to-end suites have their own, in test/e2e/.
import { defineConfig } from 'vitest/config';
import { requestWaits } from './src/protocol/requests.ts';

export default defineConfig({
  // How long a page waits for each answer, handed to the pages as the build hands it (vite.config.ts).
  define: { __REQUEST_WAITS__: JSON.stringify(requestWaits()) },
  // JSX as the build compiles it (vite.config.ts): Preact's automatic runtime.
  oxc: {
    jsx: { runtime: 'automatic', importSource: 'preact' },
  },
  test: {
    // No test here may fail because the machine is slow or busy. Alone on two cores the slowest takes
    // about 3.5 s (a component test whose service never answers, waiting out the page's own bound) and
    // a build-sized one 1.3 s (test/unit/build); under a whole npm test the same took over 5 s, vitest's
    // default. The limit is for a test that hangs, not for one that is slow: ten times what any needs.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts', 'test/emulator/**/*.test.ts'], environment: 'node' } },
      {
        extends: true,
        test: {
          // The pages rendered in a DOM (happy-dom; the letter's tests choose jsdom, which runs DOMPurify), over a fake extension API and worker.
          name: 'component',
          include: ['test/component/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['test/component/setup.ts'],
          // Longer than a find… query waits (setup.ts), so a page that never shows something says what it lacked.
          testTimeout: 90_000,
        },
      },
    ],
  },
});
