import { isObj, present, str } from './read-json.ts';

/*
 * A document's metadata (contract §6.2): appointments, events and links the sender attached. Read
 * as the model reads every resource (read-json.ts: a field of the wrong type counts as absent, and
 * pages ship no zod); what a card cannot do without, a time we can read, is checked strictly. An
 * item of a type we do not know, or one whose times are missing or cannot be read, is left out:
 * the rest of the letter is shown as ever. The service's apps match the type ignoring case.
 */

/** A moment with its offset, as the service writes times ("2026-12-03T09:30:00+01:00"). */
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

function moment(value: unknown): string | undefined {
  return typeof value === 'string' && MOMENT.test(value) && Number.isFinite(Date.parse(value)) ? value : undefined;
}

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

function addressText(value: unknown): string | undefined {
  if (!isObj(value)) return undefined;
  const town = [words(str(value.postalCode)), words(str(value.city))].filter(Boolean).join(' ');
  return words([words(str(value.streetAddress)), town].filter(Boolean).join(', '));
}

function infoOf(value: unknown): InfoText[] {
  return (Array.isArray(value) ? value : [])
    .filter(isObj)
    .map((item) => ({ title: words(str(item.title)), text: words(str(item.text)) }))
    .filter((item) => item.title !== undefined || item.text !== undefined)
    .map((item) => present(item));
}

/** An interval whose end, when given, is not before its start; anything else is not a time we can show. */
function interval(raw: Record<string, unknown>): Interval | undefined {
  const start = moment(raw.startTime);
  if (start === undefined) return undefined;
  const from = Date.parse(start);
  if (raw.endTime === undefined || raw.endTime === null) return { start: from };
  const end = moment(raw.endTime);
  const to = end === undefined ? Number.NaN : Date.parse(end);
  return to >= from ? { start: from, end: to } : undefined;
}

function appointmentOf(raw: Record<string, unknown>): CalendarItem | undefined {
  const time = interval(raw);
  if (!time) return undefined;
  const arrival = words(str(raw.arrivalTime));
  return {
    kind: 'appointment',
    times: [time],
    info: infoOf(raw.info),
    ...present({
      title: words(str(raw.title)),
      subTitle: words(str(raw.subTitle)),
      arrival: arrival === undefined ? undefined : moment(arrival) !== undefined ? { at: Date.parse(arrival) } : { text: arrival },
      place: words(str(raw.place)),
      address: addressText(raw.address),
    }),
  };
}

function eventOf(raw: Record<string, unknown>): CalendarItem | undefined {
  // A time that cannot be read is left out; an event with none left is not shown at all.
  const times = (Array.isArray(raw.time) ? raw.time : []).flatMap((item) => {
    const readable = isObj(item) ? interval(item) : undefined;
    return readable ? [readable] : [];
  });
  if (times.length === 0) return undefined;
  return {
    kind: 'event',
    times,
    info: infoOf(raw.info),
    ...present({
      title: words(str(raw.title)),
      subTitle: words(str(raw.subTitle)),
      place: words(str(raw.place)),
      address: addressText(raw.address),
      description: words(str(raw.description)),
    }),
  };
}

function externalLinkOf(raw: Record<string, unknown>): ExternalLinkItem | undefined {
  const url = str(raw.url);
  if (url === undefined) return undefined;
  return { kind: 'link', url, ...present({ description: words(str(raw.description)), buttonText: words(str(raw.buttonText)), deadline: words(str(raw.deadline)) }) };
}

const READERS: Readonly<Record<string, (raw: Record<string, unknown>) => MetadataItem | undefined>> = {
  appointment: appointmentOf,
  event: eventOf,
  externallink: externalLinkOf,
};

/** The items of an attachment's `metadata` this extension understands, in the sender's order. */
export function metadataOf(attachment: unknown): MetadataItem[] {
  const list = isObj(attachment) ? attachment.metadata : undefined;
  if (!Array.isArray(list)) return [];
  return list.flatMap((raw) => {
    const type = isObj(raw) ? str(raw.type) : undefined;
    const read = type === undefined ? undefined : READERS[type.toLowerCase()];
    const item = isObj(raw) ? read?.(raw) : undefined;
    return item ? [item] : [];
  });
}
