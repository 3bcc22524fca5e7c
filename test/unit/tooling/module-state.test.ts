import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { byModuleState } from '../../support/module-state.ts';

/*
 * Which unit test files share one module registry (vitest.config.ts): a file that changes what a
 * module is for the files after it loads its own, whether it does so itself or through a helper.
 */

let root: string;

function files(entries: Record<string, string>): void {
  root = mkdtempSync(join(tmpdir(), 'module-state-'));
  for (const [path, text] of Object.entries(entries)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('byModuleState', () => {
  it('gives a file that mocks a module, stubs a global or imports late its own modules, and lets the rest share', () => {
    files({
      'test/unit/plain.test.ts': "import { it } from 'vitest';\nit('adds', () => undefined);\n",
      'test/unit/mocks.test.ts': "vi.mock('../../src/a.ts', () => ({}));\n",
      'test/unit/stubs.test.ts': "vi.stubGlobal('chrome', {});\n",
      'test/unit/late.test.ts': "const { a } = await import('../../src/a.ts');\n",
      'test/unit/hoisted.test.ts': 'vi.hoisted(() => Object.assign(globalThis, { chrome: {} }));\n',
    });
    expect(byModuleState(root, ['test/unit'], '.test.ts')).toEqual({
      shared: ['test/unit/plain.test.ts'],
      own: ['test/unit/hoisted.test.ts', 'test/unit/late.test.ts', 'test/unit/mocks.test.ts', 'test/unit/stubs.test.ts'],
    });
  });

  it('follows the tests’ own helpers, not the extension’s modules, and reads no comment as code', () => {
    files({
      'test/unit/through-helper.test.ts': "import '../support/fake.ts';\n",
      'test/support/fake.ts': "vi.stubGlobal('chrome', {});\nexport const fake = 1;\n",
      'test/unit/told-in-a-comment.test.ts':
        "// a helper for files that vi.mock('x')\n/* or vi.stubGlobal('chrome') */\nimport { b } from '../../src/b.ts';\n",
      'src/b.ts': "vi.stubGlobal('never', {});\n",
    });
    expect(byModuleState(root, ['test/unit'], '.test.ts')).toEqual({
      shared: ['test/unit/told-in-a-comment.test.ts'],
      own: ['test/unit/through-helper.test.ts'],
    });
  });
});
