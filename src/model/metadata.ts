import { z } from '../shared/zod.ts';
import { present } from './read-json.ts';

/*
 * A document's metadata (contract §6.2): appointments, events and links the sender attached, read
 * with zod because each item is drawn as a card and an appointment becomes a calendar file. An
 * item of a type we do not know, or one whose times are missing or cannot be read, is left out:
 * the rest of the letter is shown as ever. The service's apps match the type ignoring case.
 */

/** A moment with its offset, as the service writes times ("2026-12-03T09:30:00+01:00"). */
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

const moment = z.string().check(z.refine((value) => MOMENT.test(value) && Number.isFinite(Date.parse(value))));
const text = z.optional(z.string());
const info = z.optional(z.array(z.looseObject({ title: text, text: text })));
const address = z.optional(z.looseObject({ streetAddress: text, postalCode: text, city: text }));

const appointmentSchema = z.looseObject({
  title: text,
  subTitle: text,
  startTime: moment,
  endTime: z.optional(moment),
  arrivalTime: text,
  place: text,
  address,
  info,
});

const intervalSchema = z.looseObject({ startTime: moment, endTime: z.optional(moment) });

const eventSchema = z.looseObject({
  title: text,
  subTitle: text,
  time: z.array(z.unknown()),
  description: text,
  place: text,
  address,
  info,
});

const externalLinkSchema = z.looseObject({ url: z.string(), description: text, buttonText: text, deadline: text });

export interface Interval {
  /** Epoch milliseconds. */
  start: number;
  end?: number;
}

interface InfoText {
  title?: string;
  text?: string;
}

/** What an appointment and an event have in common: both are a card with times, a place and notes. */
export interface CalendarItem {
  kind: 'appointment' | 'event';
  title?: string;
  subTitle?: string;
  times: Interval[];
  /** When to be there: a moment, or the sender's own words ("15 minutes before"). */
  arrival?: { at: number } | { text: string };
  place?: string;
  address?: string;
  description?: string;
  info: InfoText[];
}

export interface ExternalLinkItem {
  kind: 'link';
  url: string;
  description?: string;
  buttonText?: string;
  deadline?: string;
}

export type MetadataItem = CalendarItem | ExternalLinkItem;

function words(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

function addressText(value: z.infer<typeof address>): string | undefined {
  if (!value) return undefined;
  const town = [words(value.postalCode), words(value.city)].filter(Boolean).join(' ');
  return words([words(value.streetAddress), town].filter(Boolean).join(', '));
}

function infoOf(value: z.infer<typeof info>): InfoText[] {
  return (value ?? [])
    .map((item) => ({ title: words(item.title), text: words(item.text) }))
    .filter((item) => item.title !== undefined || item.text !== undefined)
    .map((item) => present(item));
}

/** An interval whose end, when given, is not before its start; anything else is not a time we can show. */
function interval(start: string, end: string | undefined): Interval | undefined {
  const from = Date.parse(start);
  if (end === undefined) return { start: from };
  const to = Date.parse(end);
  return to >= from ? { start: from, end: to } : undefined;
}

function appointmentOf(raw: unknown): CalendarItem | undefined {
  const parsed = appointmentSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const a = parsed.data;
  const time = interval(a.startTime, a.endTime);
  if (!time) return undefined;
  const arrival = words(a.arrivalTime);
  return {
    kind: 'appointment',
    times: [time],
    info: infoOf(a.info),
    ...present({
      title: words(a.title),
      subTitle: words(a.subTitle),
      arrival: arrival === undefined ? undefined : moment.safeParse(arrival).success ? { at: Date.parse(arrival) } : { text: arrival },
      place: words(a.place),
      address: addressText(a.address),
    }),
  };
}

function eventOf(raw: unknown): CalendarItem | undefined {
  const parsed = eventSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const e = parsed.data;
  // A time that cannot be read is left out; an event with none left is not shown at all.
  const times = e.time.flatMap((item) => {
    const time = intervalSchema.safeParse(item);
    const readable = time.success ? interval(time.data.startTime, time.data.endTime) : undefined;
    return readable ? [readable] : [];
  });
  if (times.length === 0) return undefined;
  return {
    kind: 'event',
    times,
    info: infoOf(e.info),
    ...present({ title: words(e.title), subTitle: words(e.subTitle), place: words(e.place), address: addressText(e.address), description: words(e.description) }),
  };
}

function externalLinkOf(raw: unknown): ExternalLinkItem | undefined {
  const parsed = externalLinkSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const l = parsed.data;
  return { kind: 'link', url: l.url, ...present({ description: words(l.description), buttonText: words(l.buttonText), deadline: words(l.deadline) }) };
}

const READERS: Readonly<Record<string, (raw: unknown) => MetadataItem | undefined>> = {
  appointment: appointmentOf,
  event: eventOf,
  externallink: externalLinkOf,
};

/** The items of an attachment's `metadata` this extension understands, in the sender's order. */
export function metadataOf(attachment: unknown): MetadataItem[] {
  const list = typeof attachment === 'object' && attachment !== null ? (attachment as Record<string, unknown>).metadata : undefined;
  if (!Array.isArray(list)) return [];
  return list.flatMap((raw) => {
    const type = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>).type : undefined;
    const read = typeof type === 'string' ? READERS[type.toLowerCase()] : undefined;
    const item = read?.(raw);
    return item ? [item] : [];
  });
}
