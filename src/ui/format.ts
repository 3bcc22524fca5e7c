/*
 * Formatting shared by the pages. Each function returns something readable for any input: a value
 * from the service that we cannot format is shown as it came, never as "Invalid Date" or "NaN".
 * An unusable locale tag falls back to the runtime's default rather than throwing.
 */

/** The canonical form of a locale tag, or undefined (the runtime's default) for one Intl refuses. */
export function safeLocale(locale: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(locale)[0];
  } catch {
    return undefined;
  }
}

/** A calendar day without a time (`2025-11-10`), as the service writes due dates. */
export const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A date-only value is a calendar day, so it is shown without a time and without time-zone shift. */
export function formatDate(iso: string, locale: string): string {
  const dateOnly = DATE_ONLY.test(iso);
  const date = new Date(dateOnly ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  const options: Intl.DateTimeFormatOptions = dateOnly
    ? { dateStyle: 'medium', timeZone: 'UTC' }
    : { dateStyle: 'medium', timeStyle: 'short' };
  return new Intl.DateTimeFormat(safeLocale(locale), options).format(date);
}

/** A moment of today, such as when something was fetched: the time of day only. */
export function formatTime(epochMs: number, locale: string): string {
  return new Intl.DateTimeFormat(safeLocale(locale), { timeStyle: 'short' }).format(epochMs);
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** Powers of 1024: the service's storage quota is 1073741824 bytes, which people call 1 GB. */
export function formatBytes(n: number, locale: string): string {
  if (!Number.isFinite(n) || n < 0) return String(n);
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(safeLocale(locale), {
    style: 'unit',
    unit: UNITS[unit] ?? 'byte',
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/** An unknown or empty currency code still shows the amount, with the code as given. */
export function formatAmount(n: number, currency: string, locale: string): string {
  if (!Number.isFinite(n)) return String(n);
  const tag = safeLocale(locale);
  try {
    return new Intl.NumberFormat(tag, { style: 'currency', currency }).format(n);
  } catch {
    const plain = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
    return currency.trim() === '' ? plain : `${plain} ${currency}`;
  }
}
