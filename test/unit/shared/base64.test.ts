import { describe, expect, it } from 'vitest';
import {
  bytesToBase64,
  bytesToBase64Url,
  decodeBase64,
  parseBase64,
  parseCanonicalBase64,
  utf8ToBase64,
} from '../../../src/shared/base64.ts';

describe('Base64 of the service and of our own values', () => {
  it('encodes UTF-8 text in standard Base64 and bytes in base64url', () => {
    expect(utf8ToBase64('æøå')).toBe(Buffer.from('æøå').toString('base64'));
    expect(bytesToBase64Url(new Uint8Array([0xfb, 0xff, 0xfe]))).toBe('-__-');
  });

  it.each(['YQ==', 'YQ', 'YWI=', 'YWI', 'YWJj', ''])('decodes %j', (text) => {
    expect(parseBase64(text)).toBeDefined();
  });

  it.each(['Y', 'YQ=', 'Y===', 'YQ==YQ==', 'Y Q==', '-_8=', 'YQ\n=='])('refuses %j', (text) => {
    expect(parseBase64(text)).toBeUndefined();
  });

  it('accepts only the canonical spelling of a signature', () => {
    expect(parseCanonicalBase64('YQ==')).toEqual(new Uint8Array([0x61]));
    expect(parseCanonicalBase64('YQ')).toEqual(new Uint8Array([0x61]));
    expect(parseCanonicalBase64('YR==')).toBeUndefined(); // same byte, other trailing bits
  });
});

describe('Base64 between worker and page', () => {
  it('round-trips every byte value and large content', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect([...decodeBase64(bytesToBase64(all))]).toEqual([...all]);
    const large = new Uint8Array(300_000).map((_, i) => (i * 31) % 256);
    const encoded = bytesToBase64(large);
    expect(encoded).toBe(Buffer.from(large).toString('base64'));
    expect(Buffer.from(decodeBase64(encoded)).equals(Buffer.from(large))).toBe(true);
    expect(bytesToBase64(new Uint8Array(0))).toBe('');
  });
});
