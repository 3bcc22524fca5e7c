import { describe, expect, it } from 'vitest';
import { hostAsRead, isPrivateNetworkAddress } from '../../../src/save/site-address.ts';

describe('addresses on the machine or the home network', () => {
  it.each([
    'http://127.0.0.1:8080/a.pdf',
    'http://127.9.9.9/a.pdf',
    'http://2130706433/a.pdf', // 127.0.0.1 as one number
    'http://0x7f.1/a.pdf',
    'http://0.0.0.0/a.pdf',
    'http://10.1.2.3/a.pdf',
    'http://172.16.0.1/a.pdf',
    'http://172.31.255.255/a.pdf',
    'http://192.168.1.1/a.pdf',
    'http://169.254.169.254/latest',
    'http://[::1]/a.pdf',
    'http://[::]/a.pdf',
    'http://[fc00::1]/a.pdf',
    'http://[fd12:3456::1]/a.pdf',
    'http://[fe80::1]/a.pdf',
    'http://[::ffff:127.0.0.1]/a.pdf',
    'http://[::ffff:c0a8:101]/a.pdf',
    'http://localhost:3000/a.pdf',
    'http://LOCALHOST./a.pdf',
    'http://printer.local/scan.pdf',
    'http://app.localhost/a.pdf',
  ])('%s asks first', (url) => {
    expect(isPrivateNetworkAddress(url)).toBe(true);
  });

  it.each([
    'https://example.com/a.pdf',
    'https://8.8.8.8/a.pdf',
    'https://172.32.0.1/a.pdf',
    'https://172.15.0.1/a.pdf',
    'https://192.169.0.1/a.pdf',
    'https://[2001:db8::1]/a.pdf',
    'https://[::ffff:808:808]/a.pdf',
    'https://localhost.example.com/a.pdf',
    'https://local.example.com/a.pdf',
  ])('%s is fetched at once', (url) => {
    expect(isPrivateNetworkAddress(url)).toBe(false);
  });

  it('shows the host as a person reads it: no scheme, no path, the port only when it is not the usual one', () => {
    expect(hostAsRead('https://www.example.com/dir/a.pdf?x=1')).toBe('www.example.com');
    expect(hostAsRead('https://www.example.com:443/a.pdf')).toBe('www.example.com');
    expect(hostAsRead('http://127.0.0.1:5215/a.pdf')).toBe('127.0.0.1:5215');
  });
});
