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
 * Seconds each file's tests took in a full `npm test` on a two-core machine (2026-12-01, from a
 * fresh clone, two browsers at a time in two lanes), per browser: the shares matter, not the
 * figures. A file not listed here weighs by its size, at the rate the listed ones show, so a new
 * file needs no entry to be placed sensibly. Firefox skips notifications and upgrade whole (their
 * names say why).
 */
const MEASURED_SECONDS: Record<BrowserName, Record<string, number>> = {
  chromium: {
    'viewer-reader': 42,
    files: 35,
    mailbox: 25,
    upload: 20,
    options: 19,
    popup: 18,
    'session-end': 17,
    hardening: 17,
    'viewer-back': 16,
    'letter-privacy': 15,
    'sign-in': 15,
    glance: 15,
    upgrade: 14,
    mailboxes: 13,
    notifications: 13,
    'popup-states': 12,
    'letter-latency': 9,
    keyboard: 8,
    invoices: 7,
    journey: 7,
    'find-letter': 7,
    consent: 4,
    pkce: 3,
  },
  firefox: {
    'viewer-reader': 79,
    files: 53,
    mailbox: 42,
    upload: 36,
    options: 35,
    popup: 34,
    'sign-in': 27,
    mailboxes: 27,
    'viewer-back': 26,
    glance: 23,
    hardening: 23,
    'session-end': 21,
    keyboard: 20,
    'letter-privacy': 20,
    journey: 16,
    'letter-latency': 16,
    invoices: 16,
    'popup-states': 16,
    'find-letter': 13,
    consent: 12,
    pkce: 7,
    notifications: 1,
    upgrade: 1,
  },
};

/** Seconds per byte of test source, as the listed files show on average. */
const SECONDS_PER_BYTE = 1 / 560;

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
