import { parseWith } from '../api/http.ts';
import { targetOf } from '../api/links.ts';
import { mailboxLists, type MailboxList } from '../api/mailbox-lists.ts';
import { folderSchema, inboxSchema, type Document, type RootResource } from '../api/schemas.ts';
import type { Session } from '../auth/session.ts';
import type { ExtensionConfig } from '../config/config.ts';
import { getItem, put, removeItems, setItems, type Areas } from '../storage/item.ts';
import { needsItem, type NeedRow, type Needs, type NeedsPlace } from '../storage/page-items.ts';
import type { ServiceCalls } from './authorized-fetch.ts';
import { fencedToGeneration } from '../shared/generation-fence.ts';
import { settleLimited } from '../shared/settle-limited.ts';
import { pagedUrl } from './inbox-page.ts';

/*
 * The popup's list of what needs the person, from the whole mailbox. Each time the
 * worker fetches the root (a polling round, or a popup opened after the cache went stale) it reads,
 * in the background, one round: the inbox and EVERY folder, the newest LETTERS_PER_LIST letters of
 * each, at most READS_IN_FLIGHT of them at once (settleLimited), and one round at a time: a fetch
 * of the root while a round runs joins it rather than starting another, so a poll and a popup close
 * together, or a slow service, never pile rounds up. From each list it keeps what the popup shows
 * (keptOf): of the rows of what needs the person (needs-rows.ts: invoices and debt collections due,
 * parcels to fetch, appointments, deadlines, requests to share), the soonest DUE_PER_PLACE, each as
 * the popup draws it, within DUE_BYTES_BUDGET in all, in storage.session, where the popup reads them without waiting. The record is written when
 * the round starts (every place it will read, marked pending unless read before) and again after
 * each read, so a popup opened meanwhile knows where it is still looking.
 *
 * How complete: the newest LETTERS_PER_LIST letters of the inbox and of every folder (an invoice
 * older than those is not seen). How quickly: every place every round, so a folder's invoice shows
 * as soon as its read ends. A place that failed keeps what it had, marked failed (NeedsPlace.state),
 * so the popup says it could not look there; what was read stays across new letters until its list
 * is read again.
 */

/** Letters read of each list: the service's own apps page by 50, the emulator serves up to 100. */
export const LETTERS_PER_LIST = 100;
/**
 * Reads of a round on their way at once: a mailbox of many folders is read two at a time, so the
 * background never sends a burst of requests beside the pages' own (which the service and the
 * person's connection serve first), yet a round does not take one round trip per place.
 */
export const READS_IN_FLIGHT = 2;

/** Rows kept of one place: the soonest (a popup's short list, not a list of everything). */
export const DUE_PER_PLACE = 20;
/**
 * The most the stored record may take, in bytes of its JSON (as storage.session counts its quota):
 * 256 KiB, well under that area's 10 MB, which the worker's other items (the root cache, the notes
 * of writes, the viewer pages) share. A row of ordinary size takes about 330 bytes, so some 39
 * places could each hold their full DUE_PER_PLACE before any is dropped.
 */
export const DUE_BYTES_BUDGET = 256 * 1024;

/** Soonest first (the moment it must be done by), a row without one (the year 287,000) after every row with one. */
export const soonestFirst = (a: NeedRow, b: NeedRow): number => (a.by ?? 9e15) - (b.by ?? 9e15);

/** What of a letter needs the person (needs-rows.ts' needRowsOf): `fallbackKey` names a letter with neither address nor id. */
type RowsOf = (document: Document, now: number, fallbackKey: string) => NeedRow[];

/**
 * What is kept of one list's answer (`list`): of the newest LETTERS_PER_LIST (never more than were asked
 * for, whatever the answer holds), the rows of what needs the person (needs-rows.ts), the soonest
 * DUE_PER_PLACE of them, which are the top of the popup's list, soonest first.
 */
function keptOf(documents: readonly Document[], list: MailboxList, now: number, rowsOf: RowsOf): NeedRow[] {
  return documents
    .slice(0, LETTERS_PER_LIST)
    .flatMap((document, index) =>
      // A shared mailbox's row says whose it is, and opens in that mailbox.
      rowsOf(document, now, `${list.link.uri}#${index}`).map((row) => (list.shared ? { ...row, shared: list.shared } : row)),
    )
    .sort(soonestFirst)
    .slice(0, DUE_PER_PLACE);
}

const encoder = new TextEncoder();
const bytesOf = (value: unknown): number => encoder.encode(JSON.stringify(value)).length;

/** Each kept row's bytes, counted once: a round over budget weighs its rows at every write, never serialising one again. */
const letterSizes = new WeakMap<NeedRow, number>();
function letterBytes(letter: NeedRow): number {
  let size = letterSizes.get(letter);
  if (size === undefined) letterSizes.set(letter, (size = bytesOf(letter)));
  return size;
}

/**
 * The bytes of the record's JSON as a round changes it, kept place by place: a place's entry is
 * serialised when the place changes, never the whole record at each write (a round over 200
 * folders writes 200 times, and serialising all of it each time grows with the square of the places).
 */
function recordSize(generation: number) {
  /** `{"generation":…,"places":{}}`: what the record takes without a place. */
  const empty = bytesOf({ generation, places: {} });
  const entries = new Map<string, number>();
  let sum = 0;
  return {
    /** Counts the place at `uri` as it is now (its entry `"uri":{…}`). */
    set(uri: string, place: NeedsPlace): void {
      const size = bytesOf(uri) + 1 + bytesOf(place);
      sum += size - (entries.get(uri) ?? 0);
      entries.set(uri, size);
    },
    /** The record's bytes: its frame, every place's entry and a comma between two. */
    bytes: (): number => empty + sum + Math.max(0, entries.size - 1),
  };
}

/**
 * The record within DUE_BYTES_BUDGET, checked before it is written (`size`: its bytes, as
 * recordSize counts them): the rows due farthest ahead (or with no time) are dropped first, from whichever place,
 * since the popup lists them last (soonest first) and the next round finds them again as their day
 * comes closer. A dropped letter's own bytes are taken off the count (its comma stays counted, so
 * the count never falls below the truth).
 */
function withinBudget(record: Needs, size: number): Needs {
  if (size <= DUE_BYTES_BUDGET) return record;
  const farthestFirst = Object.values(record.places)
    .flatMap((place) => place.rows)
    .sort((a, b) => soonestFirst(b, a));
  const dropped = new Set<NeedRow>();
  let left = size;
  for (const letter of farthestFirst) {
    if (left <= DUE_BYTES_BUDGET) break;
    dropped.add(letter);
    left -= letterBytes(letter);
  }
  const places = Object.fromEntries(
    Object.entries(record.places).map(([uri, place]) => [uri, { ...place, rows: place.rows.filter((row) => !dropped.has(row)) }]),
  );
  const fitted = { ...record, places };
  // Only a mailbox of thousands of folders is over the budget without a letter: then nothing is kept.
  return left <= DUE_BYTES_BUDGET || bytesOf(fitted) <= DUE_BYTES_BUDGET ? fitted : { ...record, places: {} };
}

export interface DueInvoicesDeps {
  /** Personal (senders, amounts): storage.session only, gone at sign-out. */
  storage: Areas<'session', 'get' | 'set' | 'remove'>;
  session: Pick<Session, 'generation'>;
  calls: Pick<ServiceCalls, 'authorizedFetch'>;
  now: () => number;
  /**
   * The rows of a letter (needs-rows.ts): handed in, so this module, which reads and keeps, loads
   * no words (the tools and tests that read its numbers run outside the extension).
   */
  rowsOf: RowsOf;
}

export interface DueInvoicesReader {
  /** One round of reads for a root fetched under `generation`, or the one under way (see above); a failed list keeps what it had. */
  readRound: (config: ExtensionConfig, root: RootResource, generation: number) => Promise<void>;
}

export function createDueInvoices(deps: DueInvoicesDeps): DueInvoicesReader {
  const { storage } = deps;

  async function readList(config: ExtensionConfig, read: MailboxList): Promise<NeedRow[]> {
    const data = await deps.calls.authorizedFetch(config, {
      ...targetOf(read.link, read.relation),
      url: pagedUrl(read.link, LETTERS_PER_LIST),
    });
    const documents =
      read.relation === 'document_inbox'
        ? parseWith(inboxSchema, data, 'inbox').document
        : (parseWith(folderSchema, data, 'folder').documents?.document ?? []);
    return keptOf(documents, read, deps.now(), deps.rowsOf);
  }

  async function round(config: ExtensionConfig, root: RootResource, generation: number): Promise<void> {
    const stored = await getItem(storage, needsItem);
    const kept = stored?.generation === generation ? stored : undefined;
    const reads = mailboxLists(root);
    // Only the lists the root still names. A place read before keeps what it read (still whole);
    // one never read, or whose last read failed, is pending: the popup says it is still looking.
    const places: Record<string, NeedsPlace> = {};
    const size = recordSize(generation);
    for (const { link } of reads) {
      const before = kept?.places[link.uri];
      const place: NeedsPlace = before?.state === 'read' ? before : { ...before, rows: before?.rows ?? [], state: 'pending' };
      places[link.uri] = place;
      size.set(link.uri, place);
    }
    // Written at the start and after each read, one write after another (never two at once, so the
    // last write holds the latest), so the popup knows at every moment which places are read.
    let writing = write(generation, places, size.bytes());
    await settleLimited(reads, READS_IN_FLIGHT, async (read) => {
      const uri = read.link.uri;
      let place: NeedsPlace;
      try {
        place = { state: 'read', fetchedAt: deps.now(), rows: await readList(config, read) };
      } catch {
        // A failed read keeps what the place had; the popup says plainly that it could not look there.
        place = { ...places[uri], rows: places[uri]?.rows ?? [], state: 'failed' };
      }
      places[uri] = place;
      size.set(uri, place);
      // After the write before it, whether that one stood or not.
      const after = () => write(generation, places, size.bytes());
      writing = writing.then(after, after);
    });
    await writing;
  }

  /**
   * The record as it stands (`places`, of `bytes` in all), within the budget, fenced as the root
   * cache is: a sign-out meanwhile takes back this session's write (and only it).
   */
  async function write(generation: number, places: Record<string, NeedsPlace>, bytes: number): Promise<void> {
    const next = withinBudget({ generation, places: { ...places } }, bytes);
    await fencedToGeneration(
      deps.session,
      generation,
      () => setItems(storage, put(needsItem, next)),
      async () => {
        if ((await getItem(storage, needsItem))?.generation === generation) await removeItems(storage, needsItem);
      },
    );
  }

  /** The round under way, which a call meanwhile joins. */
  let running: Promise<void> | undefined;

  return {
    readRound(config, root, generation) {
      // A call while a round runs (a poll and a popup's fetch close together) gets that round, not
      // a second one: its root names the same places, or soon will (the next fetch of the root
      // starts the next round). A round of an ended session writes nothing that stays (the fence
      // above), and the session after it is read from its next round on.
      running ??= round(config, root, generation).finally(() => {
        running = undefined;
      });
      return running;
    },
  };
}
