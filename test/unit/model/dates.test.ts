import { describe, expect, it, vi } from 'vitest';
import {
  dateFormat,
  daysUntil,
  formatDate,
  formatDeadline,
  formatFullDate,
  formatListDay,
  formatRelativeDate,
  formatTime,
  isIsoDate,
} from '../../../src/model/dates.ts';

// Intl output uses narrow no-break spaces in places; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

// Sunday 22 November 2026, 14:30 in Oslo (UTC+1 in winter).
const now = Date.parse('2026-11-22T13:30:00Z');
const oslo = (locale: string) => ({ now, locale, timeZone: 'Europe/Oslo' });

describe('formatRelativeDate', () => {
  it('shows the time of day for a letter from today', () => {
    expect(formatRelativeDate('2026-11-22T13:05:00Z', oslo('en-GB'))).toBe('14:05');
    expect(formatRelativeDate('2026-11-22T13:05:00Z', oslo('nb'))).toBe('14:05');
    expect(plain(formatRelativeDate('2026-11-22T13:05:00Z', oslo('en-US')))).toBe('2:05 PM');
  });

  it('counts calendar days in the time zone, not 24-hour spans', () => {
    // 23:50 yesterday in Oslo, 14 hours ago: yesterday, though less than a day has passed.
    expect(formatRelativeDate('2026-11-21T22:50:00Z', oslo('en'))).toBe('Yesterday');
    // 00:10 today in Oslo, which is still the 21st in UTC.
    expect(formatRelativeDate('2026-11-21T23:10:00Z', oslo('en-GB'))).toBe('00:10');
  });

  it('says Yesterday in the locale, capitalised', () => {
    expect(formatRelativeDate('2026-11-21T08:00:00Z', oslo('en'))).toBe('Yesterday');
    expect(formatRelativeDate('2026-11-21T08:00:00Z', oslo('nb'))).toBe('I går');
  });

  it('shows the weekday within the last six days', () => {
    expect(formatRelativeDate('2026-11-16T08:00:00Z', oslo('en'))).toBe('Mon');
    expect(formatRelativeDate('2026-11-20T08:00:00Z', oslo('en'))).toBe('Fri');
    expect(formatRelativeDate('2026-11-16T08:00:00Z', oslo('nb'))).toMatch(/^Man\.?$/);
  });

  it('shows day and month from a week ago within the year', () => {
    expect(formatRelativeDate('2026-11-15T08:00:00Z', oslo('en-GB'))).toBe('15 Nov');
    expect(formatRelativeDate('2026-11-12T08:00:00Z', oslo('en-GB'))).toBe('12 Nov');
    expect(formatRelativeDate('2026-01-02T08:00:00Z', oslo('nb'))).toBe('2. jan.');
  });

  it('adds the year for an earlier year', () => {
    expect(formatRelativeDate('2025-12-30T08:00:00Z', oslo('en-GB'))).toBe('30 Dec 2025');
    expect(formatRelativeDate('2024-11-12T08:00:00Z', oslo('nb'))).toBe('12. nov. 2024');
  });

  it('shows a date-only value as the calendar day written, whatever the time zone', () => {
    expect(formatRelativeDate('2026-11-22', oslo('en'))).toBe('Today');
    expect(formatRelativeDate('2026-11-21', { now, locale: 'en', timeZone: 'Pacific/Honolulu' })).toBe('Yesterday');
    expect(formatRelativeDate('2026-11-12', { now, locale: 'en-GB', timeZone: 'America/Los_Angeles' })).toBe('12 Nov');
  });

  it('shows a date in the future as a date, not as a time', () => {
    expect(formatRelativeDate('2026-11-25T08:00:00Z', oslo('en-GB'))).toBe('25 Nov');
  });

  it('gives back what it cannot read, and survives a bad locale', () => {
    expect(formatRelativeDate('soon', oslo('en'))).toBe('soon');
    expect(formatRelativeDate('', oslo('en'))).toBe('');
    expect(formatRelativeDate('2026-11-12T08:00:00Z', oslo('not a locale!'))).toMatch(/12/);
  });
});

describe('formatListDay', () => {
  it('shows a due date as day and month within the year, with the year beyond it, never with a weekday', () => {
    expect(formatListDay('2026-12-04', oslo('en-GB'))).toBe('4 Dec');
    expect(formatListDay('2026-12-04', oslo('en-US'))).toBe('Dec 4');
    expect(formatListDay('2026-12-04', oslo('nb'))).toBe('4. des.');
    expect(formatListDay('2027-01-15', oslo('en-GB'))).toBe('15 Jan 2027');
  });

  it('keeps the calendar day written in a date-only value, in any time zone', () => {
    expect(formatListDay('2026-12-04', { now, locale: 'en-GB', timeZone: 'Pacific/Kiritimati' })).toBe('4 Dec');
    expect(formatListDay('2026-12-04', { now, locale: 'en-GB', timeZone: 'Pacific/Pago_Pago' })).toBe('4 Dec');
  });

  it('gives back a value that is not a date as it was', () => {
    expect(formatListDay('soon', oslo('en'))).toBe('soon');
  });
});

describe('daysUntil', () => {
  it('counts calendar days to a due date', () => {
    expect(daysUntil('2026-11-22', { now, timeZone: 'Europe/Oslo' })).toBe(0);
    expect(daysUntil('2026-12-06', { now, timeZone: 'Europe/Oslo' })).toBe(14);
    expect(daysUntil('2026-11-20', { now, timeZone: 'Europe/Oslo' })).toBe(-2);
  });

  it('is undefined for a value that is not a date', () => {
    expect(daysUntil('next week', { now })).toBeUndefined();
    expect(daysUntil('2026-11-22T10:00:00Z', { now })).toBeUndefined();
  });
});

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

describe('formatDeadline', () => {
  it('says the day alone when the deadline is the end of it, and the time when it is another', () => {
    // 23:59 in Oslo, the browser's zone here, as Posten writes a parcel's last day.
    process.env.TZ = 'Europe/Oslo';
    expect(plain(formatDeadline('2026-12-13T23:59:00+01:00', 'en'))).toBe('Sunday, December 13, 2026');
    expect(plain(formatDeadline('2026-12-13T23:59:59+01:00', 'nb'))).toBe('søndag 13. desember 2026');
    expect(plain(formatDeadline('2026-12-13T16:00:00+01:00', 'en'))).toBe('Sunday, December 13, 2026 at 4:00 PM');
    expect(formatDeadline('2026-12-13', 'en')).toBe('Sunday, December 13, 2026');
    expect(formatDeadline('soon', 'en')).toBe('soon');
  });
});

describe('formatFullDate', () => {
  it('a full date in the time zone asked for, a date-only value without a shift', () => {
    process.env.TZ = 'Europe/Oslo';
    expect(formatFullDate('2025-11-10T13:05:00Z', 'en')).toBe('Monday, November 10, 2025 at 2:05 PM');
    expect(formatFullDate('2025-11-10', 'en')).toBe('Monday, November 10, 2025');
    expect(formatFullDate('not a date', 'en')).toBe('not a date');
  });
});

describe('dateFormat', () => {
  it('makes a formatter once per locale and options, so a list of letters does not make one per date', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      const list = Array.from({ length: 50 }, (_, i) =>
        formatRelativeDate(`2026-11-${String(1 + (i % 20)).padStart(2, '0')}T10:00:00Z`, oslo('nb')),
      );
      expect(new Set(list).size).toBe(20);
      // The first of each kind only: the day of each moment in Oslo, the year, the short date, the weekday.
      expect(made.mock.calls.length).toBeLessThanOrEqual(6);
    } finally {
      made.mockRestore();
    }
    expect(dateFormat('nb', { dateStyle: 'medium' })).toBe(dateFormat('nb', { dateStyle: 'medium' }));
    expect(dateFormat('nb', { dateStyle: 'medium' })).not.toBe(dateFormat('en', { dateStyle: 'medium' }));
  });
});

describe('isIsoDate', () => {
  it.each(['2024-05-31', '2024-05-31T10:00', '2024-05-31T10:00:05Z', '2024-05-31T10:00:05.123+02:00', '2024-05-31T10:00:05+0200'])(
    '%s is a date',
    (value) => {
      expect(isIsoDate(value)).toBe(true);
    },
  );

  it.each(['31.05.2024', '2024-05', '2024-05-31 10:00', 'yesterday', '', '2024-05-31T10'])('%s is not', (value) => {
    expect(isIsoDate(value)).toBe(false);
  });
});
