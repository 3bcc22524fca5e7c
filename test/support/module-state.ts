// Which unit test files may share one module registry (vitest.config.ts). Loading a file's modules
// afresh (vitest's `isolate`) costs more than most files' tests: measured on two cores, the unit
// tests took 49 s each file isolated and 33 s sharing, and npm run test:unit 135 s and 93 s. A file that
// changes what a module is for the files after it must still have its own: one that mocks a module
// (vi.mock, vi.doMock), replaces a global the modules read when they load (vi.stubGlobal,
// vi.stubEnv), or imports after such a change (`await import(…)`), itself or through a helper of
// the tests it imports. Read from the files themselves, so a new test needs no list kept by hand.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const CHANGES_MODULES =
  /\bvi\.(?:mock|doMock|unmock|stubGlobal|stubEnv|hoisted)\(|\bawait import\(|\bglobalThis\b[^;]*=|Object\.assign\(globalThis\b/;
const LOCAL_IMPORT = /\b(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g;

/** The code of a file without its comments, which may name vi.mock in telling how a helper is used. */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');

/** Whether a test file, or a helper under test/ it imports, changes what modules are. */
function changesModules(file: string, root: string, seen = new Set<string>()): boolean {
  // An import named inside a test's own text (the import graph's tests write some) is no file.
  if (seen.has(file) || !existsSync(file)) return false;
  seen.add(file);
  const text = withoutComments(readFileSync(file, 'utf8'));
  if (CHANGES_MODULES.test(text)) return true;
  for (const [, imported = ''] of text.matchAll(LOCAL_IMPORT)) {
    const target = resolve(dirname(file), imported);
    // The tests' own helpers only: the extension's modules are what every file shares.
    if (!relative(join(root, 'test'), target).startsWith('..') && changesModules(target, root, seen)) return true;
  }
  return false;
}

/** The test files under `folders` whose names end with `suffix`, parted by whether they change modules. */
export function byModuleState(root: string, folders: readonly string[], suffix: string): { shared: string[]; own: string[] } {
  const shared: string[] = [];
  const own: string[] = [];
  for (const folder of folders) {
    for (const name of readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })) {
      if (!name.endsWith(suffix)) continue;
      const path = join(folder, name);
      (changesModules(join(root, path), root) ? own : shared).push(path);
    }
  }
  return { shared: shared.sort(), own: own.sort() };
}
