// The store texts in store/ are pasted into forms that refuse what is too long, and a listing that
// could pass for the service's own app misleads: each text must fit its store's limit and say that
// the extension is an independent client; every permission the built manifests ask for must have
// its justification.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import manifest from '../../manifest.json' with { type: 'json' };
import { buildDefaultsFromEnv, contentHostPermissions, hostPermissionFor } from '../../src/config/build-defaults.ts';

/** The text blocks of a Markdown file, by the `##`/`###` headings above them ("English (en) / Name"). */
function blocksOf(file: string): Map<string, string> {
  const blocks = new Map<string, string>();
  let section = '';
  let heading = '';
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.startsWith('## ')) section = line.slice(3).trim();
    else if (line.startsWith('### ')) heading = line.slice(4).trim();
    else if (line === '```text') {
      const end = lines.indexOf('```', i + 1);
      blocks.set(heading ? `${section} / ${heading}` : section, lines.slice(i + 1, end).join('\n'));
      heading = '';
      i = end;
    }
  }
  return blocks;
}

function message(locale: string, key: string): string {
  const catalogue = JSON.parse(readFileSync(`src/public/_locales/${locale}/messages.json`, 'utf8')) as Record<string, { message: string }>;
  return catalogue[key]?.message ?? '';
}

const LOCALES = [
  { section: 'English (en)', locale: 'en', independent: /independent[\w ,-]*client/ },
  { section: 'Norsk bokmål (nb)', locale: 'nb', independent: /uavhengig[\p{L} ,-]*klient/u },
] as const;

describe('store/listing.md', () => {
  const blocks = blocksOf('store/listing.md');

  for (const { section, locale, independent } of LOCALES) {
    it(`${locale}: every text fits its store's limit and says the extension is an independent client`, () => {
      const text = (field: string) => blocks.get(`${section} / ${field}`) ?? '';
      // AMO allows 50 characters for a name, the Chrome Web Store 75.
      expect(text('Name').length).toBeGreaterThan(0);
      expect(text('Name').length).toBeLessThanOrEqual(50);
      expect(text('Short description').length).toBeLessThanOrEqual(132);
      expect(text('Summary').length).toBeLessThanOrEqual(250);
      expect(text('Description').length).toBeLessThanOrEqual(16_000);
      for (const field of ['Short description', 'Summary', 'Description']) expect(text(field)).toMatch(independent);
      expect(text('Description')).toMatch(/Posten Bring AS/);
    });

    it(`${locale}: the manifest's name and description are the listing's`, () => {
      const text = (field: string) => blocks.get(`${section} / ${field}`);
      expect(message(locale, 'extName')).toBe(text('Name'));
      expect(message(locale, 'extDescription')).toBe(text('Short description'));
    });
  }
});

describe('store/permissions.md', () => {
  const blocks = blocksOf('store/permissions.md');
  const production = buildDefaultsFromEnv({}).baseUrl;

  it('states the single purpose', () => {
    expect(blocks.get('Single purpose')?.length).toBeGreaterThan(40);
  });

  it('justifies every permission and host permission of the production manifests', () => {
    const asked = [
      ...manifest.permissions,
      ...manifest.optional_permissions,
      hostPermissionFor(production, 'chrome'),
      ...contentHostPermissions({}, production, 'chrome'),
      ...manifest.optional_host_permissions,
    ];
    expect(asked).toContain('https://www.digipostdata.no/*');
    const missing = asked.filter((permission) => (blocks.get(`Permission justifications / ${permission}`) ?? '').length < 40);
    expect(missing).toEqual([]);
  });
});
