import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { copySiblingBuild, markFinished } from '../../support/sibling-build.ts';

/*
 * A shard copies its sibling's finished build of the same run, pointed at its own emulator's port
 * (test/support/sibling-build.ts); in any doubt it builds.
 */

let root: string;
const first = () => join(root, 'dist-e2e-firefox-4712');
const second = () => join(root, 'dist-e2e-firefox-4714');

function builtFor(port: number, worker = `const base="http://127.0.0.1:${port}";`): void {
  mkdirSync(join(first(), 'assets'), { recursive: true });
  writeFileSync(join(first(), 'assets', 'service-worker.js'), worker);
  writeFileSync(join(first(), 'manifest.json'), `{"host_permissions":["http://127.0.0.1:${port}/*","http://localhost:${port}/*"]}`);
  markFinished(first(), port);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'sibling-build-'));
  vi.stubEnv('E2E_RUN', 'run-1');
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(root, { recursive: true, force: true });
});

describe('copySiblingBuild', () => {
  it('copies a finished build of this run and points it at its own port', () => {
    builtFor(4712);
    expect(copySiblingBuild(second(), 4714, [first(), second()])).toBe(true);
    expect(readFileSync(join(second(), 'assets', 'service-worker.js'), 'utf8')).toBe('const base="http://127.0.0.1:4714";');
    // Chromium's host permissions name the port, the content host's too.
    expect(readFileSync(join(second(), 'manifest.json'), 'utf8')).toBe(
      '{"host_permissions":["http://127.0.0.1:4714/*","http://localhost:4714/*"]}',
    );
    // The sibling it came from is as it was.
    expect(readFileSync(join(first(), 'assets', 'service-worker.js'), 'utf8')).toContain(':4712"');
  });

  it('builds instead when the build is another run’s, or outside a run', () => {
    builtFor(4712);
    vi.stubEnv('E2E_RUN', 'run-2');
    expect(copySiblingBuild(second(), 4714, [first(), second()])).toBe(false);
    vi.stubEnv('E2E_RUN', '');
    expect(copySiblingBuild(second(), 4714, [first(), second()])).toBe(false);
    expect(existsSync(second())).toBe(false);
  });

  it('builds instead when the service address is not in the build', () => {
    builtFor(4712, 'const base="https://www.digipost.no";');
    writeFileSync(join(first(), 'manifest.json'), '{"host_permissions":["https://www.digipost.no/*"]}');
    expect(copySiblingBuild(second(), 4714, [first(), second()])).toBe(false);
    expect(existsSync(second())).toBe(false);
  });
});
