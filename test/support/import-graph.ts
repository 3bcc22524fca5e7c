import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';

/*
 * Which file of src/ imports which, read by the TypeScript parser rather than by a pattern, so
 * every form counts: `import`, `import type`, `export … from`, `import()` and `typeof import()`.
 * For the architecture tests (test/unit/no-import-cycles.test.ts, structure.test.ts).
 */

/** One module a file names, and whether the name is for the type checker only (erased from the build). */
interface NamedModule {
  specifier: string;
  typeOnly: boolean;
}

/** Every .ts and .tsx file under `dir`, with forward slashes, in a stable order. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      return /\.tsx?$/.test(entry.name) ? [path.split('\\').join('/')] : [];
    })
    .sort();
}

/**
 * The modules a file's text names. `import type` and `export type … from` are type-only; an import
 * whose every name is marked `type` is not: verbatimModuleSyntax keeps it as `import {} from`,
 * which still loads the module.
 */
export function modulesNamedIn(fileName: string, text: string): NamedModule[] {
  const source = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    false,
    fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const named: NamedModule[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      named.push({ specifier: node.moduleSpecifier.text, typeOnly: node.importClause?.phaseModifier === ts.SyntaxKind.TypeKeyword });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      named.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      named.push({ specifier: node.argument.literal.text, typeOnly: true });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) named.push({ specifier: argument.text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return named;
}

/** The file a relative specifier names (the sources name theirs with the extension), or undefined for a package. */
function resolveRelative(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = normalize(join(dirname(from), specifier))
    .split('\\')
    .join('/');
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/** A file and what it imports: files of the tree by path, packages by name. */
interface ImportEdge {
  to: string;
  typeOnly: boolean;
}

/** Every file under `dir` with the modules it imports. */
export function importGraph(dir: string): Map<string, ImportEdge[]> {
  return new Map(
    sourceFiles(dir).map((file) => [
      file,
      modulesNamedIn(file, readFileSync(file, 'utf8')).map(({ specifier, typeOnly }) => ({
        to: resolveRelative(file, specifier) ?? specifier,
        typeOnly,
      })),
    ]),
  );
}

/**
 * Each import cycle of a graph, once: for every strongly connected group of files (Tarjan's
 * algorithm), the shortest way round from its first file, as [a, b, …, a].
 */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const connect = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file) ?? 0);
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
      } else if (stack.includes(next)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group = stack.splice(stack.indexOf(file));
    if (group.length > 1 || graph.get(file)?.includes(file)) groups.push(group.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) connect(file);
  return groups.map((group) => shortestWayRound(graph, group));
}

/** The shortest way from a group's first file back to it, through the group only (breadth first). */
function shortestWayRound(graph: ReadonlyMap<string, readonly string[]>, group: readonly string[]): string[] {
  const [start = ''] = group;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let file = queue.shift(); file !== undefined && !cameFrom.has(start); file = queue.shift()) {
    for (const next of graph.get(file) ?? []) {
      if (!group.includes(next) || cameFrom.has(next)) continue;
      cameFrom.set(next, file);
      queue.push(next);
    }
  }
  const way = [start];
  for (let file = cameFrom.get(start); file !== undefined && file !== start; file = cameFrom.get(file)) way.unshift(file);
  return [start, ...way];
}
