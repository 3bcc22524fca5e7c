import { findLink, relationName } from '../api/relation-name.ts';
import { isUnreadBy } from '../api/unread.ts';
import type { Link } from '../api/schemas.ts';

/*
 * What the mailbox views read from a resource. Pure, no browser API, so it runs in unit tests.
 * The data comes from the network: every field is read with its type checked, and anything of
 * the wrong type counts as absent. The views show what they understand; the generic tree shows
 * the rest. Pages do not ship zod, and a mailbox of 10,000 letters is read here in one pass.
 */

type Obj = Record<string, unknown>;

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function bool(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

/** The link objects of a resource (its `link` field), leaving out anything that is not one. */
export function linksOf(resource: unknown): Link[] {
  if (!isObj(resource) || !Array.isArray(resource.link)) return [];
  const links: Link[] = [];
  for (const item of resource.link) {
    if (!isObj(item) || typeof item.rel !== 'string' || typeof item.uri !== 'string') continue;
    const mediaType = str(item['media-type']);
    links.push(mediaType === undefined ? { rel: item.rel, uri: item.uri } : { rel: item.rel, uri: item.uri, 'media-type': mediaType });
  }
  return links;
}

/**
 * The numeric level each `authentication-level` needs. The contract (§3.3, §6): OAuth sessions have level 2 and
 * "operations requiring authentication level 4 are not possible"; READ_DOCUMENT_CONTENT excludes
 * "letters that require a strong-authentication login". The emulator and the service's own apps
 * treat PASSWORD as the ordinary level (2), TWO_FACTOR and IDPORTEN_3 as level 3 and IDPORTEN_4
 * as 4: so for a level-2 session, everything but PASSWORD is locked. An unknown value is not
 * locked here: the service decides, and its refusal is explained when it comes.
 */
export const AUTH_LEVELS: Readonly<Record<string, number>> = { PASSWORD: 2, TWO_FACTOR: 3, IDPORTEN_3: 3, IDPORTEN_4: 4 };

/** Sessions obtained through OAuth have level 2 (contract §4); the root's `authenticationlevel` says so. */
export const DEFAULT_SESSION_LEVEL = 2;

export function requiredLevel(resource: unknown): number | undefined {
  const value = isObj(resource) ? str(resource['authentication-level']) : undefined;
  return value === undefined ? undefined : AUTH_LEVELS[value.toUpperCase()];
}

export function sessionLevelOf(root: unknown): number {
  const level = isObj(root) ? num(root.authenticationlevel) : undefined;
  return level ?? DEFAULT_SESSION_LEVEL;
}

export interface InvoiceInfo {
  amount?: number;
  dueDate?: string;
  paid?: boolean;
  kid?: string;
  accountNumber?: string;
}

function invoiceOf(resource: unknown): InvoiceInfo | undefined {
  const invoice = isObj(resource) ? resource.invoice : undefined;
  if (!isObj(invoice)) return undefined;
  const info: InvoiceInfo = {};
  const amount = num(invoice.amount);
  const dueDate = str(invoice.dueDate);
  const paid = bool(invoice.paid);
  const kid = str(invoice.kid);
  const accountNumber = str(invoice.accountNumber);
  if (amount !== undefined) info.amount = amount;
  if (dueDate !== undefined) info.dueDate = dueDate;
  if (paid !== undefined) info.paid = paid;
  if (kid !== undefined) info.kid = kid;
  if (accountNumber !== undefined) info.accountNumber = accountNumber;
  return info;
}

export interface AttachmentInfo {
  index: number;
  subject: string;
  fileType?: string;
  fileSize?: number;
  read?: boolean;
  main: boolean;
  requiredLevel?: number;
  locked: boolean;
  invoice?: InvoiceInfo;
  /** Present when the content may be fetched. */
  content?: Link;
  /** Present when the sender asks for an opening receipt before the content can be read. */
  openingReceipt?: Link;
}

export function attachmentsOf(document: unknown, sessionLevel: number): AttachmentInfo[] {
  if (!isObj(document) || !Array.isArray(document.attachment)) return [];
  return document.attachment.map((item, index) => {
    const level = requiredLevel(item);
    const info: AttachmentInfo = {
      index,
      subject: (isObj(item) ? str(item.subject) : undefined) ?? '',
      main: isObj(item) && item.mainDocument === true,
      locked: level !== undefined && level > sessionLevel,
    };
    if (isObj(item)) {
      const fileType = str(item.fileType);
      const fileSize = num(item.fileSize);
      const read = bool(item.read);
      if (fileType !== undefined) info.fileType = fileType;
      if (fileSize !== undefined) info.fileSize = fileSize;
      if (read !== undefined) info.read = read;
    }
    if (level !== undefined) info.requiredLevel = level;
    const invoice = invoiceOf(item);
    if (invoice) info.invoice = invoice;
    const content = findLink(linksOf(item), 'get_document_content');
    const receipt = findLink(linksOf(item), 'send_opening_receipt');
    if (content) info.content = content;
    else if (receipt) info.openingReceipt = receipt;
    return info;
  });
}

/** The main attachment: the one marked so, else the first. */
export function mainAttachmentOf(attachments: readonly AttachmentInfo[]): AttachmentInfo | undefined {
  return attachments.find((a) => a.main) ?? attachments[0];
}

export interface LetterSummary {
  /** Unique within a list: the letter's own address, else its id, else its place. */
  key: string;
  subject: string;
  sender: string;
  created?: string;
  unread: boolean;
  locked: boolean;
  confidential: boolean;
  attachmentCount: number;
  invoice?: InvoiceInfo;
  self?: Link;
}

export function summarize(document: unknown, sessionLevel: number, fallbackKey: string): LetterSummary {
  const doc = isObj(document) ? document : {};
  const attachments = attachmentsOf(doc, sessionLevel);
  const main = mainAttachmentOf(attachments);
  const level = requiredLevel(doc) ?? main?.requiredLevel;
  const self = findLink(linksOf(doc), 'self');
  const id = str(doc.id) ?? (num(doc.id) !== undefined ? String(doc.id) : undefined);
  const summary: LetterSummary = {
    key: self?.uri ?? (id !== undefined ? `id:${id}` : fallbackKey),
    subject: str(doc.subject) ?? '',
    sender: str(doc.creatorName) ?? '',
    unread: isUnreadBy(main?.read, bool(doc.read)),
    locked: level !== undefined && level > sessionLevel,
    confidential: doc.confidential === true,
    attachmentCount: attachments.length,
  };
  const created = str(doc.created);
  if (created !== undefined) summary.created = created;
  const invoice = main?.invoice;
  if (invoice) summary.invoice = invoice;
  if (self) summary.self = self;
  return summary;
}

/** The letters of an inbox (`document`) or of a folder (`documents.document`). */
export function documentsOf(data: unknown): unknown[] | undefined {
  if (!isObj(data)) return undefined;
  if (Array.isArray(data.document)) return data.document as unknown[];
  if (isObj(data.documents) && Array.isArray(data.documents.document)) return data.documents.document as unknown[];
  return undefined;
}

export type ViewKind = 'letters' | 'letter' | 'receipts' | 'receipt' | 'tree';

const LIST_RELATIONS = new Set(['document_inbox', 'documents', 'folder', 'document_archive', 'document_workarea', 'next']);

/**
 * Which view fits a resource: its shape first (a `document` list is letters, an object with
 * `attachment` is a letter, a `receipt` list is receipts), then the relation that led to it for an
 * empty list. Anything else gets the generic tree.
 */
export function chooseView(relation: string | undefined, data: unknown): ViewKind {
  if (!isObj(data)) return 'tree';
  if (documentsOf(data)) return 'letters';
  if (Array.isArray(data.attachment)) return 'letter';
  if (Array.isArray(data.receipt)) return 'receipts';
  if (receiptOf(data)) return 'receipt';
  const name = relation ? relationName(relation) : '';
  if (LIST_RELATIONS.has(name) && !('receipt' in data)) return 'letters';
  return 'tree';
}

export interface ReceiptRow {
  key: string;
  storeName: string;
  amount?: number;
  currency: string;
  time?: string;
  self?: Link;
}

export function receiptsOf(data: unknown): ReceiptRow[] {
  if (!isObj(data) || !Array.isArray(data.receipt)) return [];
  return data.receipt.map((item, index) => {
    const receipt = isObj(item) ? item : {};
    const self = findLink(linksOf(receipt), 'self');
    const id = str(receipt.id) ?? (num(receipt.id) !== undefined ? String(receipt.id) : undefined);
    const row: ReceiptRow = {
      key: self?.uri ?? (id !== undefined ? `id:${id}` : `#${index}`),
      storeName: str(receipt.storeName) ?? '',
      currency: str(receipt.currency) ?? '',
    };
    const amount = num(receipt.amount);
    const time = str(receipt.timeOfPurchase);
    if (amount !== undefined) row.amount = amount;
    if (time !== undefined) row.time = time;
    if (self) row.self = self;
    return row;
  });
}

export interface FolderEntry {
  name: string;
  self: Link;
}

/** A readable title from the resource itself: a letter's subject, a folder's name. */
export function resourceName(data: unknown): string | undefined {
  if (!isObj(data)) return undefined;
  const name = Array.isArray(data.attachment) ? str(data.subject) : str(data.name);
  return name !== undefined && name.trim() !== '' ? name : undefined;
}

export interface MailboxNav {
  inbox?: Link;
  receipts?: Link;
  search?: Link;
  folders: (FolderEntry & { icon?: string })[];
}

/** Where the viewer's side navigation leads: the inbox, the folders, receipts and recipient search. */
export function mailboxNavOf(root: unknown): MailboxNav {
  const account = isObj(root) ? root.primaryAccount : undefined;
  const mailboxes = isObj(root) && Array.isArray(root.mailbox) ? root.mailbox : [];
  const nav: MailboxNav = { folders: [] };
  const inbox = findLink(linksOf(account), 'document_inbox') ?? mailboxes.map((m) => findLink(linksOf(m), 'document_inbox')).find((l) => l !== undefined);
  const receipts = findLink(linksOf(account), 'receipts');
  const search = findLink(linksOf(root), 'search');
  if (inbox) nav.inbox = inbox;
  if (receipts) nav.receipts = receipts;
  if (search) nav.search = search;
  for (const mailbox of mailboxes) {
    const folders = isObj(mailbox) && isObj(mailbox.folders) && Array.isArray(mailbox.folders.folder) ? mailbox.folders.folder : [];
    for (const folder of folders) {
      const self = findLink(linksOf(folder), 'self');
      if (!self || !isObj(folder)) continue;
      const icon = str(folder.icon);
      nav.folders.push(icon === undefined ? { name: str(folder.name) ?? '', self } : { name: str(folder.name) ?? '', self, icon });
    }
  }
  return nav;
}

export interface ReceiptInfo {
  storeName: string;
  amount?: number;
  currency: string;
  time?: string;
}

/** A single receipt (`{storeName, amount, currency, timeOfPurchase, ...}`), or undefined for anything else. */
export function receiptOf(data: unknown): ReceiptInfo | undefined {
  if (!isObj(data) || (typeof data.storeName !== 'string' && typeof data.timeOfPurchase !== 'string')) return undefined;
  const info: ReceiptInfo = { storeName: str(data.storeName) ?? '', currency: str(data.currency) ?? '' };
  const amount = num(data.amount);
  const time = str(data.timeOfPurchase);
  if (amount !== undefined) info.amount = amount;
  if (time !== undefined) info.time = time;
  return info;
}

export interface Recipient {
  key: string;
  name: string;
  address?: string;
  organisationNumber?: string;
}

/** The recipients of a search answer (`{recipient: [{name, digipostaddress, organisationNumber}]}`). */
export function recipientsOf(data: unknown): Recipient[] {
  if (!isObj(data) || !Array.isArray(data.recipient)) return [];
  return data.recipient.filter(isObj).map((item, index) => {
    const recipient: Recipient = { key: `${index}`, name: str(item.name) ?? '' };
    const address = str(item.digipostaddress);
    const organisationNumber = str(item.organisationNumber) ?? (num(item.organisationNumber) !== undefined ? String(item.organisationNumber) : undefined);
    if (address !== undefined) recipient.address = address;
    if (organisationNumber !== undefined) recipient.organisationNumber = organisationNumber;
    return recipient;
  });
}
