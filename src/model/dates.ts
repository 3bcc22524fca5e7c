/*
 * Every date the pages show, in one place. The service writes moments (ISO 8601 with an offset)
 * and calendar days (`2025-11-10`, due dates). A moment is shown in the given time zone (the
 * runtime's own by default); a calendar day never shifts with the time zone, so it is read at noon
 * UTC and shown in UTC. A value that is not a date comes back as it was given, never as
 * "Invalid Date".
 *
 * Lists of letters show relative dates, as a mail client does: the time for today, "Yesterday", a
 * weekday within the last week, a day and month within the year, and the year beyond that. One
 * function for the popup and the viewer so both say the same about a letter. Calendar days are
 * counted in the time zone, never as 24-hour spans, so a letter from 23:50 yesterday is
 * "Yesterday" at 00:10 today.
 */

import { safeLocale } from './format.ts';

/** A calendar day without a time (`2025-11-10`), as the service writes due dates. */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A value the service writes as a date: a calendar day or a moment. */
export function isIsoDate(value: string): boolean {
  return DATE_ONLY.test(value) || ISO_DATE_TIME.test(value);
}

const DAY_MS = 86_400_000;

/**
 * A formatter for a locale and options, made once: a list draws many dates, and making a formatter
 * costs far more than using one. A warm popup made 69 of them (11 now); its first render took 8.8 ms
 * in Chromium and 15 in Firefox, 6.0 and 11 with each made once (issue #47, medians of 15 opens).
 */
const formatters: Record<string, Intl.DateTimeFormat> = {};
export const dateFormat = (locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  (formatters[JSON.stringify([locale, options])] ??= new Intl.DateTimeFormat(locale, options));

interface Moment {
  /** Milliseconds since the epoch; a calendar day at noon UTC. */
  at: number;
  dateOnly: boolean;
}

function momentOf(iso: string): Moment | undefined {
  const dateOnly = DATE_ONLY.test(iso);
  const at = Date.parse(dateOnly ? `${iso}T12:00:00Z` : iso);
  return Number.isNaN(at) ? undefined : { at, dateOnly };
}

/** The zone a value is shown in: UTC for a calendar day, so its day is the one written. */
function zoneOf(moment: Moment, timeZone: string | undefined): string | undefined {
  return moment.dateOnly ? 'UTC' : timeZone;
}

/** The calendar day of a moment in a time zone, as a day number (days since 1970-01-01). */
function dayNumber(epochMs: number, timeZone: string | undefined): number {
  const parts = dateFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(epochMs);
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

/** A date as a page shows it beside other facts: "10 Nov 2025", with the time of a moment ("10 Nov 2025, 14:05"). */
export function formatDate(iso: string, locale: string): string {
  const moment = momentOf(iso);
  if (!moment) return iso;
  const options: Intl.DateTimeFormatOptions = moment.dateOnly
    ? { dateStyle: 'medium', timeZone: 'UTC' }
    : { dateStyle: 'medium', timeStyle: 'short' };
  return dateFormat(safeLocale(locale), options).format(moment.at);
}

/** A letter page's date: "Monday 10 November 2025 at 14:05", in the browser's time zone. */
export function formatFullDate(iso: string, locale: string): string {
  const moment = momentOf(iso);
  if (!moment) return iso;
  const options: Intl.DateTimeFormatOptions = moment.dateOnly
    ? { dateStyle: 'full', timeZone: 'UTC' }
    : { dateStyle: 'full', timeStyle: 'short' };
  return dateFormat(safeLocale(locale), options).format(moment.at);
}

/**
 * A last day, as a deadline reads: "Sunday 13 December 2026", with its time only when it is not the
 * day's end ("… at 16:00"). A sender's "by the end of the 13th" is 23:59 (or 23:59:59), which said
 * as a time is only noise beside the day.
 */
export function formatDeadline(iso: string, locale: string): string {
  const moment = momentOf(iso);
  if (!moment) return iso;
  const time = dateFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(moment.at);
  if (moment.dateOnly || time !== '23:59') return formatFullDate(iso, locale);
  return dateFormat(safeLocale(locale), { dateStyle: 'full' }).format(moment.at);
}

/** A moment of today, such as when something was fetched: the time of day only. */
export function formatTime(epochMs: number, locale: string): string {
  return dateFormat(safeLocale(locale), { timeStyle: 'short' }).format(epochMs);
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
 */
export function formatRelativeDate(iso: string, context: DateContext): string {
  const { now, timeZone } = context;
  const locale = safeLocale(context.locale);
  const moment = momentOf(iso);
  if (!moment) return iso;
  const zone = zoneOf(moment, timeZone);
  const days = dayNumber(now, timeZone) - (moment.dateOnly ? dateOnlyDayNumber(iso) : dayNumber(moment.at, timeZone));

  if (days === 0) {
    if (moment.dateOnly) return capitalise(new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'day'), locale);
    return dateFormat(locale, { timeStyle: 'short', timeZone: zone }).format(moment.at);
  }
  if (days === 1) return capitalise(new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-1, 'day'), locale);
  if (days > 1 && days < 7) {
    return capitalise(dateFormat(locale, { weekday: 'short', timeZone: zone }).format(moment.at), locale);
  }
  return formatShortDate(moment.at, zone, locale, now, timeZone);
}

/** A calendar day for a list, such as a due date: "4 Dec" within this year, "4 Dec 2027" beyond it. */
export function formatListDay(iso: string, context: DateContext): string {
  const moment = momentOf(iso);
  if (!moment) return iso;
  return formatShortDate(moment.at, zoneOf(moment, context.timeZone), safeLocale(context.locale), context.now, context.timeZone);
}

function formatShortDate(
  at: number,
  zone: string | undefined,
  locale: string | undefined,
  now: number,
  nowZone: string | undefined,
): string {
  const year = (ms: number, z: string | undefined) => dateFormat('en-US', { timeZone: z, year: 'numeric' }).format(ms);
  const sameYear = year(at, zone) === year(now, nowZone);
  return dateFormat(locale, {
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
