import { findLink } from '../api/relation-name.ts';
import { isUnreadBy } from '../api/unread.ts';
import type { Link } from '../api/schemas.ts';
import { bool, idText, isObj, linksOf, num, present, str } from './read-json.ts';
import type { DebtDue, LetterKind } from './letter-kind.ts';

// A letter as the popup's list, the viewer's lists and its letter page read it (read-json.ts says how).

/**
 * The numeric level each `authentication-level` needs. The contract (§3.3, §6): OAuth sessions have level 2 and
 * "operations requiring authentication level 4 are not possible"; READ_DOCUMENT_CONTENT excludes
 * "letters that require a strong-authentication login". The emulator and the service's own apps
 * treat PASSWORD as the ordinary level (2), TWO_FACTOR and IDPORTEN_3 as level 3 and IDPORTEN_4
 * as 4: so for a level-2 session, everything but PASSWORD is locked. An unknown value is not
 * locked here: the service decides, and its refusal is explained when it comes.
 */
const AUTH_LEVELS: Readonly<Record<string, number>> = { PASSWORD: 2, TWO_FACTOR: 3, IDPORTEN_3: 3, IDPORTEN_4: 4 };

/** Sessions obtained through OAuth have level 2 (contract §4); the root's `authenticationlevel` says so. */
const DEFAULT_SESSION_LEVEL = 2;

function requiredLevel(resource: unknown): number | undefined {
  const value = isObj(resource) ? str(resource['authentication-level']) : undefined;
  return value === undefined ? undefined : AUTH_LEVELS[value.toUpperCase()];
}

export function sessionLevelOf(root: unknown): number {
  const level = isObj(root) ? num(root.authenticationlevel) : undefined;
  return level ?? DEFAULT_SESSION_LEVEL;
}

/** What the service recorded once an invoice went to the person's bank (contract §6.1). */
export interface PaymentInfo {
  /** When the bank paid it; absent while it is only sent. */
  timePaid?: string;
  /** The account it is paid from. */
  fromAccount?: string;
  bank?: string;
  bankHomepage?: Link;
}

export interface InvoiceInfo {
  amount?: number;
  dueDate?: string;
  paid?: boolean;
  kid?: string;
  accountNumber?: string;
  /** The invoice's own `send_to_bank` link, where the service offers it (read by invoice-payment.ts, for the viewer only). */
  sendToBank?: Link;
  payment?: PaymentInfo;
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
    // Only that there is one, which is all a list needs: sent is not due. The viewer reads the rest
    // (invoice-payment.ts).
    payment: isObj(invoice.payment) ? {} : undefined,
  });
}

/** Paid by the service's word: its `paid` flag, or a payment with the time the bank paid it. */
export function isPaid(invoice: InvoiceInfo): boolean {
  return invoice.paid === true || invoice.payment?.timePaid !== undefined;
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

/** The main attachment: the one marked so, else the first (as it came: the caller reads what it needs of it). */
function mainAttachmentOf(attachments: readonly unknown[]): unknown {
  return attachments.find((a) => isObj(a) && a.mainDocument === true) ?? attachments[0];
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
  /** What kind of letter its structured data says it is: set by the viewer's lists (letter-kind.ts), not by summarize. */
  kind?: LetterKind;
  /** Words besides sender and subject that find it (a receipt's shop and lines): set as `kind` is. */
  findWords?: readonly string[];
  /** A debt collection's sum and due day, from its Inkasso: set as `kind` is. */
  debt?: DebtDue;
  /** The letter offers its deletion (delete_document; a shared mailbox's letters do not): set by the viewer's lists, as `kind` is. */
  deletable?: boolean;
}

/** A letter as the popup's newest letters show it: a list's reading (summarize) without whether it is locked and how many attachments it has, which they never show. */
export type LetterGlance = Omit<LetterSummary, 'locked' | 'attachmentCount' | 'kind' | 'findWords' | 'debt' | 'deletable'>;

const attachmentsIn = (doc: Record<string, unknown>): unknown[] => (Array.isArray(doc.attachment) ? doc.attachment : []);

/**
 * A letter in a list, without whether it is locked or how many attachments it has: what its main
 * attachment says of it (read, invoice) without reading every attachment as the letter's own page
 * does (attachmentsOf), so the popup carries no reading of contents and receipts, nor the table of
 * login levels. summarize adds the rest.
 */
export function glanceOf(document: unknown, fallbackKey: string): LetterGlance {
  const doc = isObj(document) ? document : {};
  const main = mainAttachmentOf(attachmentsIn(doc));
  const self = findLink(linksOf(doc), 'self');
  const id = idText(doc.id);
  return {
    key: self?.uri ?? (id !== undefined ? `id:${id}` : fallbackKey),
    subject: str(doc.subject) ?? '',
    sender: str(doc.creatorName) ?? '',
    uploaded: doc.origin === 'UPLOADED',
    unread: isUnreadBy(isObj(main) ? bool(main.read) : undefined, bool(doc.read)),
    confidential: doc.confidential === true,
    ...present({ created: str(doc.created), invoice: invoiceOf(main), self }),
  };
}

/** A letter in a list (glanceOf), with whether this session's login level opens it and how many attachments it has. */
export function summarize(document: unknown, sessionLevel: number, fallbackKey: string): LetterSummary {
  const doc = isObj(document) ? document : {};
  const attachments = attachmentsIn(doc);
  const level = requiredLevel(doc) ?? requiredLevel(mainAttachmentOf(attachments));
  return {
    ...glanceOf(doc, fallbackKey),
    locked: level !== undefined && level > sessionLevel,
    attachmentCount: attachments.length,
  };
}

/** The letters of an inbox (`document`) or of a folder (`documents.document`). */
export function documentsOf(data: unknown): unknown[] | undefined {
  if (!isObj(data)) return undefined;
  if (Array.isArray(data.document)) return data.document as unknown[];
  if (isObj(data.documents) && Array.isArray(data.documents.document)) return data.documents.document as unknown[];
  return undefined;
}

/** A readable title from the resource itself: a letter's subject, a folder's name. */
export function resourceName(data: unknown): string | undefined {
  if (!isObj(data)) return undefined;
  const name = Array.isArray(data.attachment) ? str(data.subject) : str(data.name);
  return name !== undefined && name.trim() !== '' ? name : undefined;
}

/** Sorts letters newest first by their `created`; a letter without a readable date goes last. */
export function newestFirst(a: Pick<LetterSummary, 'created'>, b: Pick<LetterSummary, 'created'>): number {
  const at = a.created === undefined ? Number.NaN : Date.parse(a.created);
  const bt = b.created === undefined ? Number.NaN : Date.parse(b.created);
  if (Number.isNaN(at) || Number.isNaN(bt)) return Number.isNaN(at) ? (Number.isNaN(bt) ? 0 : 1) : -1;
  return bt - at;
}
