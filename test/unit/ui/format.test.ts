import { describe, expect, it } from 'vitest';
import { formatAmount, formatBytes, formatDate, formatTime } from '../../../src/ui/format.ts';

// Intl output uses narrow no-break spaces in places; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatDate', () => {
  it('shows a date-only value as that calendar day in any time zone', () => {
    expect(plain(formatDate('2024-05-31', 'en-GB'))).toBe('31 May 2024');
    expect(plain(formatDate('2024-05-31', 'nb'))).toBe('31. mai 2024');
  });

  it('shows a timestamp with date and time', () => {
    const text = plain(formatDate('2024-05-15T12:00:00.000+02:00', 'en-GB'));
    expect(text).toMatch(/^15 May 2024, \d{2}:\d{2}$/);
  });

  it('gives back what it cannot read, and survives a bad locale', () => {
    expect(formatDate('yesterday', 'en')).toBe('yesterday');
    expect(formatDate('', 'en')).toBe('');
    expect(plain(formatDate('2024-05-31', 'not a locale!'))).toMatch(/2024/);
  });
});

describe('formatBytes', () => {
  it.each([
    [0, 'en', '0 byte'],
    [512, 'en', '512 byte'],
    [1536, 'en', '1.5 kB'],
    [15641167, 'en', '14.9 MB'],
    [1073741824, 'en', '1 GB'],
    [1073741824, 'nb', '1 GB'],
    [1610612736, 'nb', '1,5 GB'],
  ])('%i in %s → %s', (n, locale, text) => {
    expect(plain(formatBytes(n, locale))).toBe(text);
  });

  it('shows nonsense as it came', () => {
    expect(formatBytes(-1, 'en')).toBe('-1');
    expect(formatBytes(Number.NaN, 'en')).toBe('NaN');
  });
});

describe('formatAmount', () => {
  it('formats money in the locale', () => {
    expect(plain(formatAmount(1299.5, 'NOK', 'en'))).toBe('NOK 1,299.50');
    expect(plain(formatAmount(1299.5, 'NOK', 'nb'))).toBe('1 299,50 kr');
  });

  it('still shows the amount with an unknown or empty currency', () => {
    expect(plain(formatAmount(10, 'kroner', 'en'))).toBe('10.00 kroner');
    expect(plain(formatAmount(10, '', 'nb'))).toBe('10,00');
    expect(formatAmount(Number.POSITIVE_INFINITY, 'NOK', 'en')).toBe('Infinity');
  });
});

describe('formatTime', () => {
  it('gives the time of day in the locale', () => {
    const at = Date.UTC(2026, 10, 22, 13, 5);
    expect(formatTime(at, 'en-US')).toBe(new Intl.DateTimeFormat('en-US', { timeStyle: 'short' }).format(at));
    expect(formatTime(at, 'nb')).toMatch(/^\d{2}[:.]05$/);
  });

  it('falls back to the default locale for an unusable tag', () => {
    expect(formatTime(0, 'not a locale!')).toBe(new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(0));
  });
});
