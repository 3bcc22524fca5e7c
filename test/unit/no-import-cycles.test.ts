import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, modulesNamedIn } from '../support/import-graph.ts';

/*
 * No file of src/ imports itself through others, not even for a type: a cycle means two modules
 * each need the other, so neither can be read, tested or moved alone, and a bundler has to guess
 * which one runs first. What both need belongs in a third module (structure.test.ts holds the
 * folders' own rule, which a cycle inside one folder passes).
 */

const graph = importGraph('src');
const files = new Map([...graph].map(([file, edges]) => [file, edges.map((edge) => edge.to).filter((to) => graph.has(to))]));

describe('the import graph of src/', () => {
  it('reads every form of import, type-only ones included', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from './b.ts';",
      "import { type C } from './c.ts';",
      "export { d } from './d.ts';",
      "export type { E } from './e.ts';",
      "export * from './f.ts';",
      "type G = typeof import('./g.ts');",
      "const h = import('./h.ts');",
      "import 'i';",
      "// import { j } from './j.ts';",
    ].join('\n');
    expect(modulesNamedIn('x.ts', text)).toEqual([
      { specifier: './a.ts', typeOnly: false },
      { specifier: './b.ts', typeOnly: true },
      { specifier: './c.ts', typeOnly: false },
      { specifier: './d.ts', typeOnly: false },
      { specifier: './e.ts', typeOnly: true },
      { specifier: './f.ts', typeOnly: false },
      { specifier: './g.ts', typeOnly: true },
      { specifier: './h.ts', typeOnly: false },
      { specifier: 'i', typeOnly: false },
    ]);
  });

  it('finds the files and resolves their imports to files', () => {
    expect(graph.size).toBeGreaterThan(150);
    expect(files.get('src/protocol/dispatch.ts')).toContain('src/protocol/sender.ts');
    expect(files.get('src/popup/main.tsx')?.length).toBeGreaterThan(0);
  });

  it('names each cycle once, by its shortest way round', () => {
    const cyclic = new Map([
      ['a', ['b']],
      ['b', ['c', 'a']],
      ['c', ['a']],
      ['d', ['d']],
      ['e', ['a']],
    ]);
    expect(importCycles(cyclic)).toEqual([
      ['a', 'b', 'a'],
      ['d', 'd'],
    ]);
    expect(
      importCycles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('has no cycle', () => {
    expect(importCycles(files).map((cycle) => cycle.join(' → '))).toEqual([]);
  });
});
