/*
 * How a letter's HTML (or plain text) becomes a document that loads nothing. Three layers:
 *  1. The sanitiser (letter-sanitiser.ts) takes out what a policy does not govern: <link> of any
 *     kind (prefetch, dns-prefetch and preconnect reach a host whatever the policy says), <meta>
 *     (a refresh navigates the frame to the sender's server), <base>, hyperlink auditing (`ping`),
 *     scripts, frames and objects, and links other than an HTML link to http(s) or mailto.
 *  2. A content security policy, as the first thing in the document's head, that allows no
 *     request to any host: images, fonts and media only from `data:`, styles only inline, no
 *     frames, objects, forms or base address. It covers images, stylesheets, @import, CSS
 *     backgrounds, fonts, frames, video posters, srcset, SVG references and preloads.
 *  3. The frame is handed a string (its srcdoc) and parses it again, and two parses can disagree
 *     (mutation XSS: text in one tree becomes elements in the other). So the string is parsed here
 *     exactly as the frame will parse it (DOMParser: a whole document, scripting off as in a
 *     sandbox without scripts, and the doctype keeps every parse out of quirks mode), and the
 *     string is used only when that tree is the checked one: it serialises back to the same
 *     string, and the sanitiser run on it again takes out and changes nothing. A letter that does
 *     not settle into such a fixed point is shown as plain text, with a notice. (One difference is
 *     known: the frame's parser makes a declarative shadow root of <template shadowrootmode>,
 *     which DOMParser leaves a <template>; the sanitiser allows no <template>, so no such tree
 *     passes the check.)
 *     Checking the string the frame gets, rather than writing the checked nodes into the frame's
 *     document, also makes Download safe: the saved copy is that same string, and a browser that
 *     opens it from disk parses it into the same checked tree, policy first, as the frame does
 *     (with scripting on there, which changes how <noscript> parses, and there is none).
 */

import { sanitiseLetter } from './letter-sanitiser.ts';

const POLICY = [
  "default-src 'none'",
  'img-src data:',
  'media-src data:',
  'font-src data:',
  "style-src 'unsafe-inline'",
  "form-action 'none'",
  "base-uri 'none'",
].join('; ');

/** Every letter document starts with it: the frame, the check and a saved copy all parse in no-quirks mode. */
const DOCTYPE = '<!doctype html>\n';

function essence(contentType: string): string {
  return (contentType.split(';', 1)[0] ?? '').trim().toLowerCase();
}

/**
 * The charset to decode with: the Content-Type's, else a <meta charset> in the first bytes (as a
 * browser would find it), else UTF-8. A label TextDecoder does not know falls back to UTF-8.
 */
function letterCharset(contentType: string, bytes: Uint8Array): string {
  const declared = /;\s*charset="?([A-Za-z0-9._:-]{1,40})"?/i.exec(contentType)?.[1];
  let label = declared;
  if (!label && essence(contentType) === 'text/html') {
    const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
    label = /<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9._:-]{1,40})/i.exec(head)?.[1];
  }
  try {
    return new TextDecoder(label ?? 'utf-8').encoding;
  } catch {
    return 'utf-8';
  }
}

export function decodeLetter(contentType: string, bytes: Uint8Array): string {
  return new TextDecoder(letterCharset(contentType, bytes)).decode(bytes);
}

/** The policy's elements, first in the head: the charset a saved copy is read in, the policy, no DNS prefetch, no referrer. */
function policyElements(doc: Document): HTMLMetaElement[] {
  const meta = (attributes: Record<string, string>) => {
    const element = doc.createElement('meta');
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    return element;
  };
  return [
    meta({ charset: 'utf-8' }),
    meta({ 'http-equiv': 'Content-Security-Policy', content: POLICY }),
    meta({ 'http-equiv': 'x-dns-prefetch-control', content: 'off' }),
    meta({ name: 'referrer', content: 'no-referrer' }),
  ];
}

function addPolicy(root: HTMLElement): void {
  const doc = root.ownerDocument;
  let head = root.querySelector(':scope > head');
  if (!head) {
    head = doc.createElement('head');
    root.prepend(head);
  }
  head.prepend(...policyElements(doc));
}

function serialise(root: HTMLElement): string {
  return `${DOCTYPE}${root.outerHTML}`;
}

/** Parses as the frame does (a whole document, scripting off); `markup` that starts with DOCTYPE gets no second one. */
function parse(markup: string): Document {
  return new DOMParser().parseFromString(markup.startsWith(DOCTYPE) ? markup : `${DOCTYPE}${markup}`, 'text/html');
}

/** Whether a parsed letter document starts with exactly our policy; if so, the policy is taken out of it. */
function takePolicyOut(doc: Document): boolean {
  const policy = policyElements(doc).map((element) => element.outerHTML);
  const first = [...doc.head.children].slice(0, policy.length);
  if (first.length !== policy.length || first.some((element, index) => element.outerHTML !== policy[index])) return false;
  for (const element of first) element.remove();
  return true;
}

/**
 * How many times a letter is sanitised, serialised and parsed before it must be a fixed point.
 * Most are after one; a second round settles harmless reshaping (a parser closes a <p> that a
 * removed element had held open, or drops the newline after <pre>). A letter that still changes
 * after three is built to make the parses disagree.
 */
const ROUNDS = 3;

/** Elements that start a new line when a letter is read as text; a table's cells are set apart by a space. */
const BLOCKS = new Set(
  'address article aside blockquote br caption dd div dl dt figcaption figure footer h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section table tr ul'.split(
    ' ',
  ),
);
const CELLS = new Set(['td', 'th']);

/** A letter's words, a block to a line, for when its HTML cannot be shown: what a reader reads, without its layout. */
function readableText(root: Element): string {
  const parts: string[] = [];
  const walk = (node: Node): void => {
    if (node.nodeType === Node.TEXT_NODE) {
      parts.push((node.nodeValue ?? '').replace(/\s+/g, ' '));
      return;
    }
    if (!(node instanceof Element) || node.localName === 'style' || node.localName === 'title') return;
    const gap = BLOCKS.has(node.localName) ? '\n' : CELLS.has(node.localName) ? ' ' : '';
    parts.push(gap);
    for (const child of node.childNodes) walk(child);
    parts.push(gap);
  };
  walk(root.querySelector(':scope > body') ?? root);
  return parts
    .join('')
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface LetterDocument {
  /** The document the frame shows (its srcdoc): also what Download saves. */
  srcdoc: string;
  /** The letter's HTML could not be shown as it was checked, so the document holds only its text. */
  asText: boolean;
}

/**
 * A letter's HTML as a document that reaches no host, shown as it was checked (see the top of this
 * file): the srcdoc is accepted only when the tree the frame will parse from it is the checked one,
 * with our policy first, and a second sanitising of that tree takes out and changes nothing.
 */
export function htmlLetterDocument(html: string): LetterDocument {
  let root = sanitiseLetter(parse(html).documentElement).root;
  for (let round = 0; round < ROUNDS; round++) {
    addPolicy(root);
    const srcdoc = serialise(root);
    const framed = parse(srcdoc);
    const same = serialise(framed.documentElement) === srcdoc && takePolicyOut(framed);
    const again = sanitiseLetter(framed.documentElement);
    if (same && !again.removedAnything && serialise(again.root) === serialise(framed.documentElement)) return { srcdoc, asText: false };
    root = again.root;
  }
  return { srcdoc: plainTextDocument(readableText(root)), asText: true };
}

/** The srcdoc for a plain-text letter: its text, as text, wrapped as it is written. */
export function plainTextDocument(text: string): string {
  const doc = document.implementation.createHTMLDocument('');
  const pre = doc.createElement('pre');
  pre.style.whiteSpace = 'pre-wrap';
  pre.style.overflowWrap = 'anywhere';
  pre.style.font = '14px/1.5 ui-monospace, monospace';
  pre.style.margin = '0';
  pre.textContent = text;
  doc.body.append(pre);
  addPolicy(doc.documentElement);
  return serialise(doc.documentElement);
}
