import { findBrowser } from './find-browser.ts';

/** Finds the Firefox the smoke test drives: FIREFOX_PATH, then Debian's firefox-esr, then firefox. */
export function findFirefox(env: NodeJS.ProcessEnv = process.env): string {
  return findBrowser(
    {
      purpose: 'Firefox for the Firefox smoke test',
      envVar: 'FIREFOX_PATH',
      paths: ['/usr/bin/firefox-esr', '/usr/bin/firefox'],
      debianPackage: 'firefox-esr',
      alternative: 'a Firefox binary (140 or later)',
    },
    env,
  );
}
