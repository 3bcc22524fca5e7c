import { describe, expect, it } from 'vitest';
import { contentHostPermissions } from '../../../src/config/build-defaults.ts';

describe('host permission for the content host', () => {
  it('is the known content host for the production service', () => {
    expect(contentHostPermissions({}, 'https://www.digipost.no')).toEqual(['https://www.digipostdata.no/*']);
  });

  it('is none for other services unless named, and can be turned off', () => {
    expect(contentHostPermissions({}, 'https://www.qa.digipost.no')).toEqual([]);
    expect(contentHostPermissions({ DIGIPOST_CONTENT_ORIGIN: 'http://localhost:4711' }, 'http://127.0.0.1:4711')).toEqual(['http://localhost:4711/*']);
    expect(contentHostPermissions({ DIGIPOST_CONTENT_ORIGIN: 'none' }, 'https://www.digipost.no')).toEqual([]);
  });

  it('refuses an address that is not https (or loopback http)', () => {
    expect(() => contentHostPermissions({ DIGIPOST_CONTENT_ORIGIN: 'http://example.org' }, 'https://www.digipost.no')).toThrow(/DIGIPOST_CONTENT_ORIGIN/);
  });
});
