import { existsSync } from 'node:fs';

/** Finds the Firefox the smoke test drives: FIREFOX_PATH, then Debian's firefox-esr, then firefox. */
export function findFirefox(env: NodeJS.ProcessEnv = process.env): string {
  const candidates = [env.FIREFOX_PATH, '/usr/bin/firefox-esr', '/usr/bin/firefox'].filter((p): p is string => Boolean(p));
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  throw new Error(
    [
      'No Firefox found for the Firefox smoke test.',
      env.FIREFOX_PATH ? `FIREFOX_PATH is set to ${env.FIREFOX_PATH}, but nothing is there.` : 'FIREFOX_PATH is not set and neither /usr/bin/firefox-esr nor /usr/bin/firefox exists.',
      'Install it on Debian with:  sudo apt-get update && sudo apt-get install -y firefox-esr',
      'or point FIREFOX_PATH at a Firefox binary (128 or later).',
    ].join('\n'),
  );
}
