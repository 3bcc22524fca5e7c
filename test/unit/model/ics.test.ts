import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, icsFor, utcStamp } from '../../../src/model/ics.ts';
import type { CalendarItem } from '../../../src/model/metadata.ts';

const START = Date.parse('2026-12-03T09:30:00+01:00');
const END = Date.parse('2026-12-03T10:15:00+01:00');
const NOW = Date.parse('2026-11-23T22:00:00Z');
const options = { identity: 'https://www.digipost.no/post/api/private/accounts/1/documents/2#0', now: NOW, fallbackTitle: 'Appointment' };

const appointment: CalendarItem = {
  kind: 'appointment',
  title: 'Time hos fastlegen; kontroll, blodprøve',
  times: [{ start: START, end: END }],
  place: 'Legesenteret',
  address: 'Storgata 1, 0155 Oslo',
  info: [{ title: 'Ta med', text: 'Legitimasjon\nog timekort \\ kvittering' }],
};

/** The VEVENTs an independent parser (Mozilla's ical.js, as in Thunderbird) reads from the file. */
function parsed(ics: string): ICAL.Event[] {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
}

describe('escapeText (RFC 5545 3.3.11)', () => {
  it('escapes backslash, semicolon and comma, and writes every line break as \\n', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
  });
});

describe('foldLine (RFC 5545 3.1)', () => {
  it('leaves a line of 75 octets as it is and folds the 76th onto a line starting with a space', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });

  it('counts octets, not characters, and never splits a character', () => {
    const folded = foldLine(`SUMMARY:${'ø'.repeat(100)}`);
    for (const line of folded.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(`SUMMARY:${'ø'.repeat(100)}`);
  });
});

describe('icsFor', () => {
  const ics = icsFor(appointment, options);

  it('ends every line with CRLF and folds none longer than 75 octets', () => {
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });

  it('writes the times in UTC, with a UID and a DTSTAMP', () => {
    expect(ics).toContain('\r\nDTSTART:20261203T083000Z\r\n');
    expect(ics).toContain('\r\nDTEND:20261203T091500Z\r\n');
    expect(ics).toContain(`\r\nDTSTAMP:${utcStamp(NOW)}\r\n`);
    expect(ics).toMatch(/\r\nUID:[0-9a-f]{8}-[0-9a-f]{8}@digipost-mailbox\.invalid\r\n/);
  });

  it('parses with an independent parser to the same moments, title, place and notes', () => {
    const [event, ...more] = parsed(ics);
    expect(more).toEqual([]);
    expect(event?.startDate.toJSDate().getTime()).toBe(START);
    expect(event?.endDate.toJSDate().getTime()).toBe(END);
    expect(event?.summary).toBe('Time hos fastlegen; kontroll, blodprøve');
    expect(event?.location).toBe('Legesenteret, Storgata 1, 0155 Oslo');
    expect(event?.description).toBe('Ta med\nLegitimasjon\nog timekort \\ kvittering');
    expect(event?.uid).toMatch(/@digipost-mailbox\.invalid$/);
  });

  it('gives the same appointment the same UID, and says nothing of the letter in it', () => {
    const again = icsFor(appointment, { ...options, now: NOW + 60_000 });
    expect(parsed(again)[0]?.uid).toBe(parsed(ics)[0]?.uid);
    expect(ics).not.toContain('digipost.no');
    expect(parsed(icsFor(appointment, { ...options, identity: 'another letter#0' }))[0]?.uid).not.toBe(parsed(ics)[0]?.uid);
  });

  it('writes one VEVENT per time of an event, and no DTEND where the sender gave no end', () => {
    const second = Date.parse('2026-12-10T18:00:00+01:00');
    const event: CalendarItem = { kind: 'event', times: [{ start: START, end: END }, { start: second }], info: [] };
    const events = parsed(icsFor(event, options));
    expect(events.map((e) => e.startDate.toJSDate().getTime())).toEqual([START, second]);
    expect(events.map((e) => e.summary)).toEqual(['Appointment', 'Appointment']);
    expect(new Set(events.map((e) => e.uid)).size).toBe(2);
    expect(icsFor(event, options).match(/DTEND/g)).toHaveLength(1);
  });

  it('puts the arrival note first in the notes, when the card has one', () => {
    const [event] = parsed(icsFor(appointment, { ...options, arrival: 'Arrive: 09:15' }));
    expect(event?.description).toBe('Arrive: 09:15\n\nTa med\nLegitimasjon\nog timekort \\ kvittering');
    expect(parsed(icsFor(appointment, options))[0]?.description).toBe('Ta med\nLegitimasjon\nog timekort \\ kvittering');
  });
});
