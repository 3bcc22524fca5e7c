import type Browser from 'webextension-polyfill';

/**
 * The extension API with promises, without the polyfill's 10 kB in every page that uses it:
 * Firefox's own `browser`, or Chrome's `chrome`, whose Manifest V3 APIs return promises (every
 * call made through this object does, from Chrome 120, the manifest's minimum). The polyfill's
 * types describe both. The worker uses it too: its router answers through sendResponse
 * (background/service-worker.ts), so nothing needs the polyfill's promise-returning listeners.
 */
interface Scope {
  browser?: Browser.Browser;
  chrome?: Browser.Browser;
}

const scope = globalThis as unknown as Scope;

function extensionApi(): Browser.Browser {
  const api = scope.browser ?? scope.chrome;
  // The same refusal as the polyfill's: these modules run only inside the extension.
  if (!api) throw new Error('This script should only be loaded in a browser extension.');
  return api;
}

export const ext = extensionApi();
