import { describe, expect, it } from 'vitest';
import { contentHostPermissions } from '../../../src/config/build-defaults.ts';

describe('host permission for the content host', () => {
  it('is the known content host for the production service', () => {
    expect(contentHostPermissions({}, 'https://www.digipost.no', 'chrome')).toEqual(['https://www.digipostdata.no/*']);
  });

  it('is none for other services unless named, and can be turned off', () => {
    expect(contentHostPermissions({}, 'https://www.qa.digipost.no', 'chrome')).toEqual([]);
    expect(contentHostPermissions({ DIGIPOST_CONTENT_ORIGIN: 'http://localhost:4711' }, 'http://127.0.0.1:4711', 'chrome')).toEqual([
      'http://localhost:4711/*',
    ]);
    expect(contentHostPermissions({ DIGIPOST_CONTENT_ORIGIN: 'none' }, 'https://www.digipost.no', 'chrome')).toEqual([]);
  });

  it('names the host alone in the Firefox build, which matches no port in a host permission', () => {
    expect(contentHostPermissions({ DIGIPOST_CONTENT_ORIGIN: 'http://localhost:4711' }, 'http://127.0.0.1:4711', 'firefox')).toEqual([
      'http://localhost/*',
    ]);
    expect(contentHostPermissions({}, 'https://www.digipost.no', 'firefox')).toEqual(['https://www.digipostdata.no/*']);
  });

  it('refuses an address that is not https (or loopback http)', () => {
    expect(() => contentHostPermissions({ DIGIPOST_CONTENT_ORIGIN: 'http://example.org' }, 'https://www.digipost.no', 'chrome')).toThrow(
      /DIGIPOST_CONTENT_ORIGIN/,
    );
  });
});
