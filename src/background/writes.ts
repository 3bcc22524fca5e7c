import { parseWith } from '../api/http.ts';
import { classifyLink, findLink } from '../api/links.ts';
import { urlProblem } from '../api/origin.ts';
import { RELATIONS } from '../api/relations.ts';
import type { RootMailbox } from '../api/inbox.ts';
import { anyResourceSchema, rootResourceSchema, writeSourceSchema, type RootResource } from '../api/schemas.ts';
import { CONFIRM_WINDOW_MS } from '../api/timeouts.ts';
import type { ExtensionConfig } from '../config/config.ts';
import { AppError } from '../shared/errors.ts';
import type { Permission } from '../shared/permissions.ts';
import type { Request } from '../protocol/messages.ts';
import { isObj } from '../model/read-json.ts';
import type { ServiceCalls } from './authorized-fetch.ts';
import { canonicalAddress, canonicalFields, intentId } from './intent.ts';
import type { Attempt, Intent, Once } from './once.ts';
import type { WriteNote, WriteRecord } from '../storage/items.ts';

export type WriteRequest = Omit<Extract<Request, { type: 'write' }>, 'type'>;

/** Who asked: the signed-in person and the permissions their session holds. */
export interface Signed {
  userId: string;
  scopes: readonly Permission[];
}

export interface WritesDeps {
  calls: Pick<ServiceCalls, 'authorizedFetch'>;
  once: Once;
  /**
   * Called after each write that happened (the root, the badge, the popup's letters follow), and
   * when a dismiss finds the root's notice gone or replaced since the page read it.
   */
  written: (config: ExtensionConfig) => Promise<void>;
  /** How long the worker looks for an invoice's payment after an unknown outcome (default CONFIRM_WINDOW_MS). */
  confirmWindowMs?: number;
}

/** The service's answer (null when none could be read, or the write was found done by evidence or before). */
export interface WriteAnswer {
  data: unknown;
}

/** A body larger than this is no filing action's: the largest, a folder's change, is under 200 bytes. */
const MAX_BODY_CHARS = 4096;

/** How many times the worker reads an invoice again within the confirmation window. */
const CONFIRM_LOOKS = 6;

type Fields = Record<string, unknown>;
/** A field as text: ids come as numbers or strings. */
const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

/**
 * What an answered refusal means for the person (contract §5-§7). 403: the permission is gone;
 * 404/410: the letter or folder is; 400 carries the service's error code.
 */
function explained(error: unknown, permission: Permission | undefined): unknown {
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

const gone = (error: unknown) => error instanceof AppError && (error.code === 'http_not_found' || error.info.status === 410);

/** An answer came (2xx) that we could not read: the service acted all the same. */
const acceptedUnread = (error: unknown) => error instanceof AppError && ['response_not_json', 'response_too_large'].includes(error.code);

/**
 * update_document sends the letter's place and subject together (filing.ts says why). A page names
 * only what it changes; the rest is taken from the letter as it is now, read in turn with the other
 * writes to it, so a rename queued behind a move keeps the move's folder, and a move the rename's name.
 */
function completeUpdate(source: Fields, change: Fields): Fields {
  const merged = { location: source.location, folderId: source.folderId, subject: source.subject, ...change };
  const subject = text(merged.subject);
  // A letter whose subject we were not told (a confidential one) is not changed here: its subject would be overwritten.
  if (!subject?.trim()) throw new AppError('write_refused');
  const folderId = text(merged.folderId);
  return text(merged.location)?.toUpperCase() === 'FOLDER' && folderId !== undefined
    ? { location: 'FOLDER', folderId, subject }
    : { location: 'INBOX', subject };
}

/** The letter (or folder) has each of `fields` (an id aside) as given. */
function matches(resource: Fields, fields: Fields): boolean {
  return Object.entries(fields).every(([key, value]) => key === 'id' || text(resource[key]) === text(value));
}

/**
 * The root's mailbox that owns a link at `named` (one of its own, or of its folder list: the page
 * names the mailbox so), else the person's own: the first the root does not mark as shared with
 * them (never a shared one that happens to be listed first). Never by its Digipost address: a
 * mailbox shared with the person may be listed with their own. A link two entries claim names neither.
 */
function mailboxIn(mailboxes: readonly RootMailbox[] | undefined, named: string | undefined): RootMailbox | undefined {
  if (named === undefined) return mailboxes?.find((mailbox) => mailbox.owner !== false);
  const address = canonicalAddress(named);
  const owners = (mailboxes ?? []).filter((mailbox) =>
    [...mailbox.link, ...(mailbox.folders?.link ?? [])].some((link) => canonicalAddress(link.uri) === address),
  );
  return owners.length === 1 ? owners[0] : undefined;
}

/** The self addresses of the folders named `name` of the root's mailbox `named` (the person's own without one). */
function foldersNamed(root: Fields, name: string | undefined, named: string | undefined): string[] {
  const folders = mailboxIn(rootResourceSchema.safeParse(root).data?.mailbox, named)?.folders?.folder ?? [];
  return folders.flatMap((folder) => (folder.name === name ? (findLink(folder.link, 'self')?.uri ?? []) : []));
}

type SeenNotice = NonNullable<WriteRequest['notice']>;

/**
 * The root's notice is the one the person saw: the same dismiss link and the same words. The
 * service may put up another in its place (same link, another text) while a page shows the first.
 */
function isNoticeSeen(notice: RootResource['notice'], seen: SeenNotice): boolean {
  const dismiss = findLink(notice?.link, 'dismiss_notice');
  return (
    notice !== undefined &&
    dismiss !== undefined &&
    canonicalAddress(dismiss.uri) === canonicalAddress(seen.dismiss) &&
    notice.code === seen.code &&
    notice.messageHeader === seen.messageHeader &&
    notice.messageText === seen.messageText
  );
}

/** Writes that change their target in place: one already as asked needs nothing sent. */
const CHANGES_IN_PLACE = new Set(['update_document', 'change_folder']);

function invoiceOf(letter: Fields, attachment: number): Fields | undefined {
  const item = Array.isArray(letter.attachment) ? (letter.attachment as unknown[])[attachment] : undefined;
  return isObj(item) && isObj(item.invoice) ? item.invoice : undefined;
}

/**
 * The worker's one way to change a letter or a folder on a person's click: move, rename or delete a
 * letter, create, change or delete a folder, send an invoice to the bank. Each runs through the
 * once-only engine (once.ts), in turn with the other writes to the same target.
 *
 * - Only relations the registry marks as actions with a method, and only with their permission
 *   held by the session.
 * - The address is never a page's: the worker reads the target itself and takes the action's link
 *   from it, on the service's own origin.
 * - `expect` makes it conditional (an undo): it goes only if the target is still as the change left
 *   it, else 'write_target_changed'.
 * - An outcome the answer does not tell is decided here from what the service shows afterwards:
 *   the letter in its new place or name, gone after a delete, the folder there, the invoice's
 *   payment (looked for several times over a bounded while: the service records it only once its
 *   call to the bank is through). Without such evidence the answer is 'write_outcome_unknown', or
 *   for the bank 'write_not_confirmed'; asking for the same intent again only looks, unless the
 *   person chose to send it again.
 */
export function createWrites(deps: WritesDeps) {
  const { calls } = deps;
  const confirmWindowMs = deps.confirmWindowMs ?? CONFIRM_WINDOW_MS;

  const read = async (config: ExtensionConfig, url: string, generation: number): Promise<Fields> =>
    parseWith(anyResourceSchema, await calls.authorizedFetch(config, { url, relation: 'self', generation }), 'resource');

  /**
   * Evidence for a write, from what its record noted: what the service must show once it happened.
   * A letter or folder changed has the fields sent; one deleted is gone; a new folder is one of its
   * name that was not there before; an invoice has its payment (read again a few times over a
   * bounded while after a request whose answer was lost: one read without it proves nothing).
   */
  async function look(
    config: ExtensionConfig,
    request: WriteRequest,
    record: WriteRecord,
    generation: number,
  ): Promise<WriteAnswer | undefined> {
    const { url } = request.target;
    const happened = { data: null };
    if (request.rel === 'send_to_bank') {
      const looks = record.state === 'sent' ? CONFIRM_LOOKS : 1;
      for (let turn = 1; turn <= looks; turn++) {
        const letter = await read(config, url, generation).catch(() => undefined);
        if (letter && invoiceOf(letter, request.attachment ?? 0)?.payment !== undefined) return happened;
        if (turn < looks) await new Promise((resolve) => setTimeout(resolve, confirmWindowMs / looks));
      }
      return undefined;
    }
    if (request.rel.startsWith('delete_')) {
      return read(config, url, generation).then(
        () => undefined,
        (error: unknown) => {
          if (gone(error)) return happened;
          throw error;
        },
      );
    }
    // Dismissed once the root no longer shows the notice the person saw (none, or another in its place).
    if (request.rel === 'dismiss_notice')
      return request.notice &&
        !isNoticeSeen(parseWith(writeSourceSchema, await read(config, url, generation), 'resource').notice, request.notice)
        ? happened
        : undefined;
    const { fields } = record;
    if (!fields) return undefined;
    const resource = await read(config, url, generation);
    if (request.rel === 'create_folder') {
      const made = foldersNamed(resource, fields.name, request.mailboxLink).filter((self) => !(record.before ?? []).includes(self));
      return made.length > 0 ? happened : undefined;
    }
    return matches(resource, fields) ? happened : undefined;
  }

  async function prepare(
    config: ExtensionConfig,
    scopes: readonly Permission[],
    request: WriteRequest,
    generation: number,
  ): Promise<Attempt<WriteAnswer>> {
    const info = RELATIONS.get(request.rel);
    if (info?.kind !== 'action' || !info.method) throw new AppError('write_refused', { detail: request.rel });
    const { method, permission } = info;
    if (permission && !scopes.includes(permission)) throw new AppError('write_permission_missing', { permission });

    const serviceOrigin = new URL(config.baseUrl).origin;
    const { target } = request;
    let source;
    try {
      source = parseWith(
        writeSourceSchema,
        await calls.authorizedFetch(config, { ...target, relation: target.relation ?? 'self', generation }),
        'resource',
      );
    } catch (error) {
      throw explained(error, permission);
    }
    if (request.expect && !matches(source, request.expect)) throw new AppError('write_target_changed');
    if (request.rel === 'dismiss_notice') {
      // Only the notice the person saw: gone already, nothing to send; another in its place is theirs to read first.
      // The cached root, which the page shows, is then out of date: it is read again, so the page shows what is there now.
      if (!request.notice) throw new AppError('write_refused', { detail: 'which notice' });
      if (!source.notice) {
        await deps.written(config);
        return { already: { data: null } };
      }
      if (!isNoticeSeen(source.notice, request.notice)) {
        await deps.written(config);
        throw new AppError('write_target_changed', { detail: 'NOTICE_REPLACED' });
      }
    }
    const attachment = request.attachment === undefined ? undefined : source.attachment?.[request.attachment];
    const links =
      request.attachment === undefined
        ? [...source.link, ...(mailboxIn(source.mailbox, request.mailboxLink)?.folders?.link ?? []), ...(source.notice?.link ?? [])]
        : attachment && [...attachment.link, ...(attachment.invoice?.link ?? [])];
    const link = links && findLink(links, request.rel);
    if (!link) throw new AppError('write_link_missing');
    const problem = urlProblem(link.uri, serviceOrigin);
    if (problem) throw new AppError(problem);
    // A payment already there, with no record of ours, is someone else's sending: ours could never be told apart from it.
    if (request.rel === 'send_to_bank' && invoiceOf(source, request.attachment ?? 0)?.payment !== undefined) {
      throw new AppError('write_rejected', { status: 400, detail: 'INVOICE_ALREADY_SENT_TO_BANK' });
    }
    // An object's fields only: no write takes a list (or anything else) as its body.
    const given = isObj(request.body) ? request.body : undefined;
    const body = request.rel === 'update_document' ? completeUpdate(source, given ?? {}) : given;
    // The evidence is what the person asked for (a move's place, a rename's subject), not the whole
    // body: a rename after a move must not hide that the move arrived.
    const fields = given && Object.fromEntries(canonicalFields(given));
    const note: WriteNote =
      request.rel === 'create_folder'
        ? { before: foldersNamed(source, fields?.name, request.mailboxLink), ...(fields ? { fields } : {}) }
        : fields
          ? { fields }
          : {};

    // Already as asked (a rename to the name it has): nothing to send, and nothing a second click could repeat.
    if (fields && CHANGES_IN_PLACE.has(request.rel) && matches(source, fields)) return { already: { data: null } };
    return {
      note,
      send: async () => {
        let answer: unknown = null;
        try {
          // Sent only with a token of the session the person asked in (authorized-fetch.ts): never as someone who signed in since.
          answer = await calls.authorizedFetch(config, {
            url: link.uri,
            relation: request.rel,
            method,
            body: body === undefined ? undefined : JSON.stringify(body),
            generation,
          });
        } catch (error) {
          if (!acceptedUnread(error)) throw explained(error, permission);
        }
        // Done whatever the answer says: one the page could not read is no answer at all.
        const parsed = anyResourceSchema.safeParse(answer);
        return { data: parsed.success ? parsed.data : null };
      },
    };
  }

  /** The intent a page's request is: the person, the resource by its canonical address, the action and what it asks for. */
  const intentOf = (person: string, request: WriteRequest): Intent => {
    const lane = canonicalAddress(request.target.url);
    // The mailbox and the notice only where one is named, so an intent asked before they were part of a write keeps its identity.
    const parts = [
      request.rel,
      lane,
      request.attachment ?? null,
      canonicalFields(request.body),
      canonicalFields(request.expect),
      ...(request.mailboxLink === undefined ? [] : [canonicalAddress(request.mailboxLink)]),
      ...(request.notice === undefined ? [] : [canonicalFields(request.notice)]),
    ];
    return { id: intentId(person, parts), lane };
  };

  return {
    /**
     * Performs what the person asked, once (once.ts): `generation` is the session's when the page
     * asked (handlers.ts), and the write is fenced to it; `resend` is the person's explicit choice
     * to send again an intent whose outcome is unknown.
     */
    async write(config: ExtensionConfig, who: Signed, generation: number, request: WriteRequest): Promise<WriteAnswer> {
      if (request.body !== undefined && JSON.stringify(request.body).length > MAX_BODY_CHARS)
        throw new AppError('bad_request', { detail: 'body too large' });
      const verdict = classifyLink({ rel: request.target.relation ?? 'self', uri: request.target.url }, new URL(config.baseUrl).origin);
      if (!verdict.followable) throw new AppError(verdict.reason);
      const { result, repeated } = await deps.once.run(
        intentOf(who.userId, request),
        generation,
        {
          look: (record) => look(config, request, record, generation),
          prepare: () => prepare(config, who.scopes, request, generation),
          unseen: new AppError(request.rel === 'send_to_bank' ? 'write_not_confirmed' : 'write_outcome_unknown'),
          // A payment the service took is never asked for again, though it shows only once the bank call is through.
          ...(request.rel === 'send_to_bank' ? { final: () => Promise.resolve({ data: null }) } : {}),
        },
        { resend: request.resend },
      );
      if (!repeated) await deps.written(config);
      return result;
    },
  };
}

export type Writes = ReturnType<typeof createWrites>;
