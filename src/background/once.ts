import { AppError } from '../shared/errors.ts';
import { getItem, put, removeItems, setItems, type Areas } from '../storage/item.ts';
import { writeRecords, type WriteRecord } from '../storage/items.ts';

export interface OnceDeps {
  storage: Areas<'session', 'get' | 'set' | 'remove'>;
  /** One holder per name across the extension, waited for as long as it takes (a Web Lock). */
  exclusive: (name: string, fn: () => Promise<void>) => Promise<void>;
  /** The session's generation (auth/session.ts): every sign-in and sign-out moves it. */
  generation: () => Promise<number>;
  now: () => number;
}

/** One write, as the engine runs it; made after the target was read and every check passed. */
export interface Attempt<T> {
  send: () => Promise<T>;
  /**
   * Evidence, read from the service, that the write happened (`before`: what the attempt noted
   * before it left): the result then, undefined while none is seen. Only what cannot be mistaken counts.
   */
  look: (before: readonly string[]) => Promise<T | undefined>;
  /** What to keep in the record before the write leaves, for a look (even a restarted worker's) to tell ours apart. */
  before?: string[];
  /** What to say when no evidence is seen after an unknown outcome (absent: what the request met, or 'write_outcome_unknown'). */
  unseen?: AppError;
  /** An upload may go again once a look found nothing; any other write never goes twice. */
  resendUnseen?: true;
  /** The address a done write keeps (the letter an upload made), for a repeat to answer. */
  kept?: (result: T) => string | undefined;
}

/** A write for the engine: how to make its attempt, and what a repeat of it once done answers. */
export interface Operation<T> {
  prepare: () => Promise<Attempt<T>>;
  /** Sends and reads nothing: `letter` is what the done record kept. */
  repeat: (letter: string | undefined) => T;
}

/**
 * The request left and no answer that says what happened came back: no answer in time, a broken
 * connection, or a 5xx, which a gateway in front of the service also answers for a request the
 * service carried out.
 */
function outcomeUnknown(error: unknown): error is AppError {
  return error instanceof AppError && (error.code === 'timeout' || error.code === 'network' || error.code === 'http_server');
}

/**
 * The worker's one way to perform a write exactly once, whatever the page, the network or the
 * worker's life does (the design's rule for writes):
 *
 * - One record per operation id in storage.session ('sent' before the request leaves, 'done' once
 *   it is known to have happened), so a retry, even by a restarted worker, never sends it again.
 * - One lock per lane (the letter, folder or upload the write is about): writes to one letter run
 *   in turn, never side by side and never dropped, and a second ask of the same id waits for the
 *   first and finds its record.
 * - Fenced to the session that started it: a record is written only while that session stands,
 *   and one written as a sign-out came is taken back, so nothing outlives the sign-out's cleanup.
 * - An outcome the answer does not tell is decided here, by looking for evidence; a page never
 *   judges it.
 */
export function createOnce(deps: OnceDeps) {
  const { storage } = deps;

  async function record(id: string, generation: number, value: WriteRecord): Promise<void> {
    const item = writeRecords.item(id);
    if ((await deps.generation()) !== generation) throw new AppError('signed_out');
    await setItems(storage, put(item, value));
    if ((await deps.generation()) !== generation) {
      await removeItems(storage, item);
      throw new AppError('signed_out');
    }
  }

  async function done<T>(id: string, generation: number, attempt: Attempt<T>, result: T): Promise<T> {
    const letter = attempt.kept?.(result);
    await record(id, generation, { state: 'done', at: deps.now(), ...(letter === undefined ? {} : { letter }) });
    return result;
  }

  async function perform<T>(id: string, generation: number, operation: Operation<T>): Promise<{ result: T; repeated: boolean }> {
    const earlier = await getItem(storage, writeRecords.item(id));
    if (earlier?.state === 'done') return { result: operation.repeat(earlier.letter), repeated: true };
    const attempt = await operation.prepare();
    if (earlier?.state === 'sent') {
      const seen = await attempt.look(earlier.before ?? []);
      if (seen !== undefined) return { result: await done(id, generation, attempt, seen), repeated: false };
      if (!attempt.resendUnseen) throw attempt.unseen ?? new AppError('write_outcome_unknown');
    }
    const before = attempt.before ?? [];
    await record(id, generation, { state: 'sent', at: deps.now(), ...(before.length > 0 ? { before } : {}) });
    let result: T;
    try {
      result = await attempt.send();
    } catch (error) {
      if (!outcomeUnknown(error)) {
        // Answered with a refusal: nothing was done, and the same id may be tried again.
        await removeItems(storage, writeRecords.item(id));
        throw error;
      }
      const seen = await attempt.look(before).catch(() => undefined);
      if (seen === undefined) throw attempt.unseen ?? error;
      result = seen;
    }
    return { result: await done(id, generation, attempt, result), repeated: false };
  }

  return {
    /**
     * Runs the write `operation` prepares, once per `id`, in turn with the other writes of `lane`.
     * `generation`: the session's, read when the person's request came in.
     */
    async run<T>(id: string, lane: string, generation: number, operation: Operation<T>): Promise<{ result: T; repeated: boolean }> {
      let outcome: { result: T; repeated: boolean } | undefined;
      await deps.exclusive(`write:${lane}`, async () => {
        outcome = await perform(id, generation, operation);
      });
      if (!outcome) throw new AppError('internal');
      return outcome;
    },
  };

}

export type Once = ReturnType<typeof createOnce>;
