import { parseWith } from '../api/http.ts';
import { findLink, targetOf } from '../api/links.ts';
import { mailboxLists, type MailboxList } from '../api/mailbox-lists.ts';
import { folderSchema, inboxSchema, type Document, type RootResource } from '../api/schemas.ts';
import type { Session } from '../auth/session.ts';
import type { ExtensionConfig } from '../config/config.ts';
import { daysUntil } from '../model/dates.ts';
import { DUE_SOON_DAYS } from '../model/due-soon.ts';
import { getItem, put, removeItems, setItems, type Areas } from '../storage/item.ts';
import { dueInvoicesItem, type DueInvoices, type DueLetter, type DuePlace } from '../storage/page-items.ts';
import type { ServiceCalls } from './authorized-fetch.ts';
import { fencedToGeneration } from '../shared/generation-fence.ts';
import { settleLimited } from '../shared/settle-limited.ts';
import { pagedUrl } from './inbox-page.ts';

/*
 * The popup's "due soon" from the whole mailbox, not only the five newest letters. Each time the
 * worker fetches the root (a polling round, or a popup opened after the cache went stale) it reads,
 * in the background, one round: the inbox and EVERY folder, the newest LETTERS_PER_LIST letters of
 * each, at most READS_IN_FLIGHT of them at once (settleLimited), and one round at a time: a fetch
 * of the root while a round runs joins it rather than starting another, so a poll and a popup close
 * together, or a slow service, never pile rounds up. From each list it keeps what the popup shows
 * (keptOf): of the letters with an invoice neither paid nor sent to the bank and due soon or
 * overdue, the soonest DUE_PER_PLACE, each as the popup's row needs it, within DUE_BYTES_BUDGET in
 * all, in storage.session, where the popup reads them without waiting. The record is written when
 * the round starts (every place it will read, marked pending unless read before) and again after
 * each read, so a popup opened meanwhile knows where it is still looking.
 *
 * How complete: the newest LETTERS_PER_LIST letters of the inbox and of every folder (an invoice
 * older than those is not seen). How quickly: every place every round, so a folder's invoice shows
 * as soon as its read ends. A place that failed keeps what it had, marked failed (DuePlace.state),
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

/** Letters kept of one place: the soonest due (a popup's short list, not a list of invoices). */
export const DUE_PER_PLACE = 20;
/**
 * The most the stored record may take, in bytes of its JSON (as storage.session counts its quota):
 * 256 KiB, well under that area's 10 MB, which the worker's other items (the root cache, the notes
 * of writes, the viewer pages) share. A letter of ordinary size takes about 330 bytes, so some 39
 * places could each hold their full DUE_PER_PLACE before any is dropped.
 */
export const DUE_BYTES_BUDGET = 256 * 1024;
/**
 * Kept: due within the popup's window or the day after. The popup decides by its own day (its
 * DueSoon); the day more keeps the record complete until the next day's round, even when a day
 * passes between two rounds (the polling period is at most a day).
 */
const KEPT_DAYS = DUE_SOON_DAYS + 1;

/**
 * A letter whose invoice (on its main document, as the popup reads it: model/letters.ts) is neither
 * paid nor sent to the bank and due within KEPT_DAYS, or overdue, as the popup shows it: only the
 * fields the popup's "Invoices due soon" renders and opens. A plain reading rather than the letters
 * model, which the worker would carry only for this. `fallbackKey` names a letter with neither
 * address nor id, as summarize does (unique in the record: its place and position).
 */
function dueLetterOf(document: Document, now: number, fallbackKey: string): DueLetter | undefined {
  const main = document.attachment.find((a) => a.mainDocument === true) ?? document.attachment[0];
  const invoice: Record<string, unknown> | undefined = main?.invoice;
  if (!invoice) return undefined;
  const dueDate = invoice.dueDate;
  if (typeof dueDate !== 'string' || invoice.paid === true || invoice.payment) return undefined;
  // A due date that is no calendar day is never due soon, as the popup reads it (popup/letters.ts).
  const left = daysUntil(dueDate, { now });
  if (left === undefined || left > KEPT_DAYS) return undefined;
  const self = findLink(document.link, 'self');
  const id: unknown = document.id;
  const amount = invoice.amount;
  return {
    key: self?.uri ?? (typeof id === 'string' || typeof id === 'number' ? `id:${id}` : fallbackKey),
    ...(self
      ? { self: { rel: self.rel, uri: self.uri, ...(self['media-type'] !== undefined ? { 'media-type': self['media-type'] } : {}) } }
      : {}),
    sender: document.creatorName ?? '',
    uploaded: document.origin === 'UPLOADED',
    invoice: { ...(typeof amount === 'number' && Number.isFinite(amount) ? { amount } : {}), dueDate },
  };
}

/** Soonest due first: a due date is a calendar day (`2025-11-10`), so their order as text. */
const soonestFirst = (a: DueLetter, b: DueLetter) => a.invoice.dueDate.localeCompare(b.invoice.dueDate);

/**
 * What is kept of one list's answer (`list`): of the newest LETTERS_PER_LIST (never more than were asked
 * for, whatever the answer holds), the letters due soon, the soonest DUE_PER_PLACE of them, which
 * are the top of the popup's list, soonest first.
 */
function keptOf(documents: readonly Document[], list: MailboxList, now: number): DueLetter[] {
  return documents
    .slice(0, LETTERS_PER_LIST)
    .flatMap((document, index) => {
      const due = dueLetterOf(document, now, `${list.link.uri}#${index}`);
      // A shared mailbox's invoice says whose it is, and opens in that mailbox.
      return due ? [list.shared ? { ...due, shared: list.shared } : due] : [];
    })
    .sort(soonestFirst)
    .slice(0, DUE_PER_PLACE);
}

const encoder = new TextEncoder();
const bytesOf = (value: unknown): number => encoder.encode(JSON.stringify(value)).length;

/** Each kept letter's bytes, counted once: a round over budget weighs its letters at every write, never serialising one again. */
const letterSizes = new WeakMap<DueLetter, number>();
function letterBytes(letter: DueLetter): number {
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
    set(uri: string, place: DuePlace): void {
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
 * recordSize counts them): the letters due farthest ahead are dropped first, from whichever place,
 * since the popup lists them last (soonest first) and the next round finds them again as their day
 * comes closer. A dropped letter's own bytes are taken off the count (its comma stays counted, so
 * the count never falls below the truth).
 */
function withinBudget(record: DueInvoices, size: number): DueInvoices {
  if (size <= DUE_BYTES_BUDGET) return record;
  const farthestFirst = Object.values(record.places)
    .flatMap((place) => place.letters)
    .sort((a, b) => soonestFirst(b, a));
  const dropped = new Set<DueLetter>();
  let left = size;
  for (const letter of farthestFirst) {
    if (left <= DUE_BYTES_BUDGET) break;
    dropped.add(letter);
    left -= letterBytes(letter);
  }
  const places = Object.fromEntries(
    Object.entries(record.places).map(([uri, place]) => [
      uri,
      { ...place, letters: place.letters.filter((letter) => !dropped.has(letter)) },
    ]),
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
}

export interface DueInvoicesReader {
  /** One round of reads for a root fetched under `generation`, or the one under way (see above); a failed list keeps what it had. */
  readRound: (config: ExtensionConfig, root: RootResource, generation: number) => Promise<void>;
}

export function createDueInvoices(deps: DueInvoicesDeps): DueInvoicesReader {
  const { storage } = deps;

  async function readList(config: ExtensionConfig, read: MailboxList): Promise<DueLetter[]> {
    const data = await deps.calls.authorizedFetch(config, {
      ...targetOf(read.link, read.relation),
      url: pagedUrl(read.link, LETTERS_PER_LIST),
    });
    const documents =
      read.relation === 'document_inbox'
        ? parseWith(inboxSchema, data, 'inbox').document
        : (parseWith(folderSchema, data, 'folder').documents?.document ?? []);
    return keptOf(documents, read, deps.now());
  }

  async function round(config: ExtensionConfig, root: RootResource, generation: number): Promise<void> {
    const stored = await getItem(storage, dueInvoicesItem);
    const kept = stored?.generation === generation ? stored : undefined;
    const reads = mailboxLists(root);
    // Only the lists the root still names. A place read before keeps what it read (still whole);
    // one never read, or whose last read failed, is pending: the popup says it is still looking.
    const places: Record<string, DuePlace> = {};
    const size = recordSize(generation);
    for (const { link } of reads) {
      const before = kept?.places[link.uri];
      const place: DuePlace = before?.state === 'read' ? before : { ...before, letters: before?.letters ?? [], state: 'pending' };
      places[link.uri] = place;
      size.set(link.uri, place);
    }
    // Written at the start and after each read, one write after another (never two at once, so the
    // last write holds the latest), so the popup knows at every moment which places are read.
    let writing = write(generation, places, size.bytes());
    await settleLimited(reads, READS_IN_FLIGHT, async (read) => {
      const uri = read.link.uri;
      let place: DuePlace;
      try {
        place = { state: 'read', fetchedAt: deps.now(), letters: await readList(config, read) };
      } catch {
        // A failed read keeps what the place had; the popup says plainly that it could not look there.
        place = { ...places[uri], letters: places[uri]?.letters ?? [], state: 'failed' };
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
  async function write(generation: number, places: Record<string, DuePlace>, bytes: number): Promise<void> {
    const next = withinBudget({ generation, places: { ...places } }, bytes);
    await fencedToGeneration(
      deps.session,
      generation,
      () => setItems(storage, put(dueInvoicesItem, next)),
      async () => {
        if ((await getItem(storage, dueInvoicesItem))?.generation === generation) await removeItems(storage, dueInvoicesItem);
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
