// The library patches (build/library-patches.ts), run on the libraries as installed: each takes out
// exactly the code from strings or HTML from strings it names and nothing else, and a library whose
// new version lacks that code stops the build instead of shipping unpatched.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { patchLibrary } from '../../../build/library-patches.ts';

/** A library file as the bundler names it: an absolute path under node_modules. */
const idOf = (file: string) => join(process.cwd(), 'node_modules', file);
const installed = (file: string) => readFileSync(idOf(file), 'utf8');

/** Patches an installed library file, which must be one the patches know. */
function patched(file: string): { before: string; after: string } {
  const before = installed(file);
  const after = patchLibrary(idOf(file), before);
  if (after === null) throw new Error(`${file} was not patched`);
  return { before, after };
}

/** What a change took out and put in: the text between the longest common start and end of the two. */
function changedRegion(before: string, after: string): { removed: string; added: string } {
  let start = 0;
  while (start < before.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before.at(-1 - end) === after.at(-1 - end)) end++;
  return { removed: before.slice(start, before.length - end), added: after.slice(start, after.length - end) };
}

const count = (text: string, search: string) => text.split(search).length - 1;

describe('the library patches', () => {
  it("answer zod's eval probe with no, and change nothing else in zod", () => {
    const { before, after } = patched('zod/v4/core/util.js');
    const { removed, added } = changedRegion(before, after);
    expect(removed).toContain('new F("")');
    expect(added).toBe('false');
    expect(after).toContain('export const allowsEval = /* @__PURE__*/ cached(() => false);\n');
  });

  it("turn DOMPurify's innerHTML fallback into an error, and change nothing else in DOMPurify", () => {
    const { before, after } = patched('dompurify/dist/purify.es.mjs');
    // Both statements end in the same `;`, which is no part of the change.
    expect(changedRegion(before, after)).toEqual({
      removed: 'doc.documentElement.innerHTML = IS_EMPTY_INPUT ? emptyHTML : dirtyPayload',
      added: 'throw new Error("DOMParser failed: the letter sanitiser parses nothing through innerHTML")',
    });
    expect(after).not.toMatch(/innerHTML\s*=[^=]/);
  });

  for (const file of ['preact/dist/preact.module.js', 'preact/dist/preact.mjs']) {
    it(`make dangerouslySetInnerHTML an error in ${file}, and leave Preact's clearing of innerHTML`, () => {
      const { before, after } = patched(file);
      const { removed, added } = changedRegion(before, after);
      expect(removed).toBe('u.innerHTML=h.__html');
      expect(added).toContain('throw new Error("dangerouslySetInnerHTML is not allowed: pages render text only")');
      expect(after).not.toContain('innerHTML=h.__html');
      expect(after).toContain('u.innerHTML=""');
    });
  }

  it('leave pdf.js on the page no eval probe and no worker imported on the page', () => {
    const { before, after } = patched('pdfjs-dist/build/pdf.mjs');
    expect(count(before, 'new Function(')).toBe(1);
    expect(count(after, 'new Function(')).toBe(0);
    expect(after).toContain('function isEvalSupported() {\n  return false;\n}');
    expect(after).not.toContain('this.workerSrc);');
    expect(after).toContain('await Promise.reject(new Error("pdf.js runs in its own worker only: no worker on the page"))');
    // The other `await import(` is text pdf.js builds for a script, not an import in this file.
    expect(count(before, 'await import(') - count(after, 'await import(')).toBe(1);
  });

  it("leave pdf.js's worker no code from strings and no JPEG 2000 decoder imported from a computed address", () => {
    const { before, after } = patched('pdfjs-dist/build/pdf.worker.mjs');
    expect(count(before, 'new Function(')).toBe(2);
    expect(count(after, 'new Function(')).toBe(0);
    expect(after).not.toContain('new PostScriptCompiler()');
    expect(after).toContain('/* PostScript functions are interpreted, never compiled to code */');
    expect(count(after, 'await import(')).toBe(0);
    expect(after).toContain('new Error(`JPEG 2000 decoder not packaged: ${path}`)');
  });

  it('patch a library however the bundler names it: with a query, or with Windows separators', () => {
    const code = installed('dompurify/dist/purify.es.mjs');
    const expected = patchLibrary(idOf('dompurify/dist/purify.es.mjs'), code);
    expect(patchLibrary(`${idOf('dompurify/dist/purify.es.mjs')}?v=1a2b3c4d`, code)).toBe(expected);
    expect(patchLibrary('C:\\project\\node_modules\\dompurify\\dist\\purify.es.mjs', code)).toBe(expected);
  });

  it("leave alone every other module, the project's own included, and Vite's stub that names pdf.js's worker", () => {
    const preact = installed('preact/dist/preact.module.js');
    expect(patchLibrary(join(process.cwd(), 'src/ui/page.tsx'), preact)).toBeNull();
    expect(patchLibrary(idOf('preact/dist/preact.js'), preact)).toBeNull();
    expect(patchLibrary(`${idOf('pdfjs-dist/build/pdf.worker.mjs')}?worker&url`, 'export default "/assets/pdf.worker.js"')).toBeNull();
  });

  it("stop the build when a library's new version lacks the code a patch changes, or has it twice", () => {
    const id = idOf('preact/dist/preact.module.js');
    expect(() => patchLibrary(id, 'u.textContent=h.__html')).toThrow(
      "preact dangerouslySetInnerHTML: expected the pattern once, found it 0 times; check the library's new version",
    );
    expect(() => patchLibrary(id, 'u.innerHTML=h.__html;u.innerHTML=h.__html')).toThrow(/found it 2 times/);
    expect(() => patchLibrary(idOf('zod/v4/core/util.js'), 'export const allowsEval = true;\n')).toThrow(
      /^zod allowsEval: expected the pattern once, found it 0 times/,
    );
  });
});
