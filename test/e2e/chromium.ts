import { existsSync } from 'node:fs';

/** Finds the Chromium the end-to-end tests drive: CHROMIUM_PATH, then Debian's /usr/bin/chromium. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  const candidates = [env.CHROMIUM_PATH, '/usr/bin/chromium'].filter((p): p is string => Boolean(p));
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  throw new Error(
    [
      'No Chromium found for the end-to-end tests.',
      env.CHROMIUM_PATH ? `CHROMIUM_PATH is set to ${env.CHROMIUM_PATH}, but nothing is there.` : 'CHROMIUM_PATH is not set and /usr/bin/chromium does not exist.',
      'Install it on Debian or Ubuntu with:  sudo apt-get update && sudo apt-get install -y chromium',
      'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    ].join('\n'),
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
