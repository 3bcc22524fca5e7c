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
 * Seconds each file's tests took in a full `npm test` on a two-core machine (2026-12-01, the run
 * from 21:24, a fresh clone, two browsers at a time in two lanes), per browser: the shares matter, not the
 * figures. A file not listed here weighs by its size, at the rate the listed ones show, so a new
 * file needs no entry to be placed sensibly. Firefox skips notifications and upgrade whole (their
 * names say why).
 */
const MEASURED_SECONDS: Record<BrowserName, Record<string, number>> = {
  chromium: {
    'viewer-reader': 27,
    files: 27,
    upload: 18,
    popup: 15,
    'letter-privacy': 15,
    mailbox: 15,
    options: 14,
    hardening: 14,
    'session-end': 12,
    'viewer-back': 12,
    glance: 11,
    mailboxes: 11,
    notifications: 11,
    'sign-in': 10,
    upgrade: 8,
    'letter-latency': 8,
    'popup-states': 7,
    invoices: 7,
    consent: 5,
    keyboard: 5,
    'find-letter': 4,
    journey: 4,
    pkce: 3,
  },
  firefox: {
    files: 51,
    'viewer-reader': 48,
    mailbox: 34,
    options: 33,
    upload: 24,
    popup: 24,
    glance: 22,
    'viewer-back': 21,
    hardening: 21,
    mailboxes: 20,
    'letter-privacy': 19,
    'session-end': 18,
    'sign-in': 17,
    journey: 14,
    'popup-states': 14,
    keyboard: 13,
    'letter-latency': 13,
    invoices: 12,
    'find-letter': 8,
    consent: 7,
    pkce: 6,
    notifications: 1,
    upgrade: 1,
  },
};

/** Seconds per byte of test source, as the listed files show on average. */
const SECONDS_PER_BYTE = 1 / 690;

const nameOf = (path: string) => basename(path).replace(/\.e2e\.ts$/, '');

/** The weight of each file: its measured seconds, or its size's estimate. */
export function fileWeight(path: string, browser: BrowserName, size: (path: string) => number = (p) => statSync(p).size): number {
  return MEASURED_SECONDS[browser][nameOf(path)] ?? size(path) * SECONDS_PER_BYTE;
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
