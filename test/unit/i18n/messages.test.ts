import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RELATIONS } from '../../../src/api/relations.ts';
import { PERMISSIONS } from '../../../src/shared/permissions.ts';
import { ERROR_CODES, nextStep, type NextStep } from '../../../src/shared/errors.ts';

type Catalogue = Record<string, { message: string; placeholders?: Record<string, { content: string }> }>;

const LOCALES = ['en', 'nb', 'nn'] as const;
const catalogues = Object.fromEntries(
  LOCALES.map((lang) => [lang, JSON.parse(readFileSync(`src/public/_locales/${lang}/messages.json`, 'utf8')) as Catalogue]),
) as Record<(typeof LOCALES)[number], Catalogue>;

/**
 * The words each next step shows beside the error's sentence, its buttons and notices, as the
 * pages write them; 'declined' and 'none' show the sentence alone.
 */
const STEP_WORDS: Record<NextStep, string[]> = {
  retry: ['try_again'],
  connect: ['connect', 'try_again'],
  settings: ['open_settings'],
  website: ['open_on_web_site'],
  grant_site: ['save_allow_site', 'try_again'],
  look_again: ['try_again'],
  offline: ['offline_notice', 'try_again'],
  declined: [],
  none: [],
};

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

describe('messages in English, Norwegian Bokmål and Norwegian Nynorsk', () => {
  it('name each message once, so no text silently replaces another', () => {
    for (const lang of LOCALES) {
      const keys = writtenKeys(lang);
      expect(keys.length, lang).toBe(Object.keys(catalogues[lang]).length);
      expect(
        keys.filter((key, i) => keys.indexOf(key) !== i),
        lang,
      ).toEqual([]);
    }
  });

  it('are shipped as en, nb and nn, with English for any other language', () => {
    expect(readdirSync('src/public/_locales').sort()).toEqual([...LOCALES].sort());
    const manifest = JSON.parse(readFileSync('manifest.json', 'utf8')) as { default_locale?: string };
    expect(manifest.default_locale).toBe('en');
    for (const lang of LOCALES) expect(catalogues[lang].locale_code?.message, lang).toBe(lang);
  });

  it('have every English key in each language, and no other', () => {
    for (const lang of LOCALES) {
      const missing = Object.keys(catalogues.en).filter((key) => !catalogues[lang][key]);
      const extra = Object.keys(catalogues[lang]).filter((key) => !catalogues.en[key]);
      expect({ missing, extra }, lang).toEqual({ missing: [], extra: [] });
    }
  });

  it('substitute the same placeholders in each language as in English', () => {
    const placeholders = (entry: Catalogue[string] | undefined) =>
      [...(entry?.message ?? '').matchAll(/\$([A-Z_]+)\$/g)].map((m) => m[1]).sort();
    for (const lang of LOCALES) {
      const differing = Object.keys(catalogues.en).filter(
        (key) => JSON.stringify(placeholders(catalogues[lang][key])) !== JSON.stringify(placeholders(catalogues.en[key])),
      );
      expect(differing, lang).toEqual([]);
    }
  });

  it('give every error a sentence, and every next step the words it shows', () => {
    for (const lang of LOCALES) {
      const missing = ERROR_CODES.filter((code) => !catalogues[lang][`error_${code}`]);
      expect(missing, lang).toEqual([]);
      const wordless = Object.values(STEP_WORDS)
        .flat()
        .filter((key) => !catalogues[lang][key]);
      expect(wordless, lang).toEqual([]);
    }
    expect(ERROR_CODES.filter((code) => !Object.hasOwn(STEP_WORDS, nextStep({ code })))).toEqual([]);
  });

  it('explain every permission and label every known relation', () => {
    for (const lang of LOCALES) {
      expect(
        PERMISSIONS.filter((p) => !catalogues[lang][`permission_${p}`]),
        lang,
      ).toEqual([]);
      expect(
        [...RELATIONS.values()].flatMap((r) => [r.label, r.title]).filter((key) => key !== undefined && !catalogues[lang][key]),
        lang,
      ).toEqual([]);
    }
  });

  it('contain every key the pages ask for by name', () => {
    const used = new Set<string>();
    for (const file of sourceFiles('src')) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\('([a-zA-Z0-9_]+)'/g)) used.add(match[1] ?? '');
      // A counted message is written once per plural form our languages use.
      for (const match of text.matchAll(/\b(?:tCount|pluralKey)\('([a-zA-Z0-9_]+)'/g))
        for (const form of ['one', 'other']) used.add(`${match[1] ?? ''}_${form}`);
    }
    expect(used.size).toBeGreaterThan(20);
    const missing = [...used].filter((key) => !key.startsWith('@@') && !catalogues.en[key]);
    expect(missing).toEqual([]);
  });

  it('are Nynorsk in nn, not Bokmål left from the copy it started as', () => {
    // Words a Nynorsk writer never uses, each with its Nynorsk form beside it for whoever fixes one.
    const bokmal =
      /(?<!\p{L})(ikke|hvis|hva|hvor|hvordan|fra|noen|mer|mye|bare|kun|også|uten|nettsted\p{L}*|forfaller|tjeneste\p{L}*|mottatt|brevene|dokumenter|velg|åpne)(?!\p{L})/iu;
    // ikkje, viss, kva, kvar, korleis, frå, nokon, meir, mykje, berre, berre, òg, utan, nettstad, forfell, teneste, motteke, breva, dokument, vel, opne
    const left = Object.entries(catalogues.nn)
      .filter(([, entry]) => bokmal.test(entry.message))
      .map(([key, entry]) => `${key}: ${entry.message}`);
    expect(left).toEqual([]);
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
