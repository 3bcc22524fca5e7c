// The one-script bundles (build/one-script-bundles.ts): the popup and the worker each bundled on its
// own into one file that imports nothing, with the library patches and the build's constants in it,
// and the popup's page rewritten to load that file alone.
import { describe, expect, it } from 'vitest';
import { moduleScriptOf, oneScript, pageLoadingOneScript } from '../../../build/one-script-bundles.ts';

/** The popup's page as Vite writes it, before this step: its chunk, the chunks it shares preloaded, and its styles. */
const VITE_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <title>Digipost</title>
    <script type="module" crossorigin src="/assets/popup.html-AbC123xy.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/requests-dOwL35D3.js">
    <link rel="modulepreload" crossorigin href="/assets/worker-events-X-1ydROG.js">
    <link rel="stylesheet" crossorigin href="/assets/worker-events-Dkv6tc5i.css">
    <link rel="stylesheet" crossorigin href="/assets/popup-jlh03OIs.css">
  </head>
  <body>
    <main id="app"></main>
  </body>
</html>
`;

describe("the popup's page", () => {
  it("finds the one module script Vite's page loads", () => {
    expect(moduleScriptOf(VITE_PAGE, 'popup.html')).toEqual({
      tag: '<script type="module" crossorigin src="/assets/popup.html-AbC123xy.js"></script>',
      src: 'assets/popup.html-AbC123xy.js',
    });
  });

  it('loads the one script in place of its chunk, preloads nothing, and keeps its styles', () => {
    const { tag } = moduleScriptOf(VITE_PAGE, 'popup.html');
    expect(pageLoadingOneScript(VITE_PAGE, tag, 'assets/popup-8WnWmu5U.js')).toBe(`<!doctype html>
<html lang="en">
  <head>
    <title>Digipost</title>
    <script type="module" src="/assets/popup-8WnWmu5U.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/worker-events-Dkv6tc5i.css">
    <link rel="stylesheet" crossorigin href="/assets/popup-jlh03OIs.css">
  </head>
  <body>
    <main id="app"></main>
  </body>
</html>
`);
  });

  it('stops the build when the page loads no module script, or more than one', () => {
    expect(() => moduleScriptOf('<html></html>', 'popup.html')).toThrow('popup.html: expected one module script, found 0');
    const twice = VITE_PAGE.replace('</title>', '</title>\n<script type="module" crossorigin src="/assets/other-1.js"></script>');
    expect(() => moduleScriptOf(twice, 'popup.html')).toThrow('popup.html: expected one module script, found 2');
  });
});

/** How often a pattern occurs in a bundle (a count, so a failure does not print the whole bundle). */
const occurrences = (code: string, pattern: RegExp) => code.match(pattern)?.length ?? 0;

describe('a script bundled on its own', () => {
  const define = {
    __BUILD_DEFAULTS__: JSON.stringify({
      baseUrl: 'https://service.one-script.test',
      clientId: 'one-script-client',
      clientSecret: '',
      scopes: [],
    }),
    __NETWORK_TIMEOUT_MS__: JSON.stringify(4321),
  };

  it("is the popup in one file: it imports nothing, carries no comment, and Preact's patch is in it", async () => {
    const code = await oneScript('src/popup/main.tsx', 'chrome', define);
    expect(occurrences(code, /\bimport\b/g)).toBe(0);
    expect(occurrences(code, /__PURE__/g)).toBe(0);
    expect(occurrences(code, /innerHTML=\w+\.__html/g)).toBe(0);
    expect(occurrences(code, /dangerouslySetInnerHTML is not allowed: pages render text only/g)).toBe(1);
  });

  it("is the worker in one file, with the build's constants written in", async () => {
    const code = await oneScript('src/background/service-worker.ts', 'firefox', define);
    expect(occurrences(code, /\bimport\b/g)).toBe(0);
    expect(occurrences(code, /__BUILD_DEFAULTS__|__NETWORK_TIMEOUT_MS__/g)).toBe(0);
    expect(occurrences(code, /https:\/\/service\.one-script\.test/g)).toBeGreaterThan(0);
    expect(occurrences(code, /one-script-client/g)).toBeGreaterThan(0);
    expect(occurrences(code, /\b4321\b/g)).toBeGreaterThan(0);
  });
});
