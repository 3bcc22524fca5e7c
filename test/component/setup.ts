import nodeConsole from 'node:console';
import { configure } from '@testing-library/preact';
import { afterEach, vi } from 'vitest';
import { extension } from '../support/fake-extension.ts';
import { closePage } from './page.ts';

// Pages reach the extension through Chrome's promise-returning `chrome` (src/shared/ext.ts), read
// once when a page's modules load: the same object for every test, its state reset after each.
vi.stubGlobal('chrome', extension.api);

// happy-dom loads no frame, script, stylesheet or image (its defaults: nothing here reaches a
// network), and reports each frame it did not load on Node's own console, which vitest does not
// filter. The viewer shows every PDF in a frame: not news.
const printError = nodeConsole.error.bind(nodeConsole);
nodeConsole.error = (...args: unknown[]) => {
  if (String(args[0]).includes('Iframe page loading is disabled')) return;
  printError(...args);
};

// How long a find… query waits for the page to show something: what a page shows comes within a
// few hundred milliseconds alone on two cores, so this waits for a page that never shows it, with
// room for a machine that is running a browser suite beside it (5 s has been reached so).
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  closePage();
  extension.reset();
});
