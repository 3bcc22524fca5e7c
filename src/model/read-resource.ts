import { findLink } from '../api/relation-name.ts';
import { relationInfo } from '../api/relations.ts';
import { isUnreadBy } from '../api/unread.ts';
import { inboxLinkOf } from '../api/inbox.ts';
import type { Link, RootResource } from '../api/schemas.ts';

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

/** An id or number the service may send as either type, as text. */
function idText(value: unknown): string | undefined {
  return str(value) ?? (num(value) !== undefined ? String(value) : undefined);
}

/** The fields that have a value: an absent one stays absent (not `undefined`), as the types promise. */
function present<T extends Record<string, unknown>>(fields: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
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
  return present({
    amount: num(invoice.amount),
    dueDate: str(invoice.dueDate),
    paid: bool(invoice.paid),
    kid: str(invoice.kid),
    accountNumber: str(invoice.accountNumber),
  });
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
    const attachment = isObj(item) ? item : {};
    const level = requiredLevel(attachment);
    const content = findLink(linksOf(attachment), 'get_document_content');
    return {
      index,
      subject: str(attachment.subject) ?? '',
      main: attachment.mainDocument === true,
      locked: level !== undefined && level > sessionLevel,
      ...present({
        fileType: str(attachment.fileType),
        fileSize: num(attachment.fileSize),
        read: bool(attachment.read),
        requiredLevel: level,
        invoice: invoiceOf(attachment),
        content,
        // The receipt is asked for only where the content is not offered yet.
        openingReceipt: content ? undefined : findLink(linksOf(attachment), 'send_opening_receipt'),
      }),
    };
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
  /** The person uploaded the letter themself (origin UPLOADED): such letters carry no sender's name. */
  uploaded: boolean;
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
  const id = idText(doc.id);
  return {
    key: self?.uri ?? (id !== undefined ? `id:${id}` : fallbackKey),
    subject: str(doc.subject) ?? '',
    sender: str(doc.creatorName) ?? '',
    uploaded: doc.origin === 'UPLOADED',
    unread: isUnreadBy(main?.read, bool(doc.read)),
    locked: level !== undefined && level > sessionLevel,
    confidential: doc.confidential === true,
    attachmentCount: attachments.length,
    ...present({ created: str(doc.created), invoice: main?.invoice, self }),
  };
}

/** The letters of an inbox (`document`) or of a folder (`documents.document`). */
export function documentsOf(data: unknown): unknown[] | undefined {
  if (!isObj(data)) return undefined;
  if (Array.isArray(data.document)) return data.document as unknown[];
  if (isObj(data.documents) && Array.isArray(data.documents.document)) return data.documents.document as unknown[];
  return undefined;
}

export type ViewKind = 'letters' | 'letter' | 'receipts' | 'receipt' | 'tree';

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
  if (relation !== undefined && relationInfo(relation).kind === 'list' && !('receipt' in data)) return 'letters';
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
    const id = idText(receipt.id);
    const row: ReceiptRow = {
      key: self?.uri ?? (id !== undefined ? `id:${id}` : `#${index}`),
      storeName: str(receipt.storeName) ?? '',
      currency: str(receipt.currency) ?? '',
      ...present({ amount: num(receipt.amount), time: str(receipt.timeOfPurchase), self }),
    };
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

/**
 * Where the viewer's side navigation leads: the inbox (the one api/inbox.ts decides on), the
 * folders of every mailbox, receipts and recipient search. The root comes from the worker, parsed.
 */
export function mailboxNavOf(root: RootResource | undefined): MailboxNav {
  const nav: MailboxNav = { folders: [] };
  const inbox = inboxLinkOf(root);
  const receipts = findLink(root?.primaryAccount?.link, 'receipts');
  const search = findLink(root?.link, 'search');
  if (inbox) nav.inbox = inbox;
  if (receipts) nav.receipts = receipts;
  if (search) nav.search = search;
  for (const folder of (root?.mailbox ?? []).flatMap((mailbox) => mailbox.folders?.folder ?? [])) {
    const self = findLink(folder.link, 'self');
    if (!self) continue;
    const name = folder.name ?? '';
    nav.folders.push(folder.icon === undefined ? { name, self } : { name, self, icon: folder.icon });
  }
  return nav;
}

/**
 * The place of the side navigation that holds a page that is not a place itself: the inbox for a
 * letter that lies in it (its `location`), Receipts for a receipt. Undefined when it cannot be told
 * (a letter in a folder names no folder).
 */
export function placeHolding(kind: string, data: unknown, nav: MailboxNav): string | undefined {
  if (kind === 'receipt') return nav.receipts?.uri;
  if (kind === 'letter' && isObj(data) && str(data.location)?.toUpperCase() === 'INBOX') return nav.inbox?.uri;
  return undefined;
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
  return {
    storeName: str(data.storeName) ?? '',
    currency: str(data.currency) ?? '',
    ...present({ amount: num(data.amount), time: str(data.timeOfPurchase) }),
  };
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
    return {
      key: `${index}`,
      name: str(item.name) ?? '',
      ...present({ address: str(item.digipostaddress), organisationNumber: idText(item.organisationNumber) }),
    };
  });
}
