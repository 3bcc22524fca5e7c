import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Pages never decide by an error's code: they ask the error catalogue (src/shared/errors.ts) what
 * the failure means for them (its next step, or a trait such as "the service ended the session")
 * and render that. Held here for the pages and the components they share: no `code ===` or
 * `code !==` either way round, no lookup by code (`REFUSALS[error.code]`, `.includes(error.code)`,
 * `.has(error.code)`), no `switch` on a code. Comment lines are not read.
 */

const FOLDERS = ['src/popup', 'src/viewer', 'src/options', 'src/save', 'src/ui'];

/** A code as written in an expression: `code`, `error.code`, `now?.error.code`. */
const CODE = String.raw`[\w$.?]*\bcode\b`;

const DECIDING_BY_CODE = [
  new RegExp(String.raw`\bcode\s*[!=]==`), // code === 'x', error.code !== 'x'
  new RegExp(String.raw`[!=]==\s*${CODE}`), // 'x' === error.code
  new RegExp(String.raw`\[\s*${CODE}\s*\]`), // REFUSALS[error.code]
  new RegExp(String.raw`\.(?:includes|has)\(\s*${CODE}\s*\)`), // LIST.includes(error.code)
  new RegExp(String.raw`\bswitch\s*\(\s*${CODE}\s*\)`), // switch (error.code)
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Each line of `text` that decides by a code, as `<name>:<line>: <the line>`. */
function decisionsByCode(name: string, text: string): string[] {
  return text.split('\n').flatMap((line, at) => {
    if (/^\s*(\/\/|\/\*|\*)/.test(line)) return [];
    return DECIDING_BY_CODE.some((pattern) => pattern.test(line)) ? [`${name}:${at + 1}: ${line.trim()}`] : [];
  });
}

const files = FOLDERS.flatMap(sourceFiles).map((path) => path.split('\\').join('/'));
const found = new Map(files.map((file) => [file, decisionsByCode(file, readFileSync(file, 'utf8'))]));

describe('the pages and their components compare no error codes', () => {
  it("reads the pages' files", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files).toContain('src/popup/Popup.tsx');
  });

  it('finds each way of deciding by a code, and not a code merely named', () => {
    const deciding = [
      "if (error.code === 'network') return;",
      "if (code !== 'http_not_found') throw error;",
      "const locked = 'auth_level_too_low' === state.error.code;",
      'const refusal = REFUSALS[state.error.code];',
      'return DECLINED.has(error.code);',
      'if (RETRY.includes(info.code)) retry();',
      'switch (error.code) {',
      "setFailure((now) => (now?.error.code === 'folder_not_empty' ? undefined : now));",
    ];
    expect(deciding.filter((line) => decisionsByCode('x', line).length === 0)).toEqual([]);
    const naming = [
      "throw new AppError('upload_html');",
      "setState({ kind: 'signed_out', reason: { code: 'session_ended' } });",
      'if (!answer.ok) throw new AppError(answer.error.code, answer.error);',
      "rows.push([t('letter_type'), codeInWords(type)]);",
      "if (kind === codeInWords('x')) return;",
      "// pages never write error.code === 'network'",
      ' * or REFUSALS[error.code]',
    ];
    expect(naming.flatMap((line) => decisionsByCode('x', line))).toEqual([]);
  });

  it('in every file of the pages and what they share', () => {
    expect(files.flatMap((file) => found.get(file) ?? [])).toEqual([]);
  });
});
