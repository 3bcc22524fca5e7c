import { z } from '../shared/zod.ts';

/*
 * The worker's reading of the service's answers (contract §4-§6): the root resource (with its
 * account, mailboxes and folders) and an inbox page, which the worker itself uses, and
 * `anyResourceSchema`, the loose check of whatever else it hands to a page. The pages do not ship
 * zod: they read what they show with the checked readers of src/model/read-json.ts.
 * The contract shows only samples, and the real service adds fields freely. So every object is
 * loose: unknown fields survive, and nothing fails because the service grew. The fields the worker
 * reads are typed, so a wrong type is caught here, at the edge. Fields the contract does not promise
 * are optional; link lists default to empty so that callers never have to tell "no links" from
 * "no link field". Written with zod/mini's functions (`z.optional(x)`, `z._default(x, ...)`,
 * `x.check(...)`), not the classic chained methods: zod/mini keeps the worker's bundle small.
 */

const links = () => z._default(z.array(linkSchema), () => []);
/** Ids have been numbers in every sample; a string id is harmless and not worth an error. */
const id = z.union([z.number(), z.string()]);

export const linkSchema = z.looseObject({
  rel: z.string(),
  uri: z.string(),
  'media-type': z.optional(z.string()),
});

const addressSchema = z.looseObject({
  street: z.optional(z.string()),
  'house-number': z.optional(z.string()),
  'house-letter': z.optional(z.string()),
  'additional-addressline': z.optional(z.string()),
  'zip-code': z.optional(z.string()),
  city: z.optional(z.string()),
});

const primaryAccountSchema = z.looseObject({
  personalidentificationnumberObfuscated: z.optional(z.string()),
  fullName: z.optional(z.string()),
  firstName: z.optional(z.string()),
  middleName: z.optional(z.string()),
  lastName: z.optional(z.string()),
  email: z.optional(z.array(z.string())),
  phonenumber: z.optional(z.string()),
  digipostaddress: z.optional(z.string()),
  address: z.optional(z.array(addressSchema)),
  unreadItemsInInbox: z.optional(z.int().check(z.nonnegative())),
  usedStorage: z.optional(z.number()),
  totalAvailableStorage: z.optional(z.number()),
  link: links(),
});

const invoiceSchema = z.looseObject({
  kid: z.optional(z.string()),
  accountNumber: z.optional(z.string()),
  amount: z.optional(z.number()),
  dueDate: z.optional(z.string()),
  link: links(),
});

const attachmentSchema = z.looseObject({
  subject: z.optional(z.string()),
  fileType: z.optional(z.string()),
  fileSize: z.optional(z.number()),
  'authentication-level': z.optional(z.string()),
  read: z.optional(z.boolean()),
  mainDocument: z.optional(z.boolean()),
  invoice: z.optional(invoiceSchema),
  link: links(),
});

/** Enumerated fields (origin, location, type, ...) stay strings: a new value must not hide a letter. */
export const documentSchema = z.looseObject({
  subject: z.optional(z.string()),
  creatorName: z.optional(z.string()),
  created: z.optional(z.string()),
  fileType: z.optional(z.string()),
  fileSize: z.optional(z.number()),
  origin: z.optional(z.string()),
  'authentication-level': z.optional(z.string()),
  location: z.optional(z.string()),
  read: z.optional(z.boolean()),
  confidential: z.optional(z.boolean()),
  type: z.optional(z.string()),
  attachment: z._default(z.array(attachmentSchema), () => []),
  link: links(),
});

export const inboxSchema = z.looseObject({
  document: z._default(z.array(documentSchema), () => []),
  link: links(),
});

export const folderSchema = z.looseObject({
  name: z.optional(z.string()),
  id: z.optional(id),
  icon: z.optional(z.string()),
  documents: z.optional(z.looseObject({ document: z._default(z.array(documentSchema), () => []) })),
  link: links(),
});

const foldersSchema = z.looseObject({
  folder: z._default(z.array(folderSchema), () => []),
  link: links(),
});

const mailboxSchema = z.looseObject({
  name: z.optional(z.string()),
  digipostaddress: z.optional(z.string()),
  owner: z.optional(z.boolean()),
  unreadItemsInInbox: z.optional(z.int().check(z.nonnegative())),
  /** Bytes used of the mailbox's storage, and the most it may hold (real-service notes: several mailboxes). */
  usedStorage: z.optional(z.number().check(z.nonnegative())),
  totalAvailableStorage: z.optional(z.number().check(z.nonnegative())),
  folders: z.optional(foldersSchema),
  link: links(),
});

const noticeSchema = z.looseObject({
  code: z.optional(z.string()),
  messageHeader: z.optional(z.string()),
  messageText: z.optional(z.string()),
  dismissText: z.optional(z.string()),
  link: links(),
});

export const rootResourceSchema = z.looseObject({
  csrfToken: z.optional(z.string()),
  authenticationlevel: z.optional(z.int()),
  primaryAccount: z.optional(primaryAccountSchema),
  mailbox: z.optional(z.array(mailboxSchema)),
  settings: z.optional(z.array(z.looseObject({ name: z.string(), value: z.unknown() }))),
  language: z.optional(z.looseObject({ language: z.optional(z.string()), link: links() })),
  notice: z.optional(noticeSchema),
  link: links(),
});

/**
 * Where the worker looks for an action's link (background/writes.ts): the resource's own links,
 * an attachment's, or, on the root, the first mailbox's folder list (create_folder, contract §5).
 */
export const writeSourceSchema = z.looseObject({
  link: links(),
  // An invoice's own actions (send_to_bank) are on the invoice, not the attachment (contract §6.1).
  attachment: z.optional(z.array(z.looseObject({ link: links(), invoice: z.optional(z.looseObject({ link: links() })) }))),
  mailbox: z.optional(z.array(z.looseObject({ digipostaddress: z.optional(z.string()), owner: z.optional(z.boolean()), folders: z.optional(z.looseObject({ link: links() })) }))),
  // The root's notice: its dismiss_notice is performed like any other write.
  notice: z.optional(z.looseObject({ link: links() })),
});

/** Any resource the viewer may show: any object, as long as its `link`, if any, is made of links. */
export const anyResourceSchema = z.looseObject({
  link: z.optional(z.array(linkSchema)),
});

export type Link = z.infer<typeof linkSchema>;
export type Attachment = z.infer<typeof attachmentSchema>;
export type Document = z.infer<typeof documentSchema>;
export type Inbox = z.infer<typeof inboxSchema>;
export type RootResource = z.infer<typeof rootResourceSchema>;
