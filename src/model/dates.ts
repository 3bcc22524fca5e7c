/*
 * Relative dates for lists of letters, as a mail client shows them: the time for today,
 * "Yesterday", a weekday within the last week, a day and month within the year, and the year
 * beyond that. One function for the popup and the viewer so both say the same about a letter.
 * Calendar days are counted in the given time zone (the runtime's own by default), never as
 * 24-hour spans, so a letter from 23:50 yesterday is "Yesterday" at 00:10 today.
 */

import { DATE_ONLY, safeLocale } from './format.ts';

const DAY_MS = 86_400_000;

/** The calendar day of a moment in a time zone, as a day number (days since 1970-01-01). */
function dayNumber(epochMs: number, timeZone: string | undefined): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' })
    .formatToParts(epochMs);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Math.round(Date.UTC(part('year'), part('month') - 1, part('day')) / DAY_MS);
}

/** A date-only value is a calendar day already; it never shifts with the time zone. */
function dateOnlyDayNumber(iso: string): number {
  return Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
}

function capitalise(text: string, locale: string | undefined): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

export interface DateContext {
  /** The present moment, milliseconds since the epoch. */
  readonly now: number;
  readonly locale: string;
  /** An IANA time zone; the runtime's own when left out. */
  readonly timeZone?: string;
}

/**
 * "14:05" today, "Yesterday", "Mon" within the last six days, "12 Nov" within the year,
 * "12 Nov 2024" before that. A date in the future (a clock out of step) is shown as a date.
 * A value that is not a date comes back as it was given.
 */
export function formatRelativeDate(iso: string, context: DateContext): string {
  const { now, timeZone } = context;
  const locale = safeLocale(context.locale);
  const dateOnly = DATE_ONLY.test(iso);
  const at = dateOnly ? Date.parse(`${iso}T12:00:00Z`) : Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  // A date-only value is shown in UTC so that its calendar day is the one written.
  const zone = dateOnly ? 'UTC' : timeZone;
  const days = dayNumber(now, timeZone) - (dateOnly ? dateOnlyDayNumber(iso) : dayNumber(at, timeZone));

  if (days === 0) {
    if (dateOnly) return capitalise(new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'day'), locale);
    return new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: zone }).format(at);
  }
  if (days === 1) return capitalise(new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-1, 'day'), locale);
  if (days > 1 && days < 7) {
    return capitalise(new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: zone }).format(at), locale);
  }
  return formatShortDate(at, zone, locale, now, timeZone);
}

/** A calendar day for a list, such as a due date: "4 Dec" within this year, "4 Dec 2027" beyond it. */
export function formatListDay(iso: string, context: DateContext): string {
  const dateOnly = DATE_ONLY.test(iso);
  const at = dateOnly ? Date.parse(`${iso}T12:00:00Z`) : Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  return formatShortDate(at, dateOnly ? 'UTC' : context.timeZone, safeLocale(context.locale), context.now, context.timeZone);
}

function formatShortDate(at: number, zone: string | undefined, locale: string | undefined, now: number, nowZone: string | undefined): string {
  const year = (ms: number, z: string | undefined) =>
    new Intl.DateTimeFormat('en-US', { timeZone: z, year: 'numeric' }).format(ms);
  const sameYear = year(at, zone) === year(now, nowZone);
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: zone,
  }).format(at);
}

/**
 * Whole calendar days from today until a date-only value (a due date): 0 today, negative when past.
 * Undefined for a value that is not a date.
 */
export function daysUntil(dateOnly: string, context: Omit<DateContext, 'locale'>): number | undefined {
  if (!DATE_ONLY.test(dateOnly)) return undefined;
  const day = dateOnlyDayNumber(dateOnly);
  if (Number.isNaN(day)) return undefined;
  return day - dayNumber(context.now, context.timeZone);
}
