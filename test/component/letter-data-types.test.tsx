// @vitest-environment jsdom
// jsdom, as the letter's own tests (letter.test.tsx): the viewer's letter page runs DOMPurify.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { viewerPages } from '../../src/storage/page-items.ts';
import { extension } from '../support/fake-extension.ts';
import type { Permission } from '../../src/shared/permissions.ts';
import { content, document, letter, READ_SCOPES, resourceSnapshot, rootSnapshot, SERVICE } from './fixtures.ts';
import { openPage } from './page.ts';

/*
 * The cards a letter's structured data is drawn as (digipost/digipost-data-types, contract §6.2):
 * a parcel to pick up, a debt collection, a receipt, a payslip, a signed document, a proof, a home,
 * a request to share documents, a credential and an opening receipt sent, in words. What a person reads on
 * each; an item without what its card needs is left out and the letter shown as ever; and none of
 * the service's type names or status codes shows outside the letter's details.
 */

vi.mock('../../src/viewer/letter/pdf-pages.ts', () => import('./pdf-stand-in.ts'));

const { worker } = extension;
const PAGE_ID = 'AAAAAAAAAAAAAAAAAAAAAA';

/** Opens the viewer on a letter whose main document carries `metadata`, as a click in the inbox does. */
async function openLetterWith(
  metadata: unknown[],
  subject = 'Du har en pakke til henting',
  creatorName = 'Posten',
  more: { invoice?: Record<string, unknown>; scopes?: Permission[] } = {},
): Promise<void> {
  const data = letter(21, { subject, creatorName, attachment: [document(21, 1, { subject })] });
  (data.attachment[0] as Record<string, unknown>).metadata = metadata;
  if (more.invoice) (data.attachment[0] as Record<string, unknown>).invoice = more.invoice;
  const self = data.link[0]?.uri ?? '';
  await extension.storage.session.set({ [viewerPages.item(PAGE_ID).key]: { url: self, relation: 'self' } });
  worker.answer('getRoot', rootSnapshot({ scopes: more.scopes ?? READ_SCOPES }));
  worker.answer('getResource', resourceSnapshot(data, self, more.scopes ?? READ_SCOPES));
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
  /PickupNotice|Inkasso\b|SignedDocument|READY_FOR_PICKUP|PICKED_UP|RETURNED|DEVIATION|pickupPlace|shelfLocation|returnDateTime|arrivalDateTime|merchantName|totalPrice|totalVat|netAmount|paymentDate|valueToBePayed|CODE_128|Boligdetaljer|Residence\b|matrikkel|kommunenummer|hjemmelshaver|heftelser|omsetningshistorikk|ShareDocuments|maxShareDuration|allowedOrigin|Verifiable|OpeningReceipt|authorizerName|proofHolder|proofId|validPeriod|yearlyRepeatingPeriod|https?:\/\/|undefined|NaN|Invalid Date/;

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

  it('paid once the letter’s invoice shows its payment: no longer asks to pay, and no warning past its due date', async () => {
    const overdue = { ...inkasso, dueDate: '2020-01-10T00:00:00+01:00' };
    const invoice = { kid: '2093100048213799', accountNumber: '70580632271', amount: 1187.5, dueDate: '2020-01-10' };
    for (const paid of [{ paid: true }, { payment: { timePaid: '2020-01-08T10:00:00+01:00', debitorBankAccount: '12345678903' } }]) {
      await openLetterWith([overdue], 'Inkassovarsel', 'Intrum', { invoice: { ...invoice, ...paid } });
      const card = await screen.findByRole('region', { name: 'Debt collection' });
      within(card).getByRole('heading', { name: 'Paid: this letter’s invoice shows the payment' });
      expect(card.className).not.toContain('overdue');
      expect(within(card).queryByText('The due date has passed.')).toBeNull();
      expect(within(card).queryByText(/^Pay to this account/)).toBeNull();
      // What was paid stays on record.
      within(card).getByText('2093100048213799');
      cleanup();
    }
    // Sent to the bank, with no time it was paid: said as sent, not as paid.
    await openLetterWith([overdue], 'Inkassovarsel', 'Intrum', { invoice: { ...invoice, payment: { bank: 'DNB' } } });
    const sent = await screen.findByRole('region', { name: 'Debt collection' });
    within(sent).getByRole('heading', { name: 'Sent to your bank: this letter’s invoice shows it' });
    expect(within(sent).queryByText('The due date has passed.')).toBeNull();
    cleanup();
    // Unpaid, the same letter still asks.
    await openLetterWith([overdue], 'Inkassovarsel', 'Intrum', { invoice });
    within(await screen.findByRole('region', { name: 'Debt collection' })).getByText('The due date has passed.');
  });

  it('Send to my bank only where Digipost offers it for the letter’s invoice, and only with the permission', async () => {
    const manage: Permission[] = [...READ_SCOPES, 'UPDATE_DOCUMENT'];
    // The Inkasso item carries no link of Digipost's own: with the permission, still nothing to send.
    await openLetterWith([inkasso], 'Inkassovarsel', 'Intrum', { scopes: manage });
    await screen.findByRole('region', { name: 'Debt collection' });
    expect(screen.queryByRole('button', { name: 'Send to my bank' })).toBeNull();
    cleanup();
    // The letter is an invoice too, whose invoice links send_to_bank: offered once, in the invoice's panel.
    const invoice = {
      kid: '2093100048213799',
      accountNumber: '70580632271',
      amount: 1187.5,
      dueDate: '2099-12-10',
      link: [
        {
          rel: `${SERVICE}/post/relations/send_to_bank`,
          uri: `${SERVICE}/post/api/private/accounts/1234/documents/21/attachments/1/invoice/sendtobank`,
          'media-type': 'application/vnd.digipost-v2+json',
        },
      ],
    };
    await openLetterWith([inkasso], 'Inkassovarsel', 'Intrum', { invoice, scopes: manage });
    await screen.findByRole('region', { name: 'Debt collection' });
    const panel = await screen.findByRole('region', { name: 'Invoice' });
    expect(screen.getAllByRole('button', { name: 'Send to my bank' })).toEqual([
      within(panel).getByRole('button', { name: 'Send to my bank' }),
    ]);
    cleanup();
    // Without the permission to change letters, not offered.
    await openLetterWith([inkasso], 'Inkassovarsel', 'Intrum', { invoice });
    await screen.findByRole('region', { name: 'Invoice' });
    expect(screen.queryByRole('button', { name: 'Send to my bank' })).toBeNull();
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

describe('a signed document (SignedDocument)', () => {
  it('says what was signed, whose document it was, and when you signed it', async () => {
    await openLetterWith(
      [
        {
          type: 'SignedDocument',
          documentIssuer: 'OBOS Eiendomsforvaltning AS',
          documentSubject: 'Leiekontrakt for bolig',
          signingTime: '2026-11-20T20:04:00+01:00',
        },
      ],
      'Signert: Leiekontrakt',
      'Posten signering',
    );
    const card = await screen.findByRole('region', { name: 'Signed document' });
    within(card).getByRole('heading', { level: 2, name: 'Leiekontrakt for bolig' });
    within(card).getByText(/^You signed it on Friday, November 20, 2026/);
    expect(facts(card)).toEqual(['From: OBOS Eiendomsforvaltning AS']);
    expect(mainText()).not.toMatch(SERVICE_WORDS);
  });
});

describe('a proof (Proof)', () => {
  const proof = {
    type: 'Proof',
    authorizerName: 'Oslomarkas Fiskeadministrasjon',
    backgroundColor: '#1e5f8a',
    issuedTime: '2026-11-01T12:00:00+01:00',
    validPeriod: { period: { from: '2026-11-01T00:00:00', to: '2099-10-31T23:59:00' } },
    proofHolder: { firstName: 'Kari', surname: 'Nordmann', socialSecurityNumber: '01019012345' },
    title: 'Fiskekort Nordmarka',
    proofIdName: 'Kortnummer',
    proofIdValue: 'OFA-2026-118734',
    attribute: [{ title: 'Type', text: 'Helårskort, voksen' }],
    info: [{ title: 'Regler', text: 'Kortet skal kunne vises ved kontroll.' }],
  };

  it('shows its title, that it is valid and till when, whose it is, its number and who issued it', async () => {
    await openLetterWith([proof], 'Fiskekort for Nordmarka', 'Oslomarkas Fiskeadministrasjon');
    const card = await screen.findByRole('region', { name: 'Fiskekort Nordmarka' });
    within(card).getByText('Certificate or licence');
    within(card).getByRole('heading', { level: 2, name: 'Fiskekort Nordmarka' });
    expect(within(card).getByText('Valid until Oct 31, 2099').className).not.toContain('warn');
    expect(facts(card)).toEqual([
      'Holder: Kari Nordmann',
      'Period: Nov 1, 2026 – Oct 31, 2099',
      'Kortnummer: OFA-2026-118734',
      'Issued by: Oslomarkas Fiskeadministrasjon',
      'Issued: Nov 1, 2026',
      'Type: Helårskort, voksen',
    ]);
    within(card).getByRole('heading', { level: 3, name: 'Regler' });
    within(card).getByText('Kortet skal kunne vises ved kontroll.');
    // The holder's national identity number is not the card's to show.
    expect(card.textContent).not.toContain('01019012345');
    expect(mainText()).not.toMatch(SERVICE_WORDS);
  });

  it('an id without its name is called its number', async () => {
    await openLetterWith([{ ...proof, proofIdName: undefined }], 'Fiskekort', 'OFA');
    const card = await screen.findByRole('region', { name: 'Fiskekort Nordmarka' });
    expect(facts(card)).toContain('Number: OFA-2026-118734');
  });

  it('past its period: says it ran out, as a warning', async () => {
    await openLetterWith(
      [{ ...proof, validPeriod: { period: { from: '2019-01-01T00:00:00', to: '2020-01-01T00:00:00' } } }],
      'Fiskekort',
      'OFA',
    );
    const card = await screen.findByRole('region', { name: 'Fiskekort Nordmarka' });
    expect(within(card).getByText('No longer valid: it ran out Jan 1, 2020').className).toContain('warn');
  });

  it('valid every year between two days: the days in words and the years', async () => {
    await openLetterWith(
      [
        {
          ...proof,
          title: 'Lånekort',
          validPeriod: { yearlyRepeatingPeriod: { startYear: 2026, endYear: 2099, from: { month: 5, day: 1 }, to: { month: 9, day: 30 } } },
        },
      ],
      'Lånekort',
      'Bekkestua bibliotek',
    );
    const card = await screen.findByRole('region', { name: 'Lånekort' });
    within(card).getByText('Valid every year from May 1 to September 30');
    expect(facts(card)).toContain('Years: 2026–2099');
  });
});

describe('a home (Residence, Boligdetaljer)', () => {
  const residence = {
    address: { unitNumber: 'H0304', houseNumber: '12B', streetName: 'Storgata', postalCode: '0155', city: 'Oslo' },
    matrikkel: { kommunenummer: '0301', gaardsnummer: '208', bruksnummer: '630', festenummer: '0', seksjonsnummer: '14' },
    source: 'boligmappa',
    externalId: 'BM-55128730',
  };

  it('a Residence: its address, flat number and property number', async () => {
    await openLetterWith([{ type: 'Residence', ...residence }], 'Boligmappa', 'Boligmappa');
    const card = await screen.findByRole('region', { name: 'Home' });
    within(card).getByRole('heading', { level: 2, name: 'Storgata 12B, 0155 Oslo' });
    expect(facts(card)).toEqual(['Flat number: H0304', 'Property number: 0301-208/630/0/14']);
    expect(card.textContent).not.toMatch(/BM-55128730|boligmappa/);
  });

  it('Boligdetaljer beside its Residence: one card, with who holds the title, its size, its sales and charges, and the link', async () => {
    await openLetterWith(
      [
        { type: 'Residence', ...residence },
        {
          type: 'Boligdetaljer',
          residence,
          hjemmelshavere: [{ name: 'Kari Nordmann', email: 'kari@example.no' }, { email: 'no-name@example.no' }],
          bruksareal: 59,
          antallOppholdsrom: 3,
          antallBaderom: 1,
          omsetningshistorikk: [
            {
              dato: '2023-06-15T10:00:00+02:00',
              beskrivelse: 'Fritt salg',
              selger: 'Ola Hansen',
              kjoeper: 'Kari Nordmann',
              beloep: 4250000,
            },
            { dato: 'last year', beloep: 1 },
          ],
          organisasjonsnummer: '915678901',
          bruksenhet: 'H0304',
          andelsnummer: '42',
          heftelser: [{ panthaver: 'DNB Bank ASA', typePant: 'Pantedokument', beloep: '3400000' }],
          callToAction: { url: 'https://www.eiendomsverdi.no/', buttonText: 'Se boligverdien', deadline: '2099-12-31T23:59:00+01:00' },
        },
      ],
      'Opplysninger om boligen din',
      'Eiendomsverdi',
    );
    const card = await screen.findByRole('region', { name: 'Home' });
    // Told twice by the sender, shown once (findByRole fails on two).
    expect(facts(card)).toEqual([
      'Flat number: H0304',
      'Property number: 0301-208/630/0/14',
      'Registered owner: Kari Nordmann',
      'Usable area: 59 m²',
      'Living rooms and bedrooms: 3',
      'Bathrooms: 1',
      'Share number: 42',
      'Organisation number: 915 678 901',
    ]);
    within(card).getByRole('heading', { level: 3, name: 'Sales' });
    const rows = [...card.querySelectorAll('.residence-lines .receipt-line')].map((row) =>
      [...row.querySelectorAll('dt > span')].map((part) => plain(part.textContent)).concat(plain(row.querySelector('dd')?.textContent)),
    );
    expect(rows).toEqual([
      ['Jun 15, 2023', 'Fritt salg', 'From Ola Hansen to Kari Nordmann', 'NOK 4,250,000'],
      ['Pantedokument', 'Held by DNB Bank ASA', 'NOK 3,400,000'],
    ]);
    within(card).getByRole('heading', { level: 3, name: 'Mortgages and other charges' });
    within(card).getByText(/^By Dec 31, 2099/);
    expect(within(card).getByRole('link', { name: 'Se boligverdien' }).getAttribute('href')).toBe('https://www.eiendomsverdi.no/');
    expect(card.textContent).not.toContain('kari@example.no');
    expect(mainText()).not.toMatch(SERVICE_WORDS);
  });
});

describe('a request to share documents (ShareDocumentsRequest)', () => {
  const request = {
    type: 'ShareDocumentsRequest',
    maxShareDurationSeconds: 1_209_600,
    purpose: 'Vi trenger de tre siste lønnsslippene dine for å behandle søknaden om boliglån.',
    allowedOriginOrganisationNumbers: ['984661185'],
  };

  it('says who asks, why, for how long and which letters, and that it is answered on Digipost’s website', async () => {
    await openLetterWith([request], 'DNB ber deg dele lønnsslipper', 'DNB');
    const card = await screen.findByRole('region', { name: 'Request to share documents' });
    within(card).getByRole('heading', { level: 2, name: 'DNB asks you to share documents' });
    within(card).getByText('Not answered yet');
    expect(facts(card)).toEqual([
      'Why: Vi trenger de tre siste lønnsslippene dine for å behandle søknaden om boliglån.',
      'For how long: Up to 14 days after you share',
      'Which documents: Only letters from organisation number 984 661 185',
    ]);
    within(card).getByText(/^Answer it on Digipost’s website/);
    within(card).getByRole('button', { name: 'Open on Digipost’s website' });
    expect(mainText()).not.toMatch(SERVICE_WORDS);
  });

  it('documents shared: how many, and where to stop it', async () => {
    await openLetterWith(
      [
        { ...request, maxShareDurationSeconds: 7200 },
        { type: 'ShareDocumentsRequestDocumentsShared', documentIds: [90412, 90413] },
      ],
      'DNB ber deg dele',
      'DNB',
    );
    const card = await screen.findByRole('region', { name: 'Request to share documents' });
    within(card).getByText('You have shared 2 documents');
    expect(facts(card)).toContain('For how long: Up to 2 hours after you share');
    within(card).getByText('To stop sharing, go to Digipost’s website.');
    within(card).getByRole('button', { name: 'Open on Digipost’s website' });
  });

  it('sharing stopped: said plainly, with nothing more to do', async () => {
    await openLetterWith(
      [request, { type: 'ShareDocumentsRequestDocumentsShared', documentIds: [90412] }, { type: 'ShareDocumentsRequestSharingStopped' }],
      'DNB ber deg dele',
      'DNB',
    );
    const card = await screen.findByRole('region', { name: 'Request to share documents' });
    within(card).getByText('Sharing has ended: the sender can no longer see what you shared');
    expect(within(card).queryByRole('button')).toBeNull();
  });
});

describe('a credential, a request to show one, an opening receipt sent', () => {
  it('each in words, the credential’s own place being Digipost', async () => {
    await openLetterWith(
      [
        { type: 'VerifiableCredentialNotice', title: 'Førerkort', description: 'Beviset bekrefter at du har rett til å kjøre klasse B.' },
        { type: 'VerifiablePresentationNotice', title: 'Forespørsel om førerkort', description: 'Vi vil bekrefte førerkortet ditt.' },
        { type: 'OpeningReceipt', group: 'avtale-1' },
        { type: 'OpeningReceiptAccepted' },
      ],
      'Førerkort',
      'Statens vegvesen',
    );
    const credential = await screen.findByRole('region', { name: 'Digital credential' });
    within(credential).getByRole('heading', { level: 2, name: 'Førerkort' });
    within(credential).getByText('Beviset bekrefter at du har rett til å kjøre klasse B.');
    within(credential).getByText(/^This extension shows the notice only/);
    const request = screen.getByRole('region', { name: 'Request to show a credential' });
    within(request).getByRole('heading', { level: 2, name: 'Forespørsel om førerkort' });
    within(request).getByText(/answer the request in Digipost\.$/);
    within(request).getByRole('button', { name: 'Open on Digipost’s website' });
    const receipt = screen.getByRole('region', { name: 'Opening receipt' });
    within(receipt).getByText('You opened this letter, and the sender got an opening receipt saying so.');
    expect(window.document.querySelectorAll('.metadata-card')).toHaveLength(3);
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
        { type: 'SignedDocument', documentIssuer: 'OBOS', documentSubject: 'Leiekontrakt', signingTime: '11.07.2026' },
        { type: 'Proof', authorizerName: 'Fiskeadministrasjonen', validPeriod: {} },
        { type: 'Residence', address: { streetName: 7 } },
        { type: 'Boligdetaljer', bruksareal: 59 },
        { type: 'ShareDocumentsRequest', maxShareDurationSeconds: 60, purpose: ['låneprosess'] },
        { type: 'ShareDocumentsRequestSharingStopped' },
        { type: 'VerifiableCredentialNotice', title: 7 },
        { type: 'OpeningReceipt', group: 'g' },
        { type: 'Invoice', kid: '1', amount: 1 },
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
    expect(mainText()).not.toMatch(/OBOS|Leiekontrakt|Fiskeadministrasjonen|låneprosess/);
  });
});
