/*
 * How a letter's HTML (or plain text) becomes a document that loads nothing. Two layers:
 *  1. A content security policy, as the first thing in the document's head, that allows no
 *     request to any host: images, fonts and media only from `data:`, styles only inline, no
 *     frames, objects, forms or base address. It covers images, stylesheets, @import, CSS
 *     backgrounds, fonts, frames, video posters, srcset, SVG references and preloads.
 *  2. Taking out what a policy does not govern: <link> of any kind (prefetch, dns-prefetch and
 *     preconnect reach a host whatever the policy says), <meta> (a refresh navigates the frame
 *     to the sender's server), <base>, and hyperlink auditing (`ping`). Frames, objects and scripts
 *     go too: they would be blocked, and an empty box tells the reader nothing.
 * The HTML is parsed with DOMParser, which neither runs scripts nor loads anything.
 */

const POLICY = [
  "default-src 'none'",
  'img-src data:',
  'media-src data:',
  'font-src data:',
  "style-src 'unsafe-inline'",
  "form-action 'none'",
  "base-uri 'none'",
].join('; ');

const REMOVED = 'script, noscript, link, meta, base, iframe, frame, frameset, object, embed, applet, portal, template';

/** Addresses a link in a letter may open (in a new tab, on the reader's click); others are dropped. */
const FOLLOWABLE = /^(https?:|mailto:)/i;

function essence(contentType: string): string {
  return (contentType.split(';', 1)[0] ?? '').trim().toLowerCase();
}

/**
 * The charset to decode with: the Content-Type's, else a <meta charset> in the first bytes (as a
 * browser would find it), else UTF-8. A label TextDecoder does not know falls back to UTF-8.
 */
export function letterCharset(contentType: string, bytes: Uint8Array): string {
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

function addPolicy(doc: Document): void {
  const metas: [string, string][] = [
    ['Content-Security-Policy', POLICY],
    ['x-dns-prefetch-control', 'off'],
  ];
  const referrer = doc.createElement('meta');
  referrer.name = 'referrer';
  referrer.content = 'no-referrer';
  const charset = doc.createElement('meta');
  charset.setAttribute('charset', 'utf-8');
  doc.head.prepend(charset, ...metas.map(([name, content]) => {
    const meta = doc.createElement('meta');
    meta.httpEquiv = name;
    meta.content = content;
    return meta;
  }), referrer);
}

function tidyLinks(doc: Document): void {
  for (const element of doc.querySelectorAll('[ping]')) element.removeAttribute('ping');
  for (const link of doc.querySelectorAll('a[href], area[href]')) {
    const href = link.getAttribute('href') ?? '';
    if (!FOLLOWABLE.test(href.trim())) {
      link.removeAttribute('href');
      continue;
    }
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
  }
  // Forms cannot be sent (the sandbox has no allow-forms); their targets are not needed either.
  for (const element of doc.querySelectorAll('[action], [formaction]')) {
    element.removeAttribute('action');
    element.removeAttribute('formaction');
  }
}

/** The srcdoc for a letter's HTML: the sender's markup, minus what could reach a host, under a policy that forbids the rest. */
export function safeHtmlDocument(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const element of doc.querySelectorAll(REMOVED)) element.remove();
  tidyLinks(doc);
  addPolicy(doc);
  return `<!doctype html>\n${doc.documentElement.outerHTML}`;
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
  addPolicy(doc);
  return `<!doctype html>\n${doc.documentElement.outerHTML}`;
}
