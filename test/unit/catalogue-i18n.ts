import { readFileSync } from 'node:fs';

type Catalogue = Record<string, { message: string }>;

/**
 * What src/shared/i18n.ts gives the pages, over the extension's own catalogues on disk instead of
 * the browser's: for tests that mock that module (`vi.mock(…, () => catalogueI18n())`).
 * `language()` is read at each call, so a test may switch between English and Norwegian.
 */
export function catalogueI18n(language: () => string = () => 'en') {
  const catalogues: Record<string, Catalogue> = Object.fromEntries(
    ['en', 'nb'].map((lang) => [lang, JSON.parse(readFileSync(`src/public/_locales/${lang}/messages.json`, 'utf8')) as Catalogue]),
  );
  const t = (key: string, substitutions?: string | string[]) => {
    const message = catalogues[language()]?.[key]?.message;
    if (message === undefined) return key;
    const [first = ''] = typeof substitutions === 'string' ? [substitutions] : (substitutions ?? []);
    return message.replace(/\$VALUE\$/g, first);
  };
  return { t, uiLocale: language };
}
