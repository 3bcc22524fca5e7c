/** The demo user and a deterministic mailbox: the same letters on every start. */
import type { FileType } from './content.ts';
import { addDataTypeLetters } from './data-types.ts';
import type { Attachment, AuthLevel, Folder, Invoice, Letter, Origin, Receipt } from './mailbox.ts';
import { Mailbox } from './mailbox.ts';

export interface User {
  userId: string;
  accountId: string;
  personalIdentificationNumber: string;
  fullName: string;
  firstName: string;
  middleName: string;
  lastName: string;
  email: string[];
  phonenumber: string;
  digipostaddress: string;
  address: {
    street: string;
    'house-number': string;
    'house-letter': string;
    'additional-addressline': string;
    'zip-code': string;
    city: string;
  }[];
  /** The account the person's bank pays invoices from (`current_bank_account`). */
  bankAccount: string;
}

export function demoUser(): User {
  return {
    userId: '48213799',
    accountId: '1059282',
    personalIdentificationNumber: '01019012345',
    fullName: 'Kari Nordmann',
    firstName: 'Kari',
    middleName: '',
    lastName: 'Nordmann',
    email: ['kari.nordmann@example.no'],
    phonenumber: '+4791234567',
    digipostaddress: 'kari.nordmann#1234',
    address: [
      { street: 'Storgata', 'house-number': '12', 'house-letter': 'B', 'additional-addressline': '', 'zip-code': '0155', city: 'OSLO' },
    ],
    bankAccount: '12345678903',
  };
}

/** mulberry32: small, fast and the same everywhere, so the mailbox is reproducible. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Sender {
  name: string;
  origin: Origin;
  logo?: string;
  subjects: string[];
  invoices?: boolean;
}

const SENDERS: Sender[] = [
  {
    name: 'Skatteetaten',
    origin: 'PUBLIC_ENTITY',
    logo: 'skatteetaten',
    subjects: ['Skattemelding for 2024', 'Skatteoppgjør', 'Endring av skattekort', 'Forskuddsskatt'],
  },
  {
    name: 'NAV',
    origin: 'PUBLIC_ENTITY',
    logo: 'nav',
    subjects: ['Vedtak om foreldrepenger', 'Utbetalingsmelding', 'Meldekort er mottatt', 'Svar på søknad'],
  },
  { name: 'Telenor', origin: 'CORPORATION', logo: 'telenor', subjects: ['Faktura mobilabonnement', 'Ny avtale bekreftet'], invoices: true },
  {
    name: 'Oslo kommune',
    origin: 'PUBLIC_ENTITY',
    logo: 'oslo-kommune',
    subjects: ['Eiendomsskatt', 'Renovasjon: nye hentedager', 'Plass i barnehage', 'Kommunale avgifter'],
  },
  {
    name: 'DNB',
    origin: 'CORPORATION',
    logo: 'dnb',
    subjects: ['Kontoutskrift', 'Årsoppgave', 'Endrede vilkår for kredittkort'],
    invoices: true,
  },
  { name: 'Fjordkraft', origin: 'CORPORATION', subjects: ['Strømregning', 'Velkommen som kunde'], invoices: true },
  { name: 'Helse Sør-Øst', origin: 'PUBLIC_ENTITY', subjects: ['Innkalling til time', 'Epikrise'] },
  { name: 'Statens vegvesen', origin: 'PUBLIC_ENTITY', logo: 'vegvesen', subjects: ['Innkalling til EU-kontroll', 'Førerkort er sendt'] },
  { name: 'Ola Hansen', origin: 'PRIVATE_PERSON', subjects: ['Bilder fra turen', 'Kontrakt for leilighet'] },
  // Senders without a name exist in the real mailbox; a client must cope with an empty creatorName.
  { name: '', origin: 'UPLOADED', subjects: ['Skannet kvittering', 'Husleiekontrakt', 'Vitnemål'] },
];

const FILE_TYPES: FileType[] = ['pdf', 'pdf', 'pdf', 'pdf', 'html', 'jpg'];
const HOUR = 3_600_000;

const FOLDERS: readonly Folder[] = [
  { id: '1', name: 'Skatt', icon: 'TAX' },
  { id: '2', name: 'Bolig', icon: 'HOUSE' },
  { id: '3', name: 'Arkiv', icon: 'ARCHIVE' },
];

/** Positions in the inbox (0 = newest) of the letters tests rely on. */
const SPECIAL = {
  markup: 0,
  idporten4: [2, 11, 27],
  openingReceipt: 3,
  attachments: 5,
  confidential: 9,
  html: 1,
  jpg: 4,
  invoice: 6,
} as const;

function pick<T>(items: readonly T[], rnd: () => number): T {
  const item = items[Math.floor(rnd() * items.length)];
  if (item === undefined) throw new Error('empty list');
  return item;
}

function invoiceFor(rnd: () => number, created: number, old: boolean): Invoice {
  const due = new Date(created + 14 * 24 * HOUR);
  return {
    kid: String(Math.floor(rnd() * 1e9)).padStart(9, '0') + String(Math.floor(rnd() * 1e6)).padStart(6, '0'),
    accountNumber: `1503${String(Math.floor(rnd() * 1e7)).padStart(7, '0')}`,
    amount: Math.round(rnd() * 300_000) / 100 + 99,
    dueDate: due.toISOString().slice(0, 10),
    paid: old,
    // An unpaid invoice can go to the demo user's bank, as the service offers where an agreement exists.
    ...(old ? {} : { sendToBank: true }),
  };
}

interface LetterSpec {
  id: string;
  created: number;
  sender: Sender;
  subject: string;
  fileType: FileType;
  unread: boolean;
  rnd: () => number;
  index: number;
}

function attachment(id: string, spec: LetterSpec, overrides: Partial<Attachment> = {}): Attachment {
  return {
    id,
    subject: spec.subject,
    fileType: spec.fileType,
    authLevel: 'PASSWORD',
    read: !spec.unread,
    mainDocument: true,
    openingReceiptRequired: false,
    openingReceiptSent: false,
    body: [
      `Fra: ${spec.sender.name || 'Kari Nordmann'}`,
      `Dato: ${new Date(spec.created).toISOString().slice(0, 10)}`,
      'Dette er et eksempelbrev fra emulatoren.',
    ],
    seed: spec.index,
    ...overrides,
  };
}

function buildLetter(spec: LetterSpec): Letter {
  const { sender, rnd, index } = spec;
  const letter: Letter = {
    id: spec.id,
    subject: spec.subject,
    creatorName: sender.name,
    created: spec.created,
    origin: sender.origin,
    confidential: false,
    type: 'LETTER',
    attachments: [attachment(`${spec.id}-1`, spec)],
  };
  if (sender.logo !== undefined) letter.logo = sender.logo;
  const main = mainOf(letter);
  if (sender.invoices === true && (index === SPECIAL.invoice || rnd() < 0.5)) {
    letter.type = 'INVOICE';
    main.invoice = invoiceFor(rnd, spec.created, index > 10);
  }
  return letter;
}

function mainOf(letter: Letter): Attachment {
  const main = letter.attachments[0];
  if (!main) throw new Error('no attachment');
  return main;
}

function applySpecial(letter: Letter, index: number, spec: LetterSpec): void {
  const main = mainOf(letter);
  if (index === SPECIAL.markup) {
    // Markup in data must reach a page as text, never as HTML.
    letter.subject = main.subject = '<b>Viktig</b> & "sitat"';
    main.read = false;
  }
  if ((SPECIAL.idporten4 as readonly number[]).includes(index)) {
    letter.subject = main.subject = index === SPECIAL.idporten4[0] ? 'Journalnotat fra legevakten' : `Sensitivt brev ${index}`;
    main.authLevel = 'IDPORTEN_4' satisfies AuthLevel;
  }
  if (index === SPECIAL.openingReceipt) {
    letter.subject = main.subject = 'Rekommandert: Forkynnelse av vedtak';
    main.openingReceiptRequired = true;
    main.read = false;
  }
  if (index === SPECIAL.attachments) {
    letter.subject = main.subject = 'Dokumenter til møtet';
    letter.attachments.push(
      attachment(`${letter.id}-2`, spec, { subject: 'Vedlegg: Sakliste', fileType: 'html', mainDocument: false, read: false }),
      attachment(`${letter.id}-3`, spec, { subject: 'Vedlegg: Kart', fileType: 'jpg', mainDocument: false, read: false }),
    );
  }
  if (index === SPECIAL.confidential) {
    letter.subject = main.subject = 'Konfidensielt: Lønnsoppgjør';
    letter.confidential = true;
  }
  if (index === SPECIAL.html) main.fileType = 'html';
  if (index === SPECIAL.jpg) main.fileType = 'jpg';
}

/**
 * How many of the newest letters stay where they are when the letters with structured data are
 * added (data-types.ts): the journey and the gallery open the seed's letters by their place.
 */
const DATA_TYPES_BELOW = 8;

/** `dataTypeLetters`: one letter of each kind of structured data too (data-types.ts), below the eight newest. */
export function seedMailbox(letters: number, now: number, options: { dataTypeLetters?: boolean } = {}): Mailbox {
  const mailbox = new Mailbox();
  const rnd = random(20140501);
  let created = Math.floor(now / 60_000) * 60_000 - 17 * 60_000;
  let dataTypesAfter = created;
  for (let index = 0; index < letters; index++) {
    if (index === DATA_TYPES_BELOW) dataTypesAfter = created;
    const sender = index === SPECIAL.invoice ? (SENDERS[2] ?? pick(SENDERS, rnd)) : pick(SENDERS, rnd);
    const spec: LetterSpec = {
      id: mailbox.newLetterId(),
      created,
      sender,
      subject: pick(sender.subjects, rnd),
      fileType: pick(FILE_TYPES, rnd),
      unread: index < 8 || rnd() < 0.08,
      rnd,
      index,
    };
    if (index === SPECIAL.invoice) spec.fileType = 'pdf';
    const letter = buildLetter(spec);
    applySpecial(letter, index, spec);
    mailbox.appendOldest(letter);
    // Steps of 2-14 hours, never the same millisecond twice: paging by `lastseen` is exact.
    created -= 2 * HOUR + Math.floor(rnd() * 12 * HOUR) + 1;
  }
  if (letters <= DATA_TYPES_BELOW) dataTypesAfter = created;
  for (const folder of FOLDERS) mailbox.folders.push({ ...folder });
  for (let i = 0; i < 6; i++) {
    const folder = FOLDERS[i % FOLDERS.length];
    if (!folder) continue;
    const sender = folder.id === '1' ? SENDERS[0] : pick(SENDERS, rnd);
    if (!sender) continue;
    const spec: LetterSpec = {
      id: mailbox.newLetterId(),
      created: created - i * 86_400_000 - i,
      sender,
      subject: pick(sender.subjects, rnd),
      fileType: 'pdf',
      unread: false,
      rnd,
      index: letters + i,
    };
    const letter = buildLetter(spec);
    letter.folderId = folder.id;
    mailbox.add(letter);
  }
  // An unpaid tax bill filed in the first folder, due in ten days: the popup's "due soon" reads the
  // folders too, not only the newest letters. Not drawn from rnd, so the rest of the seed stays as it was.
  const taxFolder = FOLDERS[0];
  const tax = SENDERS[0];
  if (taxFolder && tax) {
    const created = now - 4 * 86_400_000;
    const spec: LetterSpec = {
      id: mailbox.newLetterId(),
      created,
      sender: tax,
      subject: 'Restskatt 2024',
      fileType: 'pdf',
      unread: false,
      rnd,
      index: letters + 6,
    };
    const letter = buildLetter(spec);
    letter.type = 'INVOICE';
    mainOf(letter).invoice = {
      kid: '202400000004817',
      accountNumber: '63450618445',
      amount: 4817,
      dueDate: new Date(now + 10 * 86_400_000).toISOString().slice(0, 10),
      paid: false,
      sendToBank: true,
    };
    letter.folderId = taxFolder.id;
    mailbox.add(letter);
  }
  // Folder ids continue after the seeded ones.
  FOLDERS.forEach(() => mailbox.newFolderId());
  // Within the two hours (at least) between the ninth letter and the eighth; ids after every seeded one.
  if (options.dataTypeLetters === true) addDataTypeLetters(mailbox, dataTypesAfter, 2 * HOUR - 60_000);
  const stores = ['Rema 1000', 'Kiwi', 'Clas Ohlson', 'Vinmonopolet', 'Narvesen', 'XXL'];
  stores.forEach((storeName, i) => {
    const receipt: Receipt = {
      id: String(7000 + i),
      amount: Math.round(rnd() * 150_000) / 100 + 10,
      currency: 'NOK',
      storeName,
      timeOfPurchase: now - (i + 1) * 3 * 86_400_000,
    };
    // Paid by card, masked as the service does (digipost/ios POSReceipt.m reads `card`); not drawn from rnd, so the rest of the seed stays as it was.
    receipt.card = `************${String(4821 + i * 1013).slice(-4)}`;
    mailbox.receipts.push(receipt);
  });
  return mailbox;
}
