// The popup's stylesheets written into its page (build/popup-styles-in-page.ts), so its first frame
// waits for no stylesheet file.
import { describe, expect, it } from 'vitest';
import { pageWithStylesInside, popupStylesInPage } from '../../../build/popup-styles-in-page.ts';

/** The popup's page as the build writes it before this step: one script, two stylesheets. */
const BUILT_PAGE = `<!doctype html>
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
`;

const FILES: Record<string, string> = {
  'assets/worker-events-Dkv6tc5i.css': ':root{--bg:#fff}\n',
  'assets/popup-jlh03OIs.css': 'body{width:380px;background:url(data:image/png;base64,AAAA)}',
};

describe("the popup's stylesheets in its page", () => {
  it('puts each linked stylesheet where its link was, in the same order, and links none', () => {
    const { page, inlined } = pageWithStylesInside(BUILT_PAGE, (name) => FILES[name]);
    expect(page).toBe(`<!doctype html>
<html lang="en">
  <head>
    <title>Digipost</title>
    <script type="module" src="/assets/popup-8WnWmu5U.js"></script>
    <style>:root{--bg:#fff}</style>
    <style>body{width:380px;background:url(data:image/png;base64,AAAA)}</style>
  </head>
  <body>
    <main id="app"></main>
  </body>
</html>
`);
    expect(inlined).toEqual(['assets/worker-events-Dkv6tc5i.css', 'assets/popup-jlh03OIs.css']);
  });

  it('stops the build when a linked stylesheet is not in it', () => {
    expect(() => pageWithStylesInside(BUILT_PAGE, (name) => (name.includes('popup') ? undefined : FILES[name]))).toThrow(
      'assets/popup-jlh03OIs.css is linked by the page but not in the build',
    );
  });

  it('stops the build rather than write a stylesheet that would end its own element', () => {
    const hostile = (name: string) => (name.includes('popup') ? 'a::after{content:"</style><script>"}' : FILES[name]);
    expect(() => pageWithStylesInside(BUILT_PAGE, hostile)).toThrow('holds "</style"');
  });

  it('leaves a page that links no stylesheet as it is', () => {
    expect(pageWithStylesInside('<html><head></head></html>', () => '')).toEqual({ page: '<html><head></head></html>', inlined: [] });
  });
});

describe('the build step', () => {
  /** Runs the step over a bundle of the popup's page, the viewer's page and their stylesheets. */
  function runStep(): Record<string, unknown> {
    const asset = (fileName: string, source: string) => ({ type: 'asset', fileName, source });
    const bundle: Record<string, { type: string; source?: string }> = {
      'src/popup/popup.html': asset('src/popup/popup.html', BUILT_PAGE),
      'src/viewer/viewer.html': asset(
        'src/viewer/viewer.html',
        '<link rel="stylesheet" crossorigin href="/assets/worker-events-Dkv6tc5i.css">',
      ),
      ...Object.fromEntries(Object.entries(FILES).map(([name, css]) => [name, asset(name, css)])),
    };
    const { generateBundle } = popupStylesInPage() as unknown as {
      generateBundle: { handler: (this: unknown, o: unknown, b: unknown) => void };
    };
    generateBundle.handler.call(
      {
        error: (message: string) => {
          throw new Error(message);
        },
      },
      {},
      bundle,
    );
    return bundle;
  }

  it("leaves the popup's own stylesheet out of the build, and keeps the one another page links", () => {
    const bundle = runStep();
    expect(Object.keys(bundle).filter((name) => name.endsWith('.css'))).toEqual(['assets/worker-events-Dkv6tc5i.css']);
    expect((bundle['src/popup/popup.html'] as { source: string }).source).not.toContain('<link rel="stylesheet"');
  });
});
