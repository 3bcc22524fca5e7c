import { z } from './zod.ts';

/*
 * The spec shows only samples, and the real service adds fields freely. So every object is loose:
 * unknown fields survive for the generic viewer, and nothing fails because the service grew.
 * The fields we read are typed, so a wrong type is caught here, at the edge, and not in a page.
 * Fields the spec or the notes do not promise are optional; link lists default to empty so that
 * callers never have to tell "no links" from "no link field".
 */

const links = () => z.array(linkSchema).default([]);
/** Ids have been numbers in every sample; a string id is harmless and not worth an error. */
const id = z.union([z.number(), z.string()]);

export const linkSchema = z.looseObject({
  rel: z.string(),
  uri: z.string(),
  'media-type': z.string().optional(),
});

export const addressSchema = z.looseObject({
  street: z.string().optional(),
  'house-number': z.string().optional(),
  'house-letter': z.string().optional(),
  'additional-addressline': z.string().optional(),
  'zip-code': z.string().optional(),
  city: z.string().optional(),
});

export const primaryAccountSchema = z.looseObject({
  personalidentificationnumberObfuscated: z.string().optional(),
  fullName: z.string().optional(),
  firstName: z.string().optional(),
  middleName: z.string().optional(),
  lastName: z.string().optional(),
  email: z.array(z.string()).optional(),
  phonenumber: z.string().optional(),
  digipostaddress: z.string().optional(),
  address: z.array(addressSchema).optional(),
  unreadItemsInInbox: z.number().int().nonnegative().optional(),
  usedStorage: z.number().optional(),
  totalAvailableStorage: z.number().optional(),
  link: links(),
});

export const invoiceSchema = z.looseObject({
  kid: z.string().optional(),
  accountNumber: z.string().optional(),
  amount: z.number().optional(),
  dueDate: z.string().optional(),
  link: links(),
});

export const attachmentSchema = z.looseObject({
  subject: z.string().optional(),
  fileType: z.string().optional(),
  fileSize: z.number().optional(),
  'authentication-level': z.string().optional(),
  read: z.boolean().optional(),
  mainDocument: z.boolean().optional(),
  invoice: invoiceSchema.optional(),
  link: links(),
});

/** Enumerated fields (origin, location, type, ...) stay strings: a new value must not hide a letter. */
export const documentSchema = z.looseObject({
  subject: z.string().optional(),
  creatorName: z.string().optional(),
  created: z.string().optional(),
  fileType: z.string().optional(),
  fileSize: z.number().optional(),
  origin: z.string().optional(),
  'authentication-level': z.string().optional(),
  location: z.string().optional(),
  read: z.boolean().optional(),
  confidential: z.boolean().optional(),
  type: z.string().optional(),
  attachment: z.array(attachmentSchema).default([]),
  link: links(),
});

export const inboxSchema = z.looseObject({
  document: z.array(documentSchema).default([]),
  link: links(),
});

export const folderSchema = z.looseObject({
  name: z.string().optional(),
  id: id.optional(),
  icon: z.string().optional(),
  documents: z.looseObject({ document: z.array(documentSchema).default([]) }).optional(),
  link: links(),
});

export const foldersSchema = z.looseObject({
  folder: z.array(folderSchema).default([]),
  link: links(),
});

export const mailboxSchema = z.looseObject({
  name: z.string().optional(),
  digipostaddress: z.string().optional(),
  owner: z.boolean().optional(),
  unreadItemsInInbox: z.number().int().nonnegative().optional(),
  folders: foldersSchema.optional(),
  link: links(),
});

export const receiptSchema = z.looseObject({
  id: id.optional(),
  amount: z.number().optional(),
  currency: z.string().optional(),
  storeName: z.string().optional(),
  timeOfPurchase: z.string().optional(),
  link: links(),
});

export const receiptsSchema = z.looseObject({
  receipt: z.array(receiptSchema).default([]),
  link: links(),
});

export const noticeSchema = z.looseObject({
  code: z.string().optional(),
  messageHeader: z.string().optional(),
  messageText: z.string().optional(),
  dismissText: z.string().optional(),
  link: links(),
});

export const rootResourceSchema = z.looseObject({
  csrfToken: z.string().optional(),
  authenticationlevel: z.number().int().optional(),
  primaryAccount: primaryAccountSchema.optional(),
  mailbox: z.array(mailboxSchema).optional(),
  settings: z.array(z.looseObject({ name: z.string(), value: z.unknown() })).optional(),
  language: z.looseObject({ language: z.string().optional(), link: links() }).optional(),
  notice: noticeSchema.optional(),
  link: links(),
});

/** Any resource the viewer may show: any object, as long as its `link`, if any, is made of links. */
export const anyResourceSchema = z.looseObject({
  link: z.array(linkSchema).optional(),
});

export type Link = z.infer<typeof linkSchema>;
export type Address = z.infer<typeof addressSchema>;
export type PrimaryAccount = z.infer<typeof primaryAccountSchema>;
export type Invoice = z.infer<typeof invoiceSchema>;
export type Attachment = z.infer<typeof attachmentSchema>;
export type Document = z.infer<typeof documentSchema>;
export type Inbox = z.infer<typeof inboxSchema>;
export type Folder = z.infer<typeof folderSchema>;
export type Folders = z.infer<typeof foldersSchema>;
export type Mailbox = z.infer<typeof mailboxSchema>;
export type Receipt = z.infer<typeof receiptSchema>;
export type Receipts = z.infer<typeof receiptsSchema>;
export type Notice = z.infer<typeof noticeSchema>;
export type RootResource = z.infer<typeof rootResourceSchema>;
export type AnyResource = z.infer<typeof anyResourceSchema>;
