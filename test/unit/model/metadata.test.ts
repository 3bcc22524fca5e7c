import { describe, expect, it } from 'vitest';
import { metadataOf } from '../../../src/model/metadata.ts';

const appointment = {
  type: 'Appointment',
  title: 'Time hos fastlegen',
  subTitle: 'Kontroll',
  startTime: '2026-12-03T09:30:00+01:00',
  endTime: '2026-12-03T10:00:00+01:00',
  arrivalTime: '2026-12-03T09:15:00+01:00',
  place: 'Legesenteret',
  address: { streetAddress: 'Storgata 1', postalCode: '0155', city: 'Oslo' },
  info: [
    { title: 'Ta med', text: 'Legitimasjon' },
    { title: '', text: '' },
  ],
};

describe('metadataOf', () => {
  it('reads an appointment: its time as moments, its place and address, its notes', () => {
    expect(metadataOf({ metadata: [appointment] })).toEqual([
      {
        kind: 'appointment',
        title: 'Time hos fastlegen',
        subTitle: 'Kontroll',
        times: [{ start: Date.parse('2026-12-03T08:30:00Z'), end: Date.parse('2026-12-03T09:00:00Z') }],
        arrival: { at: Date.parse('2026-12-03T08:15:00Z') },
        place: 'Legesenteret',
        address: 'Storgata 1, 0155 Oslo',
        info: [{ title: 'Ta med', text: 'Legitimasjon' }],
      },
    ]);
  });

  it("keeps an arrival time that is the sender's own words", () => {
    const [item] = metadataOf({ metadata: [{ ...appointment, arrivalTime: '15 minutter før' }] });
    expect(item).toMatchObject({ arrival: { text: '15 minutter før' } });
  });

  it('reads an event with several times, leaving out the one it cannot read', () => {
    const event = {
      type: 'EVENT',
      subTitle: 'Foreldremøte',
      time: [
        { startTime: '2026-12-01T18:00:00+01:00', endTime: '2026-12-01T19:30:00+01:00' },
        { startTime: 'next Tuesday' },
        { startTime: '2026-12-08T18:00:00Z' },
      ],
      info: [],
    };
    expect(metadataOf({ metadata: [event] })).toEqual([
      {
        kind: 'event',
        subTitle: 'Foreldremøte',
        times: [
          { start: Date.parse('2026-12-01T17:00:00Z'), end: Date.parse('2026-12-01T18:30:00Z') },
          { start: Date.parse('2026-12-08T18:00:00Z') },
        ],
        info: [],
      },
    ]);
  });

  it('reads an external link, leaving the check of its address to where it is shown', () => {
    expect(
      metadataOf({
        metadata: [
          {
            type: 'ExternalLink',
            url: 'https://example.org/svar',
            description: 'Svar på innkallingen',
            buttonText: 'Svar',
            deadline: '2026-12-01',
          },
        ],
      }),
    ).toEqual([
      { kind: 'link', url: 'https://example.org/svar', description: 'Svar på innkallingen', buttonText: 'Svar', deadline: '2026-12-01' },
    ]);
  });

  it.each([
    ['another type', { type: 'Barcode', barcodeValue: '123' }],
    ['no type', { title: 'x', startTime: '2026-12-03T09:30:00+01:00' }],
    ['no start', { ...appointment, startTime: undefined }],
    ['a start without an offset', { ...appointment, startTime: '2026-12-03T09:30:00' }],
    ['a start that is no date', { ...appointment, startTime: '2026-13-45T99:99:00+01:00' }],
    ['an end before its start', { ...appointment, endTime: '2026-12-03T08:00:00+01:00' }],
    ['an event without times', { type: 'Event', time: [] }],
    ['an event whose only time is malformed', { type: 'Event', time: [{ startTime: 'soon' }] }],
    ['a link without an address', { type: 'ExternalLink', description: 'x' }],
    ['not an object', 'Appointment'],
    ['null', null],
  ])('leaves out an item with %s, and keeps the others', (_, item) => {
    const items = metadataOf({ metadata: [item, appointment] });
    expect(items.map((i) => i.kind)).toEqual(['appointment']);
  });

  it('reads a field of the wrong type as absent, as every resource is read, and keeps the item', () => {
    const [item] = metadataOf({ metadata: [{ ...appointment, title: 42, place: ['x'] }] });
    expect(item?.kind).toBe('appointment');
    expect(item && 'title' in item).toBe(false);
    expect(item && 'place' in item).toBe(false);
  });

  it('is empty without metadata, or with metadata that is not a list', () => {
    expect(metadataOf({})).toEqual([]);
    expect(metadataOf({ metadata: { type: 'Appointment' } })).toEqual([]);
    expect(metadataOf(undefined)).toEqual([]);
  });
});
