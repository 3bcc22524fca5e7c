import { findBrowser } from './find-browser.ts';

/** Finds the Chromium the end-to-end tests drive: CHROMIUM_PATH, then Debian's /usr/bin/chromium. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  return findBrowser(
    {
      purpose: 'Chromium for the end-to-end tests',
      envVar: 'CHROMIUM_PATH',
      paths: ['/usr/bin/chromium'],
      debianPackage: 'chromium',
      alternative: 'a Chromium or Chrome binary',
    },
    env,
  );
}

/** Flags that keep a test browser quiet on a machine with no outside network. */
export const QUIET_FLAGS = [
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-features=Translate,MediaRouter,OptimizationHints',
];

/** Chromium refuses its sandbox as root (CI runs as root). */
export function sandboxFlags(): string[] {
  return process.getuid?.() === 0 ? ['--no-sandbox'] : [];
}
