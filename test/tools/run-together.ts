// Runs npm scripts side by side and prints each one's output whole when it ends, so two suites'
// lines never interleave; exits non-zero if any of them failed. `npm test` runs the Chromium and
// Firefox end-to-end suites this way: much of their time is spent waiting (deadlines, a stalled
// service, a browser starting), so on two cores side by side takes about two thirds of one after
// the other. Each suite has its own emulator port and build folder.
import { spawn } from 'node:child_process';

interface Outcome {
  script: string;
  code: number;
  seconds: number;
}

function run(script: string): Promise<Outcome> {
  const started = Date.now();
  console.log(`▶ npm run ${script} (its output follows when it ends)`);
  return new Promise((resolve) => {
    // On Windows npm is a .cmd, which only a shell starts.
    const child = spawn('npm', ['run', script], { shell: process.platform === 'win32', env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    const done = (code: number): void => {
      process.stdout.write(Buffer.concat(output));
      resolve({ script, code, seconds: Math.round((Date.now() - started) / 1000) });
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`could not start npm run ${script}: ${error.message}\n`));
      done(1);
    });
    child.on('close', (code) => done(code ?? 1));
  });
}

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: run-together.ts <npm script> [<npm script> …]');
  process.exit(2);
}
const outcomes = await Promise.all(scripts.map(run));
for (const { script, code, seconds } of outcomes) console.log(`${code === 0 ? '✓' : '✗'} npm run ${script}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds} s`);
process.exit(outcomes.every((outcome) => outcome.code === 0) ? 0 : 1);
