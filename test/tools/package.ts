// `npm run package`: in dist-packages/, the store-ready zips of the Chrome and Firefox builds and,
// for addons.mozilla.org's reviewers, a zip of the sources they are built from (store/REVIEWERS.md).
// Built with the production defaults (or a distributor's DIGIPOST_* variables, see docs/publishing.md), never
// for the local emulator: a package must not ask for access to this computer or carry test credentials.
// Every zip is deterministic (test/support/deterministic-zip.ts): the sources zip, unpacked
// anywhere, rebuilds the same Firefox package byte for byte (`npm run package:verify` checks it).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildDefaultsFromEnv, firefoxAddonIdFromEnv } from '../../src/config/build-defaults.ts';
import { isLoopbackHost } from '../../src/config/service-address.ts';
import { deterministicZip, entriesOfFolder } from '../support/deterministic-zip.ts';

const OUT = 'dist-packages';
const targets = [
  { name: 'chrome', mode: 'production', dist: 'dist' },
  { name: 'firefox', mode: 'firefox', dist: 'dist-firefox' },
] as const;

/** Tracked files a build does not need: the README's screenshots and the store's pictures. */
const NOT_SOURCES = [/^test\/screenshots\//, /^store\/.*\.png$/];

const env: NodeJS.ProcessEnv = { ...process.env };
Reflect.deleteProperty(env, 'DIGIPOST_OUT_DIR');
Reflect.deleteProperty(env, 'DIGIPOST_TARGET');
// The Chrome Web Store sets the key of the items it publishes; an uploaded manifest carries none.
Reflect.deleteProperty(env, 'DIGIPOST_CHROME_KEY');
const defaults = buildDefaultsFromEnv(env);
const { hostname, protocol } = new URL(defaults.baseUrl);
if (protocol !== 'https:' || isLoopbackHost(hostname)) {
  console.error(`DIGIPOST_BASE_URL is ${defaults.baseUrl}: a package for a store must point at the real service. Unset it.`);
  process.exit(1);
}
console.log(
  `Packaging for ${defaults.baseUrl}, client ID ${defaults.clientId ? `"${defaults.clientId}"` : '(none: the user enters it)'}` +
    `, client secret ${defaults.clientSecret ? '(built in)' : '(none)'}, Firefox add-on ID ${firefoxAddonIdFromEnv(env)}.`,
);

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`${command} ${args.join(' ')} failed`);
    process.exit(result.status ?? 1);
  }
}

function write(filename: string, zip: Buffer, what: string): void {
  writeFileSync(join(OUT, filename), zip);
  console.log(`${what}: ${join(OUT, filename)} (${(statSync(join(OUT, filename)).size / 1024).toFixed(1)} KiB)`);
}

/** The files git tracks (or would: new, not ignored) that a build needs, as they are in the work tree; null outside a git checkout. */
function sourceFiles(): string[] | null {
  if (!existsSync('.git')) return null;
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' });
  if (listed.status !== 0) return null;
  return listed.stdout
    .split('\0')
    .filter((path) => path !== '' && !NOT_SOURCES.some((pattern) => pattern.test(path)))
    .filter((path) => existsSync(path));
}

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
for (const target of targets) {
  run(resolve('node_modules/.bin/vite'), ['build', '--mode', target.mode, '--logLevel', 'warn']);
  const manifest = JSON.parse(readFileSync(join(target.dist, 'manifest.json'), 'utf8')) as { version: string };
  if (manifest.version !== version) throw new Error(`${target.dist}/manifest.json says ${manifest.version}, package.json ${version}`);
  // The options page links to it (a copy of PRIVACY.md, build/privacy-page.ts).
  if (!existsSync(join(target.dist, 'privacy.html'))) throw new Error(`${target.dist} has no privacy.html`);
  // manifest.json at the root, as the stores expect; the builds hold no dot files.
  write(`digipost-mailbox-${target.name}-${version}.zip`, deterministicZip(entriesOfFolder(target.dist)), target.name);
}
const sources = sourceFiles();
if (sources) {
  write(
    `digipost-mailbox-sources-${version}.zip`,
    deterministicZip(sources.map((path) => ({ path, data: readFileSync(path) }))),
    'sources',
  );
} else {
  console.log('sources: not made (this is not a git checkout; the sources zip lists the files git tracks)');
}
