// The build, as a list of steps; each step is a module in build/ that says why it exists.
// `vite build` makes the Chrome build in dist/. `vite build --mode firefox` (npm run build:firefox),
// or DIGIPOST_TARGET=firefox, makes the Firefox build in dist-firefox/ from the same sources.
// The unit and component tests have their own configuration, vitest.config.ts.
import { crx } from '@crxjs/vite-plugin';
import { defineConfig } from 'vite';
import { greyIcons } from './build/grey-icons.ts';
import { textOnlyLibraries } from './build/library-patches.ts';
import { manifestForBrowser } from './build/manifest.ts';
import { popupInOneScript, workerInOneScript } from './build/one-script-bundles.ts';
import { popupStylesInPage } from './build/popup-styles-in-page.ts';
import { privacyStatement } from './build/privacy-page.ts';
import { buildDefaultsFromEnv, networkTimeoutFromEnv, type BuildTarget } from './src/config/build-defaults.ts';
import { requestWaits } from './src/protocol/requests.ts';

export default defineConfig(({ mode }) => {
  const target: BuildTarget = mode === 'firefox' || process.env.DIGIPOST_TARGET === 'firefox' ? 'firefox' : 'chrome';
  const define = {
    // Build-time defaults let a distributor (or `npm start`) ship a build already configured for one
    // service; the production build asks only for the real service's origin and its content host
    // (and, optionally, https hosts; never an address on this computer).
    __BUILD_DEFAULTS__: JSON.stringify(buildDefaultsFromEnv(process.env)),
    // Tests only (the e2e build): a short network deadline, so a service that never answers is seen quickly.
    __NETWORK_TIMEOUT_MS__: JSON.stringify(networkTimeoutFromEnv(process.env)),
    // How long a page waits for each answer: the one column of the protocol's table the pages read,
    // handed to them here so that they ship none of the table (its schemas are zod; answer-within.ts).
    __REQUEST_WAITS__: JSON.stringify(requestWaits()),
  };
  return {
    publicDir: 'src/public',
    define,
    oxc: {
      jsx: { runtime: 'automatic', importSource: 'preact' },
    },
    plugins: [
      // 1. Library code the extension never runs, and store linters flag, taken out as it is bundled.
      textOnlyLibraries(),
      // 2. The pages and the worker, from the manifest for this browser.
      crx({ manifest: manifestForBrowser(target, process.env), browser: target }),
      // 3. The files no manifest key names: the grey toolbar icons and the privacy statement.
      greyIcons(),
      privacyStatement(),
      // 4. The popup and the worker, each bundled again into one script that replaces its chunks.
      popupInOneScript(target, define),
      workerInOneScript(target, define),
      // 5. The popup's stylesheets written into its page, which then paints without fetching them.
      popupStylesInPage(),
    ],
    // pdf.js's worker is bundled from its source (`?worker&url` in src/viewer/letter/pdf-pages.ts), so the same patches reach it.
    worker: { format: 'es', plugins: () => [textOnlyLibraries()] },
    build: {
      outDir: process.env.DIGIPOST_OUT_DIR ?? (target === 'firefox' ? 'dist-firefox' : 'dist'),
      emptyOutDir: true,
      target: target === 'firefox' ? 'firefox128' : 'chrome120',
      rolldownOptions: {
        input: { viewer: 'src/viewer/viewer.html', save: 'src/save/save.html' },
      },
    },
  };
});
