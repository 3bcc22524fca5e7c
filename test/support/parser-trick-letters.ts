/**
 * Letters built to be undone by the browser's second parse (mutation XSS): markup whose first
 * parse looks harmless, but whose serialisation, parsed again, holds a live element. What each one
 * smuggles is what the letter's content security policy does not govern: a preconnect (a
 * connection without a request) and a refresh (a navigation of the letter's frame), both to its
 * own counting server, so a test can tell which trick got through. Shared by the Chromium and
 * Firefox tests of issue 18, point 1; the links of point 2 are here too.
 */
import type { EmulatorAdmin } from '../emulator/index.ts';

/** The first line of every letter here: once it shows, the letter's document is in its frame. */
export const LETTER_START = 'Et brev som prøver å lure den andre lesingen.';
/** The last line: it shows when the whole letter reads (a trick that works may swallow it). */
export const LETTER_END = 'Slutt på brevet.';

export interface TrickLetter {
  /** Which member of the family, as a test failure names it. */
  name: string;
  subject: string;
  html: (origin: string) => string;
}

/** The live elements a trick tries to bring back, in single quotes so they fit inside an attribute. */
function smuggled(origin: string): string {
  return `<link rel='preconnect' href='${origin}'><meta http-equiv='refresh' content='0; url=${origin}/refresh'>`;
}

/** The same, as an attribute value that the first parse keeps as text. */
function escaped(origin: string): string {
  return smuggled(origin).replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function letter(body: string): string {
  return `<!doctype html>\n<html lang="nb"><head><meta charset="utf-8"></head><body>\n<p>${LETTER_START}</p>\n${body}\n<p>${LETTER_END}</p>\n</body></html>\n`;
}

/**
 * The family: MathML and SVG foreign content (the namespace of an element decided differently by
 * the two parses), <noscript> (parsed differently with scripting on and off), <template>, comments
 * and CDATA sections. The first is the letter of the issue; the others are the published bypasses
 * of HTML sanitisers of the same kind, with their payload swapped for one that reaches a host.
 */
export const TRICK_LETTERS: readonly TrickLetter[] = [
  {
    name: 'MathML: nested forms move a <style> into MathML, and its text becomes markup',
    subject: 'Triks 1',
    html: (o) =>
      letter(`<form><math><mtext></form><form><mglyph><style></math>${smuggled(o)}</style></mglyph></form></mtext></math></form>`),
  },
  {
    name: 'MathML and SVG: nested forms, with the markup in an attribute of an SVG path',
    subject: 'Triks 2',
    html: (o) =>
      letter(
        `<form><math><mtext></form><form><mglyph><svg><mtext><style><path id="</style>${smuggled(o)}"></path></style></mtext></svg></mglyph></form></mtext></math></form>`,
      ),
  },
  {
    name: 'MathML: a table inside <mtext>, and a comment that ends inside an attribute',
    subject: 'Triks 3',
    html: (o) =>
      letter(
        `<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;${escaped(o)}"></mglyph></table></mtext></math>`,
      ),
  },
  {
    name: 'SVG: an end tag </p> inside <svg> and a <style> whose end is inside an attribute',
    subject: 'Triks 4',
    html: (o) => letter(`<svg></p><style><a id="</style>${smuggled(o)}"></a></style></svg>`),
  },
  {
    name: 'SVG: a comment inside an SVG <style> around the markup',
    subject: 'Triks 5',
    html: (o) =>
      letter(
        `<svg><style><!--</style>${smuggled(o)}--></style></svg><svg><a><foreignObject><a><table><a></table><style><!--</style></svg><a id="-->${smuggled(o)}"></a>`,
      ),
  },
  {
    name: '<noscript>: an attribute holding </noscript>, which a parse with scripting on ends there',
    subject: 'Triks 6',
    html: (o) => letter(`<noscript><p title="</noscript>${smuggled(o)}"></p></noscript>`),
  },
  {
    name: '<template>: a <style> in a template that the template ends, and a declarative shadow root (live in a frame, inert in DOMParser)',
    subject: 'Triks 7',
    html: (o) =>
      letter(
        `<template><style></template>${smuggled(o)}</style></template><template><svg></p><style><a id="</style>${smuggled(o)}"></a></style></svg></template><div><template shadowrootmode="open">${smuggled(o)}<slot></slot></template>Skygge</div>`,
      ),
  },
  {
    name: 'comments: "--!>" and "<!-->" end a comment early, and markup in comments',
    subject: 'Triks 8',
    html: (o) =>
      letter(`<div><!--a--!><p title="-->${smuggled(o)}"></p></div><!--<!-->${escaped(o)}--><svg><!--</svg>${smuggled(o)}--></svg>`),
  },
  {
    name: 'CDATA: a CDATA section in SVG and in MathML, and one in HTML (a comment there)',
    subject: 'Triks 9',
    html: (o) =>
      letter(
        `<svg><![CDATA[</svg>${smuggled(o)}]]></svg><math><mtext><![CDATA[</math>${smuggled(o)}]]></mtext></math><div><![CDATA[<p title="]]>${smuggled(o)}"></p></div>`,
      ),
  },
];

/** Adds each trick letter as a new letter of the emulator's inbox, with its own counting server's origin. */
export async function addTrickLetters(admin: EmulatorAdmin, origins: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [index, trick] of TRICK_LETTERS.entries()) {
    const origin = origins[index];
    if (origin === undefined) throw new Error(`no counting server for ${trick.name}`);
    ids.push((await admin.addLetter({ subject: trick.subject, creatorName: 'Lurendreier AS', html: trick.html(origin) })).id);
  }
  return ids;
}

/** What the links letter names: each link's text, and the path it points at. */
export const LINKS = {
  html: { text: 'Les mer (HTML)', path: 'html-link' },
  svgHref: { text: 'Les mer (SVG href)', path: 'svg-href' },
  svgXlink: { text: 'Les mer (SVG xlink:href)', path: 'svg-xlink-href' },
  mathml: { text: 'Les mer (MathML)', path: 'mathml-href' },
} as const;

export const LINKS_SUBJECT = 'Lenker i SVG og MathML';

/**
 * A letter with a link in each namespace. Only the HTML one may open (in a new tab); the SVG and
 * MathML ones would navigate the letter's own frame to the sender's page inside the viewer.
 */
export function linksLetterHtml(origin: string): string {
  return letter(`<p><a id="html-link" href="${origin}/${LINKS.html.path}">${LINKS.html.text}</a></p>
<p><svg width="300" height="24"><a id="svg-href" href="${origin}/${LINKS.svgHref.path}"><text x="0" y="18">${LINKS.svgHref.text}</text></a></svg></p>
<p><svg width="300" height="24" xmlns:xlink="http://www.w3.org/1999/xlink"><a id="svg-xlink" xlink:href="${origin}/${LINKS.svgXlink.path}"><text x="0" y="18">${LINKS.svgXlink.text}</text></a></svg></p>
<p><math><mtext id="mathml-link" href="${origin}/${LINKS.mathml.path}">${LINKS.mathml.text}</mtext></math></p>`);
}
