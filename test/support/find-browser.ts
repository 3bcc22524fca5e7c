import { existsSync } from 'node:fs';

export interface BrowserSearch {
  /** What it is for, as said in the error: 'Chromium for the end-to-end tests'. */
  purpose: string;
  envVar: string;
  paths: readonly string[];
  debianPackage: string;
  /** What else the variable may point at: 'a Chromium or Chrome binary'. */
  alternative: string;
}

/**
 * The browser binary named by the environment variable, else the first of `paths` that exists;
 * when none does, an error that says exactly what to install (tests never download a browser).
 */
export function findBrowser(search: BrowserSearch, env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env[search.envVar];
  const candidates = [fromEnv, ...search.paths].filter((p): p is string => Boolean(p));
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  throw new Error(
    [
      `No ${search.purpose} found.`,
      fromEnv
        ? `${search.envVar} is set to ${fromEnv}, but nothing is there.`
        : `${search.envVar} is not set and ${search.paths.join(' and ')} ${search.paths.length > 1 ? 'do' : 'does'} not exist.`,
      `Install it on Debian or Ubuntu with:  sudo apt-get update && sudo apt-get install -y ${search.debianPackage}`,
      `or point ${search.envVar} at ${search.alternative}.`,
    ].join('\n'),
  );
}
