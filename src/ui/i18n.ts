import browser from 'webextension-polyfill';
import type { ErrorInfo } from '../errors.ts';

/** A message from the extension's catalogue (_locales); the key itself if a message is missing. */
export function t(key: string, substitutions?: string | string[]): string {
  return browser.i18n.getMessage(key, substitutions) || key;
}

/** The browser's language, for formatting dates and numbers the way the user reads them. */
export function uiLocale(): string {
  return browser.i18n.getUILanguage();
}

/** The sentence for a failure; a permission or status fills the message's placeholder. */
export function errorMessage(error: ErrorInfo): string {
  const substitution = error.permission ?? (error.status !== undefined ? String(error.status) : undefined);
  return t(`error_${error.code}`, substitution);
}

/** Sets the page's language so screen readers pronounce it right. */
export function applyDocumentLanguage(): void {
  document.documentElement.lang = t('@@ui_locale').replace('_', '-');
}
