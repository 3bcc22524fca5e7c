import { parseWith } from '../api/http.ts';
import { classifyLink, findLink } from '../api/links.ts';
import { urlProblem } from '../api/origin.ts';
import { RELATIONS } from '../api/relations.ts';
import { anyResourceSchema, writeSourceSchema } from '../api/schemas.ts';
import type { ExtensionConfig } from '../config/config.ts';
import { AppError } from '../shared/errors.ts';
import type { Permission } from '../shared/permissions.ts';
import { getItem, put, removeItems, setItems, type Areas } from '../storage/item.ts';
import { writeRecords } from '../storage/items.ts';
import type { Request } from '../protocol/messages.ts';
import type { ServiceCalls } from './authorized-fetch.ts';

export type WriteRequest = Omit<Extract<Request, { type: 'write' }>, 'type'>;

export interface WritesDeps {
  calls: Pick<ServiceCalls, 'authorizedFetch'>;
  storage: Areas<'session', 'get' | 'set' | 'remove'>;
  now: () => number;
  /** Called after each write the service accepted (the root, the badge, the popup's letters follow). */
  written: (config: ExtensionConfig) => Promise<void>;
}

/** `repeated`: the service had accepted this id's write before; `data` is then null. */
export interface WriteAnswer {
  data: unknown;
  repeated?: true;
}

/** A body larger than this is no filing action's: the largest, a folder's change, is under 200 bytes. */
const MAX_BODY_CHARS = 4096;

/**
 * What an answered refusal means for the person (contract §5-§7). 403: the permission is gone;
 * 404/410: the letter or folder is; 400 carries the service's error code.
 */
function explained(error: unknown, permission: Permission | undefined): unknown {
  if (!(error instanceof AppError)) return error;
  const { code, info } = error;
  if (code === 'http_forbidden' || code === 'http_forbidden_permission') return new AppError('write_forbidden', { status: 403, ...(permission ? { permission } : {}) });
  if (code === 'http_not_found' || info.status === 410) return new AppError('write_target_gone', { status: info.status ?? 404 });
  if (info.status === 400) {
    const detail = info.detail ?? '';
    if (/FOLDER_NOT_EMPTY/i.test(detail)) return new AppError('folder_not_empty', { detail });
    if (/FOLDER.*(NOT_FOUND|UNKNOWN|NOT_EXIST)|(UNKNOWN|INVALID)_FOLDER/i.test(detail)) return new AppError('folder_not_found', { detail });
    return new AppError('write_rejected', { status: 400, detail });
  }
  return error;
}

/** The request left and no answer came back: whether the service acted is unknown. */
const unanswered = (error: unknown) => error instanceof AppError && (error.code === 'timeout' || error.code === 'network');

/** An answer came (2xx) that we could not read: the service acted all the same. */
const acceptedUnread = (error: unknown) => error instanceof AppError && ['response_not_json', 'response_too_large'].includes(error.code);

/**
 * The worker's one way to change something on the service, on a person's click: move, rename or
 * delete a letter, create, change or delete a folder (and what later actions add to the registry).
 *
 * - Only relations the registry marks as actions with a method, and only with their permission
 *   held by the session.
 * - The address is never a page's: the worker reads the target itself and takes the action's link
 *   from it, on the service's own origin.
 * - Exactly once per `id` (the page makes one per intended action): repeated calls while it runs
 *   join it; a record in storage.session, written before the request goes out, keeps a retry, even
 *   by a restarted worker, from sending it again. A request left without an answer is
 *   'write_outcome_unknown': the page reads the resource again and decides, with a new id.
 */
export function createWrites(deps: WritesDeps) {
  const inFlight = new Map<string, Promise<WriteAnswer>>();

  async function perform(config: ExtensionConfig, scopes: readonly Permission[], request: WriteRequest): Promise<WriteAnswer> {
    const record = writeRecords.item(request.id);
    const earlier = await getItem(deps.storage, record);
    if (earlier?.state === 'done') return { data: null, repeated: true };
    if (earlier) throw new AppError('write_outcome_unknown');

    const info = RELATIONS.get(request.rel);
    if (info?.kind !== 'action' || !info.method) throw new AppError('write_refused', { detail: request.rel });
    const { method, permission } = info;
    if (permission && !scopes.includes(permission)) throw new AppError('write_permission_missing', { permission });
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    if (body !== undefined && body.length > MAX_BODY_CHARS) throw new AppError('bad_request', { detail: 'body too large' });

    const serviceOrigin = new URL(config.baseUrl).origin;
    const { target } = request;
    const verdict = classifyLink({ rel: target.relation ?? 'self', uri: target.url }, serviceOrigin);
    if (!verdict.followable) throw new AppError(verdict.reason);
    let source;
    try {
      source = parseWith(writeSourceSchema, await deps.calls.authorizedFetch(config, { ...target, relation: target.relation ?? 'self' }), 'resource');
    } catch (error) {
      throw explained(error, permission);
    }
    const attachment = request.attachment === undefined ? undefined : source.attachment?.[request.attachment];
    const links = request.attachment === undefined ? [...source.link, ...(source.mailbox?.[0]?.folders?.link ?? [])] : attachment && [...attachment.link, ...(attachment.invoice?.link ?? [])];
    const link = links && findLink(links, request.rel);
    if (!link) throw new AppError('write_link_missing');
    const problem = urlProblem(link.uri, serviceOrigin);
    if (problem) throw new AppError(problem);

    await setItems(deps.storage, put(record, { state: 'sent', at: deps.now() }));
    let answer: unknown = null;
    try {
      answer = await deps.calls.authorizedFetch(config, { url: link.uri, relation: request.rel, method, body });
    } catch (error) {
      if (unanswered(error)) throw new AppError('write_outcome_unknown', { detail: (error as AppError).code });
      if (!acceptedUnread(error)) {
        // Answered with a refusal: nothing was done, and the same id may be tried again.
        await removeItems(deps.storage, record);
        throw explained(error, permission);
      }
    }
    await setItems(deps.storage, put(record, { state: 'done', at: deps.now() }));
    await deps.written(config);
    // Done whatever the answer says: one the page could not read is no answer at all.
    const parsed = anyResourceSchema.safeParse(answer);
    return { data: parsed.success ? parsed.data : null };
  }

  return {
    write(config: ExtensionConfig, scopes: readonly Permission[], request: WriteRequest): Promise<WriteAnswer> {
      const joined = inFlight.get(request.id);
      if (joined) return joined;
      const flight = perform(config, scopes, request).finally(() => inFlight.delete(request.id));
      inFlight.set(request.id, flight);
      return flight;
    },
  };
}

export type Writes = ReturnType<typeof createWrites>;
