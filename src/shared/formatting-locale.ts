/**
 * The locale dates and numbers are written in: the pages' language, so a page never mixes two.
 * Where the browser's date and number data lacks it (Chromium's has no Nynorsk), Bokmål's, which
 * writes them as Nynorsk does; without this, Intl would fall back to English ("NOK 812.40",
 * "8:57 AM") in a Nynorsk page.
 */
export function formattingLocale(
  language: string,
  supported: (locales: string[]) => string[] = (l) => Intl.DateTimeFormat.supportedLocalesOf(l),
): string {
  return language !== 'nn' || supported([language]).length > 0 ? language : 'nb';
}
