import { describe, expect, it, vi } from 'vitest';
import { documentSchema } from '../../../src/api/schemas.ts';
import type { RootResource } from '../../../src/api/schemas.ts';
import type { ExtensionConfig } from '../../../src/config/config.ts';
import type { NeedRow, Needs } from '../../../src/storage/page-items.ts';
import { dataTypeLetters, zoned } from '../../emulator/data-types.ts';
import { catalogueMessage } from '../../support/catalogue-i18n.ts';
import { MemoryArea } from '../auth/fakes.ts';

// The rows are in words, the catalogue's English, through `chrome.i18n` as in the worker.
vi.stubGlobal('chrome', { i18n: { getMessage: (key: string, subs?: string | string[]) => catalogueMessage('en', key, subs) } });
const { needRowsOf } = await import('../../../src/background/needs-rows.ts');
const { createDueInvoices, soonestFirst } = await import('../../../src/background/due-invoices.ts');

/*
 * The popup's list of what needs the person, as the worker decides it (background/needs-rows.ts):
 * each kind in words, gone once done, fields of the wrong type ignored, most urgent first, and a
 * mailbox shared with the person saying whose. Letters are the emulator's (test/emulator/data-types.ts,
 * in the shapes digipost-data-types documents) where it has one of the kind.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
// 1 December 2026, 12:00 in Oslo (the emulator writes its times there); the tests read words, not zones.
const NOW = Date.parse('2026-12-01T11:00:00Z');
const A = 'https://a.example.org';
const rel = (name: string) => `${A}/post/relations/${name}`;
let ids = 0;

/** A letter as the service lists it, with `metadata` and `invoice` on its main document. */
function letterWith(fields: { metadata?: unknown[]; invoice?: Record<string, unknown>; creatorName?: string; origin?: string }) {
  const id = `d${++ids}`;
  return documentSchema.parse({
    subject: 'Brev',
    creatorName: fields.creatorName ?? 'Avsender AS',
    origin: fields.origin ?? 'CORPORATION',
    created: '2026-12-01T10:00:00+01:00',
    attachment: [{ subject: 'Brev', mainDocument: true, read: false, metadata: fields.metadata, invoice: fields.invoice }],
    link: [{ rel: rel('self'), uri: `${A}/post/api/private/documents/${id}` }],
  });
}

/** The emulator's letter of a kind, as the service lists it, with the times it writes for a mailbox whose newest is now. */
function emulatorLetter(kind: string, now = NOW) {
  const spec = dataTypeLetters(now).find((one) => one.kind === kind);
  if (!spec) throw new Error(`no ${kind}`);
  return letterWith({ metadata: spec.metadata, creatorName: spec.creatorName });
}

const rowsOf = (document: ReturnType<typeof letterWith>, now = NOW) => needRowsOf(document, now, 'fallback');
/** What a person reads of a row: its icon, title, amount and line. */
const words = (rows: NeedRow[]) =>
  rows.map((row) =>
    [row.icon, row.title, row.aside, row.line]
      .filter(Boolean)
      .join(' | ')
      .replace(/[\u00a0\u202f]/g, ' '),
  );
const dayName = (at: number) => new Intl.DateTimeFormat('en', { weekday: 'short', day: 'numeric', month: 'long' }).format(at);

describe('what needs the person, kind by kind', () => {
  it('a parcel ready for pickup: where, its code and the last day, urgent on that day and gone after it', () => {
    const parcel = emulatorLetter('parcel-waiting');
    const rows = rowsOf(parcel);
    const [row] = rows;
    expect(rows).toHaveLength(1);
    const lastDay = Date.parse(String(dataTypeLetters(NOW)[0]?.metadata[0]?.returnDateTime));
    expect(words(rows)).toEqual([`parcel | Parcel ready at Kiwi Majorstuen | Fetch by ${dayName(lastDay)} · code 4KQ7`]);
    expect(row?.self?.uri).toMatch(/\/documents\/d\d+$/);
    expect(row?.until).toBe(lastDay);
    expect(NOW >= (row?.urgentFrom ?? Infinity)).toBe(false);
    expect(lastDay - HOUR >= (row?.urgentFrom ?? Infinity)).toBe(true);
    expect(rowsOf(parcel, lastDay + 1)).toEqual([]);
  });

  it('a parcel picked up, returned or gone astray asks nothing', () => {
    expect(rowsOf(emulatorLetter('parcel-picked-up'))).toEqual([]);
    const notice = dataTypeLetters(NOW)[0]?.metadata[0] ?? {};
    for (const status of ['RETURNED', 'PICKED_UP', 'DEVIATION'])
      expect(rowsOf(letterWith({ metadata: [{ ...notice, status }] })), status).toEqual([]);
    expect(rowsOf(letterWith({ metadata: [notice, { type: 'PickupNoticeStatus', status: 'RETURNED' }] }))).toEqual([]);
  });

  it('a debt collection is an invoice: who, the sum, "Debt collection" and its due day (the popup counts the days)', () => {
    const rows = rowsOf(emulatorLetter('inkasso'));
    expect(words(rows)).toEqual(['invoice | Intrum | NOK 1,187.50 | Debt collection']);
    expect(rows[0]?.due).toBe(zoned(NOW + 12 * DAY).slice(0, 10));
    expect(rows[0]?.urgentFrom).toBeGreaterThan(NOW + 12 * DAY);
    // Not due within two weeks: not yet.
    expect(rowsOf(emulatorLetter('inkasso', NOW), NOW - 10 * DAY)).toEqual([]);
  });

  it('an unpaid invoice due within two weeks or overdue, urgent from the day after; paid or sent to the bank, gone', () => {
    const due = (days: number, extra: Record<string, unknown> = {}) =>
      letterWith({ invoice: { amount: 4817, dueDate: zoned(NOW + days * DAY).slice(0, 10), ...extra }, creatorName: 'Skatteetaten' });
    expect(words(rowsOf(due(9)))).toEqual(['invoice | Skatteetaten | NOK 4,817.00']);
    const [overdue] = rowsOf(due(-3));
    expect(NOW >= (overdue?.urgentFrom ?? Infinity)).toBe(true);
    const [today] = rowsOf(due(0));
    expect(NOW >= (today?.urgentFrom ?? Infinity)).toBe(false);
    expect(rowsOf(due(15))).toEqual([]);
    expect(rowsOf(due(3, { paid: true }))).toEqual([]);
    expect(rowsOf(due(3, { payment: { status: 'SENT' } }))).toEqual([]);
    // A debt collection on a letter whose invoice is paid is paid too, and one beside an invoice is listed once.
    const inkasso = dataTypeLetters(NOW)[1]?.metadata ?? [];
    expect(rowsOf(letterWith({ metadata: inkasso, invoice: { dueDate: zoned(NOW).slice(0, 10), paid: true } }))).toEqual([]);
    expect(rowsOf(letterWith({ metadata: inkasso, invoice: { amount: 10, dueDate: zoned(NOW).slice(0, 10) } }))).toHaveLength(1);
  });

  it('an appointment or event in the next seven days: when and where; later ones not yet, past ones gone', () => {
    const at = (hours: number) => zoned(NOW + hours * HOUR);
    const appointment = (hours: number, fields: Record<string, unknown> = {}) =>
      letterWith({
        metadata: [{ type: 'Appointment', startTime: at(hours), endTime: at(hours + 1), place: 'Storgata legesenter', ...fields }],
      });
    const [soon] = rowsOf(appointment(48, { title: 'Legetime' }));
    expect(soon).toMatchObject({ icon: 'calendar', title: 'Legetime', by: NOW + 48 * HOUR, until: NOW + 49 * HOUR });
    expect(soon?.line.replace(/[\u00a0\u202f]/g, ' ')).toMatch(/^Thu, Dec 3, \d\d:\d\d( [AP]M)? · Storgata legesenter$/);
    // Without a title, the sender's name.
    expect(rowsOf(appointment(5))[0]?.title).toBe('Avsender AS');
    expect(rowsOf(appointment(8 * 24))).toEqual([]);
    expect(rowsOf(appointment(-2))).toEqual([]);
    // An event's next time that is not over.
    const event = letterWith({
      metadata: [
        {
          type: 'Event',
          title: 'Foreldremøte',
          time: [
            { startTime: at(-30), endTime: at(-29) },
            { startTime: at(72), endTime: at(74) },
          ],
        },
      ],
    });
    expect(rowsOf(event)).toMatchObject([{ icon: 'calendar', title: 'Foreldremøte', by: NOW + 72 * HOUR }]);
  });

  it('a link with a deadline within two weeks, urgent on its day, gone after it; one without a deadline asks nothing', () => {
    const link = (deadline?: string) =>
      letterWith({ metadata: [{ type: 'ExternalLink', url: 'https://example.org/svar', buttonText: 'Svar på tilbudet', deadline }] });
    const day = zoned(NOW + 4 * DAY).slice(0, 10);
    const rows = rowsOf(link(day));
    const [row] = rows;
    expect(words(rows)).toEqual([`link | Avsender AS | Deadline ${dayName(NOW + 4 * DAY)} · Svar på tilbudet`]);
    expect(rowsOf(link(day), (row?.until ?? 0) + 1)).toEqual([]);
    expect(rowsOf(link(zoned(NOW + 20 * DAY).slice(0, 10)))).toEqual([]);
    expect(rowsOf(link())).toEqual([]);
  });

  it('a request to share documents while it is open: gone once the documents are shared, or the sharing stopped', () => {
    expect(words(rowsOf(emulatorLetter('share-documents')))).toEqual(['share | DNB | Asks you to share documents']);
    const request = dataTypeLetters(NOW).find((one) => one.kind === 'share-documents')?.metadata ?? [];
    const shared = letterWith({ metadata: [...request, { type: 'ShareDocumentsRequestDocumentsShared' }], creatorName: 'DNB' });
    expect(rowsOf(shared)).toEqual([]);
    const stopped = letterWith({ metadata: [...request, { type: 'ShareDocumentsRequestSharingStopped' }] });
    expect(rowsOf(stopped)).toEqual([]);
  });

  it('a receipt, a payslip, a signed document, a proof and a residence ask nothing', () => {
    for (const kind of ['receipt', 'payslip', 'signed-document', 'proof', 'residence'])
      expect(rowsOf(emulatorLetter(kind)), kind).toEqual([]);
  });
});

describe('what cannot be read', () => {
  it('a field of the wrong type is absent, an unknown type left out, and the rest of the letter still listed', () => {
    const document = letterWith({
      metadata: [
        { type: 'Inkasso', dueDate: 20261210, sum: 100 },
        { type: 'PickupNotice', pickupPlace: { code: '1234' } },
        { type: 'Appointment', startTime: 'tomorrow', place: 'Her' },
        { type: 'ExternalLink', url: 'https://example.org', deadline: 'soon' },
        { type: 'constructor' },
        { type: 'toString', dueDate: '2026-12-02' },
        { type: 'Mystery', dueDate: '2026-12-02' },
        'Inkasso',
        null,
        { type: 'PickupNotice', pickupPlace: { name: 'Rema 1000 Torshov', code: 42 }, status: 'READY_FOR_PICKUP' },
      ],
    });
    // Only the parcel that can be read, without the code that was no text.
    expect(words(rowsOf(document))).toEqual(['parcel | Parcel ready at Rema 1000 Torshov | Ready to fetch']);
  });

  it('an invoice whose due date is no calendar day is never due', () => {
    expect(rowsOf(letterWith({ invoice: { amount: 1, dueDate: 'snart' } }))).toEqual([]);
    expect(rowsOf(letterWith({ invoice: { amount: 1, dueDate: '2026-13-45' } }))).toEqual([]);
  });
});

describe('the order, and whose', () => {
  it('most urgent first: overdue, then by the moment it must be done by; what has no time last', () => {
    const invoice = letterWith({ invoice: { amount: 1, dueDate: zoned(NOW - 2 * DAY).slice(0, 10) }, creatorName: 'Overdue' });
    const appointment = letterWith({
      metadata: [{ type: 'Appointment', title: 'In three days', startTime: zoned(NOW + 3 * DAY), endTime: zoned(NOW + 3 * DAY + HOUR) }],
    });
    const rows = [emulatorLetter('share-documents'), appointment, emulatorLetter('inkasso'), emulatorLetter('parcel-waiting'), invoice]
      .flatMap((document) => rowsOf(document))
      .sort(soonestFirst);
    expect(rows.map((row) => row.title)).toEqual(['Overdue', 'In three days', 'Intrum', 'Parcel ready at Kiwi Majorstuen', 'DNB']);
  });

  it('two mailboxes: each place read, the shared mailbox’s rows saying whose, opening there', async () => {
    const OWN = `${A}/post/api/private/mailbox/1/documents/inbox`;
    const OLA = `${A}/post/api/private/mailbox/2/documents/inbox`;
    const root: RootResource = {
      primaryAccount: { link: [{ rel: rel('document_inbox'), uri: OWN }] },
      mailbox: [
        { owner: true, name: 'Kari', folders: { folder: [], link: [] }, link: [{ rel: rel('document_inbox'), uri: OWN }] },
        { owner: false, name: 'Ola Nordmann', folders: { folder: [], link: [] }, link: [{ rel: rel('document_inbox'), uri: OLA }] },
      ],
      link: [],
    };
    const answers: Record<string, unknown[]> = { [OWN]: [emulatorLetter('parcel-waiting')], [OLA]: [emulatorLetter('inkasso')] };
    const session = new MemoryArea();
    const reader = createDueInvoices({
      storage: { session },
      session: { generation: () => Promise.resolve(1) },
      calls: {
        authorizedFetch: (_config: ExtensionConfig, request: { url: string }) => {
          const url = new URL(request.url);
          return Promise.resolve({ document: answers[`${url.origin}${url.pathname}`] ?? [], link: [] });
        },
      },
      now: () => NOW,
      rowsOf: needRowsOf,
    });
    await reader.readRound({ baseUrl: A } as ExtensionConfig, root, 1);
    const record = session.data.needsYou as Needs;
    expect(Object.values(record.places).map((place) => place.state)).toEqual(['read', 'read']);
    expect(record.places[OWN]?.rows.map((row) => [row.title, row.shared])).toEqual([['Parcel ready at Kiwi Majorstuen', undefined]]);
    expect(record.places[OLA]?.rows.map((row) => [row.title, row.shared?.whose])).toEqual([['Intrum', 'Ola Nordmann']]);
    expect(record.places[OLA]?.rows[0]?.shared?.mailbox).toBeTruthy();
  });
});
