import type { CalendarItem } from './metadata.ts';

/*
 * An iCalendar file (RFC 5545) for an appointment or event: written by hand rather than with a
 * library because the extension needs one VEVENT per time, in UTC, and nothing else (no time zone
 * tables, recurrences or alarms). What the RFC asks of such a file is all here: CRLF line ends
 * (3.1), lines folded at 75 octets without splitting a character (3.1), TEXT escaped (3.3.11),
 * times in UTC with a Z (3.3.5, so no VTIMEZONE is needed and every calendar shows the right
 * moment in its own zone), and UID and DTSTAMP in every VEVENT (3.6.1).
 */

const PRODID = '-//Digipost Mailbox//Browser extension//EN';
const encoder = new TextEncoder();

/** TEXT as RFC 5545 3.3.11 writes it: backslash, semicolon and comma escaped, every line break as \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** One content line, folded so no line is longer than 75 octets (a continuation starts with a space). */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; a continuation's leading space counts, so 74 more each.
    const limit = pieces.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      pieces.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  pieces.push(current);
  return pieces.join('\r\n ');
}

/** A UTC DATE-TIME: 20261203T083000Z. */
export function utcStamp(epochMs: number): string {
  return new Date(epochMs)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** FNV-1a, 32 bits, in hex: a UID that is the same for the same appointment and says nothing about it. */
function hash(value: string): string {
  let h = 0x811c9dc5;
  for (const byte of encoder.encode(value)) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

function description(item: CalendarItem, arrival: string | undefined): string | undefined {
  const parts: string[] = [];
  if (arrival !== undefined) parts.push(arrival);
  if (item.subTitle !== undefined) parts.push(item.subTitle);
  if (item.description !== undefined) parts.push(item.description);
  for (const info of item.info) parts.push([info.title, info.text].filter((p) => p !== undefined).join('\n'));
  return parts.length === 0 ? undefined : parts.join('\n\n');
}

export interface IcsOptions {
  /** Names the appointment for its UID (e.g. the letter's address and the item's place in it): never written out. */
  identity: string;
  /** When the file is made (DTSTAMP). */
  now: number;
  /** The title when the sender gave none. */
  fallbackTitle: string;
  /** When to arrive, as the card says it ("Arrive: 09:15"): first in the event's notes. */
  arrival?: string;
}

/** The calendar file for one appointment or event: one VEVENT per time it gives. */
export function icsFor(item: CalendarItem, options: IcsOptions): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${PRODID}`, 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  const where = [item.place, item.address].filter((p) => p !== undefined).join(', ');
  const notes = description(item, options.arrival);
  item.times.forEach((time, index) => {
    lines.push('BEGIN:VEVENT');
    lines.push(
      `UID:${hash(`${options.identity}#${index}`)}-${hash(`${options.identity}#${index}#${time.start}`)}@digipost-mailbox.invalid`,
    );
    lines.push(`DTSTAMP:${utcStamp(options.now)}`);
    lines.push(`DTSTART:${utcStamp(time.start)}`);
    if (time.end !== undefined) lines.push(`DTEND:${utcStamp(time.end)}`);
    lines.push(`SUMMARY:${escapeText(item.title ?? options.fallbackTitle)}`);
    if (where !== '') lines.push(`LOCATION:${escapeText(where)}`);
    if (notes !== undefined) lines.push(`DESCRIPTION:${escapeText(notes)}`);
    lines.push('END:VEVENT');
  });
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
