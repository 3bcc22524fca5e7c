import { describe, expect, it } from 'vitest';
import { askingItemsOf, metadataOf } from '../../../src/model/metadata.ts';
import { dataTypeLetters } from '../../emulator/data-types.ts';

/*
 * The types of digipost/digipost-data-types the letter page draws as cards beside appointments,
 * events and links (src/model/metadata.ts): PickupNotice (with PickupNoticeStatus), Inkasso,
 * Receipt and Payslip. Read as every resource is: a field of the wrong type is absent; an item
 * without what its card cannot do without is left out, and the others stay.
 */

const pickupNotice = {
  type: 'PickupNotice',
  parcelId: 'KB432788293NO',
  barcode: { barcodeValue: '1234567890', barcodeType: 'CODE_128' },
  arrivalDateTime: '2026-12-01T10:00:00+01:00',
  returnDateTime: '2026-12-15T10:00:00+01:00',
  recipient: { name: 'Kari Nordmann', digipostAddress: 'kari.nordmann#1234' },
  sender: { name: 'Komplett.no', reference: '13372500' },
  pickupPlace: {
    name: 'Kiwi Majorstuen',
    code: 'RC89',
    instruction: 'Åpent 07–23',
    shelfLocation: 'H32',
    address: { streetAddress: 'Bogstadveien 52', streetAddress2: 'Inngang fra gården', postalCode: '0366', city: 'Oslo', country: 'Norge' },
  },
  cost: { valueToBePayed: 128, packageValue: 1277 },
  extraInformation: 'Ta med legitimasjon.',
  status: 'READY_FOR_PICKUP',
  link: { url: 'https://sporing.posten.no/', description: 'Følg pakken', buttonText: 'Spor' },
};

const inkasso = {
  type: 'Inkasso',
  dueDate: '2026-12-10T00:00:00+01:00',
  sum: 1187.5,
  account: '70580632271',
  kid: '2093100048213799',
  link: { url: 'https://www.intrum.no/' },
};

const receipt = {
  type: 'Receipt',
  purchaseTime: '2026-11-28T17:43:00+01:00',
  totalPrice: 59.8,
  totalVat: 11.96,
  currencyCode: 'nok',
  merchantChain: '7F5A1EFF-ECAE-48A7-A07F-38D87576F815',
  merchantName: 'Grünerløkka Hip Coffee',
  merchantPhoneNumber: '12345678',
  merchantAddress: { streetAddress: 'Storgata 23', postalCode: '0011', city: 'Oslo' },
  receiptNumber: '364567',
  payments: [{ type: 'Bank Axept', cardNumber: '************1234', cardName: 'Visa', amount: 59.8, currencyCode: 'NOK' }, { type: 42 }],
  items: [
    { itemName: 'Tall Cafe latte', itemDescription: 'Vanilla', unit: 'cup', quantity: 2, itemPrice: 29.9, totalPrice: 59.8, discount: 0 },
    { itemDescription: 'a line without a name' },
    'not a line',
  ],
};

describe('the data types a letter page draws as cards', () => {
  it('reads a PickupNotice: the place with its address, code, shelf and instruction; the sender, the times, what to pay, the link', () => {
    expect(metadataOf({ metadata: [pickupNotice] })).toEqual([
      {
        kind: 'pickup',
        place: {
          name: 'Kiwi Majorstuen',
          address: 'Bogstadveien 52, Inngang fra gården, 0366 Oslo',
          pickupCode: 'RC89',
          instruction: 'Åpent 07–23',
          shelf: 'H32',
        },
        status: 'ready',
        parcelId: 'KB432788293NO',
        sender: 'Komplett.no',
        arrived: '2026-12-01T10:00:00+01:00',
        returnedAfter: '2026-12-15T10:00:00+01:00',
        toPay: 128,
        extraInformation: 'Ta med legitimasjon.',
        link: { url: 'https://sporing.posten.no/', description: 'Følg pakken', buttonText: 'Spor' },
      },
    ]);
  });

  it.each([
    ['PICKED_UP', 'picked-up'],
    ['RETURNED', 'returned'],
    ['DEVIATION', 'deviation'],
    ['ready_for_pickup', 'ready'],
  ])('reads the status %s as %s', (code, status) => {
    expect(metadataOf({ metadata: [{ ...pickupNotice, status: code }] })[0]).toMatchObject({ status });
  });

  it('has no status for UNKNOWN, one it does not know, or none at all', () => {
    for (const status of ['UNKNOWN', 'LOST_IN_SPACE', 7, undefined])
      expect(metadataOf({ metadata: [{ ...pickupNotice, status }] })[0]).not.toHaveProperty('status');
  });

  it('takes the newest PickupNoticeStatus of the list over the notice’s own, and shows none on its own', () => {
    const items = metadataOf({
      metadata: [
        { type: 'PickupNoticeStatus', status: 'PICKED_UP', occurrenceDatetime: '2026-12-03T16:27:00+01:00' },
        pickupNotice,
        { type: 'pickupnoticestatus', status: 'READY_FOR_PICKUP', occurrenceDatetime: '2026-12-01T10:00:00+01:00' },
        { type: 'PickupNoticeStatus', status: 'NONSENSE', occurrenceDatetime: '2026-12-09T10:00:00+01:00' },
      ],
    });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'pickup', status: 'picked-up', statusAt: '2026-12-03T16:27:00+01:00' });
  });

  it('a status without its time counts as the latest, after the notice’s own', () => {
    const [item] = metadataOf({ metadata: [pickupNotice, { type: 'PickupNoticeStatus', status: 'RETURNED' }] });
    expect(item).toMatchObject({ status: 'returned' });
    expect(item).not.toHaveProperty('statusAt');
  });

  it('leaves out what is free of charge, a time without an offset and fields of the wrong type, and keeps the notice', () => {
    const [item] = metadataOf({
      metadata: [
        {
          ...pickupNotice,
          cost: { valueToBePayed: 0 },
          returnDateTime: '2026-12-15T10:00:00',
          sender: { name: 5 },
          parcelId: ['x'],
          link: { url: 7 },
        },
      ],
    });
    expect(item?.kind).toBe('pickup');
    for (const field of ['toPay', 'returnedAfter', 'sender', 'parcelId', 'link']) expect(item).not.toHaveProperty(field);
  });

  it('reads an Inkasso: the due day as the collector wrote it, the sum, account, KID and link', () => {
    expect(metadataOf({ metadata: [inkasso] })).toEqual([
      {
        kind: 'inkasso',
        dueDate: '2026-12-10',
        sum: 1187.5,
        account: '70580632271',
        kid: '2093100048213799',
        link: { url: 'https://www.intrum.no/' },
      },
    ]);
    // A due day late in the evening stays that day, wherever the browser is.
    expect(metadataOf({ metadata: [{ ...inkasso, dueDate: '2026-12-10T23:30:00-05:00' }] })[0]).toMatchObject({ dueDate: '2026-12-10' });
    expect(metadataOf({ metadata: [{ ...inkasso, dueDate: '2026-12-10' }] })[0]).toMatchObject({ dueDate: '2026-12-10' });
  });

  it('reads an Inkasso with a sum that is no number, or below nothing, without its sum', () => {
    for (const sum of ['1187.50', -5, null]) expect(metadataOf({ metadata: [{ ...inkasso, sum }] })[0]).not.toHaveProperty('sum');
  });

  it('reads a Receipt: merchant, address, time, its named lines, total, VAT and payments; a chain given as an id is no name', () => {
    expect(metadataOf({ metadata: [receipt] })).toEqual([
      {
        kind: 'receipt',
        merchant: 'Grünerløkka Hip Coffee',
        total: 59.8,
        vat: 11.96,
        currency: 'NOK',
        address: 'Storgata 23, 0011 Oslo',
        phone: '12345678',
        purchased: '2026-11-28T17:43:00+01:00',
        receiptNumber: '364567',
        lines: [{ name: 'Tall Cafe latte', description: 'Vanilla', quantity: 2, unit: 'cup', unitPrice: 29.9, total: 59.8 }],
        payments: [{ method: 'Bank Axept', cardName: 'Visa', card: '************1234', amount: 59.8 }],
      },
    ]);
    expect(metadataOf({ metadata: [{ ...receipt, merchantChain: 'Rema 1000', currencyCode: 'kroner' }] })[0]).toMatchObject({
      chain: 'Rema 1000',
      currency: 'NOK',
    });
  });

  it('reads a Payslip with its payment day and net amount, or either alone', () => {
    expect(metadataOf({ metadata: [{ type: 'Payslip', paymentDate: '2026-11-25', netAmount: 42000 }] })).toEqual([
      { kind: 'payslip', paymentDate: '2026-11-25', netAmount: 42000 },
    ]);
    expect(metadataOf({ metadata: [{ type: 'PAYSLIP', netAmount: 42000, paymentDate: 'tomorrow' }] })).toEqual([
      { kind: 'payslip', netAmount: 42000 },
    ]);
  });

  it('reads a SignedDocument: its subject, issuer and when it was signed', () => {
    expect(
      metadataOf({
        metadata: [
          {
            type: 'signedDocument',
            documentIssuer: 'Bedrift AS',
            documentSubject: 'Ansettelseskontrakt',
            signingTime: '2018-07-11T10:00:00+02:00',
          },
        ],
      }),
    ).toEqual([{ kind: 'signed', subject: 'Ansettelseskontrakt', issuer: 'Bedrift AS', signed: '2018-07-11T10:00:00+02:00' }]);
  });

  it('reads a Proof: title, holder, issuer, its period or yearly days, its id and extra texts; the identity number never', () => {
    const proof = {
      type: 'Proof',
      authorizerName: 'Bekkestua Bibliotek',
      issuedTime: '2019-05-23T10:00:00+02:00',
      validPeriod: {
        yearlyRepeatingPeriod: { startYear: 2020, endYear: 2022, from: { month: 1, day: 1 }, to: { month: 12, day: 31, hour: 0, min: 0 } },
      },
      proofHolder: { firstName: 'Ola', surname: 'Nordmann', socialSecurityNumber: '01019012345' },
      title: 'Lånekort',
      proofIdName: 'Lånekortnummer',
      proofIdValue: 'a-132415124-xyzzy-21341',
      attribute: [{ title: 'Kaffeklubb', text: 'Premium deluxe medlem' }],
      info: [{ title: 'Regler', text: 'Ikke søl med ketchup.' }],
    };
    expect(metadataOf({ metadata: [proof] })).toEqual([
      {
        kind: 'proof',
        title: 'Lånekort',
        holder: 'Ola Nordmann',
        issuer: 'Bekkestua Bibliotek',
        issued: '2019-05-23T10:00:00+02:00',
        valid: {
          kind: 'yearly',
          from: { month: 1, day: 1 },
          to: { month: 12, day: 31, hour: 0, minute: 0 },
          startYear: 2020,
          endYear: 2022,
        },
        idName: 'Lånekortnummer',
        idValue: 'a-132415124-xyzzy-21341',
        attributes: [{ title: 'Kaffeklubb', text: 'Premium deluxe medlem' }],
        info: [{ title: 'Regler', text: 'Ikke søl med ketchup.' }],
      },
    ]);
    const period = (validPeriod: unknown) => metadataOf({ metadata: [{ ...proof, validPeriod }] })[0];
    expect(period({ period: { from: '2026-11-01T00:00:00', to: '2027-10-31T23:59:00' } })).toMatchObject({
      valid: { kind: 'period', from: '2026-11-01T00:00:00', to: '2027-10-31T23:59:00' },
    });
    // An end before its start, a day no month has, times with an offset where none belongs: no validity shown, the proof still is.
    for (const odd of [
      { period: { from: '2027-01-01T00:00:00', to: '2026-01-01T00:00:00' } },
      { yearlyRepeatingPeriod: { from: { month: 2, day: 30 }, to: { month: 3, day: 1 } } },
      { period: { from: '2026-11-01', to: 'never' } },
    ])
      expect(period(odd)).not.toHaveProperty('valid');
  });

  it('reads a Residence with its cadastre number as written, and a Boligdetaljer with its details, as one card when both name one home', () => {
    const residence = {
      address: { unitNumber: 'H0304', houseNumber: '23', streetName: 'Storgata', postalCode: '0011', city: 'Oslo' },
      matrikkel: { kommunenummer: '0301', gaardsnummer: '208', bruksnummer: '630', festenummer: '0', seksjonsnummer: '0' },
      source: 'boligmappa',
      externalId: 'externalId',
    };
    expect(metadataOf({ metadata: [{ type: 'Residence', ...residence }] })).toEqual([
      { kind: 'residence', address: 'Storgata 23, 0011 Oslo', flat: 'H0304', cadastre: '0301-208/630/0/0' },
    ]);
    expect(
      metadataOf({
        metadata: [{ type: 'Residence', ...residence, matrikkel: { kommunenummer: '0301', gaardsnummer: '208', bruksnummer: 630 } }],
      })[0],
    ).not.toHaveProperty('cadastre');
    const details = {
      type: 'Boligdetaljer',
      residence,
      hjemmelshavere: [{ name: 'Gunnar Gunnersen', email: 'gunnargunnar@gunn.ar' }],
      bruksareal: 59,
      antallOppholdsrom: 3,
      antallBaderom: -4,
      omsetningshistorikk: [
        {
          dato: '2017-07-27T10:00:00+02:00',
          beskrivelse: 'Privat salg av sekundærbolig',
          selger: 'Bill Isalg',
          kjoeper: 'Cooper Coopersen',
          beloep: 12345678,
        },
      ],
      organisasjonsnummer: '123456789',
      bruksenhet: 'H1337',
      andelsnummer: '42',
      heftelser: [{ panthaver: 'TNT ASA', typePant: 'Pantedokument', beloep: '3000000000' }, { panthaver: 'X' }],
      callToAction: { url: 'https://www.example.com', description: 'Gå til avsenders side', buttonText: 'Ta meg til handling!' },
    };
    const items = metadataOf({ metadata: [{ type: 'Residence', ...residence }, details] });
    expect(items).toEqual([
      {
        kind: 'residence',
        address: 'Storgata 23, 0011 Oslo',
        flat: 'H0304',
        cadastre: '0301-208/630/0/0',
        details: {
          owners: ['Gunnar Gunnersen'],
          usableArea: 59,
          rooms: 3,
          sales: [
            {
              date: '2017-07-27T10:00:00+02:00',
              description: 'Privat salg av sekundærbolig',
              seller: 'Bill Isalg',
              buyer: 'Cooper Coopersen',
              amount: 12345678,
            },
          ],
          organisationNumber: '123456789',
          unit: 'H1337',
          shareNumber: '42',
          liens: [{ holder: 'TNT ASA', type: 'Pantedokument', amount: 3000000000 }],
          link: { url: 'https://www.example.com', description: 'Gå til avsenders side', buttonText: 'Ta meg til handling!' },
        },
      },
    ]);
  });

  it('reads a ShareDocumentsRequest with where it stands: open, documents shared (how many), sharing stopped', () => {
    const request = {
      type: 'ShareDocumentsRequest',
      maxShareDurationSeconds: 1209600,
      purpose: 'Lån',
      allowedOriginOrganisationNumbers: ['984661185', 7],
    };
    expect(metadataOf({ metadata: [request] })).toEqual([
      { kind: 'share-request', purpose: 'Lån', maxDuration: 1209600, organisations: ['984661185'], state: 'open' },
    ]);
    const shared = { type: 'ShareDocumentsRequestDocumentsShared', documentIds: [123, 'x', null] };
    expect(metadataOf({ metadata: [request, shared] })[0]).toMatchObject({ state: 'shared', sharedCount: 2 });
    expect(metadataOf({ metadata: [shared, request, { type: 'sharedocumentsrequestsharingstopped' }] })).toEqual([
      expect.objectContaining({ kind: 'share-request', state: 'stopped', sharedCount: 2 }),
    ]);
    expect(metadataOf({ metadata: [{ ...request, maxShareDurationSeconds: '14 days' }] })[0]).not.toHaveProperty('maxDuration');
  });

  it('reads a credential, a request to show one, and an opening receipt sent (said once)', () => {
    expect(
      metadataOf({
        metadata: [
          { type: 'VerifiableCredentialNotice', title: 'Drivers Licence' },
          { type: 'VerifiablePresentationNotice', title: 'Request for Driver’s licence', description: 'Before we rent you a Toyota.' },
          { type: 'OpeningReceiptAccepted' },
          { type: 'openingreceiptaccepted' },
        ],
      }),
    ).toEqual([
      { kind: 'credential', title: 'Drivers Licence' },
      { kind: 'presentation', title: 'Request for Driver’s licence', description: 'Before we rent you a Toyota.' },
      { kind: 'opening-receipt' },
    ]);
  });

  it.each([
    ['a PickupNotice without a pickup place', { ...pickupNotice, pickupPlace: undefined }],
    ['a PickupNotice whose place has no name', { ...pickupNotice, pickupPlace: { ...pickupNotice.pickupPlace, name: ' ' } }],
    ['an Inkasso without a due date', { ...inkasso, dueDate: undefined }],
    ['an Inkasso whose due date is no date', { ...inkasso, dueDate: '10.12.2026' }],
    ['a Receipt without a merchant', { ...receipt, merchantName: undefined }],
    ['a Receipt without a total', { ...receipt, totalPrice: '59.80' }],
    ['a Payslip with nothing to show', { type: 'Payslip', netAmount: 'much' }],
    ['a PickupNoticeStatus without its notice', { type: 'PickupNoticeStatus', status: 'PICKED_UP' }],
    [
      'a SignedDocument without the time it was signed',
      { type: 'SignedDocument', documentIssuer: 'Bedrift AS', documentSubject: 'Kontrakt' },
    ],
    [
      'a SignedDocument without its subject',
      { type: 'SignedDocument', documentIssuer: 'Bedrift AS', signingTime: '2026-07-11T10:00:00+02:00' },
    ],
    ['a Proof without a title', { type: 'Proof', authorizerName: 'Bibliotek', validPeriod: {} }],
    ['a Residence without an address', { type: 'Residence', matrikkel: { kommunenummer: '0301', gaardsnummer: '1', bruksnummer: '2' } }],
    ['a Boligdetaljer without its residence', { type: 'Boligdetaljer', bruksareal: 59 }],
    ['a ShareDocumentsRequest without its purpose', { type: 'ShareDocumentsRequest', maxShareDurationSeconds: 60 }],
    ['a ShareDocumentsRequestSharingStopped without its request', { type: 'ShareDocumentsRequestSharingStopped' }],
    ['a VerifiableCredentialNotice with nothing to show', { type: 'VerifiableCredentialNotice', title: 7, description: ' ' }],
    ['the OpeningReceipt asked for (the letter’s own link says that)', { type: 'OpeningReceipt', group: 'g' }],
    ['a type not drawn (Invoice: the attachment’s own invoice says it)', { type: 'Invoice', kid: '1', amount: 1 }],
  ])('leaves out %s, and keeps the rest of the letter', (_, item) => {
    const items = metadataOf({ metadata: [item, { type: 'Payslip', netAmount: 1 }] });
    expect(items.map((i) => i.kind)).toEqual(['payslip']);
  });

  it('askingItemsOf (the worker’s reader) reads what metadataOf does of the kinds that ask something (a parcel with its status, a debt, a time, a deadline), and no other type', () => {
    const letters = dataTypeLetters(Date.parse('2026-12-01T12:00:00Z'));
    for (const letter of letters) {
      const all = metadataOf({ metadata: letter.metadata });
      const asking = ['appointment', 'event', 'link', 'pickup', 'inkasso'];
      expect(askingItemsOf({ metadata: letter.metadata }), letter.kind).toEqual(all.filter((item) => asking.includes(item.kind)));
    }
    expect(askingItemsOf({ metadata: letters[3]?.metadata })[0]).toMatchObject({ kind: 'pickup', status: 'picked-up' });
  });

  it('takes a type named as an object’s own properties ("constructor", "toString") for an unknown type, not a reader', () => {
    const items = metadataOf({ metadata: [{ type: 'constructor' }, { type: 'toString' }, { type: 'Payslip', netAmount: 1 }] });
    expect(items.map((i) => i.kind)).toEqual(['payslip']);
  });

  it('reads every card-drawn item of the emulator’s letters (test/emulator/data-types.ts), and no other', () => {
    const kinds = dataTypeLetters(Date.parse('2026-12-01T12:00:00Z')).map((letter) =>
      metadataOf({ metadata: letter.metadata }).map((item) => item.kind),
    );
    expect(kinds).toEqual([
      ['pickup'],
      ['inkasso'],
      ['receipt'],
      ['pickup'],
      ['payslip'],
      ['signed'],
      ['proof'],
      ['residence'],
      ['share-request'],
      ['residence'],
      ['share-request'],
      ['credential'],
      ['presentation'],
      ['opening-receipt'],
    ]);
    const pickedUp = dataTypeLetters(Date.parse('2026-12-01T12:00:00Z'))[3];
    expect(metadataOf({ metadata: pickedUp?.metadata })[0]).toMatchObject({ status: 'picked-up', statusAt: expect.any(String) as unknown });
  });
});
