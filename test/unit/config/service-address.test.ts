import { describe, expect, it } from 'vitest';
import { checkServiceAddress, originPattern } from '../../../src/config/service-address.ts';
import { buildDefaultsFromEnv, hostPermissionFor } from '../../../src/config/build-defaults.ts';

describe('checkServiceAddress', () => {
  it.each([
    ['https://www.digipost.no', 'https://www.digipost.no'],
    ['https://www.digipost.no/', 'https://www.digipost.no'],
    ['  https://qa.digipost.no//  ', 'https://qa.digipost.no'],
    ['http://127.0.0.1:4710', 'http://127.0.0.1:4710'],
    ['http://localhost:8080/base/', 'http://localhost:8080/base'],
    ['http://[::1]:9000', 'http://[::1]:9000'],
  ])('accepts %s as %s', (input, baseUrl) => {
    const result = checkServiceAddress(input);
    expect(result).toMatchObject({ ok: true, baseUrl });
  });

  it.each([
    ['', 'address_empty'],
    ['www.digipost.no', 'address_invalid'],
    ['http://www.digipost.no', 'address_not_https'],
    ['http://192.168.1.10', 'address_not_https'],
    ['ftp://www.digipost.no', 'address_not_https'],
    ['javascript:alert(1)', 'address_not_https'],
    ['https://user:pw@www.digipost.no', 'address_has_credentials'],
    ['https://www.digipost.no/#x', 'address_has_fragment'],
    ['https://www.digipost.no/#', 'address_has_fragment'],
    ['https://www.digipost.no/?a=1', 'address_has_query'],
  ])('refuses %j with %s', (input, problem) => {
    expect(checkServiceAddress(input)).toEqual({ ok: false, problem });
  });

  it('gives the host permission pattern of an origin, port included, for a browser that matches ports', () => {
    expect(originPattern('http://127.0.0.1:4710', 'matches-port')).toBe('http://127.0.0.1:4710/*');
    expect(originPattern('https://www.digipost.no', 'matches-port')).toBe('https://www.digipost.no/*');
    expect(originPattern('https://[::1]:8443', 'matches-port')).toBe('https://[::1]:8443/*');
  });

  it('gives the host alone, which covers every port, for a browser that matches no port (Firefox)', () => {
    expect(originPattern('http://127.0.0.1:4710', 'host-only')).toBe('http://127.0.0.1/*');
    expect(originPattern('https://mail.example.org:8443', 'host-only')).toBe('https://mail.example.org/*');
    expect(originPattern('http://[::1]:4710', 'host-only')).toBe('http://[::1]/*');
    expect(originPattern('https://www.digipost.no', 'host-only')).toBe('https://www.digipost.no/*');
  });
});

describe('build defaults', () => {
  it('defaults to the production service and the two read permissions', () => {
    const defaults = buildDefaultsFromEnv({});
    expect(defaults).toEqual({
      baseUrl: 'https://www.digipost.no',
      clientId: '',
      clientSecret: '',
      scopes: ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO'],
    });
    expect(hostPermissionFor(defaults.baseUrl, 'chrome')).toBe('https://www.digipost.no/*');
    expect(hostPermissionFor(defaults.baseUrl, 'firefox')).toBe('https://www.digipost.no/*');
  });

  it('takes the DIGIPOST_* variables', () => {
    const defaults = buildDefaultsFromEnv({
      DIGIPOST_BASE_URL: 'http://127.0.0.1:4710/',
      DIGIPOST_CLIENT_ID: 'id',
      DIGIPOST_CLIENT_SECRET: 'secret',
      DIGIPOST_SCOPE: 'READ_ACCOUNT_INFO READ_RECEIPTS',
    });
    expect(defaults).toEqual({
      baseUrl: 'http://127.0.0.1:4710',
      clientId: 'id',
      clientSecret: 'secret',
      scopes: ['READ_ACCOUNT_INFO', 'READ_RECEIPTS'],
    });
  });

  it('stops the build on an unusable address or scope', () => {
    expect(() => buildDefaultsFromEnv({ DIGIPOST_BASE_URL: 'http://example.com' })).toThrow(/DIGIPOST_BASE_URL/);
    expect(() => buildDefaultsFromEnv({ DIGIPOST_SCOPE: 'EVERYTHING' })).toThrow(/DIGIPOST_SCOPE/);
  });
});
