/*
 * Quantities in their units, in the page's language: sizes ("1.5 kB") and durations ("14 minutes
 * 54 seconds"). A quantity that is not one (negative, not finite) is shown as it came.
 */

import { tCount } from '../shared/i18n.ts';
import { safeLocale } from './format.ts';

/** "1 byte", "188 bytes", "1.2 kB", "3.4 MB": powers of 1024, as file managers show them. */
export function formatSize(bytes: number, locale: string): string {
  if (!Number.isFinite(bytes) || bytes < 0) return String(bytes);
  const tag = safeLocale(locale);
  if (bytes < 1024) return tCount('size_bytes', bytes);
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(tag, { maximumFractionDigits: value < 10 ? 1 : 0 }).format(value)} ${units[unit] ?? 'kB'}`;
}

function unitText(value: number, unit: 'day' | 'hour' | 'minute' | 'second', locale: string): string {
  return new Intl.NumberFormat(safeLocale(locale), { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** Seconds as "14 minutes 54 seconds", "2 hours 5 minutes", "3 days": the two largest units. */
export function formatDuration(seconds: number, locale: string): string {
  if (!Number.isFinite(seconds) || seconds < 0) return String(seconds);
  const whole = Math.round(seconds);
  const parts: [number, 'day' | 'hour' | 'minute' | 'second'][] = [
    [Math.floor(whole / 86_400), 'day'],
    [Math.floor((whole % 86_400) / 3600), 'hour'],
    [Math.floor((whole % 3600) / 60), 'minute'],
    [whole % 60, 'second'],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  if (first < 0) return unitText(0, 'second', locale);
  return parts
    .slice(first, first + 2)
    .filter(([n]) => n > 0)
    .map(([n, unit]) => unitText(n, unit, locale))
    .join(' ');
}

export function formatDays(days: number, locale: string): string {
  return Number.isFinite(days) ? unitText(days, 'day', locale) : String(days);
}
