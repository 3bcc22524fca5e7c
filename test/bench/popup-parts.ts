import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { BENCH_DIST, BLANK_PAGE } from './build.ts';
import { markOf, openTimed, POPUP_PAGE, SUMMARY, timeOnce, type Bench } from './pages.ts';
import { staticFrame } from './popup-timing.ts';
import { summarize, type Summary } from './stats.ts';

/**
 * Issue #47, point 2: where the warm popup's time goes, in parts, and what its variants cost, each
 * side by side in one run (interleaved, so drift in the machine touches them alike). The variants
 * are pages of the benchmark's own (bench/, never part of a release), made from the popup as built.
 */

/** One open of the popup, in ms on the page's clock from navigation start, and its parts. */
export interface PopupParts {
  /** The frame the content is painted in (SUMMARY). */
  total: number;
  /** The page parsed (domInteractive): the document in and read, its styles and sprite included. */
  parsed: number;
  /**
   * From the page parsed to the script's first act, the cache read: its load, compile and run
   * (an extension's own scripts get no resource timing entry to tell the load apart).
   */
  script: number;
  /** The storage.session read, asked to answered. */
  read: number;
  /** From the read's answer to the content in the DOM: the first render. */
  render: number;
  /** From the content in the DOM to its frame. */
  frame: number;
}

export interface PartsResult {
  blank: number[];
  /** The warm first frame as a page with no script: styles in the page (as built), and linked as two stylesheets. */
  frameInlined: number[];
  frameLinked: number[];
  /** The popup as built (a module script), and the same script as a classic one at the end of the body. */
  built: PopupParts[];
  classic: PopupParts[];
  /** The popup as built, its cache read asked by a classic script in the head, before the module is run. */
  earlyRead: PopupParts[];
  /**
   * The floor of a first-paint script: a classic script in the head that reads the cache and, once
   * answered, puts the saved warm frame's content in the page at once (no framework, no templating).
   */
  firstPaintFloor: number[];
  /**
   * The same with no read at all: the content put in the page once parsed. The floor of any script
   * that paints, and of any way of handing the script its data without an asynchronous read (the
   * popup's address, set by the worker, is read at once): what the read itself costs is the
   * difference.
   */
  scriptNoRead: number[];
}

const CLASSIC_PAGE = 'bench/popup-classic.html';
const EARLY_READ_PAGE = 'bench/popup-early-read.html';
const FIRST_PAINT_PAGE = 'bench/popup-first-paint.html';
const NO_READ_PAGE = 'bench/popup-no-read.html';
/** What the popup reads first (Popup.tsx' readCache): its root and its invoices, from storage.session. */
const CACHE_KEYS = ['rootCache', 'dueInvoices'];
const LINKED_FRAME = 'bench/popup-frame-linked.html';

/** The popup's page with its module script replaced by the same code as a classic script, at the end of the body. */
function writeClassicVariant(dist: string): string {
  const html = readFileSync(join(dist, POPUP_PAGE), 'utf8');
  const tag = /<script type="module"[^>]*src="\/assets\/(popup-[\w-]+\.js)"[^>]*><\/script>/.exec(html);
  if (!tag?.[1]) throw new Error('the built popup has no module script of its own');
  const code = readFileSync(join(dist, 'assets', tag[1]), 'utf8');
  if (/^\s*(import|export)\b/m.test(code)) throw new Error('the popup script imports or exports: it cannot run as a classic script');
  // Its top-level await (the cache read) inside an async function: the same code, run as the page is parsed.
  writeFileSync(join(dist, 'bench/popup-classic.js'), `(async () => {\n${code}\n})();\n`);
  const page = html.replace(tag[0], '').replace('</body>', '<script src="/bench/popup-classic.js"></script></body>');
  writeFileSync(join(dist, CLASSIC_PAGE), page);
  return CLASSIC_PAGE;
}

/**
 * The popup as built with its cache read started by a classic script in the head, while the page
 * is parsed: the popup's own reads of those keys (getItem: `get([key])`) are answered by it.
 */
function writeEarlyReadVariant(dist: string): string {
  const early = `(() => {
  const area = (globalThis.browser || globalThis.chrome).storage.session;
  const get = area.get;
  const asked = get.call(area, ${JSON.stringify(CACHE_KEYS)});
  const waiting = new Set(${JSON.stringify(CACHE_KEYS)});
  area.get = function (keys) {
    const key = Array.isArray(keys) && keys.length === 1 ? keys[0] : undefined;
    if (key !== undefined && waiting.delete(key)) return asked;
    return get.apply(area, arguments);
  };
})();
`;
  writeFileSync(join(dist, 'bench/popup-early-read.js'), early);
  const html = readFileSync(join(dist, POPUP_PAGE), 'utf8').replace('<head>', '<head><script src="/bench/popup-early-read.js"></script>');
  writeFileSync(join(dist, EARLY_READ_PAGE), html);
  return EARLY_READ_PAGE;
}

/**
 * The floor of the first-paint design (the whole first frame drawn from the cache before the
 * framework): the warm frame's page with its content taken out, and a classic script in the head
 * that reads the cache and puts that content back in one assignment once the read is answered
 * and the page parsed.
 * Any real first-paint script does at least this (and builds the content from the cache besides).
 */
export function writeFirstPaintFloor(dist: string, frame: string, withRead = true): string {
  const html = readFileSync(join(dist, frame), 'utf8');
  const app = /<main id="app">([\s\S]*)<\/main>/.exec(html);
  if (!app?.[1]) throw new Error('the popup frame has no content in <main id="app">');
  const name = withRead ? 'popup-first-paint' : 'popup-no-read';
  const script = `(() => {
  const content = ${JSON.stringify(app[1])};
  const read = ${withRead ? `(globalThis.browser || globalThis.chrome).storage.session.get(${JSON.stringify(CACHE_KEYS)})` : 'null'};
  // The read may be answered before the page is parsed as far as its <main>.
  const parsed = document.readyState === 'loading' ? new Promise((done) => document.addEventListener('DOMContentLoaded', done, { once: true })) : null;
  Promise.all([read, parsed]).then(() => {
    document.getElementById('app').innerHTML = content;
  });
})();
`;
  writeFileSync(join(dist, `bench/${name}.js`), script);
  const page = html.replace(app[0], '<main id="app"></main>').replace('<head>', `<head><script src="/bench/${name}.js"></script>`);
  const path = withRead ? FIRST_PAINT_PAGE : NO_READ_PAGE;
  writeFileSync(join(dist, path), page);
  return path;
}

/** The warm frame with no script, its `<style>` elements written out as stylesheets it links (as the popup was before #47 point 1). */
function writeLinkedFrame(dist: string, frame: string): string {
  let index = 0;
  const html = readFileSync(join(dist, frame), 'utf8').replace(/<style>([\s\S]*?)<\/style>/g, (_all, css: string) => {
    const file = `bench/popup-frame-${index++}.css`;
    writeFileSync(join(dist, file), css);
    return `<link rel="stylesheet" href="/${file}">`;
  });
  if (index === 0) throw new Error('the popup frame has no <style> to link instead');
  writeFileSync(join(dist, LINKED_FRAME), html);
  return LINKED_FRAME;
}

async function partsOf(page: Page, total: number): Promise<PopupParts> {
  const readStart = await markOf(page, 'readStart');
  const readEnd = await markOf(page, 'readEnd');
  const inserted = await markOf(page, `inserted:${SUMMARY.replace('selector:', '')}`);
  const parsed = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domInteractive);
  return { total, parsed, script: readStart - parsed, read: readEnd - readStart, render: inserted - readEnd, frame: total - inserted };
}

async function openParts(bench: Bench, path: string): Promise<PopupParts> {
  const { page, ms } = await openTimed(bench, path, SUMMARY);
  try {
    return await partsOf(page, ms);
  } finally {
    await page.close();
  }
}

/** Interleaved: the blank page, the frame both ways, the popup both ways; the cache fresh throughout (the popup's own open keeps it so). */
export async function measurePopupParts(bench: Bench, runs: number): Promise<PartsResult> {
  // Made from the popup as built: the frame once its letters show, and the classic copy of its script.
  const frame = await staticFrame(bench);
  const linked = writeLinkedFrame(BENCH_DIST, frame);
  const classic = writeClassicVariant(BENCH_DIST);
  const early = writeEarlyReadVariant(BENCH_DIST);
  const firstPaint = writeFirstPaintFloor(BENCH_DIST, frame);
  const noRead = writeFirstPaintFloor(BENCH_DIST, frame, false);
  const result: PartsResult = {
    blank: [],
    frameInlined: [],
    frameLinked: [],
    built: [],
    classic: [],
    earlyRead: [],
    firstPaintFloor: [],
    scriptNoRead: [],
  };
  // One unmeasured round warms the browser's caches of every page.
  for (const page of [BLANK_PAGE, frame, linked, firstPaint, noRead]) await timeOnce(bench, page, SUMMARY);
  for (const page of [POPUP_PAGE, classic, early]) await openParts(bench, page);
  for (let i = 0; i < runs; i++) {
    result.blank.push(await timeOnce(bench, BLANK_PAGE, SUMMARY));
    result.frameInlined.push(await timeOnce(bench, frame, SUMMARY));
    result.frameLinked.push(await timeOnce(bench, linked, SUMMARY));
    result.built.push(await openParts(bench, POPUP_PAGE));
    result.classic.push(await openParts(bench, classic));
    result.earlyRead.push(await openParts(bench, early));
    result.firstPaintFloor.push(await timeOnce(bench, firstPaint, SUMMARY));
    result.scriptNoRead.push(await timeOnce(bench, noRead, SUMMARY));
  }
  return result;
}

const median = (values: readonly number[]) => summarize(values).median;

/** Each part's median, in ms, and the whole as a multiple of the blank page's median. */
export function describeParts(parts: readonly PopupParts[], blank: Summary): string {
  const of = (key: keyof PopupParts) => median(parts.map((run) => run[key])).toFixed(1);
  const total = median(parts.map((run) => run.total));
  return `${total.toFixed(1)} ms, ${(total / blank.median).toFixed(2)} × blank: parsed ${of('parsed')}, script to its read ${of('script')}, read ${of('read')}, render ${of('render')}, frame ${of('frame')}`;
}
