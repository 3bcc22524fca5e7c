// The IDs a distributor builds with: the Firefox add-on ID (DIGIPOST_FIREFOX_ID) and the Chrome Web
// Store's public key (DIGIPOST_CHROME_KEY). Each fixes the extension's redirect URI for good, so a
// bad value stops the build rather than shipping an add-on under an ID nobody can keep.
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chromeKeyFromEnv, DEFAULT_FIREFOX_ADDON_ID, firefoxAddonIdFromEnv } from '../../../src/config/build-defaults.ts';

describe('firefoxAddonIdFromEnv', () => {
  it("is the project's own ID when none is set, and not a placeholder", () => {
    expect(firefoxAddonIdFromEnv({})).toBe(DEFAULT_FIREFOX_ADDON_ID);
    expect(firefoxAddonIdFromEnv({ DIGIPOST_FIREFOX_ID: ' ' })).toBe(DEFAULT_FIREFOX_ADDON_ID);
    expect(DEFAULT_FIREFOX_ADDON_ID).not.toMatch(/example/i);
    expect(firefoxAddonIdFromEnv({ DIGIPOST_FIREFOX_ID: DEFAULT_FIREFOX_ADDON_ID })).toBe(DEFAULT_FIREFOX_ADDON_ID);
  });

  it("takes a distributor's ID in either of Mozilla's forms", () => {
    expect(firefoxAddonIdFromEnv({ DIGIPOST_FIREFOX_ID: 'digipost-mailbox@post.kommune.no' })).toBe('digipost-mailbox@post.kommune.no');
    expect(firefoxAddonIdFromEnv({ DIGIPOST_FIREFOX_ID: '{0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0}' })).toBe(
      '{0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0}',
    );
  });

  it('refuses what Firefox would not take, and the example domain', () => {
    for (const bad of ['digipost-mailbox', 'digipost mailbox@a.no', 'x@localhost', `${'a'.repeat(80)}@b.no`, '{not-a-uuid}']) {
      expect(() => firefoxAddonIdFromEnv({ DIGIPOST_FIREFOX_ID: bad })).toThrow(/not a Firefox add-on ID/);
    }
    expect(() => firefoxAddonIdFromEnv({ DIGIPOST_FIREFOX_ID: 'digipost-mailbox@extensions.example' })).toThrow(/placeholder/);
    expect(() => firefoxAddonIdFromEnv({ DIGIPOST_FIREFOX_ID: 'digipost-mailbox@example.com' })).toThrow(/placeholder/);
  });
});

describe('chromeKeyFromEnv', () => {
  const { publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const base64 = publicKey.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');

  it('is none when not set', () => {
    expect(chromeKeyFromEnv({})).toBeNull();
  });

  it('takes the key as the store shows it, with or without its BEGIN and END lines, as one line of base64', () => {
    expect(chromeKeyFromEnv({ DIGIPOST_CHROME_KEY: base64 })).toBe(base64);
    expect(chromeKeyFromEnv({ DIGIPOST_CHROME_KEY: publicKey })).toBe(base64);
  });

  it('refuses what is not a public key', () => {
    expect(() => chromeKeyFromEnv({ DIGIPOST_CHROME_KEY: 'abcdefghijklmnopqrstuvwxyz0123456789' })).toThrow(/not a base64 public key/);
    expect(() => chromeKeyFromEnv({ DIGIPOST_CHROME_KEY: `${base64.slice(0, 100)}!${base64.slice(101)}` })).toThrow(
      /not a base64 public key/,
    );
  });
});
