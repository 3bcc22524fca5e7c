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

// How long a find… query waits for the page to show something: room for a busy two-core machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  closePage();
  extension.reset();
});
