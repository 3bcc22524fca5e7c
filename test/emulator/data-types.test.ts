import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Link } from './config.ts';
import type { RunningEmulator } from './index.ts';
import { startEmulator } from './index.ts';
import type { DocumentJson, RootJson } from './flow.ts';
import { api, getJson, linkOf, signIn } from './flow.ts';
import { dataTypeLetters, zoned } from './data-types.ts';

type Item = Record<string, unknown> & { type: string };
type Served = Omit<DocumentJson, 'attachment'> & { attachment: (DocumentJson['attachment'][number] & { metadata?: Item[] })[] };

/** ISO 8601 with its offset, as digipost-data-types' JSON mapper writes a ZonedDateTime. */
const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;
const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

async function inboxOf(em: RunningEmulator): Promise<{ letters: Served[]; unread: number }> {
  const token = (await signIn(em, 'READ_ACCOUNT_INFO READ_DOCUMENT_META_INFO READ_DOCUMENT_CONTENT')).access_token;
  const root = await getJson<RootJson>(`${em.url}/post/api`, token);
  const page = await getJson<{ document: Served[]; link: Link[] }>(
    `${linkOf(root.primaryAccount.link, 'document_inbox').uri}?limit=100`,
    token,
  );
  return { letters: page.document, unread: root.primaryAccount.unreadItemsInInbox };
}

/** Every metadata item of the inbox by its type (the first of each). */
function byType(letters: readonly Served[]): Map<string, { letter: Served; item: Item; items: Item[] }> {
  const found = new Map<string, { letter: Served; item: Item; items: Item[] }>();
  for (const letter of letters) {
    const items = letter.attachment.find((a) => a.mainDocument)?.metadata ?? [];
    for (const item of items) if (!found.has(item.type)) found.set(item.type, { letter, item, items });
  }
  return found;
}

describe('letters with structured data (dataTypeLetters: true)', () => {
  let em: RunningEmulator;
  let plain: RunningEmulator;

  beforeAll(async () => {
    [em, plain] = await Promise.all([
      startEmulator({ port: 0, quiet: true, dataTypeLetters: true }),
      startEmulator({ port: 0, quiet: true }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([em.stop(), plain.stop()]);
  });
  beforeEach(async () => {
    await Promise.all([em.admin.reset(), plain.admin.reset()]);
  });

  it('are not in the mailbox without the option: its letters and unread stay as the tests count them', async () => {
    const without = await inboxOf(plain);
    expect(byType(without.letters).size).toBe(0);
    const withThem = await inboxOf(em);
    const set = dataTypeLetters(Date.now());
    expect(withThem.letters).toHaveLength(without.letters.length + set.length);
    expect(withThem.unread).toBe(without.unread + set.filter((l) => l.unread).length);
  });

  it('serves one letter of each kind, below the eight newest, which stay the seed’s own', async () => {
    const [withThem, without] = await Promise.all([inboxOf(em), inboxOf(plain)]);
    expect(withThem.letters.slice(0, 8).map((l) => l.subject)).toEqual(without.letters.slice(0, 8).map((l) => l.subject));
    const types = byType(withThem.letters);
    for (const type of [
      'PickupNotice',
      'PickupNoticeStatus',
      'Inkasso',
      'Receipt',
      'Payslip',
      'SignedDocument',
      'Proof',
      'Residence',
      'ShareDocumentsRequest',
      'Boligdetaljer',
      'ShareDocumentsRequestDocumentsShared',
      'ShareDocumentsRequestSharingStopped',
      'VerifiableCredentialNotice',
      'VerifiablePresentationNotice',
      'OpeningReceipt',
      'OpeningReceiptAccepted',
    ]) {
      expect(types.has(type), type).toBe(true);
    }
    const withData = withThem.letters.filter((l) => (l.attachment[0]?.metadata ?? []).length > 0);
    expect(withData).toHaveLength(14);
    expect(withThem.letters.findIndex((l) => l.id === withData[0]?.id)).toBe(8);
    // Times strictly apart, so paging by lastseen stays exact.
    expect(new Set(withThem.letters.map((l) => l.created)).size).toBe(withThem.letters.length);
  });

  it('a parcel waiting: a PickupNotice with every required field, READY_FOR_PICKUP, returned a fortnight after it came', async () => {
    const waiting = (await inboxOf(em)).letters.find(
      (l) => l.attachment[0]?.metadata?.some((i) => i.type === 'PickupNotice') && l.attachment[0].metadata.length === 1,
    );
    const item = waiting?.attachment[0]?.metadata?.[0];
    expect(waiting).toMatchObject({ creatorName: 'Posten', read: false });
    expect(item).toMatchObject({
      type: 'PickupNotice',
      parcelId: expect.any(String) as unknown,
      barcode: { barcodeValue: expect.any(String) as unknown },
      recipient: { digipostAddress: 'kari.nordmann#1234' },
      sender: { name: 'Komplett.no' },
      pickupPlace: {
        name: 'Kiwi Majorstuen',
        code: expect.any(String) as unknown,
        instruction: expect.any(String) as unknown,
        shelfLocation: 'H32',
        address: { streetAddress: 'Bogstadveien 52', postalCode: '0366', city: 'Oslo' },
      },
      thePackage: { weight: 2300 },
      status: 'READY_FOR_PICKUP',
      link: { url: expect.stringMatching(/^https:\/\//) as unknown },
    });
    const arrival = String(item?.arrivalDateTime);
    const back = String(item?.returnDateTime);
    expect(arrival).toMatch(ZONED);
    expect(back).toMatch(ZONED);
    expect(Date.parse(back) - Date.parse(arrival)).toBeGreaterThan(13 * 86_400_000);
    // Still waiting now: the day it goes back is ahead.
    expect(Date.parse(back)).toBeGreaterThan(Date.now());
  });

  it('a parcel picked up: its notice complemented by a PickupNoticeStatus PICKED_UP with the time', async () => {
    const { items } = byType((await inboxOf(em)).letters).get('PickupNoticeStatus') ?? { items: [] };
    expect(items.map((i) => i.type)).toEqual(['PickupNotice', 'PickupNoticeStatus']);
    expect(items[1]).toEqual({
      type: 'PickupNoticeStatus',
      status: 'PICKED_UP',
      occurrenceDatetime: expect.stringMatching(ZONED) as unknown,
    });
  });

  it('a debt collection, a receipt with its lines and a payslip, in the documented shapes', async () => {
    const types = byType((await inboxOf(em)).letters);
    expect(types.get('Inkasso')?.letter.creatorName).toBe('Intrum');
    expect(types.get('Inkasso')?.item).toEqual({
      type: 'Inkasso',
      link: {
        url: expect.stringMatching(/^https:\/\//) as unknown,
        description: expect.any(String) as unknown,
        buttonText: expect.any(String) as unknown,
      },
      dueDate: expect.stringMatching(ZONED) as unknown,
      sum: 1187.5,
      account: expect.stringMatching(/^\d{11}$/) as unknown,
      kid: expect.stringMatching(/^\d{2,25}$/) as unknown,
    });
    const receipt = types.get('Receipt')?.item;
    expect(receipt).toMatchObject({
      merchantName: 'Rema 1000 Torshov',
      totalPrice: 187.5,
      totalVat: 24.45,
      currencyCode: 'NOK',
      merchantAddress: { streetAddress: 'Vogts gate 64' },
    });
    expect(String(receipt?.purchaseTime)).toMatch(ZONED);
    const items = receipt?.items as Record<string, unknown>[];
    expect(items.map((i) => i.itemName)).toContain('Kaffe Evergood filtermalt');
    for (const line of items)
      expect(line).toMatchObject({
        itemName: expect.any(String) as unknown,
        quantity: expect.any(Number) as unknown,
        totalPrice: expect.any(Number) as unknown,
      });
    // The lines add up to the total, as on a till's receipt.
    expect(items.reduce((sum, i) => sum + Number(i.totalPrice), 0)).toBeCloseTo(187.5, 2);
    expect(items.reduce((sum, i) => sum + Number(i.totalVat), 0)).toBeCloseTo(24.45, 2);
    expect(receipt?.payments).toEqual([
      { type: 'Bank Axept', cardNumber: '************4821', cardName: 'Visa', amount: 187.5, currencyCode: 'NOK' },
    ]);
    expect(types.get('Payslip')?.item).toEqual({
      type: 'Payslip',
      paymentDate: expect.stringMatching(LOCAL_DATE) as unknown,
      netAmount: 38421.5,
    });
  });

  it('a signed document, a proof with its valid period, a residence and a request to share, in the documented shapes', async () => {
    const types = byType((await inboxOf(em)).letters);
    expect(types.get('SignedDocument')?.item).toEqual({
      type: 'SignedDocument',
      documentIssuer: 'OBOS Eiendomsforvaltning AS',
      documentSubject: 'Leiekontrakt for bolig',
      signingTime: expect.stringMatching(ZONED) as unknown,
    });
    const proof = types.get('Proof')?.item;
    expect(proof).toMatchObject({
      title: 'Fiskekort Nordmarka',
      authorizerName: expect.any(String) as unknown,
      proofHolder: { firstName: 'Kari', surname: 'Nordmann' },
      proofIdName: 'Kortnummer',
    });
    const period = (proof?.validPeriod as { period: { from: string; to: string } }).period;
    expect(period.from).toMatch(LOCAL_DATE_TIME);
    expect(period.to).toMatch(LOCAL_DATE_TIME);
    expect(period.to > period.from).toBe(true);
    expect(types.get('Residence')?.item).toMatchObject({
      address: { streetName: 'Storgata', houseNumber: '12B', unitNumber: 'H0304', postalCode: '0155', city: 'Oslo' },
      matrikkel: { kommunenummer: '0301', gaardsnummer: '208', bruksnummer: '630' },
    });
    expect(types.get('ShareDocumentsRequest')?.item).toEqual({
      type: 'ShareDocumentsRequest',
      maxShareDurationSeconds: 1_209_600,
      purpose: expect.any(String) as unknown,
      allowedOriginOrganisationNumbers: ['984661185'],
    });
  });

  it('a residence with its details (Boligdetaljer), in the documented shape', async () => {
    const item = byType((await inboxOf(em)).letters).get('Boligdetaljer')?.item;
    expect(item).toMatchObject({
      residence: {
        address: { streetName: 'Storgata', houseNumber: '12B', postalCode: '0155', city: 'Oslo' },
        matrikkel: { kommunenummer: '0301', gaardsnummer: '208', bruksnummer: '630' },
      },
      hjemmelshavere: [{ name: 'Kari Nordmann' }],
      bruksareal: 59,
      antallOppholdsrom: 3,
      antallBaderom: 1,
      heftelser: [
        { panthaver: expect.any(String) as unknown, typePant: 'Pantedokument', beloep: expect.stringMatching(/^\d+$/) as unknown },
      ],
      callToAction: { url: expect.stringMatching(/^https:\/\//) as unknown },
    });
    const sales = item?.omsetningshistorikk as Record<string, unknown>[];
    expect(sales).toHaveLength(1);
    expect(String(sales[0]?.dato)).toMatch(ZONED);
    expect(typeof sales[0]?.beloep).toBe('number');
  });

  it('a request to share whose sharing has ended: the request complemented by documents shared, then sharing stopped', async () => {
    const { items } = byType((await inboxOf(em)).letters).get('ShareDocumentsRequestSharingStopped') ?? { items: [] };
    expect(items).toEqual([
      { type: 'ShareDocumentsRequest', maxShareDurationSeconds: 604_800, purpose: expect.any(String) as unknown },
      { type: 'ShareDocumentsRequestDocumentsShared', documentIds: [expect.any(Number), expect.any(Number)] as unknown },
      { type: 'ShareDocumentsRequestSharingStopped' },
    ]);
  });

  it('a credential issued and a request to show one, each with its title and description', async () => {
    const types = byType((await inboxOf(em)).letters);
    for (const type of ['VerifiableCredentialNotice', 'VerifiablePresentationNotice'])
      expect(types.get(type)?.item, type).toEqual({
        type,
        title: expect.any(String) as unknown,
        description: expect.any(String) as unknown,
      });
  });

  it('a letter whose opening receipt was sent: it opens, and carries OpeningReceiptAccepted after the sender’s OpeningReceipt', async () => {
    const { letter, items } = byType((await inboxOf(em)).letters).get('OpeningReceiptAccepted') ?? { items: [] };
    expect(items).toEqual([{ type: 'OpeningReceipt', group: expect.any(String) as unknown }, { type: 'OpeningReceiptAccepted' }]);
    const links = (letter?.attachment[0]?.link ?? []).map((l) => l.rel);
    expect(links.some((rel) => rel.endsWith('get_document_content'))).toBe(true);
    expect(links.some((rel) => rel.endsWith('send_opening_receipt'))).toBe(false);
  });

  it('sending an opening receipt the sender asked for with an OpeningReceipt adds OpeningReceiptAccepted, once', async () => {
    const token = (await signIn(em, 'READ_ACCOUNT_INFO READ_DOCUMENT_META_INFO READ_DOCUMENT_CONTENT')).access_token;
    await em.admin.addLetter({ subject: 'Arbeidsavtale', openingReceipt: true, metadata: [{ type: 'OpeningReceipt', group: 'avtale-1' }] });
    const root = await getJson<RootJson>(`${em.url}/post/api`, token);
    const page = await getJson<{ document: Served[] }>(`${linkOf(root.primaryAccount.link, 'document_inbox').uri}?limit=1`, token);
    const attachment = page.document[0]?.attachment[0];
    expect(page.document[0]?.subject).toBe('Arbeidsavtale');
    expect(attachment?.metadata).toEqual([{ type: 'OpeningReceipt', group: 'avtale-1' }]);
    const receipt = linkOf(attachment?.link, 'send_opening_receipt');
    const sent = await api(receipt.uri, token, { method: 'POST' });
    expect(sent.status).toBe(200);
    expect(((await sent.json()) as { metadata?: Item[] }).metadata?.map((m) => m.type)).toEqual([
      'OpeningReceipt',
      'OpeningReceiptAccepted',
    ]);
    // Sent again (the service refuses nothing here): still one.
    const again = (await (await api(receipt.uri, token, { method: 'POST' })).json()) as { metadata?: Item[] };
    expect(again.metadata?.map((m) => m.type)).toEqual(['OpeningReceipt', 'OpeningReceiptAccepted']);
  });

  it('writes times in Oslo with their offset, winter and summer', () => {
    expect(zoned(Date.parse('2026-12-03T08:30:00Z'))).toBe('2026-12-03T09:30:00+01:00');
    expect(zoned(Date.parse('2026-06-03T08:30:00Z'))).toBe('2026-06-03T10:30:00+02:00');
  });
});
