/*
 * Plural forms for a catalogue that has none: webextension i18n knows no plurals, so a counted
 * message is written as one key per CLDR category (`letters_shown_one`, `letters_shown_other`)
 * and the language's own rules pick one. Kept free of the browser so tests and the worker share it.
 */

/** The categories our catalogues write out; a language asking for another falls back to `other`. */
const WRITTEN = new Set<Intl.LDMLPluralRule>(['one', 'other']);

/** `letters_shown_one` for 1 in English, `letters_shown_other` for 0 and 2; `other` when unsure. */
export function pluralKey(key: string, count: number, locale: string): string {
  let category: Intl.LDMLPluralRule = 'other';
  try {
    category = new Intl.PluralRules(locale).select(count);
  } catch {
    // An unknown locale tag: `other` is right for most counts in every language we ship.
  }
  return `${key}_${WRITTEN.has(category) ? category : 'other'}`;
}

/** The count as the language writes numbers ("1 234" in Norwegian), or as it came if the tag is odd. */
export function formatCount(count: number, locale: string): string {
  try {
    return new Intl.NumberFormat(locale).format(count);
  } catch {
    return String(count);
  }
}
