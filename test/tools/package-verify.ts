// `npm run package:verify`: proves what AMO's reviewers are told (store/REVIEWERS.md): the sources
// zip alone, unpacked in an empty folder elsewhere, rebuilds with `npm ci && npm run package` the
// same Firefox package byte for byte (and the same Chrome package), npm ci leaving the lock as it was. Slow (a full npm ci, two
// builds twice), so it is not part of npm test; docs/publishing.md records its figures.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
const zipOf = (dir: string, name: string) => join(dir, 'dist-packages', `digipost-mailbox-${name}-${version}.zip`);

function run(what: string, command: string, args: string[], cwd: string): void {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${what} (${command} ${args.join(' ')} in ${cwd}) failed`);
  console.log(`${what}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const here = resolve('.');
const elsewhere = mkdtempSync(join(tmpdir(), 'digipost-mailbox-sources-'));
let same = true;
try {
  run('npm run package here', 'npm', ['run', '--silent', 'package'], here);
  run('unpack the sources zip', 'unzip', ['-q', zipOf(here, 'sources'), '-d', elsewhere], here);
  const lock = readFileSync(join(elsewhere, 'package-lock.json'));
  run('npm ci there', 'npm', ['ci', '--no-fund', '--no-audit'], elsewhere);
  const lockKept = lock.equals(readFileSync(join(elsewhere, 'package-lock.json')));
  same &&= lockKept;
  console.log(`package-lock.json: ${lockKept ? 'unchanged by npm ci' : 'CHANGED by npm ci'}`);
  run('npm run package there', 'npm', ['run', '--silent', 'package'], elsewhere);
  for (const name of ['firefox', 'chrome']) {
    const ours = readFileSync(zipOf(here, name));
    const theirs = readFileSync(zipOf(elsewhere, name));
    const equal = ours.equals(theirs);
    same &&= equal;
    console.log(`${name}: ${equal ? 'the same' : 'DIFFERENT'} (${ours.length} and ${theirs.length} bytes)`);
  }
} finally {
  rmSync(elsewhere, { recursive: true, force: true });
}
if (!same) {
  console.error('The sources zip does not rebuild the same packages: unzip both and diff them to see what differs.');
  process.exit(1);
}
