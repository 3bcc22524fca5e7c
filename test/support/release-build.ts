// The build of the last release, for the upgrade test: its sources from git, built by its own
// vite.config.ts with this checkout's node_modules, configured for the emulator like the e2e build.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { emulatorBuildEnv, type BuildOptions } from './build-extension.ts';

/**
 * The last release: version 0.1.0, the last commit before the work on 0.2.0 began (main of
 * 2026-11-24, 03:10 UTC; tagged v0.1.0 where the tag was made). CHANGELOG.md and docs/publishing.md name it.
 */
export const LAST_RELEASE = { version: '0.1.0', commit: '217ccc0' } as const;

/**
 * What the release's build needs of its tree: the rest (tests, tools, pictures) is left in git.
 * Since 0.2.0 the build's steps are in build/ and it ships PRIVACY.md; 0.1.0 has neither.
 */
const BUILD_INPUTS = ['package.json', 'manifest.json', 'vite.config.ts', 'build', 'tsconfig.json', 'src', 'icons', 'PRIVACY.md'];

/** A first build on a busy two-core machine takes well under a minute; this is the limit of a stuck one. */
const BUILD_TIMEOUT_MS = 180_000;

function git(args: string[]): string {
  return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/** The release's full commit id, or an error that says how to get it (a fresh clone may be shallow, or lack the tag). */
function releaseCommit(): string {
  try {
    return git(['rev-parse', '--verify', '--quiet', `${LAST_RELEASE.commit}^{commit}`]);
  } catch (error) {
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new Error(
      `The upgrade test builds the last release (${LAST_RELEASE.version}, commit ${LAST_RELEASE.commit}), but git cannot find ` +
        `that commit in this checkout (${why}). A shallow clone lacks it: run \`git fetch --unshallow\` ` +
        `(or \`git fetch origin ${LAST_RELEASE.commit}\`) and try again.`,
      { cause: error },
    );
  }
}

/**
 * The release's sources, taken out of git once per commit into the temporary directory (shared by
 * runs on other ports: it is put in place whole, by a rename, so a second run never sees half of it).
 */
function releaseTree(commit: string, cache: string): string {
  const tree = join(cache, 'tree');
  if (existsSync(join(tree, 'package.json'))) {
    relinkNodeModules(tree);
    return tree;
  }
  mkdirSync(cache, { recursive: true });
  const staging = mkdtempSync(join(cache, 'tree-'));
  const archive = join(staging, 'release.tar');
  // git archive refuses a path the commit lacks.
  const inputs = BUILD_INPUTS.filter((path) => git(['ls-tree', '--name-only', commit, '--', path]) !== '');
  git(['archive', '--format=tar', `--output=${archive}`, commit, '--', ...inputs]);
  execFileSync('tar', ['-xf', archive, '-C', staging]);
  rmSync(archive);
  symlinkSync(resolve('node_modules'), join(staging, 'node_modules'), 'dir');
  try {
    renameSync(staging, tree);
  } catch (error) {
    // Another run put it in place first: use that one.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(join(tree, 'package.json'))) throw error;
  }
  return tree;
}

/**
 * The cached tree borrows the node_modules of the checkout that made it, which may since have been
 * deleted (a worktree): then it borrows this checkout's instead. The new link is put in place by a
 * rename, so a run on another port never sees the tree without one.
 */
function relinkNodeModules(tree: string): void {
  const link = join(tree, 'node_modules');
  if (existsSync(join(link, 'vite', 'package.json'))) return;
  const fresh = `${link}-${process.pid}`;
  rmSync(fresh, { force: true });
  symlinkSync(resolve('node_modules'), fresh, 'dir');
  renameSync(fresh, link);
}

/**
 * The Chrome build of the last release for the emulator at `baseUrl`, built once per commit and
 * port and kept in the temporary directory across runs. Returns its directory.
 */
export async function buildLastRelease(
  baseUrl: string,
  clientId: string,
  clientSecret: string,
  options: BuildOptions = {},
): Promise<string> {
  const commit = releaseCommit();
  const cache = join(tmpdir(), `digipost-mailbox-release-${commit.slice(0, 12)}`);
  const dist = join(cache, `dist-${new URL(baseUrl).port}`);
  if (existsSync(join(dist, 'manifest.json'))) return dist;
  const tree = releaseTree(commit, cache);
  const building = mkdtempSync(`${dist}-building-`);
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('DIGIPOST_')));
  try {
    await promisify(execFile)(process.execPath, [join(tree, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
      cwd: tree,
      env: { ...inherited, ...emulatorBuildEnv(building, baseUrl, clientId, clientSecret, options) },
      timeout: BUILD_TIMEOUT_MS,
    });
    rmSync(dist, { recursive: true, force: true });
    renameSync(building, dist);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    throw new Error(
      `Building release ${LAST_RELEASE.version} (${commit}) failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return dist;
}
