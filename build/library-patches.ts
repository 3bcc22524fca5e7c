// Why this step exists: store linters (Firefox's `web-ext lint`) flag code from strings and HTML
// from strings, and four libraries carry some in features the extension never uses. This step takes
// those features out of the bundle as the libraries are bundled, and stops the build when a new
// version of a library no longer has the code it changes (store/REVIEWERS.md explains it to AMO).
import type { Plugin } from 'vite';

/** Replaces `search` in a library's code, and stops the build if it is not there exactly once (a new version changed it). */
function replaceOnce(code: string, search: RegExp | string, replacement: string, what: string): string {
  const count = typeof search === 'string' ? code.split(search).length - 1 : [...code.matchAll(new RegExp(search, 'g'))].length;
  if (count !== 1) throw new Error(`${what}: expected the pattern once, found it ${count} times; check the library's new version`);
  return code.replace(search, replacement);
}

/**
 * zod 4 probes `new Function("")` to decide whether to compile parsers. The extension runs zod
 * jitless (src/shared/zod.ts), so the probe's answer is always "no"; here it is "no" by construction.
 */
function zodNoEvalProbe(code: string): string {
  return replaceOnce(
    code,
    /export const allowsEval = [^\n]*cached\(\(\) => \{\n[\s\S]*?\n\}\);\n/,
    'export const allowsEval = /* @__PURE__*/ cached(() => false);\n',
    'zod allowsEval',
  );
}

/**
 * DOMPurify parses with DOMParser, and falls back to `innerHTML` only where DOMParser fails (old
 * browsers, or another namespace than HTML's, which the letter sanitiser never asks for); the
 * fallback becomes an error, so the sanitiser returns nothing and the letter is not shown.
 */
function dompurifyNoInnerHtml(code: string): string {
  return replaceOnce(
    code,
    'doc.documentElement.innerHTML = IS_EMPTY_INPUT ? emptyHTML : dirtyPayload;',
    'throw new Error("DOMParser failed: the letter sanitiser parses nothing through innerHTML");',
    'dompurify innerHTML fallback',
  );
}

/**
 * Preact's `dangerouslySetInnerHTML` assigns `innerHTML`; pages render text only (the lint config
 * forbids the prop), so the assignment becomes an error that names the rule.
 */
function preactNoInnerHtml(code: string): string {
  return replaceOnce(
    code,
    'u.innerHTML=h.__html',
    'function(){throw new Error("dangerouslySetInnerHTML is not allowed: pages render text only")}()',
    'preact dangerouslySetInnerHTML',
  );
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
 * pdf.js on the viewer's page: no eval probe, and no worker started on the page itself by importing
 * code from a computed address (only when no Worker can start); that becomes an error, so such a PDF
 * is reported as not shown.
 */
function pdfjsPage(code: string): string {
  return replaceOnce(
    pdfjsNoEvalProbe(code, 'pdf.js'),
    /const worker = await import\(\s*\/\*webpackIgnore: true\*\/\s*\/\*@vite-ignore\*\/\s*this\.workerSrc\);/,
    'const worker = await Promise.reject(new Error("pdf.js runs in its own worker only: no worker on the page"));',
    'pdf.js main-thread worker import',
  );
}

/**
 * pdf.js's worker compiles a PDF's PostScript functions into code when it may; the viewer asks it
 * not to (`isEvalSupported: false`), and here the probe answers "no" and the compiler's call is
 * gone, so such functions are interpreted. Its JPEG 2000 decoder, imported from a computed address,
 * is not packaged; the import becomes an error, so such an image is reported as not shown.
 */
function pdfjsWorker(code: string): string {
  const interpreted = replaceOnce(
    pdfjsNoEvalProbe(code, 'pdf.js worker'),
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

/** Each patched file, by the end of its path under node_modules, with its patch. */
const PATCHES: readonly [RegExp, (code: string) => string][] = [
  [/\/node_modules\/zod\/v4\/core\/util\.js$/, zodNoEvalProbe],
  [/\/node_modules\/dompurify\/dist\/purify\.es\.mjs$/, dompurifyNoInnerHtml],
  [/\/node_modules\/pdfjs-dist\/build\/pdf\.mjs$/, pdfjsPage],
  [/\/node_modules\/pdfjs-dist\/build\/pdf\.worker\.mjs$/, pdfjsWorker],
  [/\/node_modules\/preact\/dist\/preact\.(module\.js|mjs)$/, preactNoInnerHtml],
];

/** A module's code as the extension bundles it: patched if it is one of the files above, else null (unchanged). */
export function patchLibrary(id: string, code: string): string | null {
  const [path = '', query = ''] = id.split('?');
  // `?worker&url` is Vite's stub that names a worker's address; the worker's own source comes without it.
  if (/(^|&)worker(&|$)/.test(query)) return null;
  const file = path.replaceAll('\\', '/');
  const patch = PATCHES.find(([pattern]) => pattern.test(file))?.[1];
  return patch ? patch(code) : null;
}

/** The patches as a plugin, for Vite's build, its worker build and the one-script bundles alike. */
export function textOnlyLibraries(): Plugin {
  return {
    name: 'text-only-libraries',
    enforce: 'pre',
    transform: (code, id) => patchLibrary(id, code),
  };
}
