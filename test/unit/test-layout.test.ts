import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The layout of test/ docs/engineering.md describes, held: each part has one job. test/e2e/ holds
 * end-to-end tests and their configuration only; what tests, the benchmark and the tools share
 * lives in test/support/, which in turn depends on no test.
 */

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.(tsx?|js)$/.test(entry.name) ? [path] : [];
  });
}

/** The part of test/ a path is in: its first segment under test/ ('..' for a path outside test/). */
function partOf(path: string): string {
  return relative('test', path).split(/[\\/]/)[0] ?? '';
}

/** Every relative import between two parts of test/: [from, to, the importing file]. */
function crossPartImports(): [string, string, string][] {
  const found: [string, string, string][] = [];
  for (const file of files('test')) {
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = normalize(join(dirname(file), match[1] ?? ''));
      const [from, to] = [partOf(file), partOf(target)];
      if (to !== '..' && from !== to) found.push([from, to, file]);
    }
  }
  return found;
}

/** An end-to-end test (Chromium or Firefox), a vitest configuration, or a global setup it names. */
const E2E_FILE = /\.e2e\.ts$|^vitest(\.\w+)?\.config\.ts$|^e2e-config\.ts$|-setup\.ts$/;

describe('the layout of test/', () => {
  const imports = crossPartImports();

  it('finds the imports it checks', () => {
    expect(imports.filter(([, to]) => to === 'support').length).toBeGreaterThan(20);
  });

  it('keeps test/e2e/ to end-to-end tests and their configuration: launchers, builders and helpers live in test/support/', () => {
    const strays = readdirSync('test/e2e').filter((name) => !E2E_FILE.test(name));
    expect(strays).toEqual([]);
  });

  it('lets nothing outside test/e2e/ import from it', () => {
    expect(imports.filter(([, to]) => to === 'e2e')).toEqual([]);
  });

  it('keeps test/support/ free of the tests, the benchmark and the tools that use it', () => {
    expect(imports.filter(([from, to]) => from === 'support' && to !== 'emulator')).toEqual([]);
  });
});
