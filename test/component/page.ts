import { readFileSync } from 'node:fs';
import { render } from 'preact';
import { vi } from 'vitest';
import type { PageName } from '../../src/protocol/pages.ts';
import { extension } from '../support/fake-extension.ts';

const ENTRIES: Record<PageName, () => Promise<unknown>> = {
  popup: () => import('../../src/popup/main.tsx'),
  options: () => import('../../src/options/main.tsx'),
  viewer: () => import('../../src/viewer/main.tsx'),
  save: () => import('../../src/save/main.tsx'),
};

interface TestDomGlobals {
  happyDOM?: { setURL(url: string): void };
  jsdom?: { reconfigure(options: { url: string }): void };
}

/** Moves the test DOM to a page's address, in happy-dom or in jsdom (a test file may choose either). */
function setUrl(url: string): void {
  const dom = globalThis as unknown as TestDomGlobals;
  if (dom.happyDOM) dom.happyDOM.setURL(url);
  else if (dom.jsdom) dom.jsdom.reconfigure({ url });
  else throw new Error('the component tests run in happy-dom or jsdom');
}

let closedItself = false;

/**
 * Opens one of the extension's pages as the browser does: at its own address (with `query`), its
 * own HTML, then its entry script, loaded afresh so it starts as a newly opened page does (reading
 * its cache, asking the worker). Nothing of a page's internals is replaced: the tests see it
 * through what it renders, the worker's answers and the extension API.
 */
export async function openPage(name: PageName, query = ''): Promise<void> {
  extension.page = name;
  setUrl(`${extension.pageUrl()}${query}`);
  // A new tab's entry holds no state: not the one a page of an earlier test in the file left there.
  history.replaceState(null, '');
  // Without its script (imported below) and stylesheets (a DOM without layout has no use for them).
  const source = readFileSync(`src/${name}/${name}.html`, 'utf8').replace(/<script\b[^>]*><\/script>|<link\b[^>]*>/g, '');
  const html = new DOMParser().parseFromString(source, 'text/html');
  document.documentElement.lang = html.documentElement.lang;
  document.title = html.title;
  document.body.replaceChildren(...[...html.body.childNodes].map((node) => document.importNode(node, true)));
  closedItself = false;
  window.close = () => {
    closedItself = true;
  };
  vi.resetModules();
  await ENTRIES[name]();
}

/** Whether the page called window.close(), as the popup does once it has opened a tab. */
export function pageClosedItself(): boolean {
  return closedItself;
}

/**
 * Unmounts the open page (its effects clean up: listeners go), so nothing of it reacts to a later
 * test. Preact is one instance for the tests and the pages (vitest loads node_modules natively,
 * and vi.resetModules reloads only the project's modules).
 */
export function closePage(): void {
  for (const root of document.body.children) render(null, root);
  document.body.replaceChildren();
}
