import { beforeEach, describe, expect, it, vi } from 'vitest';

// The browser is told apart by the address of the extension's own pages.
let extensionOrigin = '';
const fakeApi = { runtime: { getURL: (path: string) => `${extensionOrigin}${path}` } };
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
