/**
 * Letters that carry Digipost's structured data (contract §6.2), one of each kind a person meets:
 * a parcel waiting and one picked up, a debt collection, a receipt with its lines, a payslip, a signed
 * document, a proof (a licence with its valid period), a residence and one with its details
 * (Boligdetaljer), a request to share documents and one whose sharing has ended (with its
 * ShareDocumentsRequestDocumentsShared and ShareDocumentsRequestSharingStopped), a credential issued,
 * a request to show one, and a letter whose opening receipt was sent (OpeningReceiptAccepted).
 *
 * The items are in the shapes the public repository digipost/digipost-data-types documents (its
 * readme.md and the Java types under no.digipost.api.datatypes.types): its JSON mapper
 * (DataTypesJsonMapper) writes the Java fields' names in lower camel case (`thePackage`,
 * `currencyCode`, `itemName`), amounts (BigDecimal) as numbers, ZonedDateTime as ISO 8601 with its
 * offset, LocalDate as a date and LocalDateTime without an offset. Each item names its type by the
 * type's simple name (`PickupNotice`), as the service's apps match it (ignoring case).
 *
 * Served only when the emulator is started with `dataTypeLetters: true` (config.ts): the tests
 * count the demo mailbox's letters and unread numbers. `npm start` and the gallery turn it on.
 */
import type { FileType } from './content.ts';
import type { Attachment, Letter, Mailbox, Origin } from './mailbox.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The offset Oslo has at `at` ("+01:00" in winter, "+02:00" in summer). */
function osloOffset(at: number): string {
  const name = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Oslo', timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const offset = name?.replace(/^GMT/, '') ?? '';
  return offset === '' ? '+00:00' : offset;
}

/** Oslo's wall clock at `at`: "2026-12-03T09:30:00". */
function osloLocal(at: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Oslo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** A ZonedDateTime as the mapper writes it: "2026-12-03T09:30:00+01:00". */
export function zoned(at: number): string {
  return `${osloLocal(at)}${osloOffset(at)}`;
}

/** A LocalDate: "2026-12-03", the day in Oslo. */
function localDate(at: number): string {
  return osloLocal(at).slice(0, 10);
}

/** `at` moved to hh:mm of its day in Oslo (near enough: the offset of `at` itself). */
function atClock(at: number, hour: number, minute = 0): number {
  const [h = '0', m = '0'] = osloLocal(at).slice(11, 16).split(':');
  return at - (Number(h) * 60 + Number(m)) * MINUTE + (hour * 60 + minute) * MINUTE - (at % MINUTE);
}

/** One letter of the set: what the inbox shows and what its main attachment carries. */
export interface DataTypeLetter {
  /** Which of the kinds the issue lists it is (for tests and the gallery; not sent). */
  kind:
    | 'parcel-waiting'
    | 'parcel-picked-up'
    | 'inkasso'
    | 'receipt'
    | 'payslip'
    | 'signed-document'
    | 'proof'
    | 'residence'
    | 'share-documents'
    | 'residence-details'
    | 'share-documents-stopped'
    | 'verifiable-credential'
    | 'verifiable-presentation'
    | 'opening-receipt-accepted';
  subject: string;
  creatorName: string;
  origin: Origin;
  unread: boolean;
  fileType: FileType;
  /** What its PDF says. */
  body: string[];
  metadata: Record<string, unknown>[];
  /** The sender asked for an opening receipt, and it was sent (the letter could be opened). */
  openingReceiptSent?: true;
}

const RECIPIENT = {
  name: 'Kari Nordmann',
  digipostAddress: 'kari.nordmann#1234',
  address: { streetAddress: 'Storgata 12B', postalCode: '0155', city: 'Oslo', country: 'Norge' },
};

/**
 * The set, newest first, for a mailbox whose newest of these letters arrives at `newest` (epoch ms).
 * Times inside the items (arrival, return, purchase, due date) follow from it, so a parcel is always
 * waiting and a debt collection always due in the days after the letter came.
 */
export function dataTypeLetters(newest: number): DataTypeLetter[] {
  // The notice is sent once the parcel is there, and the payslip comes a few days before the pay.
  const arrived = newest - 40 * MINUTE;
  const pickedArrived = newest - 6 * DAY;
  const purchase = atClock(newest - 2 * DAY, 17, 43);
  const paid = atClock(newest + 3 * DAY, 0);
  const signed = atClock(newest - 9 * DAY, 20, 4);
  const issued = atClock(newest - 30 * DAY, 12);
  const letters: DataTypeLetter[] = [
    {
      kind: 'parcel-waiting',
      subject: 'Du har en pakke til henting',
      creatorName: 'Posten',
      origin: 'CORPORATION',
      unread: true,
      fileType: 'pdf',
      body: ['Hentemelding', 'Pakken din fra Komplett.no er klar til henting på Kiwi Majorstuen.', 'Hentekode: 4KQ7. Ta med legitimasjon.'],
      metadata: [
        {
          type: 'PickupNotice',
          parcelId: '370123456789012345',
          parcelUUID: '70300492517312675',
          barcode: {
            barcodeValue: '370123456789012345',
            barcodeType: 'CODE_128',
            barcodeText: 'Vis strekkoden ved henting',
            showValueInBarcode: true,
          },
          productName: 'Klimanøytral Servicepakke',
          arrivalDateTime: zoned(arrived),
          returnDateTime: zoned(atClock(arrived + 14 * DAY, 23, 59)),
          recipient: RECIPIENT,
          sender: {
            name: 'Komplett.no',
            reference: 'Ordre 218834571',
            address: { streetAddress: 'Østre Kullerød 4', postalCode: '3241', city: 'Sandefjord', country: 'Norge' },
          },
          pickupPlace: {
            name: 'Kiwi Majorstuen',
            code: '4KQ7',
            instruction: 'Åpent mandag–lørdag 07–23. Ta med legitimasjon. Pakken kan hentes av andre med fullmakt i Posten-appen.',
            shelfLocation: 'H32',
            address: { streetAddress: 'Bogstadveien 52', postalCode: '0366', city: 'Oslo', country: 'Norge' },
          },
          thePackage: { length: 40, width: 30, height: 15, weight: 2300 },
          extraInformation: 'Krever fremvisning av gyldig legitimasjon.',
          status: 'READY_FOR_PICKUP',
          tags: ['POSTEN'],
          language: 'NB',
          link: {
            url: 'https://sporing.posten.no/sporing/370123456789012345',
            description: 'Se hvor pakken er, eller gi noen fullmakt til å hente den.',
            buttonText: 'Spor pakken',
          },
        },
      ],
    },
    {
      kind: 'inkasso',
      subject: 'Inkassovarsel: Faktura 20931 fra Telia',
      creatorName: 'Intrum',
      origin: 'CORPORATION',
      unread: true,
      fileType: 'pdf',
      body: [
        'Inkassovarsel',
        'Vi har ikke mottatt betaling for faktura 20931 fra Telia Norge AS.',
        'Betal innen fristen for å unngå ytterligere kostnader.',
      ],
      metadata: [
        {
          type: 'Inkasso',
          link: {
            url: 'https://www.intrum.no/privat/betal/',
            description: 'Se saken, betal eller avtal en nedbetalingsplan hos Intrum.',
            buttonText: 'Gå til saken hos Intrum',
          },
          dueDate: zoned(atClock(newest + 12 * DAY, 0)),
          sum: 1187.5,
          account: '70580632271',
          kid: '2093100048213799',
        },
      ],
    },
    {
      kind: 'receipt',
      subject: 'Kvittering fra Rema 1000 Torshov',
      creatorName: 'Rema 1000',
      origin: 'CORPORATION',
      unread: false,
      fileType: 'pdf',
      body: ['Kvittering', 'Rema 1000 Torshov', 'Takk for handelen!'],
      metadata: [
        {
          type: 'Receipt',
          receiptId: '7D1C4E0B-5F0A-4B8E-9C2A-3E1F0D6B9A11',
          receiptNumber: '482113',
          purchaseTime: zoned(purchase),
          totalPrice: 187.5,
          totalVat: 24.45,
          currencyCode: 'NOK',
          cashier: 'Sofie',
          register: '3',
          merchantChain: 'Rema 1000',
          merchantName: 'Rema 1000 Torshov',
          merchantPhoneNumber: '22150040',
          merchantAddress: { streetAddress: 'Vogts gate 64', postalCode: '0477', city: 'Oslo', country: 'Norge' },
          organizationNumber: '912345678',
          payments: [{ type: 'Bank Axept', cardNumber: '************4821', cardName: 'Visa', amount: 187.5, currencyCode: 'NOK' }],
          items: [
            {
              itemName: 'Kaffe Evergood filtermalt',
              itemCode: '7038010000751',
              unit: 'stk',
              quantity: 1,
              itemPrice: 79.9,
              itemVat: 10.42,
              totalPrice: 79.9,
              totalVat: 10.42,
            },
            {
              itemName: 'Lettmelk 1 l',
              itemCode: '7038010055270',
              unit: 'stk',
              quantity: 2,
              itemPrice: 23.9,
              itemVat: 3.12,
              totalPrice: 47.8,
              totalVat: 6.23,
            },
            {
              itemName: 'Grovbrød',
              itemCode: '7020650412005',
              unit: 'stk',
              quantity: 1,
              itemPrice: 32.9,
              itemVat: 4.29,
              totalPrice: 32.9,
              totalVat: 4.29,
            },
            {
              itemName: 'Bananer',
              itemCode: '2000000000411',
              unit: 'kg',
              quantity: 0.912,
              itemPrice: 29.5,
              itemVat: 3.85,
              totalPrice: 26.9,
              totalVat: 3.51,
              discount: 0,
            },
          ],
          membershipNumber: 'Æ-medlem 4700 1234 5678',
          language: 'NB',
        },
      ],
    },
    {
      kind: 'parcel-picked-up',
      subject: 'Du har en pakke til henting',
      creatorName: 'Posten',
      origin: 'CORPORATION',
      unread: false,
      fileType: 'pdf',
      body: ['Hentemelding', 'Pakken din fra Zalando er klar til henting på Posten Storo Storsenter.'],
      metadata: [
        {
          type: 'PickupNotice',
          parcelId: '370987654321098765',
          barcode: { barcodeValue: '370987654321098765', barcodeType: 'CODE_128' },
          productName: 'Pakke i postkassen',
          arrivalDateTime: zoned(atClock(pickedArrived, 8, 40)),
          returnDateTime: zoned(atClock(pickedArrived + 14 * DAY, 23, 59)),
          recipient: RECIPIENT,
          sender: { name: 'Zalando SE', reference: '10203040506070' },
          pickupPlace: {
            name: 'Posten Storo Storsenter',
            code: 'M2X9',
            instruction: 'Åpent mandag–fredag 10–21, lørdag 10–20. Ta med legitimasjon.',
            shelfLocation: 'B07',
            address: { streetAddress: 'Vitaminveien 7', postalCode: '0485', city: 'Oslo', country: 'Norge' },
          },
          status: 'READY_FOR_PICKUP',
          language: 'NB',
        },
        // The status the service adds once the parcel is collected (the type complements PickupNotice).
        { type: 'PickupNoticeStatus', status: 'PICKED_UP', occurrenceDatetime: zoned(atClock(pickedArrived + DAY, 16, 27)) },
      ],
    },
    {
      kind: 'payslip',
      subject: 'Lønnsslipp for november',
      creatorName: 'Fjellheim Bygg AS',
      origin: 'CORPORATION',
      unread: true,
      fileType: 'pdf',
      body: ['Lønnsslipp', 'Fjellheim Bygg AS', 'Utbetalt til konto 1234 56 78903.'],
      metadata: [{ type: 'Payslip', paymentDate: localDate(paid), netAmount: 38421.5 }],
    },
    {
      kind: 'signed-document',
      subject: 'Signert: Leiekontrakt for bolig',
      creatorName: 'Posten signering',
      origin: 'CORPORATION',
      unread: false,
      fileType: 'pdf',
      body: ['Leiekontrakt for bolig', 'Signert elektronisk av Kari Nordmann og OBOS Eiendomsforvaltning AS.'],
      metadata: [
        {
          type: 'SignedDocument',
          documentIssuer: 'OBOS Eiendomsforvaltning AS',
          documentSubject: 'Leiekontrakt for bolig',
          signingTime: zoned(signed),
        },
      ],
    },
    {
      kind: 'proof',
      subject: 'Fiskekort for Nordmarka',
      creatorName: 'Oslomarkas Fiskeadministrasjon',
      origin: 'CORPORATION',
      unread: false,
      fileType: 'pdf',
      body: ['Fiskekort', 'Gjelder fiske i vann og vassdrag i Nordmarka.'],
      metadata: [
        {
          type: 'Proof',
          authorizerName: 'Oslomarkas Fiskeadministrasjon',
          backgroundColor: '#1e5f8a',
          issuedTime: zoned(issued),
          validPeriod: { period: { from: `${localDate(issued)}T00:00:00`, to: `${localDate(issued + 365 * DAY)}T23:59:00` } },
          proofHolder: {
            firstName: 'Kari',
            surname: 'Nordmann',
            address: { streetAddress: 'Storgata 12B', postalCode: '0155', city: 'Oslo', country: 'Norge' },
          },
          title: 'Fiskekort Nordmarka',
          proofIdName: 'Kortnummer',
          proofIdValue: 'OFA-2026-118734',
          attribute: [{ title: 'Type', text: 'Helårskort, voksen' }],
          info: [{ title: 'Regler', text: 'Kortet skal kunne vises ved kontroll. Fiske med garn er ikke tillatt.' }],
          language: 'NB',
        },
      ],
    },
    {
      kind: 'residence',
      subject: 'Boligen din er registrert i Boligmappa',
      creatorName: 'Boligmappa',
      origin: 'CORPORATION',
      unread: false,
      fileType: 'pdf',
      body: ['Boligmappa', 'Dokumentasjon av arbeid på boligen din samles her.'],
      metadata: [
        {
          type: 'Residence',
          address: { unitNumber: 'H0304', houseNumber: '12B', streetName: 'Storgata', postalCode: '0155', city: 'Oslo' },
          matrikkel: { kommunenummer: '0301', gaardsnummer: '208', bruksnummer: '630', festenummer: '0', seksjonsnummer: '14' },
          source: 'boligmappa',
          externalId: 'BM-55128730',
        },
      ],
    },
    {
      kind: 'share-documents',
      subject: 'DNB ber deg dele lønnsslipper',
      creatorName: 'DNB',
      origin: 'CORPORATION',
      unread: true,
      fileType: 'pdf',
      body: ['Forespørsel om deling', 'For å behandle søknaden om boliglån trenger vi de tre siste lønnsslippene dine.'],
      metadata: [
        {
          type: 'ShareDocumentsRequest',
          maxShareDurationSeconds: 1_209_600,
          purpose: 'Vi trenger å se de tre siste lønnsslippene dine for å behandle søknaden om boliglån.',
          allowedOriginOrganisationNumbers: ['984661185'],
        },
      ],
    },
    {
      kind: 'residence-details',
      subject: 'Opplysninger om boligen din',
      creatorName: 'Eiendomsverdi',
      origin: 'CORPORATION',
      unread: false,
      fileType: 'pdf',
      body: ['Boligdetaljer', 'Storgata 12B, 0155 Oslo', 'Opplysninger fra grunnboken og matrikkelen.'],
      metadata: [
        {
          type: 'Boligdetaljer',
          residence: {
            address: { unitNumber: 'H0304', houseNumber: '12B', streetName: 'Storgata', postalCode: '0155', city: 'Oslo' },
            matrikkel: { kommunenummer: '0301', gaardsnummer: '208', bruksnummer: '630', festenummer: '0', seksjonsnummer: '14' },
            source: 'eiendomsverdi',
            externalId: 'EV-0301-208-630-14',
          },
          hjemmelshavere: [{ name: 'Kari Nordmann', email: 'kari.nordmann@example.no' }],
          bruksareal: 59,
          antallOppholdsrom: 3,
          antallBaderom: 1,
          omsetningshistorikk: [
            {
              dato: zoned(atClock(newest - 3 * 365 * DAY, 10)),
              beskrivelse: 'Fritt salg',
              selger: 'Ola Hansen',
              kjoeper: 'Kari Nordmann',
              beloep: 4_250_000,
            },
          ],
          organisasjonsnummer: '915678901',
          bruksenhet: 'H0304',
          heftelser: [{ panthaver: 'DNB Bank ASA', typePant: 'Pantedokument', beloep: '3400000' }],
          callToAction: {
            url: 'https://www.eiendomsverdi.no/',
            description: 'Se hva boligen din er verdt i dag.',
            buttonText: 'Se boligverdien',
          },
          language: 'NB',
        },
      ],
    },
    {
      kind: 'share-documents-stopped',
      subject: 'Heimstaden ber deg dele dokumentasjon på inntekt',
      creatorName: 'Heimstaden',
      origin: 'CORPORATION',
      unread: false,
      fileType: 'pdf',
      body: ['Forespørsel om deling', 'For å vurdere leiesøknaden trenger vi dokumentasjon på inntekten din.'],
      metadata: [
        {
          type: 'ShareDocumentsRequest',
          maxShareDurationSeconds: 604_800,
          purpose: 'Vi trenger dokumentasjon på inntekten din for å vurdere søknaden om leilighet.',
        },
        // What the service adds to the request once documents are shared, and once sharing stopped.
        { type: 'ShareDocumentsRequestDocumentsShared', documentIds: [90412, 90413] },
        { type: 'ShareDocumentsRequestSharingStopped' },
      ],
    },
    {
      kind: 'verifiable-credential',
      subject: 'Førerkortet ditt er klart',
      creatorName: 'Statens vegvesen',
      origin: 'PUBLIC_ENTITY',
      unread: false,
      fileType: 'pdf',
      body: ['Digitalt førerkort', 'Førerkortet ditt er utstedt som et digitalt bevis.'],
      metadata: [
        {
          type: 'VerifiableCredentialNotice',
          title: 'Førerkort',
          description: 'Beviset bekrefter at du har rett til å kjøre kjøretøy i klassene B og BE.',
        },
      ],
    },
    {
      kind: 'verifiable-presentation',
      subject: 'Bekreft førerkortet ditt før leiebilen hentes',
      creatorName: 'Hertz Norge',
      origin: 'CORPORATION',
      unread: false,
      fileType: 'pdf',
      body: ['Forespørsel om bevis', 'Vi må se førerkortet ditt før du kan hente bilen.'],
      metadata: [
        {
          type: 'VerifiablePresentationNotice',
          title: 'Forespørsel om førerkort',
          description: 'Vi ønsker å bekrefte førerkortet ditt før vi kan leie ut en Toyota til deg.',
        },
      ],
    },
    {
      kind: 'opening-receipt-accepted',
      subject: 'Årsoppgave 2025',
      creatorName: 'Storebrand',
      origin: 'CORPORATION',
      unread: false,
      fileType: 'pdf',
      body: ['Årsoppgave 2025', 'Oversikt over innskudd, avkastning og skattemessige verdier.'],
      metadata: [{ type: 'OpeningReceipt', group: 'aarsoppgave-storebrand-2025' }, { type: 'OpeningReceiptAccepted' }],
      openingReceiptSent: true,
    },
  ];
  return letters;
}

/**
 * Puts the set into `mailbox`'s inbox just newer than `olderThan` (epoch ms), ten minutes apart, the
 * newest at most `room` after it. Letter ids are the mailbox's next ones.
 */
export function addDataTypeLetters(mailbox: Mailbox, olderThan: number, room: number): void {
  const set = dataTypeLetters(olderThan + room);
  const step = Math.max(1, Math.floor(room / (set.length + 1)));
  set.forEach((spec, index) => {
    const id = mailbox.newLetterId();
    const created = olderThan + room - index * step;
    const attachment: Attachment = {
      id: `${id}-1`,
      subject: spec.subject,
      fileType: spec.fileType,
      authLevel: 'PASSWORD',
      read: !spec.unread,
      mainDocument: true,
      openingReceiptRequired: spec.openingReceiptSent === true,
      openingReceiptSent: spec.openingReceiptSent === true,
      body: [`Fra: ${spec.creatorName}`, ...spec.body],
      seed: 300 + index,
      metadata: spec.metadata,
    };
    const letter: Letter = {
      id,
      subject: spec.subject,
      creatorName: spec.creatorName,
      created,
      origin: spec.origin,
      confidential: false,
      type: 'LETTER',
      attachments: [attachment],
    };
    mailbox.add(letter);
  });
}
