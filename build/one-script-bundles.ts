// Why this step exists: Vite's build splits the pages' common modules into shared chunks, so the
// popup and the worker each started by loading a chain of scripts, and an extension has no HTTP
// cache or code cache to hide it. The popup is opened far more often than any other page, and the
// worker starts again after every idle spell, so each is bundled a second time on its own into one
// script, which replaces its entry in Vite's output; the shared chunks stay for the other pages.
import { createHash } from 'node:crypto';
import { build as rolldownBuild, type TransformOptions } from 'rolldown';
import { minify as terserMinify } from 'terser';
import type { Plugin } from 'vite';
import type { BuildTarget } from '../src/config/build-defaults.ts';
import { textOnlyLibraries } from './library-patches.ts';

const POPUP_PAGE = 'src/popup/popup.html';
const POPUP_ENTRY = 'src/popup/main.tsx';
const WORKER_ENTRY = 'src/background/service-worker.ts';

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
export async function oneScript(input: string, target: BuildTarget, define: Record<string, string>): Promise<string> {
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
  return smallest(script.code);
}

/**
 * A second, slower minifier over the bundle: terser (safe options only: no `unsafe_*`, no assumed
 * pure getters) takes what oxc's single pass leaves, such as constants inlined across functions and
 * shorter conditionals. Measured on the two bundles that have a budget: the popup about 180 bytes
 * smaller gzipped, the worker about 500; it runs only at build time and ships nothing.
 */
async function smallest(code: string): Promise<string> {
  const { code: minified } = await terserMinify(code, {
    module: true,
    ecma: 2020,
    compress: { passes: 2 },
    mangle: true,
    format: { comments: false },
  });
  if (minified === undefined) throw new Error('terser returned no code');
  return minified;
}

/** The module script a page built by Vite loads (the tag and the address it names); the page must load exactly one. */
export function moduleScriptOf(page: string, what: string): { tag: string; src: string } {
  const scripts = [...page.matchAll(/<script type="module" crossorigin src="\/([^"]+\.js)"><\/script>/g)];
  const [tag, src] = scripts[0] ?? [];
  if (scripts.length !== 1 || tag === undefined || src === undefined)
    throw new Error(`${what}: expected one module script, found ${scripts.length}`);
  return { tag, src };
}

/** The page loading `fileName` in place of its module script `tag`, and nothing preloaded: the one script imports nothing. */
export function pageLoadingOneScript(page: string, tag: string, fileName: string): string {
  return page.replace(tag, `<script type="module" src="/${fileName}"></script>`).replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
}

/**
 * The popup as one script. From the shared build it loaded six scripts before its first paint; now
 * its entry is bundled again on its own, the page loads that one file (named by a hash of its code,
 * as Vite names the others), and the popup's chunk of the shared build is dropped.
 */
export function popupInOneScript(target: BuildTarget, define: Record<string, string>): Plugin {
  return {
    name: 'popup-in-one-script',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const page = bundle[POPUP_PAGE];
        if (page?.type !== 'asset' || typeof page.source !== 'string') return this.error(`${POPUP_PAGE} is not in the bundle`);
        const shared = moduleScriptOf(page.source, POPUP_PAGE);
        const code = await oneScript(POPUP_ENTRY, target, define);
        const fileName = `assets/popup-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
        this.emitFile({ type: 'asset', fileName, source: code });
        Reflect.deleteProperty(bundle, shared.src);
        page.source = pageLoadingOneScript(page.source, shared.tag, fileName);
      },
    },
  };
}

/**
 * The worker as one script. It starts again after every idle spell (a service worker is stopped
 * after 30 s; Firefox's event page too), and each start loaded its own chunk and four chunks shared
 * with the pages, each with its own table of exports and imports. Bundled alone it is one module to
 * load and about 2 kB smaller gzipped. Its chunk keeps its name, which the manifest's loader imports.
 */
export function workerInOneScript(target: BuildTarget, define: Record<string, string>): Plugin {
  return {
    name: 'worker-in-one-script',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const chunks = Object.values(bundle).filter(
          (file) => file.type === 'chunk' && file.isEntry && file.facadeModuleId?.endsWith(`/${WORKER_ENTRY}`),
        );
        const [chunk] = chunks;
        if (chunks.length !== 1 || chunk?.type !== 'chunk')
          return this.error(`expected one entry chunk for ${WORKER_ENTRY}, found ${chunks.length}`);
        chunk.code = await oneScript(WORKER_ENTRY, target, define);
      },
    },
  };
}
