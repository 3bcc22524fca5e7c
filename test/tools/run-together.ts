// Runs lanes of npm scripts side by side and prints each script's output whole when it ends, so
// two suites' lines never interleave; exits non-zero if any script failed. Each argument is a lane:
// one script, or several joined by " then ", run one after another, each whatever became of the
// one before (a failed Chromium shard never hides the Firefox shard after it).
//
// `npm test` runs its parts this way, four at a time (`--at-once 4`), each begun in the order
// given as soon as another has ended: the checks (tsc, ESLint, the build: one process each, one
// after another), the unit tests (vitest gives them one worker on two cores), then each browser's
// end-to-end suite in three shards (test/support/balanced-shards.ts). Measured on two cores: in two
// stages (the unit tests beside the checks, then two lanes of a Chromium and a Firefox shard) the
// browsers' stage used only two thirds of the cores, and the first stage waited for the slower of
// its two; one queue keeps both cores busy to the end (npm test took 604 s in stages, and 563 s in
// a queue of three, on the same kind of fresh clone). Four at a time took 536 s against three's
// 559 s, and `vmstat` through a four-at-a-time run found the cores 3 % idle (`time`'s 711
// CPU-seconds miss the browsers' own processes), so another part at once would only share them
// more finely. Each shard has its own emulator port and build folder, and the browsers' waits
// allow for a busy machine (30 s for what takes a moment).
//
// A failed suite's output is printed after every passed one, and the names of its failed tests
// once more at the very end, each with the first line of its error (failure-summary.ts): a CI log
// is often read from its tail, and a failure printed before a longer suite's passing output would
// otherwise be out of sight.
import { spawn } from 'node:child_process';
import { failureSummary } from './failure-summary.ts';

interface Outcome {
  script: string;
  code: number;
  seconds: number;
  output: string;
}

const RUN = `${process.pid}-${Date.now()}`;

function run(script: string): Promise<Outcome> {
  const started = Date.now();
  console.log(`▶ npm run ${script} (its output follows when all have ended)`);
  return new Promise((resolve) => {
    // On Windows npm is a .cmd, which only a shell starts.
    const child = spawn('npm', ['run', ...script.split(' ')], {
      shell: process.platform === 'win32',
      // E2E_RUN names this run, so a shard may copy a build another made in it (test/support/sibling-build.ts).
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1', E2E_RUN: process.env.E2E_RUN ?? RUN },
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = (code: number): void => {
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`${code === 0 ? '✓' : '✗'} npm run ${script} ended after ${seconds} s`);
      resolve({ script, code, seconds, output: Buffer.concat(chunks).toString('utf8') });
    };
    child.on('error', (error) => {
      chunks.push(Buffer.from(`could not start npm run ${script}: ${error.message}\n`));
      done(1);
    });
    child.on('close', (code) => done(code ?? 1));
  });
}

/** A lane's scripts one after another, each run whatever became of the one before. */
async function runLane(lane: string): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const script of lane.split(' then ')) outcomes.push(await run(script.trim()));
  return outcomes;
}

/**
 * Runs the lanes, at most `atOnce` at a time, each begun in the order given as soon as one before
 * it has ended (all at once when `atOnce` is not given).
 */
async function runLanes(lanes: readonly string[], atOnce = lanes.length): Promise<Outcome[]> {
  const outcomes: Outcome[][] = [];
  let next = 0;
  const slot = async (): Promise<void> => {
    while (next < lanes.length) {
      const index = next++;
      outcomes[index] = await runLane(lanes[index] ?? '');
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, lanes.length) }, slot));
  return outcomes.flat();
}

const args = process.argv.slice(2);
const atOnceFlag = args[0] === '--at-once' ? Number(args[1]) : undefined;
const lanes = atOnceFlag === undefined ? args : args.slice(2);
if (lanes.length === 0 || (atOnceFlag !== undefined && !(atOnceFlag >= 1))) {
  console.error('usage: run-together.ts [--at-once N] <lane> [<lane> …], a lane being <npm script> [then <npm script> …]');
  process.exit(2);
}
const outcomes = await runLanes(lanes, atOnceFlag);
const passedFirst = [...outcomes].sort((a, b) => Number(a.code !== 0) - Number(b.code !== 0));
for (const { output } of passedFirst) process.stdout.write(output);
for (const { script, code, seconds, output } of passedFirst) {
  console.log(`${code === 0 ? '✓' : '✗'} npm run ${script}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds} s`);
  if (code !== 0) for (const line of failureSummary(output)) console.log(`    ${line}`);
}
process.exit(outcomes.every((outcome) => outcome.code === 0) ? 0 : 1);
