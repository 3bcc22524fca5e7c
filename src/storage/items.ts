// Every item the worker alone reads, with its key, area, schema and default. (The items the pages
// read too are in page-items.ts, checked without zod.) The schemas describe this version's layout;
// migrations.ts brings an older profile's storage to it. Secrets and personal data: the refresh
// token and who is signed in in storage.local, the access token and anything personal in
// storage.session only; nothing in storage.sync.
import { describeIssues, z } from '../shared/zod.ts';
import { isPermission } from '../shared/permissions.ts';
import { defineFamily, defineItem, type Checked } from './item.ts';

/** A schema as an item's check: what does not fit is named by path and kind, never by value. */
function checkWith<T>(schema: z.ZodMiniType<T>): (value: unknown) => Checked<T> {
  return (value) => {
    const result = schema.safeParse(value);
    return result.success ? { ok: true, value: result.data } : { ok: false, problem: describeIssues(result.error) };
  };
}

const nonEmpty = () => z.string().check(z.minLength(1));

/**
 * Permission names as stored: one this version does not know (a later version's, or one taken
 * away) is left out rather than spoiling the whole value, so an update never signs anyone out
 * over a permission's name.
 */
const storedPermissions = z.pipe(
  z.array(z.string()),
  z.transform((names: string[]) => names.filter(isPermission)),
);

// ---- storage.local: survives a browser restart ----

const revocationSchema = z.object({
  id: nonEmpty(),
  baseUrl: nonEmpty(),
  clientId: nonEmpty(),
  clientSecret: z.string(),
  refreshToken: z.optional(nonEmpty()),
  access: z.optional(z.object({ token: nonEmpty(), expiresAt: z.number() })),
  since: z.number(),
  failedTries: z._default(z.int().check(z.nonnegative()), 0),
  /**
   * A revoke of this record left and its answer never came (no connection half way, the deadline,
   * a gateway's 5xx): the service may have revoked the grant all the same, so a refusal of the
   * access token at the next try means "already revoked". Absent in a record stored before.
   */
  mayHaveArrived: z.optional(z.boolean()),
});
/** A sign-out the service has not yet been told of (auth/pending-revocations.ts says what it keeps and why). */
export type PendingRevocation = z.infer<typeof revocationSchema>;

/**
 * The sign-outs still to be told to their service. A record that does not fit (damage, an older
 * version) is left out alone, so one bad record never hides the others' grants.
 */
export const pendingRevocationsItem = defineItem({
  key: 'auth.pendingRevocations',
  area: 'local',
  check: checkWith(
    z.pipe(
      z.array(z.unknown()),
      z.transform((records: unknown[]) =>
        records.flatMap((record) => {
          const parsed = revocationSchema.safeParse(record);
          return parsed.success ? [parsed.data] : [];
        }),
      ),
    ),
  ),
  fallback: [] as PendingRevocation[],
});

/** The layout's version: what migrations.ts has brought storage.local to (absent: an early 0.1.0 build's, or a new profile). */
export const storageVersionItem = defineItem({
  key: 'storageVersion',
  area: 'local',
  check: checkWith(z.int().check(z.gte(0))),
  fallback: 0,
});

const configSchema = z.object({
  baseUrl: z.string(),
  clientId: z.string(),
  clientSecret: z.string(),
  scopes: z.array(z.string()),
  pollMinutes: z.int().check(z.gte(1), z.lte(1440)),
  /** Absent in a configuration stored before notifications existed: then they are off. */
  notify: z.optional(z.boolean()),
});
export type StoredConfig = z.infer<typeof configSchema>;

/** What the options page saved (src/config/config-store.ts turns it into the configuration in use). */
export const configItem = defineItem({ key: 'config', area: 'local', check: checkWith(configSchema) });

export const refreshTokenItem = defineItem({ key: 'auth.refreshToken', area: 'local', check: checkWith(nonEmpty()) });

const accountSchema = z.object({
  userId: nonEmpty(),
  scopes: storedPermissions,
  /** The service and client the tokens belong to: tokens are never handed out for another. */
  baseUrl: nonEmpty(),
  clientId: nonEmpty(),
  signedInAt: z.number(),
});
export type StoredAccount = z.infer<typeof accountSchema>;

/** Who is signed in, and with what. */
export const accountItem = defineItem({ key: 'auth.account', area: 'local', check: checkWith(accountSchema) });

/**
 * A number that changes at every sign-out and sign-in. A refresh remembers it when it starts and
 * stores nothing if it changed meanwhile, in this or any other context. Never removed.
 */
export const generationItem = defineItem({ key: 'auth.generation', area: 'local', check: checkWith(z.number()), fallback: 0 });

const seenSchema = z.object({
  /** Opaque keys (hashes of letters' addresses) of letters already notified or already unread. */
  keys: z.array(z.string()),
  /**
   * False until the first check after notifications were switched on (or after a sign-in): that
   * check only remembers the letters that are already unread, so switching on does not flood.
   */
  primed: z.boolean(),
  /**
   * Opaque keys (hashes of their inbox links) of the mailboxes shared with the person whose unread
   * letters have been taken note of: a mailbox shared later, or one that could not be read when
   * alerts were switched on, is taken note of at its first read, not alerted as a flood of news.
   * Absent in what was stored before this was kept: then every mailbox counts as taken note of.
   */
  mailboxes: z.optional(z.array(z.string())),
});
/** What is remembered across checks: no personal data, only opaque keys. */
export type SeenState = z.infer<typeof seenSchema>;

const nothingSeen: SeenState = { keys: [], primed: false };

export const notifiedLettersItem = defineItem({
  key: 'notifiedLetters',
  area: 'local',
  check: checkWith(seenSchema),
  fallback: nothingSeen,
});

const finalWriteSchema = z.object({
  /** The digest the intent's record is stored under (background/intent.ts recordKey): nobody and nothing readable. */
  key: nonEmpty(),
  state: z.enum(['sent', 'done']),
  at: z.number(),
});
export type FinalWrite = z.infer<typeof finalWriteSchema>;

/**
 * The writes a person never means to make twice (a payment sent to the bank, an opening receipt),
 * asked for lately, by opaque key alone: whether each was sent with its outcome unknown, or known
 * done. Unlike the write records they outlive the sign-out's cleanup and a browser restart, so the
 * same person signing in again never pays twice while the payment does not show yet; another
 * person's intents have other keys. Bounded in number and age (background/once.ts). An entry that
 * does not fit is left out alone.
 */
export const finalWritesItem = defineItem({
  key: 'finalWrites',
  area: 'local',
  check: checkWith(
    z.pipe(
      z.array(z.unknown()),
      z.transform((entries: unknown[]) =>
        entries.flatMap((entry) => {
          const parsed = finalWriteSchema.safeParse(entry);
          return parsed.success ? [parsed.data] : [];
        }),
      ),
    ),
  ),
  fallback: [] as FinalWrite[],
});

// ---- storage.session: memory only, emptied when the browser closes ----

const accessSchema = z.object({
  token: nonEmpty(),
  expiresAt: z.number(),
  /** When to refresh it; absent in what an older version stored, then REFRESH_MARGIN_MS applies. */
  refreshAt: z.optional(z.number()),
  /** Came from a refresh forced by a refused call: a bare 403 does not force another. */
  forced: z.optional(z.boolean()),
});
export type StoredAccess = z.infer<typeof accessSchema>;

export const accessTokenItem = defineItem({ key: 'auth.accessToken', area: 'session', check: checkWith(accessSchema) });

/** A PKCE code verifier (RFC 7636 §4.1): 43 to 128 unreserved characters. */
export const CODE_VERIFIER_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;

const pendingSchema = z.object({
  state: nonEmpty(),
  nonce: nonEmpty(),
  /** The PKCE verifier (auth/pkce.ts): kept beside the state while the consent window is open, removed with it. */
  codeVerifier: z.string().check(z.regex(CODE_VERIFIER_PATTERN)),
  createdAt: z.number(),
});
export type PendingSignIn = z.infer<typeof pendingSchema>;

/** The state, nonce and verifier of a sign-in whose consent window is open: they must outlive a stopped worker. */
export const pendingSignInItem = defineItem({ key: 'auth.pendingSignIn', area: 'session', check: checkWith(pendingSchema) });

/**
 * Why the session ended when the person did not ask for it (the service refused its refresh token,
 * or still refused a fresh token). On disk, not in memory: a person who closes the browser before
 * opening the popup still learns why they are signed out, until they connect again or dismiss it
 * (a sign-out of what is left). It names no person and no letter.
 */
export const endReasonItem = defineItem({
  key: 'auth.endReason',
  area: 'local',
  check: checkWith(z.object({ code: z.literal('session_ended') })),
});

const checkMarkSchema = z.object({ unread: z.optional(z.number()), at: z.number() });
/** The last look at the inbox, to fetch it only when it may hold something new. */
export type CheckMark = z.infer<typeof checkMarkSchema>;

export const notificationCheckItem = defineItem({ key: 'notificationCheck', area: 'session', check: checkWith(checkMarkSchema) });

/**
 * Since when new letters wait, unalerted, for the person to come back to an idle or locked computer
 * (issue #48): what arrived meanwhile is summed up in one alert once they are. No letter is named:
 * the letters themselves are the ones not yet remembered as alerted (notifiedLettersItem).
 */
export const notificationAwayItem = defineItem({
  key: 'notificationAway',
  area: 'local',
  check: checkWith(z.object({ since: z.number() })),
});

const noTargets: Record<string, string> = {};

/** Notification id → the viewer address its click opens (personal: session only). */
export const notificationTargetsItem = defineItem({
  key: 'notificationTargets',
  area: 'session',
  check: checkWith(z.record(z.string(), z.string())),
  fallback: noTargets,
});

const writeRecordSchema = z.object({
  state: z.enum(['sent', 'done']),
  at: z.number(),
  /** What was there before it left (letters like this upload's, folders of this name): never taken for it. */
  before: z.optional(z.array(z.string())),
  /** The letter a done upload stored: its own, never evidence for another upload's look. */
  letter: z.optional(z.string()),
  /** The fields the target has once it happened (a letter's place and subject, a folder's name). */
  fields: z.optional(z.record(z.string(), z.string())),
});
export type WriteRecord = z.infer<typeof writeRecordSchema>;
/** What a record notes for a look to tell this intent's outcome apart from anything else. */
export type WriteNote = Pick<WriteRecord, 'before' | 'fields'>;

/**
 * One record per intent (background/once.ts), by the key the worker derives from the person, the
 * resource and the action (background/intent.ts): every write, uploads and opening receipts too.
 * 'sent' is stored before the request goes out, 'done' once the write is known to have happened. A
 * record outlives a stopped worker, so asking for the same intent again looks before it sends; the
 * sign-out's cleanup removes them all, and only the worker reads or writes them.
 */
/**
 * The letters this session's uploads stored (their self addresses, the newest MADE_LETTERS_KEPT):
 * one upload's letter is never taken as another's evidence, though the list shows two uploads of
 * one subject and size alike. Removed with the write records at sign-out.
 */
export const uploadsMadeItem = defineItem({
  key: 'uploadsMade',
  area: 'session',
  check: checkWith(z.array(z.string())),
  fallback: [] as string[],
});

export const writeRecords = defineFamily({ prefix: 'write.', area: 'session', check: checkWith(writeRecordSchema) });
