import { ext as browser } from './ext.ts';
import type { ErrorInfo } from './errors.ts';
import { formatCount, pluralKey } from './plural.ts';
import { formattingLocale } from './formatting-locale.ts';
import { switchTitleOf } from './offered-permissions.ts';

/** A message from the extension's catalogue (_locales); the key itself if a message is missing. */
export function t(key: string, substitutions?: string | string[]): string {
  return browser.i18n.getMessage(key, substitutions) || key;
}

/**
 * A counted message in the form the language needs for `count` ("1 letter", "2 letters"): the
 * catalogue holds `key_one` and `key_other`; the count fills the first placeholder, `rest` the others.
 */
export function tCount(key: string, count: number, rest: string[] = []): string {
  const locale = uiLocale();
  return t(pluralKey(key, count, locale), [formatCount(count, locale), ...rest]);
}

/** The language the pages speak: the catalogue the browser chose for the extension (lang= of the pages). */
export function uiLanguage(): string {
  return t('locale_code');
}

/** The locale of the pages' dates and numbers (formattingLocale of their language). */
export function uiLocale(): string {
  return formattingLocale(uiLanguage());
}

/**
 * The sentence for a failure, in words only: a permission fills the message's placeholder by its
 * switch's name. The status and the service's own words are the details' (AlertDetail), never the sentence's.
 */
export function errorMessage(error: ErrorInfo): string {
  return t(`error_${error.code}`, error.permission ? permissionInWords(error.permission) : undefined);
}

/**
 * “See your receipts” for READ_RECEIPTS, “Manage your letters” for DELETE_DOCUMENT: a permission
 * by the options page's switch that turns it on, never its code.
 */
function permissionInWords(permission: string): string {
  const key = switchTitleOf(permission);
  const words = t(key);
  return words === key ? permission : `“${words.replace(/\.$/, '')}”`;
}

/** Sets the page's language so screen readers pronounce it right. */
export function applyDocumentLanguage(): void {
  document.documentElement.lang = uiLanguage();
}
