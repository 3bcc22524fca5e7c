import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { balancedShards, fileWeight } from '../../support/balanced-shards.ts';

const weights: Record<string, number> = { a: 170, b: 110, c: 100, d: 90, e: 70, f: 50, g: 40, h: 20, i: 10 };
const split = (count: number) =>
  balancedShards(
    Object.keys(weights),
    (file) => weights[file] ?? 0,
    count,
    (file) => file,
  );
const total = (files: string[]) => files.reduce((sum, file) => sum + (weights[file] ?? 0), 0);

describe('balancedShards', () => {
  it('gives every file to exactly one shard', () => {
    const shards = split(3);
    expect(shards.flat().sort()).toEqual(Object.keys(weights));
  });

  it('leaves the shards within the lightest file of each other, where a split by count would not', () => {
    const totals = split(2).map(total);
    expect(Math.max(...totals) - Math.min(...totals)).toBeLessThanOrEqual(10);
    // Vitest's own split: as many files each, here the first five against the last four.
    expect(total(['a', 'b', 'c', 'd', 'e']) - total(['f', 'g', 'h', 'i'])).toBeGreaterThan(300);
  });

  it('makes the same split whatever order the files come in, so each shard process agrees', () => {
    const reversed = balancedShards(
      Object.keys(weights).reverse(),
      (file) => weights[file] ?? 0,
      2,
      (file) => file,
    );
    expect(reversed).toEqual(split(2));
  });

  it('places a file with no measured time by its size, and every e2e file there is has a weight', () => {
    expect(fileWeight('test/e2e/new-scenario.e2e.ts', 'firefox', () => 39_600)).toBeCloseTo(100, 9);
    for (const file of readdirSync('test/e2e').filter((name) => name.endsWith('.e2e.ts'))) {
      expect(fileWeight(`test/e2e/${file}`, 'chromium')).toBeGreaterThan(0);
    }
  });
});
