/** JSON shapes of the mailbox resources, as the real service sends them (contract §4-§7). */
import { CONTENT_TYPES } from './content.ts';
import type { Link } from './config.ts';
import { ROUTES, type Linker } from './links.ts';
import type { Attachment, Folder, Invoice, Letter, Receipt } from './mailbox.ts';
import { contentOf, mainAttachment } from './mailbox.ts';
import type { ReadableMailbox } from './mailboxes.ts';

const OSLO = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Oslo',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** ISO 8601 in Norwegian local time with its offset, e.g. 2024-03-01T12:34:56.789+01:00. */
export function osloTime(ms: number): string {
  const parts = Object.fromEntries(OSLO.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  const local = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  const offsetMinutes = Math.round((local - (ms - (ms % 1000))) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  const millis = String(((ms % 1000) + 1000) % 1000).padStart(3, '0');
  return `${parts.year ?? ''}-${parts.month ?? ''}-${parts.day ?? ''}T${parts.hour ?? ''}:${parts.minute ?? ''}:${parts.second ?? ''}.${millis}${offset}`;
}

/**
 * An invoice as the service's apps read it (contract §6.1): `send_to_bank` among its own links where
 * the person's bank takes it, and `payment` once it was sent. The link stays after a payment, so a
 * client must look at `payment` too; a second POST is refused.
 */
function invoiceJson(linker: Linker, letter: Letter, attachment: Attachment, invoice: Invoice): Record<string, unknown> {
  const { sendToBank, payment, ...facts } = invoice;
  const json: Record<string, unknown> = { ...facts, canBePaidByUser: sendToBank === true };
  json.link = sendToBank === true ? [linker.link('send_to_bank', ROUTES.sendToBank, { doc: letter.id, att: attachment.id })] : [];
  if (payment) {
    json.payment = {
      ...(payment.timePaid === undefined ? {} : { timePaid: osloTime(payment.timePaid) }),
      debitorBankAccount: payment.debitorBankAccount,
      bank: payment.bank,
      link: [{ rel: `${linker.base}/post/relations/bank_homepage`, uri: payment.bankHomepage, 'media-type': 'text/html' }],
    };
  }
  return json;
}

export function attachmentJson(linker: Linker, letter: Letter, attachment: Attachment, hideSubject: boolean): Record<string, unknown> {
  const params = { doc: letter.id, att: attachment.id };
  const link: Link[] =
    attachment.openingReceiptRequired && !attachment.openingReceiptSent
      ? [linker.link('send_opening_receipt', ROUTES.openingReceipt, params)]
      : [linker.content('get_document_content', ROUTES.attachmentContent, params)];
  const json: Record<string, unknown> = {
    subject: hideSubject ? '' : attachment.subject,
    fileType: attachment.statedFileType ?? attachment.fileType,
    fileSize: contentOf(attachment).length,
    'authentication-level': attachment.authLevel,
    read: attachment.read,
    mainDocument: attachment.mainDocument,
    contentType: CONTENT_TYPES[attachment.fileType],
  };
  if (attachment.invoice) json.invoice = invoiceJson(linker, letter, attachment, attachment.invoice);
  if (attachment.metadata) json.metadata = attachment.metadata.map((item) => ({ ...item }));
  json.link = link;
  return json;
}

/**
 * `deletable`: whether the reader may delete it, and so is offered `delete_document`. Not in a mailbox
 * shared with them: its letters are the owner's (README, "A shared mailbox").
 */
export function documentJson(linker: Linker, letter: Letter, { deletable }: { deletable: boolean }): Record<string, unknown> {
  const main = mainAttachment(letter);
  // Spec 5.4: meta information does not include what a confidential letter is about.
  const hide = letter.confidential;
  const attachments = letter.attachments.map((a) => attachmentJson(linker, letter, a, hide));
  const params = { doc: letter.id };
  const link: Link[] = [linker.link('self', ROUTES.document, params), linker.link('update_document', ROUTES.updateDocument, params)];
  if (deletable) link.push(linker.link('delete_document', ROUTES.document, params));
  if (letter.logo !== undefined) link.push(linker.link('organisation_logo', ROUTES.logo, { slug: letter.logo }, 'image/png'));
  const mainLinks = (attachments[letter.attachments.indexOf(main)]?.link ?? []) as Link[];
  link.push(...mainLinks);
  return {
    id: letter.id,
    subject: hide ? '' : letter.subject,
    creatorName: letter.creatorName,
    created: osloTime(letter.created),
    fileType: main.statedFileType ?? main.fileType,
    fileSize: contentOf(main).length,
    origin: letter.origin,
    'authentication-level': main.authLevel,
    location: letter.folderId === undefined ? 'INBOX' : 'FOLDER',
    ...(letter.folderId === undefined ? {} : { folderId: letter.folderId }),
    read: main.read,
    confidential: letter.confidential,
    type: letter.type,
    attachment: attachments,
    link,
  };
}

export function folderSummary(linker: Linker, folder: Folder): Record<string, unknown> {
  const params = { folder: folder.id };
  const link = [
    linker.link('self', ROUTES.folder, params),
    linker.link('change_folder', ROUTES.folder, params),
    linker.link('delete_folder', ROUTES.folder, params),
    linker.link('upload_document', ROUTES.uploadToFolder, params),
  ];
  return { name: folder.name, id: folder.id, icon: folder.icon, link };
}

export function receiptJson(linker: Linker, receipt: Receipt): Record<string, unknown> {
  const params = { receipt: receipt.id };
  return {
    id: receipt.id,
    amount: receipt.amount,
    currency: receipt.currency,
    storeName: receipt.storeName,
    timeOfPurchase: osloTime(receipt.timeOfPurchase),
    ...(receipt.card !== undefined ? { card: [receipt.card] } : {}),
    ...(receipt.franchiseName !== undefined ? { franchiceName: receipt.franchiseName } : {}),
    link: [linker.link('self', ROUTES.receipt, params), linker.link('delete_receipt', ROUTES.receipt, params)],
  };
}

/**
 * A mailbox as the root lists it (digipost/android model/Mailbox.java, digipost/ios
 * POSMailbox+Methods.m): each with its own name, address, unread count, storage, folders and links,
 * every link into that mailbox only. The account's own settings and archive are linked from the
 * person's own mailbox alone.
 */
export function mailboxJson(linker: Linker, box: ReadableMailbox): Record<string, unknown> {
  const link = [linker.link('document_inbox', ROUTES.inbox)];
  if (box.owner) link.push(linker.link('mailbox_settings', ROUTES.mailboxSettings));
  // As digipost/android reads them: the inbox's own upload, and (own mailbox only) the archive's.
  link.push(linker.link('upload_document_to_inbox', ROUTES.uploadToInbox));
  if (box.owner) link.push(linker.link('upload_document', ROUTES.upload));
  link.push(linker.link('receipts', ROUTES.receipts));
  return {
    name: box.name,
    digipostaddress: box.digipostaddress,
    owner: box.owner,
    unreadItemsInInbox: box.mailbox.unreadInInbox(),
    usedStorage: box.usedStorage,
    totalAvailableStorage: box.totalAvailableStorage,
    folders: { folder: box.mailbox.folders.map((f) => folderSummary(linker, f)), link: [linker.link('create_folder', ROUTES.folders)] },
    link,
  };
}
