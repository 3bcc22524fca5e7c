import { parseWith } from '../api/http.ts';
import { classifyLink, findLink } from '../api/links.ts';
import { urlProblem } from '../api/origin.ts';
import { RELATIONS } from '../api/relations.ts';
import { anyResourceSchema, writeSourceSchema } from '../api/schemas.ts';
import { CONFIRM_WINDOW_MS } from '../api/timeouts.ts';
import type { ExtensionConfig } from '../config/config.ts';
import { AppError } from '../shared/errors.ts';
import type { Permission } from '../shared/permissions.ts';
import type { Request } from '../protocol/messages.ts';
import { isObject } from '../storage/page-items.ts';
import type { ServiceCalls } from './authorized-fetch.ts';
import type { Attempt, Once } from './once.ts';

export type WriteRequest = Omit<Extract<Request, { type: 'write' }>, 'type'>;

export interface WritesDeps {
  calls: Pick<ServiceCalls, 'authorizedFetch'>;
  once: Once;
  /** Called after each write that happened (the root, the badge, the popup's letters follow). */
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
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined);

/**
 * What an answered refusal means for the person (contract §5-§7). 403: the permission is gone;
 * 404/410: the letter or folder is; 400 carries the service's error code.
 */
function explained(error: unknown, permission: Permission | undefined): unknown {
  if (!(error instanceof AppError)) return error;
  const { code, info } = error;
  if (code === 'http_forbidden' || code === 'http_forbidden_permission') return new AppError('write_forbidden', { status: 403, ...(permission ? { permission } : {}) });
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
  return text(merged.location)?.toUpperCase() === 'FOLDER' && folderId !== undefined ? { location: 'FOLDER', folderId, subject } : { location: 'INBOX', subject };
}

/** The letter (or folder) has each of `fields` (an id aside) as given. */
function matches(resource: Fields, fields: Fields): boolean {
  return Object.entries(fields).every(([key, value]) => key === 'id' || text(resource[key]) === text(value));
}

function invoiceOf(letter: Fields, attachment: number): Fields | undefined {
  const item = Array.isArray(letter.attachment) ? (letter.attachment as unknown[])[attachment] : undefined;
  return isObject(item) && isObject(item.invoice) ? item.invoice : undefined;
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
 *   for the bank 'write_not_confirmed', and the same id never sends again.
 */
export function createWrites(deps: WritesDeps) {
  const { calls } = deps;
  const confirmWindowMs = deps.confirmWindowMs ?? CONFIRM_WINDOW_MS;

  const read = async (config: ExtensionConfig, url: string): Promise<Fields> => parseWith(anyResourceSchema, await calls.authorizedFetch(config, { url, relation: 'self' }), 'resource');

  /**
   * Evidence for a write: what the service must show once it happened. A letter or folder changed
   * has the fields sent; one deleted is gone; an invoice has its payment (read again a few times
   * over a bounded while: one read without it proves nothing). A new folder has none that cannot
   * be mistaken (one of its name may be older).
   */
  async function look(config: ExtensionConfig, request: WriteRequest, body: Fields | undefined): Promise<WriteAnswer | undefined> {
    const { url } = request.target;
    const happened = { data: null };
    if (request.rel === 'send_to_bank') {
      for (let look = 1; look <= CONFIRM_LOOKS; look++) {
        const letter = await read(config, url).catch(() => undefined);
        if (letter && invoiceOf(letter, request.attachment ?? 0)?.payment !== undefined) return happened;
        if (look < CONFIRM_LOOKS) await new Promise((resolve) => setTimeout(resolve, confirmWindowMs / CONFIRM_LOOKS));
      }
      return undefined;
    }
    if (request.rel.startsWith('delete_')) {
      return read(config, url).then(
        () => undefined,
        (error: unknown) => {
          if (gone(error)) return happened;
          throw error;
        },
      );
    }
    return body && request.rel !== 'create_folder' && matches(await read(config, url), body) ? happened : undefined;
  }

  async function prepare(config: ExtensionConfig, scopes: readonly Permission[], request: WriteRequest): Promise<Attempt<WriteAnswer>> {
    const info = RELATIONS.get(request.rel);
    if (info?.kind !== 'action' || !info.method) throw new AppError('write_refused', { detail: request.rel });
    const { method, permission } = info;
    if (permission && !scopes.includes(permission)) throw new AppError('write_permission_missing', { permission });
    if (request.body !== undefined && JSON.stringify(request.body).length > MAX_BODY_CHARS) throw new AppError('bad_request', { detail: 'body too large' });

    const serviceOrigin = new URL(config.baseUrl).origin;
    const { target } = request;
    const verdict = classifyLink({ rel: target.relation ?? 'self', uri: target.url }, serviceOrigin);
    if (!verdict.followable) throw new AppError(verdict.reason);
    let source;
    try {
      source = parseWith(writeSourceSchema, await calls.authorizedFetch(config, { ...target, relation: target.relation ?? 'self' }), 'resource');
    } catch (error) {
      throw explained(error, permission);
    }
    if (request.expect && !matches(source, request.expect)) throw new AppError('write_target_changed');
    const attachment = request.attachment === undefined ? undefined : source.attachment?.[request.attachment];
    const links = request.attachment === undefined ? [...source.link, ...(source.mailbox?.[0]?.folders?.link ?? [])] : attachment && [...attachment.link, ...(attachment.invoice?.link ?? [])];
    const link = links && findLink(links, request.rel);
    if (!link) throw new AppError('write_link_missing');
    const problem = urlProblem(link.uri, serviceOrigin);
    if (problem) throw new AppError(problem);
    // A payment already there is someone else's sending: ours could never be told apart from it.
    if (request.rel === 'send_to_bank' && invoiceOf(source, request.attachment ?? 0)?.payment !== undefined) {
      throw new AppError('write_rejected', { status: 400, detail: 'INVOICE_ALREADY_SENT_TO_BANK' });
    }
    const given = isObject(request.body) ? request.body : undefined;
    const body = request.rel === 'update_document' ? completeUpdate(source, given ?? {}) : given;

    return {
      send: async () => {
        let answer: unknown = null;
        try {
          answer = await calls.authorizedFetch(config, { url: link.uri, relation: request.rel, method, body: body === undefined ? undefined : JSON.stringify(body) });
        } catch (error) {
          if (!acceptedUnread(error)) throw explained(error, permission);
        }
        // Done whatever the answer says: one the page could not read is no answer at all.
        const parsed = anyResourceSchema.safeParse(answer);
        return { data: parsed.success ? parsed.data : null };
      },
      look: () => look(config, request, body),
      unseen: new AppError(request.rel === 'send_to_bank' ? 'write_not_confirmed' : 'write_outcome_unknown'),
    };
  }

  return {
    /** `generation`: the session's when the page asked (handlers.ts); the write is fenced to it. */
    async write(config: ExtensionConfig, scopes: readonly Permission[], generation: number, request: WriteRequest): Promise<WriteAnswer> {
      const { result, repeated } = await deps.once.run(request.id, request.target.url, generation, {
        prepare: () => prepare(config, scopes, request),
        repeat: () => ({ data: null }),
      });
      if (!repeated) await deps.written(config);
      return result;
    },
  };
}

export type Writes = ReturnType<typeof createWrites>;
