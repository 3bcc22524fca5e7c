/**
 * The pictures' clock. `npm run screenshots` dates everything it shows by it: the emulator's
 * letters (its `calendar`), and `Date.now()` and `new Date()` in every page of the extension and
 * in its worker (a script put first in the pictures' own build). The pictures then show the same
 * day and the same minute whenever they are made, so a picture whose page did not change is not
 * rewritten (#49: a run made at another hour changed the README's pictures on disk).
 *
 * The clock runs slowly rather than standing still: what compares two times (a newer read of
 * the root wins over an older one) still sees time pass, and a whole run moves it by seconds only.
 * Timers, the network's deadlines and the tools' own waits keep the machine's time.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** When the pictures are taken, as far as they show: Tuesday 24 November 2026, 10:00 in Oslo (their time zone). */
export const PICTURE_START = Date.UTC(2026, 10, 24, 9, 0, 0);

/**
 * Picture time runs this many times slower than the machine's: a whole run of about eight
 * minutes moves it by some 24 seconds, inside the minute the pictures show.
 */
export const PICTURE_SLOWDOWN = 20;

/** The script's file in the pictures' build. */
const CLOCK_FILE = 'picture-clock.js';

export interface PictureClock {
  /** The pictures' time now, in milliseconds since the epoch, as Date.now() reads. */
  now: () => number;
  /** The script that gives a page or the worker this same clock. */
  script: string;
}

/** A clock at PICTURE_START from `realStart` (the machine's time when the run began) on. */
export function pictureClock(realStart = Date.now()): PictureClock {
  return {
    now: () => PICTURE_START + Math.floor((Date.now() - realStart) / PICTURE_SLOWDOWN),
    // Written as text, not a function's source: the tools' transpiler may add helpers to a function the browser does not have.
    script: `"use strict";
(() => {
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  const now = () => ${PICTURE_START} + Math.floor((realNow() - ${realStart}) / ${PICTURE_SLOWDOWN});
  // The real Date behind a proxy, so that every date (one cloned, one made by Intl) is still an instanceof Date.
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget),
    // Date() called without new answers a string of the time now, as the real one does.
    apply: () => new RealDate(now()).toString(),
    get: (target, key, receiver) => (key === 'now' ? now : Reflect.get(target, key, receiver)),
  });
})();
`,
  };
}

/** Every file under `dir`, as paths from it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

/**
 * Puts `clock` into the build in `outDir`, first of all that runs: a classic script at the top of
 * every page's head (it runs before the pages' module scripts, which wait for the parse), and an
 * import at the top of Chrome's worker (imports run in their order) or the first of Firefox's
 * background scripts. The extension's own sources do not know of it.
 */
export function installPictureClock(outDir: string, clock: PictureClock): void {
  writeFileSync(join(outDir, CLOCK_FILE), clock.script);
  for (const file of filesUnder(outDir).filter((name) => name.endsWith('.html'))) {
    const path = join(outDir, file);
    const page = readFileSync(path, 'utf8');
    const withClock = page.replace(/<head[^>]*>/, (head) => `${head}\n    <script src="/${CLOCK_FILE}"></script>`);
    if (withClock === page) throw new Error(`${file} has no <head> for the pictures' clock`);
    writeFileSync(path, withClock);
  }
  const manifestPath = join(outDir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { background?: { service_worker?: string; scripts?: string[] } };
  const { background } = manifest;
  if (background?.service_worker) {
    const path = join(outDir, background.service_worker);
    writeFileSync(path, `import '/${CLOCK_FILE}';\n${readFileSync(path, 'utf8')}`);
  } else if (background?.scripts) {
    // Firefox's background page runs its scripts in their order.
    background.scripts = [CLOCK_FILE, ...background.scripts];
    writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
  } else throw new Error('the build has no worker for the pictures’ clock');
}
