import { AppError } from '../shared/errors.ts';
import { fencedToGeneration, sameGeneration } from '../shared/generation-fence.ts';
import { getItem, put, removeItems, setItems, type Areas } from '../storage/item.ts';
import { finalWritesItem, writeRecords, type WriteNote, type WriteRecord } from '../storage/items.ts';
import { recordKey } from './intent.ts';

export interface OnceDeps {
  /**
   * storage.session for the write records; storage.local for the opaque keys of final writes
   * (finalWritesItem), which outlive a sign-out. Without storage.local (a unit test of a write that
   * is no final one) those keys are kept in storage.session, which a sign-out's cleanup leaves too.
   */
  storage: Areas<'session', 'get' | 'set' | 'remove'> & Partial<Areas<'local', 'get' | 'set'>>;
  /** One holder per name across the extension, waited for as long as it takes (a Web Lock). */
  exclusive: (name: string, fn: () => Promise<void>) => Promise<void>;
  /** The session's generation (auth/session.ts): every sign-in and sign-out moves it. */
  generation: () => Promise<number>;
  now: () => number;
}

/** Who an intent is: its identity (intent.ts: the person, the resource and the action) and the lane it runs in. */
export interface Intent {
  id: string;
  /** The resource the write is about, by its canonical address: writes to one resource run in turn. */
  lane: string;
}

/**
 * One write, as the engine runs it; made after the target was read and every check passed. Either
 * the target already shows what the person asks for (a letter already in that folder, a receipt
 * already sent): nothing is sent; or a request to send, with what the record keeps before it
 * leaves, for any later look (even a restarted worker's) to tell ours apart.
 */
export type Attempt<T> = { already: T } | { note?: WriteNote; send: () => Promise<T> };

/** A write for the engine: its evidence, how to make its attempt, and what to say when neither tells. */
export interface Operation<T> {
  /**
   * Evidence, read from the service, that the intent happened as `record` noted it (the folder
   * that was not there before, the invoice's payment, the letter in its new place): the result
   * then, undefined while none is seen. Only what cannot be mistaken counts. Asked first, before
   * the target is checked, whenever the intent has a record.
   */
  look: (record: WriteRecord) => Promise<T | undefined>;
  prepare: () => Promise<Attempt<T>>;
  /** What is said while the intent may have arrived and no evidence shows it. */
  unseen: AppError;
  /**
   * Once done, never sent again, whatever a look shows; a repeat answers this. For a payment or an
   * opening receipt, whose evidence may lag behind the service's own record of it (its call to the
   * bank still running), and which a person never means to make twice: its opaque key outlives the
   * sign-out (FINAL_KEPT_MS), so the same person signing in again does not send it again either.
   */
  final?: (record: WriteRecord) => Promise<T>;
  /** The address a done write made (the letter an upload stored), kept in its record for its own later looks. */
  made?: (result: T) => string | undefined;
}

/** How the person asked: `resend` is their explicit choice to send again after an unknown outcome. */
export interface RunOptions {
  resend?: boolean | undefined;
}

export interface Outcome<T> {
  result: T;
  /** Nothing was sent for this ask: an earlier one's write was found done. */
  repeated: boolean;
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
 * How long a final write's key is kept past the sign-out's cleanup: far longer than the service
 * takes to show a payment it took (its call to the bank, CONFIRM_WINDOW_MS), after which the
 * invoice's own payment says it was sent (actions/send-to-bank.ts refuses to send one that shows a payment).
 */
const FINAL_KEPT_MS = 24 * 60 * 60 * 1000;

/** How many final writes' keys are kept at most: the newest. */
const FINALS_KEPT = 100;

/**
 * The worker's one way to perform a write exactly once, whatever the page, the network or the
 * worker's life does (the design's rule for writes). The worker, not a page, says which writes are
 * the same: an intent is the signed-in person, the resource and the action with its target and
 * body (intent.ts), so a retry, a reloaded page, another tab and a restarted worker all ask for
 * the same intent.
 *
 * - One record per intent in storage.session: 'sent' before the request leaves, 'done' once it is
 *   known to have happened. An intent asked again while it runs in this worker joins it.
 * - An intent with a record looks before anything else. Evidence that it happened answers done.
 *   Without it, a 'sent' intent (its outcome unknown) never sends again unless the person chose
 *   it explicitly (`resend`); a 'done' intent whose evidence is gone (undone elsewhere since, or
 *   asked anew after a rename back) is a new write. A look that fails proves neither: the answer
 *   is then the operation's `unseen`, "could not check", and nothing is sent.
 * - One lock per lane: writes to one letter run in turn, never side by side and never dropped.
 * - Fenced to the session that started it: a record is written only while that session stands,
 *   and one written as a sign-out came is taken back, so nothing outlives the sign-out's cleanup,
 *   but for what never to pay twice needs: a final write's opaque key (no person, no letter, no
 *   amount readable) and whether it was sent or done, in storage.local for FINAL_KEPT_MS. The
 *   same person asking for it again, after signing in again, finds it as they would the record.
 */
export function createOnce(deps: OnceDeps) {
  const { storage } = deps;
  const lasting: Areas<'local', 'get' | 'set'> = { local: storage.local ?? storage.session };
  const running = new Map<string, Promise<Outcome<unknown>>>();

  /** A final write's state as kept past a sign-out, unless too old. */
  async function keptFinal(key: string): Promise<WriteRecord | undefined> {
    const kept = (await getItem(lasting, finalWritesItem)).find((entry) => entry.key === key && deps.now() - entry.at < FINAL_KEPT_MS);
    return kept && { state: kept.state, at: kept.at };
  }

  /**
   * Keeps (or, with no state, forgets) a final write's key past the sign-out; the old and the
   * surplus go. Not fenced: a payment that went out as its session ended is still not to be sent again.
   */
  async function keepFinal<T>(key: string, operation: Operation<T>, state: WriteRecord['state'] | undefined): Promise<void> {
    if (!operation.final) return;
    // One list for every lane: changed by one write at a time, or one change would undo another's.
    await deps.exclusive('once:final-keys', async () => {
      const now = deps.now();
      const others = (await getItem(lasting, finalWritesItem)).filter((entry) => entry.key !== key && now - entry.at < FINAL_KEPT_MS);
      const kept = state === undefined ? others : [...others, { key, state, at: now }];
      await setItems(lasting, put(finalWritesItem, kept.slice(-FINALS_KEPT)));
    });
  }

  async function record(key: string, generation: number, value: WriteRecord): Promise<void> {
    const item = writeRecords.item(key);
    const stands =
      (await sameGeneration(deps, generation)) &&
      (await fencedToGeneration(
        deps,
        generation,
        () => setItems(storage, put(item, value)),
        () => removeItems(storage, item),
      ));
    if (!stands) throw new AppError('signed_out');
  }

  async function done<T>(key: string, generation: number, note: WriteNote, result: T, operation: Operation<T>): Promise<T> {
    // Before the fenced record: a payment done as a sign-out came is still done for the person's next sign-in.
    await keepFinal(key, operation, 'done');
    const letter = operation.made?.(result);
    await record(key, generation, { state: 'done', at: deps.now(), ...note, ...(letter === undefined ? {} : { letter }) });
    return result;
  }

  /**
   * What an earlier record's look says: the result when it happened, undefined when the service
   * answered and did not show it. A look that failed (no answer, none in time, a 5xx, an answer
   * that could not be read) tells nothing: it is "not known", never "not there", for a done intent
   * as for one whose outcome is unknown. Taken for "not there", a done upload or new folder would
   * be sent again; so the engine says it could not check, keeps the record and sends nothing.
   */
  async function lookFirst<T>(earlier: WriteRecord, operation: Operation<T>): Promise<T | undefined> {
    try {
      return await operation.look(earlier);
    } catch (error) {
      throw notChecked(operation.unseen, error);
    }
  }

  async function perform<T>(key: string, generation: number, operation: Operation<T>, options: RunOptions): Promise<Outcome<T>> {
    // A final write's record gone with a sign-out is found by its key kept past it.
    const earlier = (await getItem(storage, writeRecords.item(key))) ?? (operation.final ? await keptFinal(key) : undefined);
    const kept: WriteNote = earlier ? noteOf(earlier) : {};
    if (earlier) {
      if (earlier.state === 'done' && operation.final) return { result: await operation.final(earlier), repeated: true };
      const seen = await lookFirst(earlier, operation);
      if (seen !== undefined) {
        if (earlier.state === 'sent') await done(key, generation, kept, seen, operation);
        return { result: seen, repeated: earlier.state === 'done' };
      }
      if (earlier.state === 'sent' && options.resend !== true) throw operation.unseen;
    }
    // The person's explicit send again: what the first attempt's record was, to restore after a refusal.
    const resending = earlier?.state === 'sent' ? earlier : undefined;
    const attempt = await operation.prepare();
    if ('already' in attempt) {
      await removeItems(storage, writeRecords.item(key));
      await keepFinal(key, operation, undefined);
      return { result: attempt.already, repeated: true };
    }
    // A resend keeps what the first attempt noted: evidence of either counts.
    const note = mergeNotes(resending ? kept : {}, attempt.note ?? {});
    await record(key, generation, { state: 'sent', at: deps.now(), ...note });
    // Kept before the request leaves, as the record is: it may arrive whatever happens next.
    await keepFinal(key, operation, 'sent');
    let result: T;
    try {
      result = await attempt.send();
    } catch (error) {
      if (!outcomeUnknown(error)) {
        // Answered with a refusal: this request did nothing. A resend's first attempt stays unknown.
        if (resending) await record(key, generation, resending);
        else await removeItems(storage, writeRecords.item(key));
        await keepFinal(key, operation, resending?.state);
        throw error;
      }
      const seen = await operation.look({ state: 'sent', at: deps.now(), ...note }).catch(() => undefined);
      if (seen === undefined) throw withDetail(operation.unseen, error);
      result = seen;
    }
    return { result: await done(key, generation, note, result, operation), repeated: false };
  }

  return {
    /**
     * Runs the write `operation` prepares for `intent`, in turn with the other writes of its lane;
     * `generation`: the session's, read when the person's request came in.
     */
    run<T>(intent: Intent, generation: number, operation: Operation<T>, options: RunOptions = {}): Promise<Outcome<T>> {
      // A second ask while it runs hears the same outcome; what followed the write was done once, for the first.
      const joined = running.get(intent.id) as Promise<Outcome<T>> | undefined;
      if (joined) return joined.then(({ result }) => ({ result, repeated: true }));
      const started = (async () => {
        let outcome: Outcome<T> | undefined;
        // The lane's lock is asked for before anything is awaited: writes to one resource run in the order asked.
        await deps.exclusive(`write:${intent.lane}`, async () => {
          outcome = await perform(await recordKey(intent.id), generation, operation, options);
        });
        if (!outcome) throw new AppError('internal');
        return outcome;
      })().finally(() => running.delete(intent.id));
      running.set(intent.id, started);
      return started;
    },
  };
}

function noteOf({ before, fields }: WriteRecord): WriteNote {
  return { ...(before && { before }), ...(fields && { fields }) };
}

/** What a resend keeps of the first attempt's note beside its own: evidence of either counts. */
function mergeNotes(first: WriteNote, second: WriteNote): WriteNote {
  const before = first.before || second.before ? [...new Set([...(first.before ?? []), ...(second.before ?? [])])] : undefined;
  return noteOf({ state: 'sent', at: 0, ...first, ...second, ...(before && { before }) });
}

/** `unseen` after a look that failed, saying (for the curious) that nothing could be checked, and why. */
function notChecked(unseen: AppError, error: unknown): AppError {
  const { code, ...info } = unseen.info;
  return new AppError(code, { ...info, detail: `could not check: ${error instanceof AppError ? error.code : 'internal'}` });
}

/** `unseen`, saying (for the curious) what the request or the look met. */
function withDetail(unseen: AppError, error: unknown): AppError {
  if (!(error instanceof AppError)) return unseen;
  const { code, ...info } = unseen.info;
  return new AppError(code, { ...info, detail: error.code });
}

export type Once = ReturnType<typeof createOnce>;
