// A locale tag made safe for Intl, shared by the pages' formatting (src/model) and the counted messages (plural.ts).

/**
 * The language whose dates and numbers stand in for one the runtime has no data for: Chromium's
 * ICU has no Nynorsk, and Nynorsk writes dates and numbers as Bokmål does (English would not).
 */
const NEAREST: Readonly<Record<string, string>> = { nn: 'nb' };

/** The canonical form of a locale tag (or its nearest the runtime can format), or undefined (the runtime's default) for one Intl refuses. */
export function safeLocale(locale: string): string | undefined {
  try {
    const tag = Intl.getCanonicalLocales(locale)[0];
    if (tag === undefined || Intl.DateTimeFormat.supportedLocalesOf(tag).length > 0) return tag;
    return NEAREST[new Intl.Locale(tag).language] ?? tag;
  } catch {
    return undefined;
  }
}
