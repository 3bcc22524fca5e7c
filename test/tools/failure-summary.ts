// What a failed vitest run says of each failure, in a few lines: the test's full name, the first line
// of its error and the line of a test file it came from. run-together.ts prints it last, since a
// CI log is read from its tail, and a failed test's name without its reason sends the reader back
// to a run they may not have.

// eslint-disable-next-line no-control-regex -- colour codes are control characters by nature
const COLOUR = /\u001b\[[0-9;]*m/g;

/** The rule vitest draws after each failure: ⎯⎯⎯[2/7]⎯. */
const END_OF_FAILURE = /^\s*⎯+\[\d+\/\d+\]⎯/;

/** A line vitest prints for a place in the code: "❯ helper test/e2e/x.e2e.ts:12:5" or "❯ test/e2e/x.e2e.ts:12:5". */
const PLACE = /❯\s+(?:\S+\s+)?(\S+\.(?:e2e|test)\.tsx?:\d+:\d+)/;

export function failureSummary(output: string, limit = 60): string[] {
  const lines = output
    .replace(COLOUR, '')
    .split('\n')
    .map((line) => line.trimEnd());
  const summary: string[] = [];
  lines.forEach((line, index) => {
    if (!/^\s*FAIL\b/.test(line)) return;
    summary.push(line.trim());
    const after = lines.slice(index + 1);
    const end = after.findIndex((next) => END_OF_FAILURE.test(next) || /^\s*FAIL\b/.test(next));
    const block = end === -1 ? after.slice(0, 60) : after.slice(0, end);
    const reason = block.find((next) => next.trim() !== '');
    if (reason !== undefined) summary.push(`  ${reason.trim().slice(0, 400)}`);
    // The last place in a test file: the test's own line, under the helpers it called.
    const place = block.flatMap((next) => PLACE.exec(next)?.[1] ?? []).at(-1);
    if (place !== undefined) summary.push(`  at ${place}`);
  });
  // A run that ended before vitest's report (a crash, a timeout of the whole file) names its failed tests only by "×".
  const named = summary.length > 0 ? summary : lines.filter((line) => /^\s*×/.test(line)).map((line) => line.trim());
  return named.slice(0, limit);
}
