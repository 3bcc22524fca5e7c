import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph } from '../support/import-graph.ts';

/*
 * The layout docs/engineering.md describes, held: which folder of src/ may import which. A folder is the
 * first path segment under src/ ('.' for the files at its top).
 */

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function folderOf(path: string): string {
  const [first, ...rest] = relative('src', path).split(/[\\/]/);
  return rest.length === 0 ? '.' : (first ?? '.');
}

/** Every import from one folder of src/ into another: [from, to, the importing file]. */
function crossFolderImports(): [string, string, string][] {
  const found: [string, string, string][] = [];
  for (const file of sourceFiles('src')) {
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = normalize(join(dirname(file), match[1] ?? ''));
      const [from, to] = [folderOf(file), folderOf(target)];
      if (from !== to) found.push([from, to, file]);
    }
  }
  return found;
}

/** A file's code without its comments (lines that start a comment or continue one). */
function codeOf(file: string): string {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
    .join('\n');
}

/** The pages: each is its own entry point, and none reaches into another. */
const PAGES = ['popup', 'viewer', 'options', 'save'];

/** Every module a page's script loads: what its entry imports, and so on, type-only imports left out (the build erases them). */
function loadedBy(graph: ReturnType<typeof importGraph>, entry: string): Set<string> {
  const loaded = new Set<string>();
  const queue = [entry];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (loaded.has(file)) continue;
    loaded.add(file);
    for (const edge of graph.get(file) ?? []) if (!edge.typeOnly) queue.push(edge.to);
  }
  return loaded;
}

describe('the structure of src/', () => {
  const imports = crossFolderImports();
  // Read once, as the suite is collected: parsing every file takes seconds on a busy machine.
  const graph = importGraph('src');

  it('finds the imports it checks', () => {
    expect(imports.length).toBeGreaterThan(50);
  });

  it("keeps the worker out of the pages' modules: src/background imports nothing from src/ui", () => {
    expect(imports.filter(([from, to]) => from === 'background' && to === 'ui')).toEqual([]);
  });

  it('keeps each page to itself: popup, viewer, options and save import nothing from one another', () => {
    expect(imports.filter(([from, to]) => PAGES.includes(from) && PAGES.includes(to))).toEqual([]);
  });

  it('keeps src/model, which the pages share, free of the pages, the worker and the components', () => {
    expect(imports.filter(([from, to]) => from === 'model' && [...PAGES, 'background', 'ui'].includes(to))).toEqual([]);
  });

  it('keeps src/api, the relation registry with it, free of browser APIs, text and JSX', () => {
    const found = sourceFiles('src/api').filter((file) => {
      const text = readFileSync(file, 'utf8');
      return file.endsWith('.tsx') || /from '(webextension-polyfill|[./]+\/shared\/(ext|i18n)\.ts)'/.test(text);
    });
    expect(found).toEqual([]);
  });

  it('keeps zod, and with it the table of requests (src/protocol/requests.ts), out of the pages', () => {
    for (const page of PAGES) {
      const loaded = loadedBy(graph, `src/${page}/main.tsx`);
      expect(loaded.size, page).toBeGreaterThan(10);
      expect(
        [...loaded].filter((module) => /^zod(\/|$)|^src\/shared\/zod\.ts$|^src\/protocol\/requests\.ts$/.test(module)),
        page,
      ).toEqual([]);
    }
    // The rule finds what it looks for: the worker loads both.
    expect(
      [...loadedBy(graph, 'src/background/service-worker.ts')]
        .filter((module) => /^zod\/mini$|^src\/protocol\/requests\.ts$/.test(module))
        .sort(),
    ).toEqual(['src/protocol/requests.ts', 'zod/mini']);
  });

  it('keeps src/shared free of the rest of src/', () => {
    expect(imports.filter(([from]) => from === 'shared')).toEqual([]);
  });

  it('has no import cycle between folders', () => {
    const edges = new Map<string, Set<string>>();
    for (const [from, to] of imports) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    const cycles: string[] = [];
    const visit = (folder: string, path: string[]) => {
      for (const next of edges.get(folder) ?? []) {
        if (path.includes(next)) cycles.push([...path.slice(path.indexOf(next)), next].join(' → '));
        else visit(next, [...path, next]);
      }
    };
    for (const folder of edges.keys()) visit(folder, [folder]);
    expect(cycles).toEqual([]);
  });

  it("reaches the browser's storage only through src/storage, and never storage.sync", () => {
    const files = sourceFiles('src');
    const reaching = files.filter((file) => folderOf(file) !== 'storage' && /\.storage\.\w/.test(codeOf(file)));
    expect(reaching).toEqual([]);
    expect(files.filter((file) => /\bsync\b/.test(codeOf(file)))).toEqual([]);
    // The rule finds what it looks for.
    expect(files.filter((file) => /\.storage\.\w/.test(codeOf(file))).length).toBeGreaterThan(0);
  });
});
