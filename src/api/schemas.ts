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
 *
 * The root is everything at once: the person's own account and inbox beside every mailbox shared
 * with them. What it only shows (names, counts, storage figures, a notice's words) is read with
 * `shown`, and its lists of mailboxes and folders with `eachOf`, so that one odd value costs only
 * itself: a parent's mailbox with `usedStorage: null` must not take the person's own badge, letters
 * and invoices with it. What the extension acts on stays strict: links (a malformed one drops its
 * mailbox or folder, never passes), a folder's id, whose a mailbox is (`owner`).
 */

const links = () => z._default(z.array(linkSchema), () => []);

/**
 * What the service sent, as `read` makes of it, whatever it is: for what the root must read leniently.
 * (A transform, not zod's catch: the worker's bundle has its classes already.)
 */
const lenient = <O>(read: (value: unknown) => O) => z.pipe(z.unknown(), z.transform(read));

/**
 * A field the extension only shows: one of the wrong type or out of range reads as absent (and
 * does not pass on as an unknown field either), never as an error of the whole resource.
 */
const shown = <T extends z.ZodMiniType>(schema: T) => z.optional(lenient((value): z.output<T> | undefined => schema.safeParse(value).data));

/** A list whose entries each count only for themselves: an entry that does not read is left out, the rest kept; no list is undefined. */
const eachOf =
  <T extends z.ZodMiniType>(entry: T) =>
  (value: unknown): z.output<T>[] | undefined =>
    Array.isArray(value)
      ? value.flatMap((item): z.output<T>[] => {
          const read = entry.safeParse(item);
          return read.success ? [read.data] : [];
        })
      : undefined;

/** Ids have been numbers in every sample; a string id is harmless and not worth an error. */
const id = z.union([z.number(), z.string()]);

export const linkSchema = z.looseObject({
  rel: z.string(),
  uri: z.string(),
  'media-type': z.optional(z.string()),
});

const addressSchema = z.looseObject({
  street: shown(z.string()),
  'house-number': shown(z.string()),
  'house-letter': shown(z.string()),
  'additional-addressline': shown(z.string()),
  'zip-code': shown(z.string()),
  city: shown(z.string()),
});

/** A count of letters: a whole number, not below zero. */
const count = () => shown(z.int().check(z.nonnegative()));
/** Bytes of storage: not below zero. */
const bytes = () => shown(z.number().check(z.nonnegative()));

/** The person's account as the root gives it: shown only (names, addresses, counts), beside its links. */
const primaryAccountSchema = z.looseObject({
  personalidentificationnumberObfuscated: shown(z.string()),
  fullName: shown(z.string()),
  firstName: shown(z.string()),
  middleName: shown(z.string()),
  lastName: shown(z.string()),
  email: shown(z.array(z.string())),
  phonenumber: shown(z.string()),
  digipostaddress: shown(z.string()),
  address: z.optional(lenient(eachOf(addressSchema))),
  unreadItemsInInbox: count(),
  usedStorage: bytes(),
  totalAvailableStorage: bytes(),
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
  name: shown(z.string()),
  // A letter is filed into a folder by its id: an odd one is no folder to file into (strict).
  id: z.optional(id),
  icon: shown(z.string()),
  documents: z.optional(z.looseObject({ document: z._default(z.array(documentSchema), () => []) })),
  link: links(),
});

/** A mailbox's folders as the root lists them: a folder that does not read is left out, not the mailbox. */
const foldersSchema = z.looseObject({
  folder: z._default(
    lenient((value) => eachOf(folderSchema)(value) ?? []),
    () => [],
  ),
  link: links(),
});

/**
 * One of the root's mailboxes. Its links and whose it is (`owner`) are strict: an entry whose links
 * are malformed, or that does not say plainly whether it is shared, is left out of the root's list
 * (`eachOf`), for a shared mailbox taken for the person's own would put a parent's letters and
 * folders among theirs. A folder list that does not read is absent: the mailbox stays, without it.
 */
const mailboxSchema = z.looseObject({
  name: shown(z.string()),
  digipostaddress: shown(z.string()),
  owner: z.optional(z.boolean()),
  unreadItemsInInbox: count(),
  /** Bytes used of the mailbox's storage, and the most it may hold (real-service notes: several mailboxes). */
  usedStorage: bytes(),
  totalAvailableStorage: bytes(),
  folders: shown(foldersSchema),
  link: links(),
});

/** The root's mailboxes, each counting only for itself; a list that is no list reads as none. */
const mailboxes = () => z.optional(lenient(eachOf(mailboxSchema)));

/** The root's notice: its words are shown only; a notice whose links do not read is none (shown(noticeSchema)). */
const noticeSchema = z.looseObject({
  code: shown(z.string()),
  messageHeader: shown(z.string()),
  messageText: shown(z.string()),
  dismissText: shown(z.string()),
  link: links(),
});

export const rootResourceSchema = z.looseObject({
  csrfToken: z.optional(z.string()),
  authenticationlevel: z.optional(z.int()),
  primaryAccount: z.optional(primaryAccountSchema),
  mailbox: mailboxes(),
  settings: z.optional(z.array(z.looseObject({ name: z.string(), value: z.unknown() }))),
  language: z.optional(z.looseObject({ language: shown(z.string()), link: links() })),
  notice: shown(noticeSchema),
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
  // Read as the root cache reads them: a mailbox entry that does not read costs only itself here too.
  mailbox: mailboxes(),
  // The root's notice: its dismiss_notice is performed like any other write.
  notice: shown(noticeSchema),
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
export type WriteSource = z.infer<typeof writeSourceSchema>;
