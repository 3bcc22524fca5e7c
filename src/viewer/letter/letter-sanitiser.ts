/*
 * The sanitiser of a letter's HTML: DOMPurify, the field's standard, which is built against the
 * attacks that undo a sanitiser through the browser's next parse (mutation XSS: nested forms,
 * MathML and SVG foreign content, comments, <noscript>, <template>). It checks every element's
 * namespace against where a parser could have put it, and drops raw-text elements and comments
 * whose text looks like markup. On top of its defaults this configuration takes out:
 *  - what reaches a host whatever the letter's policy says (<link> preconnect, prefetch and DNS
 *    prefetch), or moves the frame (<meta> refresh), or changes addresses (<base>);
 *  - forms (they cannot be sent from the sandbox, and nested forms are how the parses are made to
 *    disagree), <template> and <noscript> (parsed differently with scripting on, as in a saved
 *    copy opened from disk), and <style> inside SVG or MathML (where it is markup, not text);
 *  - links anywhere but on an HTML <a> or <area>, and there any but http(s) and mailto (see tidyLinks);
 *  - every srcset (on <img>, and on <source> in <picture>): Firefox (153 ESR) opening a saved copy
 *    from disk was seen to fetch the pictures a srcset names, the policy first in its head
 *    notwithstanding, though never a plain src. The policy allows pictures only from data:, so
 *    nothing a person could see goes with it: an <img> falls back to its src.
 * Whether the result survives the frame's own parse is checked in letter-document.ts.
 */
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import { FOLLOWABLE } from '../external-link.ts';

const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';
const MATHML_NAMESPACE = 'http://www.w3.org/1998/Math/MathML';

const CONFIG: Config & { RETURN_DOM: true } = {
  WHOLE_DOCUMENT: true,
  RETURN_DOM: true,
  // Most are not on DOMPurify's list anyway; naming them keeps them out whatever a new version allows.
  FORBID_TAGS: [
    'link',
    'meta',
    'base',
    'script',
    'noscript',
    'template',
    'form',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'applet',
    'portal',
  ],
  FORBID_ATTR: ['ping', 'action', 'formaction', 'srcset', 'imagesrcset'],
  // tidyLinks sets target on the links it keeps; allowed here, so a second pass leaves it as it is.
  ADD_ATTR: ['target'],
};

/** What a letter's link may do: open an http(s) or mailto address in a new tab, without the letter as its opener. */
function tidyLinks(element: Element): void {
  if (element.namespaceURI === HTML_NAMESPACE) {
    const link = element.localName === 'a' || element.localName === 'area';
    const href = element.getAttribute('href');
    if (link && href !== null && FOLLOWABLE.test(href)) {
      element.setAttribute('target', '_blank');
      element.setAttribute('rel', 'noopener noreferrer');
      return;
    }
    if (link) element.removeAttribute('href');
    element.removeAttribute('target');
    return;
  }
  // SVG and MathML: a link there navigates the letter's own frame (it takes no rel=noopener in
  // every browser, so even in a new tab the sender's page could move the frame), so it is dropped;
  // the text stays. Other SVG elements keep references within the letter (#gradient) and, for
  // an image, an embedded picture.
  for (const attribute of [...element.attributes]) {
    if (attribute.localName !== 'href') continue;
    const value = attribute.value.trim();
    const local = value.startsWith('#') || (element.localName === 'image' && /^data:image\//i.test(value));
    if (element.namespaceURI === MATHML_NAMESPACE || element.localName === 'a' || !local) element.removeAttributeNode(attribute);
  }
  element.removeAttribute('target');
}

/**
 * Older mail programs hide their CSS in an HTML comment, which CSS ignores and DOMPurify would read
 * as markup in the style's text (and drop the style); so the markers go first. A <style> in SVG or
 * MathML goes whole: there its content is parsed as elements, which is what the tricks rely on.
 */
function tidyStyle(node: Node, tagName: string): void {
  if (tagName !== 'style' || !(node instanceof Element)) return;
  if (node.namespaceURI !== HTML_NAMESPACE) {
    node.remove();
    return;
  }
  const css = node.textContent;
  const bare = css.replaceAll('<!--', '').replaceAll('-->', '');
  if (bare !== css) node.textContent = bare;
}

let purifier: DOMPurify | undefined;

/** One instance of our own, so the hooks apply to letters only; made on first use, where there is a window. */
function letterPurifier(): DOMPurify {
  if (purifier) return purifier;
  const instance = createDOMPurify(window);
  instance.addHook('uponSanitizeElement', (node, event) => {
    tidyStyle(node, event.tagName);
  });
  instance.addHook('afterSanitizeAttributes', tidyLinks);
  purifier = instance;
  return instance;
}

export interface Sanitised {
  /** The sanitised document's <html> element (detached, in a document of DOMPurify's own). */
  root: HTMLElement;
  /** Whether the sanitiser took anything out or changed it (DOMPurify's own record; hooks' edits are not in it). */
  removedAnything: boolean;
}

/** Sanitises a whole letter: a string is parsed first, a document's <html> element is copied, never changed. */
export function sanitiseLetter(letter: string | HTMLElement): Sanitised {
  const instance = letterPurifier();
  const root = instance.sanitize(letter, CONFIG);
  if (!(root instanceof HTMLElement) || root.localName !== 'html') throw new Error('the sanitiser did not return a document');
  return { root, removedAnything: instance.removed.length > 0 };
}
