// How npm test splits a browser's end-to-end files between its shards (`--shard=K/N`): by how long
// each file takes, not by their count. Vitest's own split gives each shard as many files, chosen by
// a hash of their names, and a browser's files differ in length by a factor of fifty (the letter
// viewer's 21 scenarios against PKCE's one): measured, Firefox's two shards took 668 s and 478 s,
// and the run waits for the longer. Here the longest file goes first to the shard with the least
// to do, and so on down (longest-processing-time first), which leaves the shards within a short
// file of each other.
import { statSync } from 'node:fs';
import { basename } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { browserUnderTest, type BrowserName } from './extension-browser.ts';

/**
 * Seconds each file took on a two-core machine (2026-12-03, both browsers' whole suites side by
 * side, three shards at a time: its tests as vitest timed them, and its browser's start, sign-in
 * and close, 2 s in Chromium and 4.5 s in Firefox measured alone), per browser: the shares
 * matter, not the figures. A file not listed here weighs by its size, at the rate the listed ones
 * show, so a new file needs no entry to be placed sensibly. Firefox skips notifications and upgrade whole (their names say why).
 */
const MEASURED_SECONDS: Record<BrowserName, Record<string, number>> = {
  chromium: {
    'viewer-reader': 47,
    mailbox: 26,
    'letter-privacy': 21,
    'session-end': 21,
    options: 20,
    upload: 19,
    files: 18,
    'sign-in': 18,
    'viewer-back': 18,
    notifications: 15,
    popup: 14,
    mailboxes: 13,
    keyboard: 13,
    counts: 11,
    upgrade: 11,
    'popup-states': 11,
    invoices: 9,
  },
  firefox: {
    'viewer-reader': 66,
    mailbox: 39,
    options: 35,
    files: 30,
    'viewer-back': 28,
    'letter-privacy': 28,
    'sign-in': 27,
    'session-end': 25,
    'popup-states': 25,
    popup: 25,
    upload: 23,
    counts: 22,
    mailboxes: 20,
    keyboard: 19,
    invoices: 18,
    notifications: 1,
    upgrade: 1,
  },
};

/** Seconds per byte of test source, as the listed files show on average in each browser. */
const SECONDS_PER_BYTE: Record<BrowserName, number> = { chromium: 1 / 625, firefox: 1 / 396 };

const nameOf = (path: string) => basename(path).replace(/\.e2e\.ts$/, '');

/** The weight of each file: its measured seconds, or its size's estimate. */
export function fileWeight(path: string, browser: BrowserName, size: (path: string) => number = (p) => statSync(p).size): number {
  return MEASURED_SECONDS[browser][nameOf(path)] ?? size(path) * SECONDS_PER_BYTE[browser];
}

/**
 * Which of `count` shards each file goes to: the heaviest first, each to the shard with the least
 * weight so far (the lower index on a tie), so every process computes the same split.
 */
export function balancedShards<T>(files: readonly T[], weight: (file: T) => number, count: number, key: (file: T) => string): T[][] {
  const shards: { files: T[]; weight: number }[] = Array.from({ length: count }, () => ({ files: [], weight: 0 }));
  const heaviestFirst = [...files].sort((a, b) => weight(b) - weight(a) || key(a).localeCompare(key(b)));
  for (const file of heaviestFirst) {
    const lightest = shards.reduce((best, shard) => (shard.weight < best.weight ? shard : best));
    lightest.files.push(file);
    lightest.weight += weight(file);
  }
  return shards.map((shard) => shard.files);
}

/** Vitest's sequencer with the split above; within a shard the heaviest file runs first. */
export default class BalancedShards extends BaseSequencer {
  override shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard ?? { index: 1, count: 1 };
    const browser = browserUnderTest();
    const shards = balancedShards(
      files,
      (file) => fileWeight(file.moduleId, browser),
      count,
      (file) => file.moduleId,
    );
    return Promise.resolve(shards[index - 1] ?? []);
  }

  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const browser = browserUnderTest();
    return Promise.resolve([...files].sort((a, b) => fileWeight(b.moduleId, browser) - fileWeight(a.moduleId, browser)));
  }
}
