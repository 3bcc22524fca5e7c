import { beforeEach, describe, expect, it, vi } from 'vitest';

// The browser is told apart by the address of the extension's own pages.
let extensionOrigin = '';
let manifest: { host_permissions?: string[]; optional_host_permissions?: string[] } = {};
const fakeApi = { runtime: { getURL: (path: string) => `${extensionOrigin}${path}`, getManifest: () => manifest } };
vi.stubGlobal('chrome', fakeApi);
vi.mock('webextension-polyfill', () => ({ default: fakeApi }));

beforeEach(() => {
  vi.resetModules();
});

describe('the host permission for a service address', () => {
  it('is the exact origin in Chrome, which matches ports', async () => {
    extensionOrigin = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/';
    const { serviceHostPermission } = await import('../../../src/config/host-permission.ts');
    expect(serviceHostPermission('http://127.0.0.1:4710')).toBe('http://127.0.0.1:4710/*');
  });

  it('is the host alone in Firefox, which matches no port', async () => {
    extensionOrigin = 'moz-extension://0b7e3f4c-1c2d-4e5f-8a9b-0c1d2e3f4a5b/';
    const { serviceHostPermission } = await import('../../../src/config/host-permission.ts');
    expect(serviceHostPermission('http://127.0.0.1:4710')).toBe('http://127.0.0.1/*');
    expect(serviceHostPermission('https://mail.example.org:8443')).toBe('https://mail.example.org/*');
  });
});

describe('whether this build may ask for access to an origin', () => {
  it('the published build: any https site, no address on this computer', async () => {
    manifest = { host_permissions: ['https://www.digipost.no/*'], optional_host_permissions: ['https://*/*'] };
    const { mayAskForOrigin } = await import('../../../src/config/host-permission.ts');
    expect(mayAskForOrigin('https://files.example.org')).toBe(true);
    expect(mayAskForOrigin('http://127.0.0.1:8080')).toBe(false);
    expect(mayAskForOrigin('http://localhost:8080')).toBe(false);
    expect(mayAskForOrigin('http://example.org')).toBe(false);
  });

  it('a build for a service on this computer: its loopback addresses too, at any port', async () => {
    manifest = {
      host_permissions: ['http://127.0.0.1:4710/*'],
      optional_host_permissions: ['https://*/*', 'http://127.0.0.1/*', 'http://localhost/*', 'http://[::1]/*'],
    };
    const { mayAskForOrigin } = await import('../../../src/config/host-permission.ts');
    expect(mayAskForOrigin('http://127.0.0.1:8080')).toBe(true);
    expect(mayAskForOrigin('http://[::1]:8080')).toBe(true);
    expect(mayAskForOrigin('http://192.168.1.1')).toBe(false);
  });
});
