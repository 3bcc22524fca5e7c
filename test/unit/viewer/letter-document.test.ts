// @vitest-environment jsdom
/*
 * The letter sanitiser (issue 18, points 1 and 2) over the whole family of second-parse tricks, in
 * both parsers' terms: the frame's parse of the document (a whole document with scripting off, as
 * in a sandbox without scripts) and a saved copy's parse (scripting on, as in a browser opening the
 * downloaded file). jsdom parses with parse5, which builds trees exactly as the HTML standard says,
 * so the tricks work on it as they do in browsers; the e2e tests run them in Chromium and Firefox.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { htmlLetterDocument } from '../../../src/viewer/letter/letter-document.ts';
import { LETTER_END, LINKS, linksLetterHtml, TRICK_LETTERS } from '../../support/parser-trick-letters.ts';

const SENDER = 'https://sender.example';
const HTML = 'http://www.w3.org/1999/xhtml';

/** The letter of issue 18: sanitised, serialised and parsed again, its <style> text became a live <link>. */
const ISSUE_LETTER = `<form><math><mtext></form><form><mglyph><style></math><link rel="preconnect" href="${SENDER}"></style></mglyph></form></mtext></math></form>`;

/** The frame's parse: a whole document, scripting off. */
function framesParse(srcdoc: string): ParentNode {
  return new DOMParser().parseFromString(srcdoc, 'text/html');
}

/** A browser opening the saved copy: scripting on (vitest's jsdom document runs scripts, so its parser has scripting on). */
function savedCopysParse(srcdoc: string): ParentNode {
  return document.createRange().createContextualFragment(srcdoc);
}

const PARSES = [
  ['the frame (scripting off)', framesParse],
  ['a saved copy (scripting on)', savedCopysParse],
] as const;

/** Elements that must not be in a shown letter, in any namespace (our own four <meta> of the policy aside). */
const FORBIDDEN = new Set([
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
]);
const OUR_METAS = new Set(['charset', 'http-equiv=Content-Security-Policy', 'http-equiv=x-dns-prefetch-control', 'name=referrer']);

function isOurMeta(element: Element): boolean {
  const key = element.hasAttribute('charset')
    ? 'charset'
    : element.hasAttribute('http-equiv')
      ? `http-equiv=${element.getAttribute('http-equiv') ?? ''}`
      : `name=${element.getAttribute('name') ?? ''}`;
  return OUR_METAS.has(key) && element.getAttribute('http-equiv') !== 'refresh';
}

/** What in a parsed letter could reach the sender or move the frame, each as a line a failure shows. */
function reachesOut(tree: ParentNode): string[] {
  const found: string[] = [];
  for (const element of tree.querySelectorAll('*')) {
    const where = `<${element.localName}> in ${element.namespaceURI ?? 'no namespace'}`;
    if (FORBIDDEN.has(element.localName) && !(element.localName === 'meta' && element.namespaceURI === HTML && isOurMeta(element)))
      found.push(where);
    if (element.localName === 'style' && element.namespaceURI !== HTML) found.push(where);
    const htmlLink = element.namespaceURI === HTML && (element.localName === 'a' || element.localName === 'area');
    for (const attribute of element.attributes) {
      if (attribute.value.includes(SENDER) && !(htmlLink && attribute.localName === 'href'))
        found.push(`${where}: ${attribute.name}="${attribute.value}"`);
      if (element.namespaceURI !== HTML && attribute.localName === 'href' && !attribute.value.startsWith('#'))
        found.push(`${where}: ${attribute.name}="${attribute.value}"`);
      if (attribute.localName === 'target' && !htmlLink) found.push(`${where}: target`);
    }
  }
  return found;
}

function textOf(srcdoc: string): string {
  return new DOMParser().parseFromString(srcdoc, 'text/html').body.textContent;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a letter cannot be undone by the second parse (the family of tricks)', () => {
  it("the issue's letter: no parse of what is shown holds its <link>", () => {
    const { srcdoc } = htmlLetterDocument(ISSUE_LETTER);
    for (const [, parse] of PARSES) expect(reachesOut(parse(srcdoc))).toEqual([]);
    expect(srcdoc).not.toContain('<link');
  });

  for (const trick of TRICK_LETTERS) {
    it(`${trick.name}: nothing in either parse reaches out, and the letter still reads`, () => {
      const { srcdoc } = htmlLetterDocument(trick.html(SENDER));
      for (const [name, parse] of PARSES) expect({ parse: name, found: reachesOut(parse(srcdoc)) }).toEqual({ parse: name, found: [] });
      expect(textOf(srcdoc)).toContain(LETTER_END);
    });
  }

  it('what the frame is given is what was checked: it parses back into the same document', () => {
    for (const html of [ISSUE_LETTER, ...TRICK_LETTERS.map((trick) => trick.html(SENDER))]) {
      const { srcdoc } = htmlLetterDocument(html);
      const parsed = new DOMParser().parseFromString(srcdoc, 'text/html');
      expect(`<!doctype html>\n${parsed.documentElement.outerHTML}`).toBe(srcdoc);
    }
  });

  it('<noscript> and <template> go with what they hold', () => {
    const { srcdoc } = htmlLetterDocument('<p>Hei</p><noscript><p>Uten skript</p></noscript><template><p>Mal</p></template>');
    expect(textOf(srcdoc)).toBe('Hei');
  });

  it('comments go, whatever they hold; the rest of the letter stays', () => {
    const { srcdoc, asText } = htmlLetterDocument(
      `<p>Hei<!-- <link rel="preconnect" href="${SENDER}"> --></p><!-- en vanlig kommentar --><p>Hilsen</p>`,
    );
    expect(asText).toBe(false);
    expect(srcdoc).not.toContain('<!--');
    expect(textOf(srcdoc)).toBe('HeiHilsen');
  });

  it('a CDATA section in SVG stays text; in HTML it is a comment, cut at its first ">"', () => {
    const { srcdoc } = htmlLetterDocument(`<svg><![CDATA[<link rel="preconnect" href="${SENDER}">]]></svg><div><![CDATA[x]]>Etter</div>`);
    for (const [, parse] of PARSES) expect(reachesOut(parse(srcdoc))).toEqual([]);
    expect(textOf(srcdoc)).toContain('Etter');
  });
});

describe('a letter that does not parse as it was checked is shown as text', () => {
  it('when the frame would parse something else every time, only the letter’s words are shown, with the notice flag', () => {
    // A browser whose parse disagrees with the check in a way no sanitiser pass can settle: every
    // parse of a letter document grows a live <link>.
    const parseFromString = DOMParser.prototype.parseFromString.bind(new DOMParser());
    vi.spyOn(DOMParser.prototype, 'parseFromString').mockImplementation((markup: string, type: DOMParserSupportedType) => {
      const doc = parseFromString(markup, type);
      if (markup.includes('Content-Security-Policy'))
        doc.body.append(Object.assign(doc.createElement('link'), { rel: 'preconnect', href: SENDER }));
      return doc;
    });
    const { srcdoc, asText } = htmlLetterDocument(
      '<h1>Vedtak</h1><p>Du har fått <b>innvilget</b> søknaden.</p><table><tr><td>Beløp</td><td>1 000 kr</td></tr></table>',
    );
    vi.restoreAllMocks();
    expect(asText).toBe(true);
    expect(reachesOut(framesParse(srcdoc))).toEqual([]);
    const pre = new DOMParser().parseFromString(srcdoc, 'text/html').querySelector('pre');
    expect(pre?.textContent).toBe('Vedtak\n\nDu har fått innvilget søknaden.\n\nBeløp 1 000 kr');
  });
});

describe('an ordinary letter is shown as it was written', () => {
  const LETTER = `<html lang="nb"><head><title>Brev</title>
<style type="text/css"><!--
p { color: #123456; }
--></style></head>
<body><p>Hei Kari,</p><p><table><tr><td>Beløp</td><td>1 000 kr</td></tr></table>
<pre>

Linje to</pre>
<img src="data:image/png;base64,iVBORw0KGgo=" alt="Logo">
<p><a href="https://www.example.no/mer">Les mer</a> eller <a href="javascript:alert(1)">dette</a></p>
</body></html>`;

  it('keeps its styles (even hidden in <!-- -->), tables, embedded pictures and text, under the policy', () => {
    const { srcdoc, asText } = htmlLetterDocument(LETTER);
    expect(asText).toBe(false);
    const doc = framesParse(srcdoc) as Document;
    expect(doc.head.firstElementChild?.getAttribute('charset')).toBe('utf-8');
    expect(doc.head.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content')).toContain("default-src 'none'");
    expect(doc.querySelector('style')?.textContent).toContain('p { color: #123456; }');
    expect(doc.querySelector('style')?.textContent).not.toContain('<!--');
    expect(doc.querySelector('td')?.textContent).toBe('Beløp');
    expect(doc.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/png/);
    expect(doc.querySelector('pre')?.textContent).toContain('Linje to');
    expect(doc.documentElement.getAttribute('lang')).toBe('nb');
  });

  it('no picture source list (srcset) is kept, remote or embedded: the <img> keeps its src, which the policy governs', () => {
    const { srcdoc, asText } = htmlLetterDocument(
      `<p>Tekst</p><img id="set" src="data:image/png;base64,iVBORw0KGgo=" srcset="${SENDER}/a-1x.png 1x, ${SENDER}/a-2x.png 2x" alt="Bilde"><picture><source srcset="${SENDER}/b.webp" type="image/webp"><img id="fallback" src="data:image/png;base64,iVBORw0KGgo=" alt=""></picture>`,
    );
    expect(asText).toBe(false);
    for (const [, parse] of PARSES) expect(reachesOut(parse(srcdoc))).toEqual([]);
    const doc = framesParse(srcdoc);
    expect([...doc.querySelectorAll('[srcset]')]).toEqual([]);
    expect(doc.querySelector('#set')?.getAttribute('src')).toMatch(/^data:image\/png/);
    expect(doc.querySelector('#fallback')?.getAttribute('src')).toMatch(/^data:image\/png/);
    expect(doc.querySelector('#set')?.getAttribute('alt')).toBe('Bilde');
  });

  it('an HTML link opens in a new tab without its opener; any other address is dropped', () => {
    const doc = framesParse(htmlLetterDocument(LETTER).srcdoc);
    const [followable, script] = [...doc.querySelectorAll('a')];
    expect(followable?.getAttribute('href')).toBe('https://www.example.no/mer');
    expect(followable?.getAttribute('target')).toBe('_blank');
    expect(followable?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(script?.hasAttribute('href')).toBe(false);
    expect(script?.textContent).toBe('dette');
  });
});

describe('links in SVG and MathML follow the link rules', () => {
  it('an SVG link (href or xlink:href) and a MathML href lose their address, and keep their text', () => {
    const { srcdoc } = htmlLetterDocument(linksLetterHtml(SENDER));
    for (const [, parse] of PARSES) expect(reachesOut(parse(srcdoc))).toEqual([]);
    const doc = framesParse(srcdoc);
    expect(doc.querySelector('#svg-href')?.hasAttribute('href')).toBe(false);
    expect(doc.querySelector('#svg-xlink')?.attributes.length).toBe(1); // its id only
    expect(doc.querySelector('#mathml-link')?.hasAttribute('href')).toBe(false);
    for (const link of Object.values(LINKS)) expect(textOf(srcdoc)).toContain(link.text);
    expect(doc.querySelector('#html-link')?.getAttribute('href')).toBe(`${SENDER}/${LINKS.html.path}`);
  });

  it('SVG keeps references inside the letter and embedded pictures, not addresses elsewhere', () => {
    const { srcdoc } = htmlLetterDocument(
      `<svg><defs><path id="p" d="M0 0"/></defs><text><textPath href="#p">Tekst</textPath></text><image href="data:image/png;base64,iVBORw0KGgo="/><image href="${SENDER}/bilde.png"/></svg>`,
    );
    const doc = framesParse(srcdoc);
    expect(doc.querySelector('textPath')?.getAttribute('href')).toBe('#p');
    const [embedded, remote] = [...doc.querySelectorAll('image')];
    expect(embedded?.getAttribute('href')).toMatch(/^data:image\/png/);
    expect(remote?.hasAttribute('href')).toBe(false);
  });
});
