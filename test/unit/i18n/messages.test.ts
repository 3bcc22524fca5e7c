import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RELATIONS } from '../../../src/api/relations.ts';
import { PERMISSIONS } from '../../../src/shared/permissions.ts';
import { ERROR_CODES, nextStep } from '../../../src/shared/errors.ts';

type Catalogue = Record<string, { message: string; placeholders?: Record<string, { content: string }> }>;

const LOCALES = ['en', 'nb'] as const;
const catalogues = Object.fromEntries(
  LOCALES.map((lang) => [
    lang,
    JSON.parse(readFileSync(`src/public/_locales/${lang}/messages.json`, 'utf8')) as Catalogue,
  ]),
) as Record<(typeof LOCALES)[number], Catalogue>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every key as written, in order: JSON.parse keeps only the last of two equal keys. */
function writtenKeys(lang: string): string[] {
  const text = readFileSync(`src/public/_locales/${lang}/messages.json`, 'utf8');
  return [...text.matchAll(/^ {2}"([^"]+)": \{/gm)].map((match) => match[1] ?? '');
}

describe('messages in English and Norwegian Bokmål', () => {
  it('name each message once, so no text silently replaces another', () => {
    for (const lang of LOCALES) {
      const keys = writtenKeys(lang);
      expect(keys.length, lang).toBe(Object.keys(catalogues[lang]).length);
      expect(keys.filter((key, i) => keys.indexOf(key) !== i), lang).toEqual([]);
    }
  });

  it('have the same keys in both languages', () => {
    expect(Object.keys(catalogues.nb).sort()).toEqual(Object.keys(catalogues.en).sort());
  });

  it('give every error a sentence, and the catalogue every error its next step', () => {
    for (const lang of LOCALES) {
      const missing = ERROR_CODES.filter((code) => !catalogues[lang][`error_${code}`]);
      expect(missing, lang).toEqual([]);
    }
    expect(ERROR_CODES.filter((code) => !['retry', 'connect', 'settings', 'none'].includes(nextStep({ code })))).toEqual([]);
  });

  it('explain every permission and label every known relation', () => {
    for (const lang of LOCALES) {
      expect(PERMISSIONS.filter((p) => !catalogues[lang][`permission_${p}`]), lang).toEqual([]);
      expect([...RELATIONS.values()].flatMap((r) => [r.label, r.title]).filter((key) => key !== undefined && !catalogues[lang][key]), lang).toEqual([]);
    }
  });

  it('contain every key the pages ask for by name', () => {
    const used = new Set<string>();
    for (const file of sourceFiles('src')) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bt\('([a-zA-Z0-9_]+)'/g)) used.add(match[1] ?? '');
    }
    expect(used.size).toBeGreaterThan(20);
    const missing = [...used].filter((key) => !key.startsWith('@@') && !catalogues.en[key]);
    expect(missing).toEqual([]);
  });

  it('declare a placeholder wherever a message substitutes a value', () => {
    for (const lang of LOCALES) {
      for (const [key, entry] of Object.entries(catalogues[lang])) {
        const names = [...entry.message.matchAll(/\$([A-Z_]+)\$/g)].map((m) => (m[1] ?? '').toLowerCase());
        for (const name of names) expect(entry.placeholders?.[name], `${lang}:${key}`).toBeDefined();
      }
    }
  });
});
