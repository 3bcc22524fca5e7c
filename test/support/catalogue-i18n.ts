import { readFileSync } from 'node:fs';
import { formatCount, pluralKey } from '../../src/shared/plural.ts';

interface CatalogueEntry {
  message: string;
  placeholders?: Record<string, { content: string }>;
}
type Catalogue = Record<string, CatalogueEntry>;

export const LANGUAGES = ['en', 'nb', 'nn'] as const;
export type Language = (typeof LANGUAGES)[number];

const catalogues: Record<Language, Catalogue> = {
  en: JSON.parse(readFileSync('src/public/_locales/en/messages.json', 'utf8')) as Catalogue,
  nb: JSON.parse(readFileSync('src/public/_locales/nb/messages.json', 'utf8')) as Catalogue,
  nn: JSON.parse(readFileSync('src/public/_locales/nn/messages.json', 'utf8')) as Catalogue,
};

/**
 * `i18n.getMessage` over the extension's own catalogues on disk, by the browser's rules: a named
 * placeholder (`$VALUE$`, any case) becomes its `content`, in which `$1`…`$9` are the
 * substitutions; `$$` is a dollar sign; a missing message is the empty string.
 */
export function catalogueMessage(language: Language, key: string, substitutions?: string | string[]): string {
  const entry = catalogues[language][key];
  if (entry === undefined) return '';
  const given = typeof substitutions === 'string' ? [substitutions] : (substitutions ?? []);
  const fill = (content: string) => content.replace(/\$(\d)/g, (_, n: string) => given[Number(n) - 1] ?? '');
  const placeholders = new Map(Object.entries(entry.placeholders ?? {}).map(([name, { content }]) => [name.toLowerCase(), content]));
  return entry.message
    .replace(/\$([A-Za-z0-9_@]+)\$/g, (whole, name: string) => {
      const content = placeholders.get(name.toLowerCase());
      return content === undefined ? whole : fill(content);
    })
    .replace(/\$\$/g, '$');
}

/**
 * What src/shared/i18n.ts gives the pages, over the catalogues on disk instead of the browser's:
 * for unit tests that mock that module (`vi.mock(…, () => catalogueI18n())`).
 * `language()` is read at each call, so a test may switch between English and Norwegian.
 */
export function catalogueI18n(language: () => string = () => 'en') {
  const chosen = (): Language => LANGUAGES.find((lang) => lang === language()) ?? 'en';
  const t = (key: string, substitutions?: string | string[]) => catalogueMessage(chosen(), key, substitutions) || key;
  const tCount = (key: string, count: number, rest: string[] = []) =>
    t(pluralKey(key, count, chosen()), [formatCount(count, chosen()), ...rest]);
  return { t, tCount, uiLocale: language };
}
