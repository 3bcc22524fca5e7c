// `vitest run` (npm run test:unit) finds this file at the top and runs every project; `--project 'unit*'`
// or `--project component` runs one kind. The end-to-end suites have their own, in test/e2e/.
import { defineConfig } from 'vitest/config';
import { requestWaits } from './src/protocol/requests.ts';
import { byModuleState } from './test/support/module-state.ts';

const root = import.meta.dirname;
// The unit tests in two projects: the files that share one module registry, and those that change
// what modules are and so load them afresh (test/support/module-state.ts says which, and why). The
// component tests each load theirs afresh: a page's modules hold the document they were loaded in.
const unit = byModuleState(root, ['test/unit', 'test/emulator'], '.test.ts');
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
      { extends: true, test: { name: 'unit', include: unit.shared, isolate: false, environment: 'node' } },
      { extends: true, test: { name: 'unit-own-modules', include: unit.own, environment: 'node' } },
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
