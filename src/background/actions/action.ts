import type { RootMailbox } from '../../api/inbox.ts';
import type { OwnRequestOf, OwnRequestRelation, WriteRelation } from '../../api/relations.ts';
import type { WriteSource } from '../../api/schemas.ts';
import { AppError, type ErrorCode } from '../../shared/errors.ts';
import type { Permission } from '../../shared/permissions.ts';
import type { Request } from '../../protocol/messages.ts';
import type { WriteNote, WriteRecord } from '../../storage/items.ts';
import { canonicalAddress } from '../intent.ts';

/** A page's write, as the worker takes it (protocol/requests.ts' `write`). */
export type WriteRequest = Omit<Extract<Request, { type: 'write' }>, 'type'>;

/** Who asked: the signed-in person and the permissions their session holds. */
export interface Signed {
  userId: string;
  scopes: readonly Permission[];
}

/** A write of the relation R, as its action's hooks see it: the type holds an action to its relation (table.ts). */
export type Asked<R extends WriteRelation> = WriteRequest & { rel: R };

export type Fields = Record<string, unknown>;

/** The target as an action's evidence reads it again, on each call. */
export type ReadAgain = () => Promise<Fields>;

/**
 * One write the worker performs on a person's click, through the link with its relation `R` that
 * the target offers (background/writes.ts is the glue, once.ts the engine; neither names an
 * action). Its relation is a row of api/relations.ts with a method, which also says the permission
 * the session must hold for it (the one the service names in a 403): one place for both.
 */
export interface WriteAction<R extends WriteRelation> {
  /**
   * Before its link is looked for: true when the target shows already that there is nothing to
   * send (done); a refusal is thrown.
   */
  readonly ready?: (request: Asked<R>, source: WriteSource, written: () => Promise<void>) => Promise<true | undefined>;
  /**
   * The body it sends, from the fields the page gave (an object's only) and the target as it is
   * now, once its link is found; without one, what the page gave. A target it must not be sent
   * to is refused here (thrown), and nothing is sent.
   */
  readonly body?: (given: Fields | undefined, source: WriteSource, request: Asked<R>) => Fields | undefined;
  /** What the record keeps before the request leaves, beside the fields asked for, for a later look to tell ours apart. */
  readonly note?: (request: Asked<R>, source: WriteSource, fields: WriteNote['fields']) => Pick<WriteNote, 'before'>;
  /** It changes its target in place: a target already as asked needs nothing sent. */
  readonly inPlace?: true;
  /**
   * Its evidence: whether the service shows, read again, that it happened as its record noted.
   * Only what cannot be mistaken counts. `confirmWindowMs`: how long it may look for a write whose
   * evidence lags behind the service's own record of it.
   */
  readonly look: (record: WriteRecord, read: ReadAgain, request: Asked<R>, confirmWindowMs: number) => Promise<boolean>;
  /**
   * What an answered refusal (or a failed read of its target) means for the person; without one,
   * `explained` with its permission: the refusals every filing action shares.
   */
  readonly refusal?: (error: unknown, permission: Permission | undefined) => unknown;
  /** What is said while it may have arrived and no evidence shows it; without one, 'write_outcome_unknown'. */
  readonly unseen?: ErrorCode;
  /** Once done, never sent again, whatever a look shows (once.ts' `final`); without it, sent again when its evidence is gone. */
  readonly final?: true;
  /**
   * Once done, the page's answer carries the target as read again (writes.ts' `shown`), so the page
   * shows what it did without a round trip of its own.
   */
  readonly shows?: true;
}

/**
 * A write a request of its own performs (its relation's row names the request: api/relations.ts'
 * `request`), never `write`: its link is not on the letter or folder a page names, so its module
 * finds the link itself (an upload: its place's relation in the root; an opening receipt: the
 * letter's attachment), and runs it through the same once-only engine with its own evidence. Its
 * row in the table declares what every write declares beside that module: how an unknown outcome
 * is said, and whether it may ever be sent again.
 */
export interface OwnRequestAction<R extends OwnRequestRelation> {
  /** The request that performs it, as its relation's row names it. */
  readonly request: OwnRequestOf<R>;
  /** What is said while it may have arrived and no evidence shows it. */
  readonly unseen: ErrorCode;
  /** Once done, never sent again, whatever a look shows; without it, sent again when its evidence is gone. */
  readonly final?: true;
}

/** A field as text: ids come as numbers or strings. */
export const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

/** The letter (or folder) has each of `fields` (an id aside) as given. */
export function matches(resource: Fields, fields: Fields): boolean {
  return Object.entries(fields).every(([key, value]) => key === 'id' || text(resource[key]) === text(value));
}

const gone = (error: unknown) => error instanceof AppError && (error.code === 'http_not_found' || error.info.status === 410);

/** Evidence of a change in place: the target has the fields asked for. */
export async function hasFields(record: WriteRecord, read: ReadAgain): Promise<boolean> {
  return record.fields !== undefined && matches(await read(), record.fields);
}

/** Evidence of a delete: the target is gone. */
export function isGone(_record: WriteRecord, read: ReadAgain): Promise<boolean> {
  return read().then(
    () => false,
    (error: unknown) => {
      if (gone(error)) return true;
      throw error;
    },
  );
}

/**
 * What an answered refusal means for the person (contract §5-§7). 403: the permission is gone;
 * 404/410: the letter or folder is; 400 carries the service's error code.
 */
export function explained(error: unknown, permission: Permission | undefined): unknown {
  if (!(error instanceof AppError)) return error;
  const { code, info } = error;
  if (code === 'http_forbidden' || code === 'http_forbidden_permission')
    return new AppError('write_forbidden', { status: 403, ...(permission ? { permission } : {}) });
  if (gone(error)) return new AppError('write_target_gone', { status: info.status ?? 404 });
  if (info.status === 400) {
    const detail = info.detail ?? '';
    if (/FOLDER_NOT_EMPTY/i.test(detail)) return new AppError('folder_not_empty', { detail });
    if (/FOLDER.*(NOT_FOUND|UNKNOWN|NOT_EXIST)|(UNKNOWN|INVALID)_FOLDER/i.test(detail)) return new AppError('folder_not_found', { detail });
    return new AppError('write_rejected', { status: 400, detail });
  }
  return error;
}

/**
 * The root's mailbox that owns a link at `named` (one of its own, or of its folder list: the page
 * names the mailbox so), else the person's own: the first the root does not mark as shared with
 * them (never a shared one that happens to be listed first). Never by its Digipost address: a
 * mailbox shared with the person may be listed with their own. A link two entries claim names neither.
 */
export function mailboxIn(mailboxes: readonly RootMailbox[] | undefined, named: string | undefined): RootMailbox | undefined {
  if (named === undefined) return mailboxes?.find((mailbox) => mailbox.owner !== false);
  const address = canonicalAddress(named);
  const owners = (mailboxes ?? []).filter((mailbox) =>
    [...mailbox.link, ...(mailbox.folders?.link ?? [])].some((link) => canonicalAddress(link.uri) === address),
  );
  return owners.length === 1 ? owners[0] : undefined;
}
