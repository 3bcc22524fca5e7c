import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64Url, canonicalBase64ToBytes, utf8ToBase64 } from '../../../src/auth/base64.ts';
import { createMemoryLock } from '../../../src/auth/memory-lock.ts';
import {
  authorizeEndpoint,
  rootResourceUrl,
  serviceConfigSchema,
  tokenEndpoint,
} from '../../../src/auth/service-config.ts';
import { deferred, settle } from './fakes.ts';

describe('service addresses', () => {
  it('builds the three fixed addresses from the base address', () => {
    expect(tokenEndpoint('https://www.digipost.no')).toBe('https://www.digipost.no/post/api/oauth/accesstoken');
    expect(authorizeEndpoint('https://www.digipost.no')).toBe('https://www.digipost.no/post/api/oauth/authorize/new');
    expect(rootResourceUrl('https://qa.digipost.no')).toBe('https://qa.digipost.no/post/api');
  });
});

describe('serviceConfigSchema', () => {
  const good = { baseUrl: 'https://www.digipost.no/', clientId: 'id', clientSecret: 'secret', scopes: ['READ_ACCOUNT_INFO'] };

  it('accepts a good configuration and normalises the base address', () => {
    expect(serviceConfigSchema.parse(good)).toEqual({ ...good, baseUrl: 'https://www.digipost.no' });
    expect(serviceConfigSchema.parse({ ...good, baseUrl: 'http://127.0.0.1:8787' }).baseUrl).toBe('http://127.0.0.1:8787');
  });

  it.each([
    ['a plain http address', { ...good, baseUrl: 'http://www.digipost.no' }],
    ['an address with a query', { ...good, baseUrl: 'https://www.digipost.no/?x=1' }],
    ['an address with credentials', { ...good, baseUrl: 'https://u:p@www.digipost.no' }],
    ['no address', { ...good, baseUrl: '' }],
    ['an empty client id', { ...good, clientId: '' }],
    ['an empty secret', { ...good, clientSecret: '' }],
    ['no scopes', { ...good, scopes: [] }],
    ['an unknown scope', { ...good, scopes: ['FULL'] }],
    ['a missing field', { baseUrl: good.baseUrl, clientId: 'id', scopes: good.scopes }],
    ['not an object', 'https://www.digipost.no'],
  ])('refuses %s', (_name, value) => {
    expect(serviceConfigSchema.safeParse(value).success).toBe(false);
  });
});

describe('base64', () => {
  it('encodes UTF-8 text in standard Base64 and bytes in base64url', () => {
    expect(utf8ToBase64('æøå')).toBe(Buffer.from('æøå').toString('base64'));
    expect(bytesToBase64Url(new Uint8Array([0xfb, 0xff, 0xfe]))).toBe('-__-');
  });

  it.each(['YQ==', 'YQ', 'YWI=', 'YWI', 'YWJj', ''])('decodes %j', (text) => {
    expect(base64ToBytes(text)).toBeDefined();
  });

  it.each(['Y', 'YQ=', 'Y===', 'YQ==YQ==', 'Y Q==', '-_8=', 'YQ\n=='])('refuses %j', (text) => {
    expect(base64ToBytes(text)).toBeUndefined();
  });

  it('accepts only the canonical spelling of a signature', () => {
    expect(canonicalBase64ToBytes('YQ==')).toEqual(new Uint8Array([0x61]));
    expect(canonicalBase64ToBytes('YQ')).toEqual(new Uint8Array([0x61]));
    expect(canonicalBase64ToBytes('YR==')).toBeUndefined(); // same byte, other trailing bits
  });
});

describe('createMemoryLock', () => {
  it('runs holders of one name one after the other, in order, and other names freely', async () => {
    const withLock = createMemoryLock();
    const log: string[] = [];
    const gate = deferred<undefined>();
    const first = withLock('a', async () => {
      log.push('a1 start');
      await gate.promise;
      log.push('a1 end');
      return 1;
    });
    const second = withLock('a', () => {
      log.push('a2');
      return Promise.resolve(2);
    });
    const other = withLock('b', () => {
      log.push('b');
      return Promise.resolve(3);
    });
    await settle();
    expect(log).toEqual(['a1 start', 'b']);
    gate.resolve(undefined);
    expect(await Promise.all([first, second, other])).toEqual([1, 2, 3]);
    expect(log).toEqual(['a1 start', 'b', 'a1 end', 'a2']);
  });

  it('releases the lock when the holder fails', async () => {
    const withLock = createMemoryLock();
    await expect(withLock('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(withLock('a', () => Promise.resolve('next'))).resolves.toBe('next');
  });
});
