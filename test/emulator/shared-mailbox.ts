/**
 * A mailbox shared with the demo user: her father Ola Nordmann's, which she may read and file in
 * (the root lists it with `owner: false`). Its letters, folders and receipts are its own, seeded
 * deterministically from a seed of its own, and numbered apart from the own mailbox's so an address
 * of one never names a resource of the other.
 */
import type { FileType } from './content.ts';
import type { Attachment, Folder, Letter, Origin } from './mailbox.ts';
import { Mailbox } from './mailbox.ts';
import type { ReadableMailbox } from './mailboxes.ts';
import { random } from './seed.ts';

const LETTERS = 30;
/** The newest letters, unread: a parent who has not looked at the mail yet. */
const UNREAD = 3;
/** Its position in the inbox (0 = newest): an unpaid electricity bill due within the fortnight. */
const INVOICE_INDEX = 1;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Sender {
  name: string;
  origin: Origin;
  logo?: string;
  subjects: string[];
}

const SENDERS: readonly Sender[] = [
  {
    name: 'NAV',
    origin: 'PUBLIC_ENTITY',
    logo: 'nav',
    subjects: ['Utbetaling av alderspensjon', 'Vedtak om alderspensjon', 'Skattetrekk på pensjon'],
  },
  { name: 'Skatteetaten', origin: 'PUBLIC_ENTITY', logo: 'skatteetaten', subjects: ['Skattemelding for 2024', 'Skatteoppgjør'] },
  { name: 'Hafslund', origin: 'CORPORATION', subjects: ['Strømregning', 'Ny strømavtale'] },
  { name: 'Oslo kommune', origin: 'PUBLIC_ENTITY', logo: 'oslo-kommune', subjects: ['Hjemmetjenesten: nye besøkstider', 'Eiendomsskatt'] },
  { name: 'Majorstuen legekontor', origin: 'CORPORATION', subjects: ['Innkalling til time', 'Svar på blodprøver'] },
  { name: 'Storebrand', origin: 'CORPORATION', subjects: ['Årsoppgave pensjonskonto', 'Endring i vilkår'] },
];

const HAFSLUND = 2;
const FOLDERS: readonly Folder[] = [
  { id: '101', name: 'Pensjon', icon: 'FOLDER' },
  { id: '102', name: 'Helse', icon: 'FOLDER' },
];

function pick<T>(items: readonly T[], rnd: () => number): T {
  const item = items[Math.floor(rnd() * items.length)];
  if (item === undefined) throw new Error('empty list');
  return item;
}

function letter(mailbox: Mailbox, sender: Sender, subject: string, created: number, unread: boolean, fileType: FileType = 'pdf'): Letter {
  const id = mailbox.newLetterId();
  const main: Attachment = {
    id: `${id}-1`,
    subject,
    fileType,
    authLevel: 'PASSWORD',
    read: !unread,
    mainDocument: true,
    openingReceiptRequired: false,
    openingReceiptSent: false,
    body: [`Til: Ola Nordmann`, `Fra: ${sender.name}`, `Dato: ${new Date(created).toISOString().slice(0, 10)}`],
    seed: Number(id) % 251,
  };
  const made: Letter = {
    id,
    subject,
    creatorName: sender.name,
    created,
    origin: sender.origin,
    confidential: false,
    type: 'LETTER',
    attachments: [main],
  };
  if (sender.logo !== undefined) made.logo = sender.logo;
  return made;
}

function sender(index: number): Sender {
  const found = SENDERS[index];
  if (!found) throw new Error(`no sender ${index}`);
  return found;
}

function seedSharedMailbox(now: number): Mailbox {
  const mailbox = new Mailbox({ letter: 2_000_001, folder: 101 });
  const rnd = random(19530412);
  // A few minutes older than the own mailbox's newest, so the two mailboxes' letters interleave in time.
  let created = Math.floor(now / 60_000) * 60_000 - 33 * 60_000;
  for (let index = 0; index < LETTERS; index++) {
    const from = index === INVOICE_INDEX ? sender(HAFSLUND) : pick(SENDERS, rnd);
    const subject = index === INVOICE_INDEX ? 'Strømregning' : pick(from.subjects, rnd);
    const made = letter(mailbox, from, subject, created, index < UNREAD, index % 7 === 4 ? 'html' : 'pdf');
    if (index === INVOICE_INDEX) {
      made.type = 'INVOICE';
      const main = made.attachments[0];
      if (main)
        main.invoice = {
          kid: '195304120000217',
          accountNumber: '60050612345',
          amount: 1_437.5,
          dueDate: new Date(now + 9 * DAY).toISOString().slice(0, 10),
          paid: false,
          sendToBank: true,
        };
    }
    mailbox.appendOldest(made);
    // Steps of 5-29 hours, never the same millisecond twice: paging by `lastseen` is exact.
    created -= 5 * HOUR + Math.floor(rnd() * 24 * HOUR) + 1;
  }
  for (const folder of FOLDERS) {
    mailbox.folders.push({ ...folder });
    mailbox.newFolderId();
  }
  const filed: [string, Sender, string][] = [
    ['101', sender(0), 'Vedtak om alderspensjon'],
    ['101', sender(5), 'Årsoppgave pensjonskonto'],
    ['102', sender(4), 'Svar på blodprøver'],
  ];
  filed.forEach(([folderId, from, subject], i) => {
    const made = letter(mailbox, from, subject, created - (i + 1) * DAY, false);
    made.folderId = folderId;
    mailbox.add(made);
  });
  ['Apotek 1', 'Meny', 'Clas Ohlson'].forEach((storeName, i) => {
    mailbox.receipts.push({
      id: String(8001 + i),
      amount: Math.round(rnd() * 80_000) / 100 + 20,
      currency: 'NOK',
      storeName,
      timeOfPurchase: now - (i + 2) * 4 * DAY,
      card: `************${String(3317 + i * 211).slice(-4)}`,
    });
  });
  return mailbox;
}

/** Who the shared mailbox is: its account id in the addresses, and the Digipost address tests deliver to. */
export const SHARED_MAILBOX = { accountId: '2047731', name: 'Ola Nordmann', digipostaddress: 'ola.nordmann#7QX2' } as const;

/** The shared mailbox as the root lists it: 230 MiB used of 1 GiB. */
export function sharedMailbox(now: number): ReadableMailbox {
  return {
    ...SHARED_MAILBOX,
    owner: false,
    usedStorage: 241_172_480,
    totalAvailableStorage: 1_073_741_824,
    mailbox: seedSharedMailbox(now),
  };
}
