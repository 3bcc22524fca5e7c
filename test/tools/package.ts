// `npm run package`: store-ready zips of the Chrome and Firefox builds in dist-packages/.
// Built with the production defaults (or a distributor's DIGIPOST_* variables, see README), never
// for the local emulator: a package must not ask for access to this computer or carry test credentials.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildDefaultsFromEnv } from '../../src/config/build-defaults.ts';
import { isLoopbackHost } from '../../src/config/service-address.ts';

const OUT = 'dist-packages';
const targets = [
  { name: 'chrome', mode: 'production', dist: 'dist' },
  { name: 'firefox', mode: 'firefox', dist: 'dist-firefox' },
] as const;

const env: NodeJS.ProcessEnv = { ...process.env };
Reflect.deleteProperty(env, 'DIGIPOST_OUT_DIR');
Reflect.deleteProperty(env, 'DIGIPOST_TARGET');
const defaults = buildDefaultsFromEnv(env);
const { hostname, protocol } = new URL(defaults.baseUrl);
if (protocol !== 'https:' || isLoopbackHost(hostname)) {
  console.error(`DIGIPOST_BASE_URL is ${defaults.baseUrl}: a package for a store must point at the real service. Unset it.`);
  process.exit(1);
}
console.log(
  `Packaging for ${defaults.baseUrl}, client ID ${defaults.clientId ? `"${defaults.clientId}"` : '(none: the user enters it)'}` +
    `, client secret ${defaults.clientSecret ? '(built in)' : '(none)'}.`,
);

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`${command} ${args.join(' ')} failed`);
    process.exit(result.status ?? 1);
  }
}

const bin = (name: string) => resolve('node_modules/.bin', name);
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
for (const target of targets) {
  run(bin('vite'), ['build', '--mode', target.mode, '--logLevel', 'warn']);
  const manifest = JSON.parse(readFileSync(join(target.dist, 'manifest.json'), 'utf8')) as { version: string };
  const filename = `digipost-mailbox-${target.name}-${manifest.version}.zip`;
  // web-ext zips the folder as the stores expect (manifest.json at the root, no dot files).
  run(bin('web-ext'), ['build', '--source-dir', target.dist, '--artifacts-dir', OUT, '--filename', filename, '--overwrite-dest']);
  console.log(`${target.name}: ${join(OUT, filename)} (${(statSync(join(OUT, filename)).size / 1024).toFixed(1)} KiB)`);
}
