/** The user's mailbox: letters, attachments, folders and receipts, and what happens to them. */
import type { FileType } from './content.ts';
import { makeContent } from './content.ts';

export type Origin = 'CORPORATION' | 'PUBLIC_ENTITY' | 'PRIVATE_PERSON' | 'UPLOADED';
export type AuthLevel = 'PASSWORD' | 'TWO_FACTOR' | 'IDPORTEN_3' | 'IDPORTEN_4';

/** The numeric level each letter needs; OAuth sessions have level 2 (contract §4, §6). */
export const AUTH_LEVEL_NUMBER: Record<AuthLevel, number> = { PASSWORD: 2, TWO_FACTOR: 3, IDPORTEN_3: 3, IDPORTEN_4: 4 };
export const SESSION_AUTH_LEVEL = 2;

/** What the service records once an invoice went to the person's bank (contract §6.1). */
interface Payment {
  /** Epoch milliseconds; absent while the bank has not paid it yet (it was only sent). */
  timePaid?: number;
  debitorBankAccount: string;
  bank: string;
  bankHomepage: string;
}

export interface Invoice {
  kid: string;
  accountNumber: string;
  amount: number;
  dueDate: string;
  paid: boolean;
  /** The service offers `send_to_bank` for it (the person has an agreement with a bank). */
  sendToBank?: boolean;
  payment?: Payment;
}

export interface Attachment {
  id: string;
  subject: string;
  fileType: FileType;
  /** The file type the letter's metadata states, when a sender states another than its content has (e.g. "exe" for a PDF). */
  statedFileType?: string;
  authLevel: AuthLevel;
  read: boolean;
  mainDocument: boolean;
  invoice?: Invoice;
  /** Structured data about the document (appointments, events, links), sent as the sender gave it. */
  metadata?: readonly Record<string, unknown>[];
  openingReceiptRequired: boolean;
  openingReceiptSent: boolean;
  /** What the generated file says; fixed at creation so the file never changes under a reader. */
  body: readonly string[];
  seed: number;
  content?: Buffer;
}

export interface Letter {
  id: string;
  subject: string;
  creatorName: string;
  /** Epoch milliseconds, unique within the mailbox so `lastseen` paging is exact. */
  created: number;
  origin: Origin;
  logo?: string;
  confidential: boolean;
  type: 'LETTER' | 'INVOICE';
  folderId?: string | undefined;
  attachments: Attachment[];
}

export interface Folder {
  id: string;
  name: string;
  icon: string;
}

export interface Receipt {
  id: string;
  amount: number;
  currency: string;
  storeName: string;
  timeOfPurchase: number;
  /** The card paid with, masked as the service masks it (`card: [...]` in its JSON). */
  card?: string;
  /** The chain the store belongs to (`franchiceName`, spelled so by the service). */
  franchiseName?: string;
}

/** Letters uploaded to the archive (the account's `upload_document`) are kept under this folder id, which no folder has. */
export const ARCHIVE_FOLDER_ID = 'archive';

export function mainAttachment(letter: Letter): Attachment {
  const main = letter.attachments.find((a) => a.mainDocument) ?? letter.attachments[0];
  if (!main) throw new Error(`letter ${letter.id} has no attachment`);
  return main;
}

function isUnread(letter: Letter): boolean {
  return !mainAttachment(letter).read;
}

export function contentOf(attachment: Attachment): Buffer {
  // Made on first use: 10,000 letters start instantly, and each file is built once.
  attachment.content ??= makeContent(attachment.fileType, attachment.subject, attachment.body, attachment.seed);
  return attachment.content;
}

export class Mailbox {
  /** Inbox letters, newest first. */
  private inbox: Letter[] = [];
  private readonly byId = new Map<string, Letter>();
  readonly folders: Folder[] = [];
  readonly receipts: Receipt[] = [];
  private nextId: number;
  private nextFolderId: number;

  /**
   * Each mailbox numbers its letters and folders from its own start, so no id of one mailbox is an
   * id of another: a client that follows the wrong mailbox's address gets a 404, not a wrong letter.
   */
  constructor(firstIds: { letter: number; folder: number } = { letter: 1_000_001, folder: 1 }) {
    this.nextId = firstIds.letter;
    this.nextFolderId = firstIds.folder;
  }

  newLetterId(): string {
    return String(this.nextId++);
  }

  newFolderId(): string {
    return String(this.nextFolderId++);
  }

  /** Seeding adds oldest last; letters arrive in any order and are kept sorted by `created`. */
  add(letter: Letter): void {
    this.byId.set(letter.id, letter);
    if (letter.folderId !== undefined) return;
    const index = this.firstOlderThan(letter.created);
    this.inbox.splice(index, 0, letter);
  }

  /** Appends without searching; only for seeding, which generates letters newest first. */
  appendOldest(letter: Letter): void {
    this.byId.set(letter.id, letter);
    this.inbox.push(letter);
  }

  newestCreated(): number {
    return this.inbox[0]?.created ?? 0;
  }

  letter(id: string): Letter | undefined {
    return this.byId.get(id);
  }

  remove(id: string): boolean {
    const letter = this.byId.get(id);
    if (!letter) return false;
    this.byId.delete(id);
    this.inbox = this.inbox.filter((l) => l !== letter);
    return true;
  }

  /** Files a letter in a folder, or back in the inbox (`undefined`), keeping the inbox sorted. */
  move(letter: Letter, folderId: string | undefined): void {
    this.inbox = this.inbox.filter((l) => l !== letter);
    letter.folderId = folderId;
    if (folderId === undefined) this.inbox.splice(this.firstOlderThan(letter.created), 0, letter);
  }

  folderLetters(folderId: string): Letter[] {
    return [...this.byId.values()].filter((l) => l.folderId === folderId).sort((a, b) => b.created - a.created);
  }

  unreadInInbox(): number {
    let count = 0;
    for (const letter of this.inbox) if (isUnread(letter)) count++;
    return count;
  }

  inboxSize(): number {
    return this.inbox.length;
  }

  /** Index of the first inbox letter created strictly before `time` (binary search: the inbox is sorted). */
  private firstOlderThan(time: number): number {
    let low = 0;
    let high = this.inbox.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.inbox[mid]?.created ?? 0) >= time) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** A page of the inbox: letters older than `lastseen` (epoch ms), at most `limit`. */
  page(lastseen: number | undefined, limit: number): { letters: Letter[]; more: boolean } {
    const start = lastseen === undefined ? 0 : this.firstOlderThan(lastseen);
    const letters = this.inbox.slice(start, start + limit);
    return { letters, more: start + limit < this.inbox.length };
  }
}
