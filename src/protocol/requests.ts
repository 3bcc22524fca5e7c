import type { LinkTarget } from '../api/links.ts';
import { MAX_SUBJECT_LENGTH } from '../api/upload-rules.ts';
import { z } from '../shared/zod.ts';
import type { AlertSettings } from '../storage/alert-items.ts';
import type { RootSnapshot } from '../api/root-snapshot.ts';
import type { Wait } from './answer-within.ts';
import type { PageName } from './pages.ts';
import type { ContentView, PageConfigView, ResourceSnapshot, RevocationView, StatusView, StoredConfigView } from './views.ts';

/** One request a page may send the worker: a row of REQUESTS. */
export interface RequestRow {
  /** Its fields beside `type`, as the worker checks them before a handler sees them. */
  fields: z.core.$ZodShape;
  /** What the worker answers, as a type (ofType): answers carry data, never a token. */
  answer: (answer: never) => unknown;
  /** How long a page waits for the answer (answer-within.ts). */
  within: Wait;
  /** The pages that may send it ('any': any of our pages, for a request that reads what every page may know). */
  pages: 'any' | readonly PageName[];
  /**
   * 'runtime': runtime messaging. 'post': a page's postMessage to the service worker in Chromium
   * (it carries a file, which Chromium's JSON runtime messaging cannot; src/ui/send-file.ts and
   * page-messages.ts), runtime messaging in Firefox, whose messaging is a structured clone.
   */
  transport: 'runtime' | 'post';
}

/** A type as a value, for the answer column: `ofType<StatusView>` is the identity function, and nothing calls it. */
const ofType = <T>(value: T): T => value;

const configInput = z.object({
  baseUrl: z.string().check(z.maxLength(2048)),
  clientId: z.string().check(z.maxLength(512)),
  clientSecret: z.string().check(z.maxLength(512)),
  scopes: z.array(z.string().check(z.maxLength(64))).check(z.maxLength(32)),
  pollMinutes: z.int().check(z.gte(1), z.lte(1440)),
  notify: z.optional(z.boolean()),
});

const linkTarget = {
  url: z.string().check(z.maxLength(8192)),
  mediaType: z.optional(z.string().check(z.maxLength(256))),
  relation: z.optional(z.string().check(z.maxLength(256))),
};

/** The person's explicit choice to send again a write whose outcome is unknown (background/once.ts). */
const resend = z.optional(z.boolean());

/** An attachment of a letter, by its place among the letter's documents. */
const attachment = z.int().check(z.gte(0), z.lte(1000));

/**
 * Every request a page may send, one row each: its fields, its answer, how long a page waits for it
 * and the pages that may send it. A row without one of them does not compile, nor a request without
 * a handler (background/handlers.ts, typed by dispatch.ts' Handlers); the types every page and the
 * worker use (Request, ResponseMap) are read from here. Adding a request: a row here, a handler there.
 *
 * The worker's table: the fields are zod, which the pages do not ship. They import its types only
 * (messages.ts), and the one column they read, how long to wait, comes to them through the build
 * (requestWaits below).
 *
 * The viewer renders the service's data, so it may not change the settings or sign out; it may
 * connect, which only opens the service's own consent window after a click on its Connect button.
 * Only the options page, which edits it, reads the client secret (getConfig).
 */
export const REQUESTS = {
  getStatus: { fields: {}, answer: ofType<StatusView>, within: 'serviceCall', pages: 'any', transport: 'runtime' },
  connect: { fields: {}, answer: ofType<StatusView>, within: 'person', pages: ['popup', 'options', 'viewer'], transport: 'runtime' },
  signOut: { fields: {}, answer: ofType<StatusView>, within: 'serviceCall', pages: ['popup', 'options'], transport: 'runtime' },
  /** The root and, with `inbox`, the newest letters (the popup): the snapshot the worker caches, where the popup reads it first. */
  getRoot: {
    fields: { force: z.optional(z.boolean()), inbox: z.optional(z.boolean()) },
    answer: ofType<RootSnapshot>,
    within: 'serviceCall',
    pages: 'any',
    transport: 'runtime',
  },
  getResource: { fields: linkTarget, answer: ofType<ResourceSnapshot>, within: 'serviceCall', pages: 'any', transport: 'runtime' },
  /** The whole configuration, client secret included: for the options page only. */
  getConfig: { fields: {}, answer: ofType<StoredConfigView>, within: 'serviceCall', pages: ['options'], transport: 'runtime' },
  /** What any other page may know of the settings. */
  getPageConfig: { fields: {}, answer: ofType<PageConfigView>, within: 'serviceCall', pages: 'any', transport: 'runtime' },
  saveConfig: {
    fields: { config: configInput },
    answer: ofType<StoredConfigView>,
    within: 'serviceCall',
    pages: ['options'],
    transport: 'runtime',
  },
  /**
   * The options page's settings of new letters, each saved the moment it is changed (a switch, a
   * choice): only the fields sent change, and never the session. Switching notifications on needs
   * the browser's permission first, which the page asks for from the click.
   */
  changeLetterSettings: {
    fields: { pollMinutes: z.optional(configInput.shape.pollMinutes), notify: z.optional(z.boolean()) },
    answer: ofType<StoredConfigView>,
    within: 'serviceCall',
    pages: ['options'],
    transport: 'runtime',
  },
  /**
   * The settings' shaping of alerts (issue #48): the kinds and mailboxes switched off, and a pause
   * for an hour, until tomorrow morning or until resumed (or `resume`). Answered with them as saved.
   */
  changeAlerts: {
    fields: {
      kindsOff: z.optional(z.array(z.enum(['letters', 'invoices', 'parcels', 'appointments'])).check(z.maxLength(4))),
      mailboxesOff: z.optional(z.array(z.string().check(z.maxLength(2048))).check(z.maxLength(100))),
      pause: z.optional(z.enum(['hour', 'morning', 'resumed', 'resume'])),
    },
    answer: ofType<AlertSettings>,
    // Storage and the menu only: the shortest wait there is.
    within: 'serviceCall',
    pages: ['options'],
    transport: 'runtime',
  },
  /**
   * The options page's permission switches: what Connect asks for from now on. Signed in, the
   * consent window asks for exactly these first, and only once they are granted is anything saved;
   * refused or closed, the session and the settings stay as they were.
   */
  changePermissions: {
    fields: { scopes: configInput.shape.scopes },
    answer: ofType<StoredConfigView>,
    within: 'person',
    // The viewer's "Allow…" on a place or a letter a permission locks asks as the settings' switch does (#49 point 2).
    pages: ['options', 'viewer'],
    transport: 'runtime',
  },
  /** A letter's content (get_document_content): fetched by the worker with the token, handed over as Base64. */
  getContent: { fields: linkTarget, answer: ofType<ContentView>, within: 'contentCall', pages: 'any', transport: 'runtime' },
  /**
   * Sends the opening receipt of the attachment at `attachment` of the letter at `letter` (its
   * self link); only ever after the user's own click. The worker reads the letter itself and
   * POSTs the send_opening_receipt link the service gives there: a page names no address to POST.
   * A write like any other: once per intent, `resend` as for 'write'. Answers the service's answer
   * to the receipt (the attachment, with its content link, where it sends one).
   */
  sendOpeningReceipt: {
    fields: { letter: z.object(linkTarget), attachment, resend },
    answer: ofType<{ data: unknown }>,
    within: 'contentCall',
    pages: 'any',
    transport: 'runtime',
  },
  /**
   * One action on the service (move, rename, delete a letter; create, change, delete a folder;
   * send an invoice to the bank), as the person intends it. The worker knows which asks are the
   * same intent (background/intent.ts: the person, the resource, the action and its body) and
   * performs each once: asked again, it looks before it sends. It reads `target` (at `attachment`,
   * when given) and performs the link with relation `rel` it finds there: a page names no address
   * (background/writes.ts). `expect`: only if the target still has these fields (an undo);
   * update_document's body names only what changes. `notice`: the notice a dismiss_notice is
   * for, as the person saw it; one the service put in its place since is not dismissed
   * ('write_target_changed'). `resend`: the person chose, in words that
   * say it may already have arrived, to send again an intent whose outcome is unknown. Answers the
   * service's answer (null when it sent none, or the worker found the write done without one).
   * Changes to the mailbox come only from the viewer's buttons, never from the popup or options.
   */
  write: {
    fields: {
      target: z.object(linkTarget),
      attachment: z.optional(attachment),
      rel: z.string().check(z.regex(/^[a-z_]{1,64}$/)),
      body: z.optional(z.unknown()),
      expect: z.optional(z.record(z.string().check(z.regex(/^[A-Za-z]{1,32}$/)), z.string().check(z.maxLength(1000)))),
      resend,
      // The root's mailbox the write is in, where the root lists several (a new folder of a shared mailbox is made there), by the
      // address of one of its own links as the page saw it: never by its Digipost address, which two mailboxes may share.
      mailboxLink: z.optional(z.string().check(z.maxLength(8192))),
      // For dismiss_notice, the notice the person saw (its dismiss link and its words): the worker dismisses that one only.
      notice: z.optional(
        z.object({
          dismiss: z.string().check(z.maxLength(8192)),
          code: z.optional(z.string().check(z.maxLength(256))),
          messageHeader: z.optional(z.string().check(z.maxLength(4096))),
          messageText: z.optional(z.string().check(z.maxLength(65_536))),
        }),
      ),
    },
    // `shown`: for send_to_bank, the letter as the worker read it again once sent (null: gone), so the page asks nothing more.
    answer: ofType<{ data: unknown; shown?: unknown }>,
    within: 'writeCall',
    pages: ['viewer'],
    transport: 'runtime',
  },
  /**
   * The person's own bank account, for Send to my bank's confirmation to name (the root's
   * `current_bank_account`, with READ_ACCOUNT_INFO): absent where the service names none. One
   * request, where the page once read the root and the account itself (actions/send-to-bank.ts).
   */
  getOwnBankAccount: { fields: {}, answer: ofType<{ account?: string }>, within: 'serviceCall', pages: 'any', transport: 'runtime' },
  /** Whether a sign-out has not yet reached the service (its grant still works there). */
  getRevocation: { fields: {}, answer: ofType<RevocationView>, within: 'serviceCall', pages: 'any', transport: 'runtime' },
  /** Tries now to tell the service of the sign-outs it has not heard of. */
  retryRevocation: { fields: {}, answer: ofType<RevocationView>, within: 'serviceCall', pages: ['popup', 'options'], transport: 'runtime' },
  /**
   * Uploads the page's `file` to `place`, once per intent (this file, under this subject, to this
   * place: background/actions/upload.ts): the worker takes the place's upload relation from the root
   * itself (contract §10). The Blob goes by reference, never as text: it travels only by
   * structured clone (src/ui/send-file.ts), and JSON messaging cannot carry it. `resend`: as for
   * a write. Answers the new letter, as the viewer opens it (absent when the service named none).
   * Only where a person chose a file and pressed Save or Upload.
   */
  upload: {
    fields: {
      subject: z.string().check(z.regex(/\S/), z.maxLength(MAX_SUBJECT_LENGTH)),
      place: z.discriminatedUnion('kind', [
        // A shared mailbox's inbox by its inbox link (api/upload-places.ts), as long as any address.
        z.object({ kind: z.literal('inbox'), mailbox: z.optional(z.string().check(z.maxLength(8192))) }),
        z.object({ kind: z.literal('folder'), self: z.string().check(z.maxLength(8192)) }),
      ]),
      // Structured clone makes the page's Blob one of this realm's; JSON messaging would make it {} (refused).
      file: z.instanceof(Blob),
      name: z.string().check(z.maxLength(1024)),
      resend,
    },
    answer: ofType<{ letter?: LinkTarget }>,
    within: 'uploadCall',
    pages: ['save', 'viewer'],
    transport: 'post',
  },
} as const satisfies Record<string, RequestRow>;

export type RequestType = keyof typeof REQUESTS;

type RowOf<K extends RequestType> = (typeof REQUESTS)[K];

/** The schema a request of type K is checked with: its type, then its row's fields. */
type SchemaOf<K extends RequestType> = RowOf<K>['fields'] extends infer F extends z.core.$ZodShape
  ? z.ZodMiniObject<{ type: z.ZodMiniLiteral<K> } & F>
  : never;

/** A request as a page sends it and a handler takes it: what its row's schema lets through. */
export type Request = { [K in RequestType]: z.output<SchemaOf<K>> }[RequestType];

/** What the worker answers to each type of request. */
export type ResponseMap = { [K in RequestType]: ReturnType<RowOf<K>['answer']> };

/** Each row's schema, as SchemaOf types it (Object.entries forgets which type has which row). */
const schemas = Object.entries(REQUESTS).map(([type, row]) => z.object({ type: z.literal(type), ...row.fields }));

/** What the worker accepts from a page; anything else is refused before it reaches a handler. */
export const requestSchema = z.discriminatedUnion(
  'type',
  schemas as [(typeof schemas)[number], ...typeof schemas],
) as unknown as z.ZodMiniType<Request>;

/** The row of a type a page named, or undefined when there is no such request (the schema refuses it). */
export function requestRule(type: string): RequestRow | undefined {
  return Object.hasOwn(REQUESTS, type) ? REQUESTS[type as RequestType] : undefined;
}

/** The waits the pages read (answer-within.ts), as the build hands them over: each request's, but the common one. */
export type RequestWaits = Partial<Record<RequestType, Exclude<Wait, 'serviceCall'>>>;

/**
 * The `within` column for the pages (vite.config.ts makes it __REQUEST_WAITS__), which ship none of
 * this table. The common wait, a call to the service, is left out to keep their scripts small.
 */
export function requestWaits(): RequestWaits {
  const waits: RequestWaits = {};
  for (const [type, row] of Object.entries(REQUESTS) as [RequestType, RequestRow][])
    if (row.within !== 'serviceCall') waits[type] = row.within;
  return waits;
}
