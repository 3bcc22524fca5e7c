// Why this step exists: the popup's page linked two stylesheets (the shared theme's chunk and its
// own), and Chromium holds the first frame until each is loaded and parsed, from the extension's
// own files, with no cache to hide it. Measured side by side (issue 47), the popup's frame with no
// script was 1.44–1.82 × the blank page with its stylesheets linked and 0.91–1.01 × with the same
// stylesheets in the page: the floor under any script was the cost of fetching them, not of its
// content. So the popup's page carries its styles in <style> elements, in the order it linked them.
// Manifest V3 lets extension pages use inline styles (the manifest's style-src allows them); scripts
// stay in files. The other pages keep their links: they open rarely, and share the theme's file.
import type { Plugin } from 'vite';

const POPUP_PAGE = 'src/popup/popup.html';

/** A stylesheet link as Vite writes it into a built page, with the address it names. */
const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g;

/**
 * The page with each stylesheet it links written into it, where the link was. `cssOf` gives a
 * linked file's text, or undefined when the build has no such file (which stops the build: a page
 * without its styles is not a page to ship).
 */
export function pageWithStylesInside(page: string, cssOf: (fileName: string) => string | undefined): { page: string; inlined: string[] } {
  const inlined: string[] = [];
  const result = page.replace(STYLESHEET_LINK, (_link, fileName: string) => {
    const css = cssOf(fileName);
    if (css === undefined) throw new Error(`${fileName} is linked by the page but not in the build`);
    // Only `</style` could end the element early; a stylesheet has no reason to hold it.
    if (/<\/style/i.test(css)) throw new Error(`${fileName} holds "</style", which would end its element in the page`);
    inlined.push(fileName);
    return `<style>${css.trim()}</style>`;
  });
  return { page: result, inlined };
}

/** The popup's stylesheets in its page; a stylesheet no other page links is then left out of the build. */
export function popupStylesInPage(): Plugin {
  return {
    name: 'popup-styles-in-page',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const page = bundle[POPUP_PAGE];
        if (page?.type !== 'asset' || typeof page.source !== 'string') return this.error(`${POPUP_PAGE} is not in the bundle`);
        const textOf = (fileName: string): string | undefined => {
          const file = bundle[fileName];
          if (file?.type !== 'asset') return undefined;
          return typeof file.source === 'string' ? file.source : new TextDecoder().decode(file.source);
        };
        const { page: inside, inlined } = pageWithStylesInside(page.source, textOf);
        if (inlined.length === 0) return this.error(`${POPUP_PAGE} links no stylesheet: expected its styles to put in the page`);
        page.source = inside;
        // Another page, a script's list of what to preload, or the manifest may still name the file.
        const linkedElsewhere = (fileName: string) =>
          Object.values(bundle).some((file) => {
            if (file === page) return false;
            const text = file.type === 'chunk' ? file.code : typeof file.source === 'string' ? file.source : '';
            return text.includes(fileName);
          });
        for (const fileName of inlined) if (!linkedElsewhere(fileName)) Reflect.deleteProperty(bundle, fileName);
      },
    },
  };
}
