// @vitest-environment jsdom
// jsdom, as the letter's own tests (letter.test.tsx): the viewer's letter page runs DOMPurify.
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { viewerPages } from '../../src/storage/page-items.ts';
import { extension } from '../support/fake-extension.ts';
import { content, document, letter, READ_SCOPES, resourceSnapshot, rootSnapshot } from './fixtures.ts';
import { openPage } from './page.ts';

/*
 * The cards a letter's structured data is drawn as (digipost/digipost-data-types, contract §6.2):
 * a parcel to pick up, a debt collection, a receipt and a payslip, in words. What a person reads on
 * each; an item without what its card needs is left out and the letter shown as ever; and none of
 * the service's type names or status codes shows outside the letter's details.
 */

vi.mock('../../src/viewer/letter/pdf-pages.ts', () => import('./pdf-stand-in.ts'));

const { worker } = extension;
const PAGE_ID = 'AAAAAAAAAAAAAAAAAAAAAA';

/** Opens the viewer on a letter whose main document carries `metadata`, as a click in the inbox does. */
async function openLetterWith(metadata: unknown[], subject = 'Du har en pakke til henting', creatorName = 'Posten'): Promise<void> {
  const data = letter(21, { subject, creatorName, attachment: [document(21, 1, { subject })] });
  (data.attachment[0] as Record<string, unknown>).metadata = metadata;
  const self = data.link[0]?.uri ?? '';
  await extension.storage.session.set({ [viewerPages.item(PAGE_ID).key]: { url: self, relation: 'self' } });
  worker.answer('getRoot', rootSnapshot());
  worker.answer('getResource', resourceSnapshot(data, self, READ_SCOPES));
  worker.answer('getContent', content('application/pdf', '%PDF-1.4'));
  await openPage('viewer', `?page=${PAGE_ID}`);
  await screen.findByRole('heading', { level: 1, name: subject });
}

/** Text with the no-break spaces Intl puts in money and times as plain ones. */
function plain(text: string | null | undefined): string {
  return (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
}

/** A card's facts as "label: value" lines, as a person reads them. */
function facts(card: HTMLElement): string[] {
  return [...card.querySelectorAll('.metadata-facts > div')].map((row) =>
    plain(`${row.querySelector('dt')?.textContent ?? ''}: ${row.querySelector('dd')?.textContent ?? ''}`),
  );
}

/** What the page shows outside the letter's details (which fold the service's own fields away). */
function mainText(): string {
  const main = window.document.querySelector('main') ?? window.document.body;
  const copy = main.cloneNode(true) as HTMLElement;
  for (const details of copy.querySelectorAll('details')) details.remove();
  return copy.textContent;
}

/** The service's words that must never reach the main view: type names, status codes, field names. */
const SERVICE_WORDS =
  /PickupNotice|Inkasso\b|SignedDocument|READY_FOR_PICKUP|PICKED_UP|RETURNED|DEVIATION|pickupPlace|shelfLocation|returnDateTime|arrivalDateTime|merchantName|totalPrice|totalVat|netAmount|paymentDate|valueToBePayed|CODE_128|undefined|NaN|Invalid Date/;

const pickupPlace = {
  name: 'Kiwi Majorstuen',
  code: '4KQ7',
  instruction: 'Åpent mandag–lørdag 07–23. Ta med legitimasjon.',
  shelfLocation: 'H32',
  address: { streetAddress: 'Bogstadveien 52', postalCode: '0366', city: 'Oslo', country: 'Norge' },
};

const waitingParcel = {
  type: 'PickupNotice',
  parcelId: '370123456789012345',
  barcode: { barcodeValue: '370123456789012345', barcodeType: 'CODE_128' },
  arrivalDateTime: '2099-12-01T09:12:00+01:00',
  returnDateTime: '2099-12-15T23:59:00+01:00',
  recipient: { name: 'Kari Nordmann', digipostAddress: 'kari.nordmann#1234' },
  sender: { name: 'Komplett.no', reference: 'Ordre 218834571' },
  pickupPlace,
  cost: { valueToBePayed: 128 },
  extraInformation: 'Krever fremvisning av gyldig legitimasjon.',
  status: 'READY_FOR_PICKUP',
  link: { url: 'https://sporing.posten.no/sporing/370123456789012345', description: 'Se hvor pakken er.', buttonText: 'Spor pakken' },
};

describe('a parcel to pick up (PickupNotice)', () => {
  it('says where it waits and till when, with the code and shelf to give at the counter, the sender and when it came', async () => {
    await openLetterWith([waitingParcel]);
    const card = await screen.findByRole('region', { name: 'Ready for pickup at Kiwi Majorstuen' });
    within(card).getByText('Parcel');
    within(card).getByRole('heading', { level: 2, name: 'Ready for pickup at Kiwi Majorstuen' });
    within(card).getByText(/^Pick it up by \w+, December 1[56], 2099/);
    expect(facts(card)).toEqual([
      expect.stringMatching(/^Pickup code: 4KQ7/),
      'Shelf: H32',
      'Pick up at: Kiwi Majorstuen, Bogstadveien 52, 0366 Oslo',
      'How to pick it up: Åpent mandag–lørdag 07–23. Ta med legitimasjon.',
      'To pay when you pick it up: NOK 128.00',
      'Sent by: Komplett.no',
      expect.stringMatching(/^Arrived: Dec 1, 2099/),
      'Parcel number: 370123456789012345',
    ]);
    within(card).getByRole('button', { name: 'Copy the pickup code' });
    within(card).getByText('Krever fremvisning av gyldig legitimasjon.');
    const link = within(card).getByRole('link', { name: 'Spor pakken' });
    expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).toEqual([
      'https://sporing.posten.no/sporing/370123456789012345',
      '_blank',
      'noopener noreferrer',
    ]);
    expect(mainText()).not.toMatch(SERVICE_WORDS);
  });

  it('picked up: said plainly with the day, from the status the service added, and no code or shelf any more', async () => {
    await openLetterWith([
      waitingParcel,
      { type: 'PickupNoticeStatus', status: 'PICKED_UP', occurrenceDatetime: '2099-12-02T16:27:00+01:00' },
    ]);
    const card = await screen.findByRole('region', { name: 'Parcel at Kiwi Majorstuen' });
    within(card).getByText(/^Picked up Dec 2, 2099/);
    const text = card.textContent;
    for (const gone of ['4KQ7', 'H32', 'Pick it up by', 'To pay', 'Copy the pickup code']) expect(text).not.toContain(gone);
    expect(facts(card)).toContain('Sent by: Komplett.no');
    expect(mainText()).not.toMatch(SERVICE_WORDS);
  });

  it('returned to the sender: said plainly, as a warning', async () => {
    await openLetterWith([{ ...waitingParcel, status: 'RETURNED' }]);
    const card = await screen.findByRole('region', { name: 'Parcel at Kiwi Majorstuen' });
    expect(within(card).getByText('Not picked up: sent back to the sender').className).toContain('warn');
    expect(card.textContent).not.toContain('4KQ7');
  });

  it('waiting past its last day: the day it was, and that it goes back', async () => {
    await openLetterWith([{ ...waitingParcel, returnDateTime: '2020-01-15T23:59:00+01:00' }]);
    const card = await screen.findByRole('region', { name: 'Ready for pickup at Kiwi Majorstuen' });
    within(card).getByText(/^The last day to pick it up was \w+, January 1[56], 2020.*it goes back to the sender\.$/);
  });

  it('a delivery gone wrong: in words, never the code', async () => {
    await openLetterWith([{ ...waitingParcel, status: 'DEVIATION' }]);
    const card = await screen.findByRole('region', { name: 'Parcel at Kiwi Majorstuen' });
    within(card).getByText(/^Something has gone wrong with the delivery of this parcel/);
    expect(mainText()).not.toMatch(SERVICE_WORDS);
  });
});

describe('a debt collection (Inkasso)', () => {
  const inkasso = {
    type: 'Inkasso',
    dueDate: '2099-12-10T00:00:00+01:00',
    sum: 1187.5,
    account: '70580632271',
    kid: '2093100048213799',
    link: { url: 'https://www.intrum.no/privat/betal/', description: 'Se saken hos Intrum.', buttonText: 'Gå til saken hos Intrum' },
  };

  it('says what to pay by when, to which account with which KID, each with Copy, and links to the collector', async () => {
    await openLetterWith([inkasso], 'Inkassovarsel: Faktura 20931', 'Intrum');
    const card = await screen.findByRole('region', { name: 'Debt collection' });
    within(card).getByRole('heading', { level: 2, name: /^To pay by \w+, December 10, 2099$/ });
    expect(facts(card).map((fact) => fact.replace(/Copy$/, ''))).toEqual([
      'Amount: NOK 1,187.50',
      'Due date: Dec 10, 2099',
      'Account number: 7058 06 32271',
      'KID: 2093100048213799',
    ]);
    for (const name of ['Copy the amount', 'Copy the account number', 'Copy the KID']) within(card).getByRole('button', { name });
    const link = within(card).getByRole('link', { name: 'Gå til saken hos Intrum' });
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(card.textContent).not.toContain('The due date has passed.');
    expect(mainText()).not.toMatch(SERVICE_WORDS);
  });

  it('puts exactly the KID on the clipboard', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await openLetterWith([inkasso], 'Inkassovarsel: Faktura 20931', 'Intrum');
    const card = await screen.findByRole('region', { name: 'Debt collection' });
    fireEvent.click(within(card).getByRole('button', { name: 'Copy the KID' }));
    await within(card).findByText('Copied');
    expect(writeText).toHaveBeenCalledWith('2093100048213799');
  });

  it('past its due date: said so, as a warning', async () => {
    await openLetterWith([{ ...inkasso, dueDate: '2020-01-10T00:00:00+01:00' }], 'Inkassovarsel', 'Intrum');
    const card = await screen.findByRole('region', { name: 'Debt collection' });
    expect(card.className).toContain('overdue');
    within(card).getByText('The due date has passed.');
  });

  it('a link that is not a web address is left out, and the rest of the card stays', async () => {
    await openLetterWith([{ ...inkasso, link: { url: 'javascript:alert(1)', buttonText: 'Betal nå' } }], 'Inkassovarsel', 'Intrum');
    const card = await screen.findByRole('region', { name: 'Debt collection' });
    expect(within(card).queryByRole('link')).toBeNull();
    expect(card.textContent).not.toContain('Betal nå');
    within(card).getByRole('button', { name: 'Copy the KID' });
  });
});

describe('a receipt (Receipt)', () => {
  const receipt = {
    type: 'Receipt',
    receiptNumber: '482113',
    purchaseTime: '2026-11-29T17:43:00+01:00',
    totalPrice: 187.5,
    totalVat: 24.45,
    currencyCode: 'NOK',
    merchantChain: 'Rema 1000',
    merchantName: 'Rema 1000 Torshov',
    merchantPhoneNumber: '22150040',
    merchantAddress: { streetAddress: 'Vogts gate 64', postalCode: '0477', city: 'Oslo' },
    payments: [{ type: 'Bank Axept', cardNumber: '************4821', cardName: 'Visa', amount: 187.5, currencyCode: 'NOK' }],
    items: [
      { itemName: 'Kaffe Evergood filtermalt', unit: 'stk', quantity: 1, itemPrice: 79.9, totalPrice: 79.9 },
      { itemName: 'Lettmelk 1 l', unit: 'stk', quantity: 2, itemPrice: 23.9, totalPrice: 47.8 },
      { itemName: 'Grovbrød', quantity: 1, itemPrice: 32.9, totalPrice: 32.9, discount: 5 },
      { itemName: 'Bananer', unit: 'kg', quantity: 0.912, itemPrice: 29.5, totalPrice: 26.9 },
    ],
    membershipNumber: '4700 1234 5678',
  };

  it('shows the shop and where it is, when, each line with its amount, the total with VAT, and how it was paid', async () => {
    await openLetterWith([receipt], 'Kvittering fra Rema 1000 Torshov', 'Rema 1000');
    const card = await screen.findByRole('region', { name: 'Receipt from Rema 1000 Torshov' });
    within(card).getByRole('heading', { level: 2, name: 'Rema 1000 Torshov' });
    within(card).getByText('Rema 1000');
    expect(facts(card)).toEqual([
      expect.stringMatching(/^Time of purchase: Nov 29, 2026/),
      'Address: Vogts gate 64, 0477 Oslo',
      'Phone: 22 15 00 40',
      'Paid with: Visa •••• 4821 (Bank Axept)',
      'Receipt number: 482113',
      'Membership number: 4700 1234 5678',
    ]);
    within(card).getByRole('heading', { level: 3, name: 'What you bought' });
    const lines = card.querySelectorAll('.receipt-card-lines .receipt-line');
    const rows = [...lines].map((row) =>
      [...row.querySelectorAll('dt > span')].map((part) => plain(part.textContent)).concat(plain(row.querySelector('dd')?.textContent)),
    );
    expect(rows).toEqual([
      ['Kaffe Evergood filtermalt', 'NOK 79.90'],
      ['Lettmelk 1 l', '2 × NOK 23.90', 'NOK 47.80'],
      ['Grovbrød', 'Discount NOK 5.00', 'NOK 32.90'],
      ['Bananer', '0.912 kg × NOK 29.50', 'NOK 26.90'],
    ]);
    const sum = card.querySelector('.receipt-card-sum');
    expect([...(sum?.querySelectorAll('.receipt-line') ?? [])].map((row) => plain(row.textContent))).toEqual([
      'TotalNOK 187.50',
      'Of which VATNOK 24.45',
    ]);
    expect(mainText()).not.toMatch(SERVICE_WORDS);
  });

  it('a receipt without its lines or payments still shows the shop and total', async () => {
    await openLetterWith(
      [{ type: 'receipt', merchantName: 'Kiwi Storo', totalPrice: 42, totalVat: 'x', purchaseTime: 'yesterday' }],
      'Kvittering',
      'Kiwi',
    );
    const card = await screen.findByRole('region', { name: 'Receipt from Kiwi Storo' });
    expect(plain(card.querySelector('.receipt-card-sum')?.textContent)).toBe('TotalNOK 42.00');
    expect(within(card).queryByRole('heading', { name: 'What you bought' })).toBeNull();
    expect(facts(card)).toEqual([]);
  });
});

describe('a payslip (Payslip)', () => {
  it('says what is paid out after tax and on which day', async () => {
    await openLetterWith(
      [{ type: 'Payslip', paymentDate: '2026-11-25', netAmount: 38421.5 }],
      'Lønnsslipp for november',
      'Fjellheim Bygg AS',
    );
    const card = await screen.findByRole('region', { name: 'Payslip' });
    expect(plain(within(card).getByRole('heading', { level: 2 }).textContent)).toBe('Net pay NOK 38,421.50');
    expect(facts(card)).toEqual(['Payment date: Wednesday, November 25, 2026']);
    expect(mainText()).not.toMatch(SERVICE_WORDS);
  });
});

describe('items without what their card needs', () => {
  it('are left out, the other cards and the document shown as ever', async () => {
    await openLetterWith(
      [
        { ...waitingParcel, pickupPlace: { ...pickupPlace, name: 42 } },
        { type: 'Inkasso', sum: 100, kid: '123' },
        { type: 'Receipt', totalPrice: 10 },
        { type: 'Payslip' },
        { type: 'PickupNoticeStatus', status: 'PICKED_UP' },
        { type: 'SignedDocument', documentIssuer: 'OBOS', documentSubject: 'Leiekontrakt', signingTime: '2026-07-11T10:00:00+02:00' },
        { type: 'Payslip', netAmount: 100 },
      ],
      'Blandet',
      'Testavsender',
    );
    await screen.findByRole('region', { name: 'Payslip' });
    await waitFor(() => expect(window.document.querySelector('.pdf-page')).not.toBeNull());
    expect(window.document.querySelectorAll('.metadata-card')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Debt collection' })).toBeNull();
    expect(mainText()).not.toMatch(SERVICE_WORDS);
    expect(mainText()).not.toMatch(/OBOS|Leiekontrakt/);
  });
});
