/// <reference types="vitest/config" />
import { crx, type ManifestV3Export } from '@crxjs/vite-plugin';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { build as rolldownBuild, type TransformOptions } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import baseManifest from './manifest.json' with { type: 'json' };
import packageJson from './package.json' with { type: 'json' };
import {
  buildDefaultsFromEnv,
  chromeKeyFromEnv,
  firefoxAddonIdFromEnv,
  manifestHostPermissions,
  networkTimeoutFromEnv,
  type BuildTarget,
} from './src/config/build-defaults.ts';
import { requestWaits } from './src/protocol/requests.ts';

// Build-time defaults let a distributor (or `npm start`) ship a dist/ that is already configured
// for one service; the production build asks only for the real service's origin and its content host
// (and, optionally, https hosts; never an address on this computer).
const defaults = buildDefaultsFromEnv(process.env);

/** The add-on's ID in Firefox (DIGIPOST_FIREFOX_ID, or the project's own; see build-defaults.ts). */
const FIREFOX_ADDON_ID = firefoxAddonIdFromEnv(process.env);

/**
 * The service's origin and its content host, in the form the target browser matches: Firefox
 * matches no port in a host permission, so its build asks for the host alone (any port). The
 * version is package.json's, the one place it is written.
 */
function manifestFor(target: BuildTarget) {
  return {
    ...baseManifest,
    version: packageJson.version,
    ...manifestHostPermissions(process.env, baseManifest.optional_host_permissions, target),
  };
}

/**
 * The Chrome build; with DIGIPOST_CHROME_KEY, its `key` gives an unpacked build the store item's
 * ID (npm run package leaves it out: the store sets the key of the items it publishes itself).
 */
function chromeManifest(): ReturnType<typeof manifestFor> & { key?: string } {
  const key = chromeKeyFromEnv(process.env);
  return { ...manifestFor('chrome'), ...(key ? { key } : {}) };
}

/**
 * Firefox runs MV3 background code as an event page (`background.scripts`), not a service worker;
 * it needs a fixed add-on ID, and every new add-on declares what data it collects and transmits.
 * Mozilla counts as transmission any data handled outside the add-on or the browser, the service
 * the person chose included; Save to Digipost sends a file from a website to the person's mailbox,
 * which is Mozilla's "website content" (README, "Data collection in Firefox"). Nothing else the
 * extension sends is data about the person taken from the browser: it sends the service its own
 * tokens and the person's requests about their own letters.
 */
function firefoxManifest(): Record<string, unknown> {
  const { background, ...rest } = manifestFor('firefox');
  const common: Partial<typeof rest> = { ...rest };
  delete common.minimum_chrome_version; // Chrome's key; Firefox's linter warns about it
  return {
    ...common,
    // Firefox's name for the context menu API; it knows contextMenus only as an alias.
    permissions: rest.permissions.map((name) => (name === 'contextMenus' ? 'menus' : name)),
    background: { scripts: [background.service_worker], type: background.type },
    browser_specific_settings: {
      gecko: {
        id: FIREFOX_ADDON_ID,
        // 140 is the first Firefox (an ESR) that reads data_collection_permissions; 142 on Android.
        strict_min_version: '140.0',
        data_collection_permissions: { required: ['websiteContent'] },
      },
      gecko_android: { strict_min_version: '142.0' },
    },
  };
}

/** The grey toolbar icons (signed out) are set by the worker at run time, so the manifest cannot name them. */
function greyIcons(): Plugin {
  return {
    name: 'grey-toolbar-icons',
    generateBundle() {
      for (const size of [16, 32]) {
        const fileName = `icons/icon-grey-${size}.png`;
        this.emitFile({ type: 'asset', fileName, source: readFileSync(fileName) });
      }
    },
  };
}

/**
 * PRIVACY.md, shipped as privacy.html for the options page's link: the statement of the version
 * installed, readable offline (an extension page may load nothing from the web). The Markdown is
 * shown as it is written, in a page that runs no script.
 */
function privacyStatement(): Plugin {
  return {
    name: 'privacy-statement',
    generateBundle() {
      const text = readFileSync('PRIVACY.md', 'utf8').replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] ?? c);
      const source =
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width">\n' +
        '<title>Digipost Mailbox – privacy statement / personvernerklæring</title>\n' +
        '<style>body { margin: 0 auto; max-width: 46rem; padding: 1.5rem; font: 1rem/1.5 system-ui, sans-serif; } ' +
        'pre { white-space: pre-wrap; font: inherit; } @media (prefers-color-scheme: dark) { body { background: #1c1b22; color: #fbfbfe; } }</style>\n' +
        `</head>\n<body>\n<pre>${text}</pre>\n</body>\n</html>\n`;
      this.emitFile({ type: 'asset', fileName: 'privacy.html', source });
    },
  };
}

/** Replaces `search` in a library's code, and stops the build if it is not there exactly once (a new version changed it). */
function replaceOnce(code: string, search: RegExp | string, replacement: string, what: string): string {
  const count = typeof search === 'string' ? code.split(search).length - 1 : [...code.matchAll(new RegExp(search, 'g'))].length;
  if (count !== 1) throw new Error(`${what}: expected the pattern once, found it ${count} times; check the library's new version`);
  return code.replace(search, replacement);
}

/** pdf.js probes `new Function("")` to decide whether to compile PostScript functions; the viewer passes `isEvalSupported: false`. */
function pdfjsNoEvalProbe(code: string, what: string): string {
  return replaceOnce(
    code,
    /function isEvalSupported\(\) \{\n\s*try \{\n\s*new Function\(""\);\n\s*return true;\n\s*\} catch \{\n\s*return false;\n\s*\}\n\}/,
    'function isEvalSupported() {\n  return false;\n}',
    `${what} isEvalSupported probe`,
  );
}

/**
 * Takes out of the bundle the library features the extension never uses and store linters
 * (Firefox's `web-ext lint`) flag as code from strings or HTML from strings:
 * - zod 4 probes `new Function("")` to decide whether to compile parsers. The extension runs zod
 *   jitless (src/shared/zod.ts), so the probe's answer is always "no"; here it is "no" by construction.
 * - Preact's `dangerouslySetInnerHTML` assigns `innerHTML`; pages render text only (the lint config
 *   forbids the prop), so the assignment becomes an error that names the rule.
 * - DOMPurify parses with DOMParser, and falls back to `innerHTML` only where DOMParser fails (old
 *   browsers, or another namespace than HTML's, which the letter sanitiser never asks for); the
 *   fallback becomes an error, so the sanitiser returns nothing and the letter is not shown.
 * - pdf.js (the viewer's PDF pages, and its worker) probes `new Function("")` and compiles a PDF's
 *   PostScript functions into code when it may; the viewer asks it not to (`isEvalSupported: false`)
 *   and here the probe answers "no" and the compiler's call is gone, so such functions are
 *   interpreted. It also imports code from a computed address in two places the viewer never uses:
 *   a worker on the page itself (when no Worker can start) and a JPEG 2000 decoder file that is not
 *   packaged; both become errors, so such a PDF, or such an image in it, is reported as not shown.
 */
function textOnlyLibraries(): Plugin {
  return {
    name: 'text-only-libraries',
    enforce: 'pre',
    transform(code, id) {
      const [path = '', query = ''] = id.split('?');
      // `?worker&url` is Vite's stub that names a worker's address; the worker's own source comes without it.
      if (/(^|&)worker(&|$)/.test(query)) return null;
      const file = path.replaceAll('\\', '/');
      if (file.endsWith('/node_modules/zod/v4/core/util.js')) {
        return replaceOnce(
          code,
          /export const allowsEval = [^\n]*cached\(\(\) => \{\n[\s\S]*?\n\}\);\n/,
          'export const allowsEval = /* @__PURE__*/ cached(() => false);\n',
          'zod allowsEval',
        );
      }
      if (file.endsWith('/node_modules/dompurify/dist/purify.es.mjs')) {
        return replaceOnce(
          code,
          'doc.documentElement.innerHTML = IS_EMPTY_INPUT ? emptyHTML : dirtyPayload;',
          'throw new Error("DOMParser failed: the letter sanitiser parses nothing through innerHTML");',
          'dompurify innerHTML fallback',
        );
      }
      if (file.endsWith('/node_modules/pdfjs-dist/build/pdf.mjs')) {
        const probed = pdfjsNoEvalProbe(code, 'pdf.js');
        return replaceOnce(
          probed,
          /const worker = await import\(\s*\/\*webpackIgnore: true\*\/\s*\/\*@vite-ignore\*\/\s*this\.workerSrc\);/,
          'const worker = await Promise.reject(new Error("pdf.js runs in its own worker only: no worker on the page"));',
          'pdf.js main-thread worker import',
        );
      }
      if (file.endsWith('/node_modules/pdfjs-dist/build/pdf.worker.mjs')) {
        const probed = pdfjsNoEvalProbe(code, 'pdf.js worker');
        const interpreted = replaceOnce(
          probed,
          /if \(factory\.isEvalSupported && FeatureTest\.isEvalSupported\) \{\n\s*const compiled = new PostScriptCompiler\(\)\.compile\(code, domain, range\);\n\s*if \(compiled\) \{\n\s*return new Function\("src", "srcOffset", "dest", "destOffset", compiled\);\n\s*\}\n\s*\}/,
          '/* PostScript functions are interpreted, never compiled to code */',
          'pdf.js worker PostScript compiler',
        );
        return replaceOnce(
          interpreted,
          /const mod = await import\(\s*\/\*webpackIgnore: true\*\/\s*\/\*@vite-ignore\*\/\s*path\);/,
          'const mod = await Promise.reject(new Error(`JPEG 2000 decoder not packaged: ${path}`));',
          'pdf.js worker JPEG 2000 decoder import',
        );
      }
      if (/\/node_modules\/preact\/dist\/preact\.(module\.js|mjs)$/.test(file)) {
        return replaceOnce(
          code,
          'u.innerHTML=h.__html',
          'function(){throw new Error("dangerouslySetInnerHTML is not allowed: pages render text only")}()',
          'preact dangerouslySetInnerHTML',
        );
      }
      return null;
    },
  };
}

/**
 * JSX compiled to Preact's own `h` (classic JSX) in the scripts bundled on their own: the automatic
 * runtime brings a second element factory (preact/jsx-runtime) beside the `h` that Preact's core
 * carries anyway, and spells every element's props out as an object with a `children` key, some
 * 170 bytes more in the popup. Both build the same elements. The names are injected where JSX is
 * used, and chosen so no source binding can shadow them.
 */
const CLASSIC_JSX: Pick<TransformOptions, 'jsx' | 'inject'> = {
  jsx: { runtime: 'classic', pragma: 'preactJsxH', pragmaFrag: 'preactJsxFragment' },
  inject: { preactJsxH: ['preact', 'h'], preactJsxFragment: ['preact', 'Fragment'] },
};

/**
 * One entry bundled again on its own: same sources, same transforms, only what it imports, in one
 * file. Written as Vite writes the other pages when it minifies: without comments (rolldown would
 * otherwise keep every `@__PURE__` annotation, some 200 in the popup).
 */
async function oneScript(input: string, target: BuildTarget, define: Record<string, string>): Promise<string> {
  const { output } = await rolldownBuild({
    input,
    write: false,
    tsconfig: false,
    platform: 'browser',
    logLevel: 'warn',
    plugins: [textOnlyLibraries()],
    transform: { ...CLASSIC_JSX, define, target: target === 'firefox' ? 'firefox128' : 'chrome120' },
    output: { format: 'es', minify: true, codeSplitting: false, comments: false },
  });
  const [script, ...more] = output;
  if (more.some((file) => file.type === 'chunk')) throw new Error(`${input} did not bundle into one script`);
  return script.code;
}

const POPUP_PAGE = 'src/popup/popup.html';
const POPUP_ENTRY = 'src/popup/main.tsx';
const WORKER_ENTRY = 'src/background/service-worker.ts';

/**
 * The popup as one script. The shared build splits the pages' common modules into chunks, so the
 * popup loaded six scripts before its first paint; an extension page has no HTTP cache or code
 * cache to hide that, and the popup is opened far more often than any other page. So the popup's
 * entry is bundled again on its own, the page loads that one file, and its chunk of the shared
 * build is dropped; the chunks it shared stay for the other pages.
 */
function popupInOneScript(target: BuildTarget, define: Record<string, string>): Plugin {
  return {
    name: 'popup-in-one-script',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const page = bundle[POPUP_PAGE];
        if (page?.type !== 'asset' || typeof page.source !== 'string') return this.error(`${POPUP_PAGE} is not in the bundle`);
        const scripts = [...page.source.matchAll(/<script type="module" crossorigin src="\/([^"]+\.js)"><\/script>/g)];
        const shared = scripts[0]?.[1];
        if (scripts.length !== 1 || shared === undefined) return this.error(`${POPUP_PAGE}: expected one module script, found ${scripts.length}`);
        const code = await oneScript(POPUP_ENTRY, target, define);
        const fileName = `assets/popup-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
        this.emitFile({ type: 'asset', fileName, source: code });
        Reflect.deleteProperty(bundle, shared);
        page.source = page.source
          .replace(scripts[0]?.[0] ?? '', `<script type="module" src="/${fileName}"></script>`)
          .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
      },
    },
  };
}

/**
 * The worker as one script, for the same reason: it starts again after every idle spell (a
 * service worker is stopped after 30 s; Firefox's event page too), and each start loaded its own
 * chunk and four chunks shared with the pages, each with its own table of exports and imports.
 * Bundled alone it is one module to load and about 2 kB smaller gzipped. Its chunk keeps its name,
 * which the manifest's loader imports; the shared chunks stay for the pages.
 */
function workerInOneScript(target: BuildTarget, define: Record<string, string>): Plugin {
  return {
    name: 'worker-in-one-script',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk' && file.isEntry && file.facadeModuleId?.endsWith(`/${WORKER_ENTRY}`));
        const [chunk] = chunks;
        if (chunks.length !== 1 || chunk?.type !== 'chunk') return this.error(`expected one entry chunk for ${WORKER_ENTRY}, found ${chunks.length}`);
        chunk.code = await oneScript(WORKER_ENTRY, target, define);
      },
    },
  };
}

// `vite build` makes the Chrome build in dist/. `vite build --mode firefox` (npm run build:firefox),
// or DIGIPOST_TARGET=firefox, makes the Firefox build in dist-firefox/ from the same sources.
export default defineConfig(({ mode }) => {
  const target: BuildTarget = mode === 'firefox' || process.env.DIGIPOST_TARGET === 'firefox' ? 'firefox' : 'chrome';
  const manifest = (target === 'firefox' ? firefoxManifest() : chromeManifest()) as ManifestV3Export;
  const define = {
    __BUILD_DEFAULTS__: JSON.stringify(defaults),
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
    plugins: [textOnlyLibraries(), crx({ manifest, browser: target }), greyIcons(), privacyStatement(), popupInOneScript(target, define), workerInOneScript(target, define)],
    // pdf.js's worker is bundled from its source (`?worker&url` in src/viewer/letter/pdf-pages.ts), so the same transforms reach it.
    worker: { format: 'es', plugins: () => [textOnlyLibraries()] },
    build: {
      outDir: process.env.DIGIPOST_OUT_DIR ?? (target === 'firefox' ? 'dist-firefox' : 'dist'),
      emptyOutDir: true,
      target: target === 'firefox' ? 'firefox128' : 'chrome120',
      rolldownOptions: {
        input: { viewer: 'src/viewer/viewer.html', save: 'src/save/save.html' },
      },
    },
    // `vitest run` (npm run test:unit) runs both projects; `--project unit` or `--project component` one.
    test: {
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
            testTimeout: 15_000,
          },
        },
      ],
    },
  };
});
