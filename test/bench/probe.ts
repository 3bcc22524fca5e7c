/**
 * Injected into every page the benchmark opens at document start (page.evaluateOnNewDocument), so the extension's own code
 * carries nothing for the benchmark. It records, on the page's clock (performance.now(), i.e. ms
 * since navigation start):
 * - `selector:<css>`: the first frame after an element matching a watched selector entered the DOM;
 * - `text:<string>`: the same for a watched piece of text (window.__benchTexts, set by a later init
 *   script or by page.evaluate before an action);
 * - `answer`: when the page's first message to the worker was answered (runtime.sendMessage);
 * - `readStart` and `readEnd`: when the page's first storage.session read was asked and answered
 *   (the popup's first act, so `readStart` is also when its script began to run);
 * - `inserted:<css>`: when an element matching a watched selector entered the DOM (before its
 *   frame; `selector:<css>` is that frame).
 * Chromium injects it with evaluateOnNewDocument; Firefox runs no init script in moz-extension:// pages, so
 * there it is a classic script placed first in the benchmark's copy of each page (firefox.ts).
 * The frame time (requestAnimationFrame) is when the browser is about to paint what was added.
 *
 * It also keeps `window.__benchLayout` (layout-shift.ts): `shift`, the sum of the page's layout
 * shifts (PerformanceObserver 'layout-shift', buffered; null where the browser has no such entry,
 * as Firefox), and `moved`, how far (px) any of the key elements (LAYOUT_KEYS) moved from where it
 * was in the first frame it was painted in, measured in the frame after each change of the page
 * (and once more when asked, window.__benchLayoutMeasure), with `worst` naming the element.
 */
/** Keys as above; null until the frame is reached. */
export type ProbeMarks = Record<string, number | null>;

const WATCHED_SELECTORS = ['.summary h1', '.fetched', '.pdf-page[data-drawn]'];
/** What a person has already seen and should not see move: the popup's and a letter's page's known parts. */
export const LAYOUT_KEYS = [
  '.summary',
  'section.goto',
  'section.due h2',
  'section.letters h2',
  '.footer',
  '.letter-head',
  '.letter-details',
];

// Plain JavaScript in a string: a function's toString() would carry the TS runner's helpers.
const PROBE_SOURCE = `
(() => {
  const selectors = __SELECTORS__;
  const marks = {};
  window.__bench = marks;
  const layoutKeys = __LAYOUT__;
  const layout = { shift: null, moved: 0, worst: '', shifted: '' };
  window.__benchLayout = layout;
  const types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.includes('layout-shift')) {
    layout.shift = 0;
    layout.shifted = '';
    let largest = 0;
    const describe = (node) => !node ? '?' : node.nodeType === 1 ? node.tagName.toLowerCase() + (node.classList.length ? '.' + [...node.classList].join('.') : '') : (node.parentElement ? describe(node.parentElement) + ' text' : 'text');
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        layout.shift += entry.value;
        // The largest shift's moved elements, named: what to reserve room for.
        if (entry.value > largest) {
          largest = entry.value;
          layout.shifted = (entry.sources || []).map((s) => describe(s.node) + ' ' + Math.round(s.previousRect.y) + '→' + Math.round(s.currentRect.y)).join(', ');
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  }
  const firstAt = {};
  const measure = () => {
    measuring = false;
    for (const key of layoutKeys) {
      const element = document.querySelector(key);
      if (!element) continue;
      const box = element.getBoundingClientRect();
      const at = [box.left + scrollX, box.top + scrollY];
      const first = firstAt[key];
      if (!first) { firstAt[key] = at; continue; }
      const moved = Math.max(Math.abs(at[0] - first[0]), Math.abs(at[1] - first[1]));
      if (moved > layout.moved) { layout.moved = moved; layout.worst = key; }
    }
  };
  let measuring = false;
  const measureNextFrame = () => { if (!measuring) { measuring = true; requestAnimationFrame(measure); } };
  window.__benchLayoutMeasure = measure;
  const mark = (key) => {
    if (key in marks) return;
    marks[key] = null;
    requestAnimationFrame(() => { marks[key] = performance.now(); });
  };
  const check = () => {
    measureNextFrame();
    for (const selector of selectors) {
      if (!(('selector:' + selector) in marks) && document.querySelector(selector)) {
        marks['inserted:' + selector] = performance.now();
        mark('selector:' + selector);
      }
    }
    const texts = window.__benchTexts || [];
    if (texts.length === 0) return;
    const content = (document.body && document.body.textContent) || '';
    for (const text of texts) if (!(('text:' + text) in marks) && content.includes(text)) mark('text:' + text);
  };
  // data-drawn: pdf.js's page box gets it once drawn (src/viewer/letter/pdf-pages.ts), after the box entered the DOM.
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-drawn'] });
  document.addEventListener('DOMContentLoaded', check);

  // The first storage.session read, asked and answered: the popup reads its cache first thing.
  for (const namespace of [globalThis.browser, globalThis.chrome]) {
    const area = namespace && namespace.storage && namespace.storage.session;
    const get = area && area.get;
    if (!get) continue;
    area.get = function (...args) {
      if (marks.readStart == null) marks.readStart = performance.now();
      const result = get.apply(area, args);
      const done = () => { if (marks.readEnd == null) marks.readEnd = performance.now(); };
      if (result && typeof result.then === 'function') result.then(done, done);
      return result;
    };
  }

  const answered = () => { if (marks.answer == null) marks.answer = performance.now(); };
  // Chromium's pages call chrome.*, Firefox's browser.* (src/shared/ext.ts): watch both.
  for (const namespace of [globalThis.browser, globalThis.chrome]) {
    const runtime = namespace && namespace.runtime;
    const original = runtime && runtime.sendMessage;
    if (!original) continue;
    runtime.sendMessage = function (...args) {
      const at = args.findIndex((a) => typeof a === 'function');
      if (at >= 0) {
        const callback = args[at];
        args[at] = function (...result) { answered(); return callback.apply(this, result); };
        return original.apply(runtime, args);
      }
      const result = original.apply(runtime, args);
      if (result && typeof result.then === 'function') result.then(answered, answered);
      return result;
    };
  }
})();
`;

export const PROBE_SCRIPT = {
  content: PROBE_SOURCE.replace('__SELECTORS__', JSON.stringify(WATCHED_SELECTORS)).replace('__LAYOUT__', JSON.stringify(LAYOUT_KEYS)),
};
