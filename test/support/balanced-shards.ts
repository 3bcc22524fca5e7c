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
 * Seconds each file took in a full `npm test` on a two-core machine (2026-11-27), per browser: the
 * shares matter, not the figures. A file not listed here weighs by its size, at the rate the
 * listed ones show, so a new file needs no entry to be placed sensibly. (viewer-back and
 * letter-latency were measured in a later run, and scaled to the others by the files both runs had;
 * mailboxes was run alone, on a quiet machine.)
 */
const MEASURED_SECONDS: Record<BrowserName, Record<string, number>> = {
  chromium: {
    'viewer-reader': 109, invoices: 88, files: 71, mailbox: 56, options: 43, upload: 42, popup: 34,
    'letter-privacy': 27, 'sign-in': 21, 'popup-states': 19, 'find-letter': 16, notifications: 15,
    hardening: 14, 'session-end': 13, keyboard: 12, journey: 11, upgrade: 10, 'viewer-errors': 8,
    glance: 6, consent: 5, pkce: 2, 'viewer-back': 25, 'letter-latency': 18, mailboxes: 8,
  },
  firefox: {
    'viewer-reader': 172, invoices: 112, files: 103, mailbox: 92, popup: 71, options: 67,
    'letter-privacy': 52, upload: 48, 'find-letter': 44, 'sign-in': 43, 'popup-states': 39,
    keyboard: 31, 'viewer-errors': 28, glance: 27, journey: 26, hardening: 23, consent: 20,
    'session-end': 17, pkce: 14, notifications: 1, upgrade: 1, 'viewer-back': 26, 'letter-latency': 15, mailboxes: 14,
  },
};

/** Seconds per byte of test source, as the listed files show on average. */
const SECONDS_PER_BYTE = 1 / 200;

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
    const shards = balancedShards(files, (file) => fileWeight(file.moduleId, browser), count, (file) => file.moduleId);
    return Promise.resolve(shards[index - 1] ?? []);
  }

  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const browser = browserUnderTest();
    return Promise.resolve([...files].sort((a, b) => fileWeight(b.moduleId, browser) - fileWeight(a.moduleId, browser)));
  }
}
