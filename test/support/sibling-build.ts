// The shards of one run (npm test starts each browser's suite in three, test/tools/run-together.ts)
// build the same extension, each for its own emulator's port, which a build writes in one place
// only: the emulator's addresses. A shard whose sibling of the same browser has finished its
// build in this run copies that build and changes the port, instead of building again: a build is
// about 10 CPU-seconds, on two cores the whole suite keeps busy. The port is in the emulator's
// addresses only (the default service address; Chromium's host permissions, with the content
// host's). Anything unexpected (no sibling, no address found, another run's build) and the shard
// builds as ever.
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Written last into a finished build: the run it was made in and the port it points at. */
const FINISHED = '.e2e-run.json';

interface Finished {
  run: string;
  port: number;
}

const run = () => process.env.E2E_RUN;

/** Marks `dist` as finished for `port` in this run (nothing outside a run). */
export function markFinished(dist: string, port: number): void {
  const id = run();
  if (id) writeFileSync(join(dist, FINISHED), JSON.stringify({ run: id, port } satisfies Finished));
}

function finishedIn(dist: string): Finished | undefined {
  try {
    const read = JSON.parse(readFileSync(join(dist, FINISHED), 'utf8')) as Partial<Finished>;
    return typeof read.run === 'string' && typeof read.port === 'number' ? { run: read.run, port: read.port } : undefined;
  } catch {
    return undefined;
  }
}

/** The files of a folder, with their paths, recursively. */
const filesOf = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => /\.(js|json|html)$/.test(path));

/**
 * Makes `dist` a copy of a sibling's build of this run (`siblings`: the other shards' build
 * folders) pointed at `port`; false, leaving nothing, when there is none to copy.
 */
export function copySiblingBuild(dist: string, port: number, siblings: readonly string[]): boolean {
  const id = run();
  if (!id) return false;
  const [sibling, from] =
    siblings
      .filter((folder) => folder !== dist && existsSync(folder))
      .map((folder) => [folder, finishedIn(folder)] as const)
      .find(([, finished]) => finished?.run === id) ?? [];
  if (!sibling || !from) return false;
  rmSync(dist, { recursive: true, force: true });
  cpSync(sibling, dist, { recursive: true });
  const hosts = ['127.0.0.1', 'localhost'];
  let serviceAddressFound = false;
  for (const path of filesOf(dist)) {
    const text = readFileSync(path, 'utf8');
    serviceAddressFound ||= text.includes(`http://127.0.0.1:${from.port}`);
    const moved = hosts.reduce((changed, host) => changed.replaceAll(`//${host}:${from.port}`, `//${host}:${port}`), text);
    if (moved !== text) writeFileSync(path, moved);
  }
  if (!serviceAddressFound) {
    rmSync(dist, { recursive: true, force: true });
    return false;
  }
  markFinished(dist, port);
  return true;
}
