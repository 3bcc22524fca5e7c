import { describe, expect, it } from 'vitest';
import { failureSummary } from '../../tools/failure-summary.ts';

// What vitest 4 printed for a file with two failed tests (colour removed, one colour code kept).
const RUN = `
 ❯ x.test.ts (3 tests | 2 failed) 12ms
     × fails by a throw 5ms
     × fails by expect 5ms
     ✓ passes 0ms

⎯⎯⎯⎯⎯⎯⎯ Failed Tests 2 ⎯⎯⎯⎯⎯⎯⎯

 FAIL  x.test.ts > group > fails by a throw
\u001b[31mError\u001b[39m: the page did not show "Inbox". The page showed: nothing
 ❯ helper test/support/person.ts:2:27
    1| import { it, expect, describe } from 'vitest';
 ❯ test/e2e/viewer.e2e.ts:4:34

⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯[1/2]⎯

 FAIL  x.test.ts > group > fails by expect
AssertionError: expected [ 1 ] to deeply equal []

- Expected
+ Received

 ❯ test/e2e/viewer.e2e.ts:5:45
    5|   it('fails by expect', () => { expect([1]).toEqual([]); });

⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯[2/2]⎯

 Test Files  1 failed (1)
`;

describe("a failed run's summary", () => {
  it('names each failed test with the first line of its error and the line of the test it came from', () => {
    expect(failureSummary(RUN)).toEqual([
      'FAIL  x.test.ts > group > fails by a throw',
      '  Error: the page did not show "Inbox". The page showed: nothing',
      '  at test/e2e/viewer.e2e.ts:4:34',
      'FAIL  x.test.ts > group > fails by expect',
      '  AssertionError: expected [ 1 ] to deeply equal []',
      '  at test/e2e/viewer.e2e.ts:5:45',
    ]);
  });

  it('names the failed tests by their marks when the run ended before its report', () => {
    expect(failureSummary(RUN.slice(0, RUN.indexOf('⎯')))).toEqual(['× fails by a throw 5ms', '× fails by expect 5ms']);
  });

  it('says nothing of a run that passed, and keeps to its limit', () => {
    expect(failureSummary(' ✓ x.test.ts (3 tests) 12ms\n Test Files  1 passed (1)')).toEqual([]);
    expect(failureSummary(RUN, 3)).toHaveLength(3);
  });
});
