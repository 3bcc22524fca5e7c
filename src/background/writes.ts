import { parseWith } from '../api/http.ts';
import { classifyLink, findLink } from '../api/links.ts';
import { urlProblem } from '../api/origin.ts';
import { RELATIONS, type WriteRelation } from '../api/relations.ts';
import { anyResourceSchema, writeSourceSchema } from '../api/schemas.ts';
import { CONFIRM_WINDOW_MS } from '../api/timeouts.ts';
import type { ExtensionConfig } from '../config/config.ts';
import { AppError } from '../shared/errors.ts';
import type { Permission } from '../shared/permissions.ts';
import { isObj } from '../model/read-json.ts';
import { explained, mailboxIn, matches, type Asked, type Signed, type WriteRequest } from './actions/action.ts';
import { writeAction, type AnyWriteAction } from './actions/table.ts';
import type { ServiceCalls } from './authorized-fetch.ts';
import { canonicalAddress, canonicalFields, intentId } from './intent.ts';
import type { Attempt, Intent, Once } from './once.ts';
import type { WriteNote } from '../storage/items.ts';

export type { WriteRequest } from './actions/action.ts';

export interface WritesDeps {
  calls: Pick<ServiceCalls, 'authorizedFetch'>;
  once: Once;
  /**
   * Called after each write that happened (the root, the badge, the popup's letters follow), and
   * when a dismiss finds the root's notice gone or replaced since the page read it.
   */
  written: (config: ExtensionConfig) => Promise<void>;
  /** How long the worker looks for an invoice's payment after an unknown outcome (default CONFIRM_WINDOW_MS; actions' Looking). */
  confirmWindowMs?: number;
}

/** The service's answer (null when none could be read, or the write was found done by evidence or before). */
export interface WriteAnswer {
  data: unknown;
  /**
   * For an action that `shows` its target (send_to_bank), `perform`'s: the target as read again once
   * done; null when the service says it is gone, absent when it could not be read.
   */
  shown?: unknown;
}

/** A body larger than this is no filing action's: the largest, a folder's change, is under 200 bytes. */
const MAX_BODY_CHARS = 4096;

/** An answer came (2xx) that we could not read: the service acted all the same. */
const acceptedUnread = (error: unknown) => error instanceof AppError && ['response_not_json', 'response_too_large'].includes(error.code);

/**
 * The worker's one way to change a letter or a folder on a person's click: move, rename or delete a
 * letter, create, change or delete a folder, dismiss the root's notice, send an invoice to the
 * bank. Each is an action (actions/: its relation, permission, body, evidence, what a refusal
 * means, whether it may be sent again), registered in actions/table.ts; this is the glue that runs
 * any of them through the once-only engine (once.ts), in turn with the other writes to the same
 * target, and names none.
 *
 * - Only relations with an action, and only with their permission held by the session.
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

  /** The target as the service shows it now, read with the session the person asked in. */
  const readTarget = async (config: ExtensionConfig, request: WriteRequest, generation: number) =>
    parseWith(
      anyResourceSchema,
      await calls.authorizedFetch(config, { url: request.target.url, relation: 'self', generation }),
      'resource',
    );

  async function prepare(
    config: ExtensionConfig,
    scopes: readonly Permission[],
    action: AnyWriteAction,
    request: Asked<WriteRelation>,
    generation: number,
  ): Promise<Attempt<WriteAnswer>> {
    // The relation's row (api/relations.ts): a write relation is one with a method.
    const { method = 'POST', permission } = RELATIONS.get(request.rel) ?? {};
    if (permission && !scopes.includes(permission)) throw new AppError('write_permission_missing', { permission });
    const refusal = action.refusal ?? explained;

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
      throw refusal(error, permission);
    }
    if (request.expect && !matches(source, request.expect)) throw new AppError('write_target_changed');
    if (await action.ready?.(request, source, () => deps.written(config))) return { already: { data: null } };
    const attachment = request.attachment === undefined ? undefined : source.attachment?.[request.attachment];
    const links =
      request.attachment === undefined
        ? [...source.link, ...(mailboxIn(source.mailbox, request.mailboxLink)?.folders?.link ?? []), ...(source.notice?.link ?? [])]
        : attachment && [...attachment.link, ...(attachment.invoice?.link ?? [])];
    const link = links && findLink(links, request.rel);
    if (!link) throw new AppError('write_link_missing');
    const problem = urlProblem(link.uri, serviceOrigin);
    if (problem) throw new AppError(problem);
    // An object's fields only: no write takes a list (or anything else) as its body.
    const given = isObj(request.body) ? request.body : undefined;
    const body = action.body ? action.body(given, source, request) : given;
    // The evidence is what the person asked for (a move's place, a rename's subject), not the whole
    // body: a rename after a move must not hide that the move arrived.
    const fields = given && Object.fromEntries(canonicalFields(given));
    const note: WriteNote = { ...(fields && { fields }), ...action.note?.(request, source, fields) };

    // Already as asked (a rename to the name it has): nothing to send, and nothing a second click could repeat.
    if (fields && action.inPlace && matches(source, fields)) return { already: { data: null } };
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
          if (!acceptedUnread(error)) throw refusal(error, permission);
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

  /**
   * Performs what the person asked, once (once.ts): `generation` is the session's when the page
   * asked (handlers.ts), and the write is fenced to it; `resend` is the person's explicit choice
   * to send again an intent whose outcome is unknown.
   */
  async function write(config: ExtensionConfig, who: Signed, generation: number, request: WriteRequest): Promise<WriteAnswer> {
    if (request.body !== undefined && JSON.stringify(request.body).length > MAX_BODY_CHARS)
      throw new AppError('bad_request', { detail: 'body too large' });
    const verdict = classifyLink({ rel: request.target.relation ?? 'self', uri: request.target.url }, new URL(config.baseUrl).origin);
    if (!verdict.followable) throw new AppError(verdict.reason);
    // Only the relations the worker has an action for (actions/table.ts).
    const action = writeAction(request.rel);
    if (!action) throw new AppError('write_refused', { detail: request.rel });
    // Its relation is one with an action: the request is that action's.
    const asked = request as Asked<WriteRelation>;
    const { result, repeated } = await deps.once.run(
      intentOf(who.userId, request),
      generation,
      {
        // Evidence, from what its record noted: the action's look, on the target read again.
        look: async (record) =>
          (await action.look(record, () => readTarget(config, request, generation), asked, confirmWindowMs)) ? { data: null } : undefined,
        prepare: () => prepare(config, who.scopes, action, asked, generation),
        unseen: new AppError(action.unseen ?? 'write_outcome_unknown'),
        // One done is never asked for again (a payment the service took, though it shows only once the bank call is through).
        ...(action.final ? { final: () => Promise.resolve({ data: null }) } : {}),
      },
      { resend: request.resend },
    );
    if (!repeated) await deps.written(config);
    return result;
  }

  return {
    write,
    /**
     * `write`, as the page's `write` request is answered: for an action that `shows` its target,
     * with the target as read again once done (`shown`), so the page asks nothing more itself.
     */
    async perform(config: ExtensionConfig, who: Signed, generation: number, request: WriteRequest): Promise<WriteAnswer> {
      const answer = await write(config, who, generation, request);
      if (!writeAction(request.rel)?.shows) return answer;
      try {
        return { ...answer, shown: await readTarget(config, request, generation) };
      } catch (error) {
        // The letter stays as the page shows it, unless the service says it is gone.
        return error instanceof AppError && error.code === 'http_not_found' ? { ...answer, shown: null } : answer;
      }
    },
  };
}

export type Writes = ReturnType<typeof createWrites>;
