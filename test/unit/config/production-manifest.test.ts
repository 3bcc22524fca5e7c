import { describe, expect, it } from 'vitest';
import manifest from '../../../manifest.json' with { type: 'json' };
import { manifestHostPermissions, type BuildTarget } from '../../../src/config/build-defaults.ts';

/*
 * What the published build asks of the browser (build/manifest.ts assembles its manifest from
 * manifest.json and manifestHostPermissions): no address on this computer, and pages that may
 * frame nothing. The emulator's addresses come only from a build for a service on this computer.
 */

const LOOPBACK = /^https?:\/\/(127\.|localhost|\[::1\])/;
const TARGETS: BuildTarget[] = ['chrome', 'firefox'];

/** The page policy's directives, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

describe('the production manifest', () => {
  for (const target of TARGETS) {
    it(`asks ${target} for no host on this computer, required or optional`, () => {
      const { host_permissions, optional_host_permissions } = manifestHostPermissions({}, manifest.optional_host_permissions, target);
      expect(host_permissions).toEqual(['https://www.digipost.no/*', 'https://www.digipostdata.no/*']);
      expect(optional_host_permissions).toEqual(['https://*/*']);
      expect([...host_permissions, ...optional_host_permissions].filter((pattern) => LOOPBACK.test(pattern))).toEqual([]);
    });
  }

  it('a build for the emulator on this computer may also be pointed at, or save from, another local address', () => {
    const env = { DIGIPOST_BASE_URL: 'http://127.0.0.1:4710' };
    expect(manifestHostPermissions(env, manifest.optional_host_permissions, 'chrome')).toEqual({
      host_permissions: ['http://127.0.0.1:4710/*'],
      optional_host_permissions: ['https://*/*', 'http://127.0.0.1/*', 'http://localhost/*', 'http://[::1]/*'],
    });
    expect(manifestHostPermissions(env, manifest.optional_host_permissions, 'firefox').host_permissions).toEqual(['http://127.0.0.1/*']);
  });

  it("lets the extension's pages frame nothing (an HTML letter is a srcdoc frame, which no frame-src governs) and embed no plugin", () => {
    const policy = directives(manifest.content_security_policy.extension_pages);
    expect(policy.get('frame-src')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    // blob: only for what the viewer shows itself (a letter's picture); data: only for what a letter carries.
    const withBlob = [...policy].filter(([, sources]) => sources.includes('blob:')).map(([name]) => name);
    expect(withBlob).toEqual(['img-src']);
  });
});
