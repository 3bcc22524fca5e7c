import { uiLocale } from '../shared/i18n.ts';

/** Initials for an avatar: first and last name's first letters, as mail clients show them. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.charAt(0) ?? '';
  const last = words.length > 1 ? (words.at(-1)?.charAt(0) ?? '') : '';
  return (first + last).toLocaleUpperCase(uiLocale());
}
