import { parseWith } from '../api/http.ts';
import { findLink, inboxLinkOf, targetOf } from '../api/links.ts';
import { folderSchema, inboxSchema, type Document, type Link, type RootResource } from '../api/schemas.ts';
import type { Session } from '../auth/session.ts';
import type { ExtensionConfig } from '../config/config.ts';
import { DUE_SOON_DAYS, isDueWithin } from '../model/due-soon.ts';
import { getItem, put, removeItems, setItems, type Areas } from '../storage/item.ts';
import { dueInvoicesItem, type DueInvoices, type DueLetter, type DuePlace } from '../storage/page-items.ts';
import type { ServiceCalls } from './authorized-fetch.ts';
import { pagedUrl } from './inbox-page.ts';

/*
 * The popup's "due soon" from the whole mailbox, not only the five newest letters. Each time the
 * worker fetches the root (a polling round, or a popup opened after the cache went stale) it reads,
 * in the background, at most TWO lists: the inbox and the next folder in turn, the newest
 * LETTERS_PER_LIST letters of each. From each it keeps what the popup shows (keptOf): of the letters
 * with an invoice neither paid nor sent to the bank and due soon or overdue, the soonest
 * DUE_PER_PLACE, each as the popup's row needs it, within DUE_BYTES_BUDGET in all, in
 * storage.session, where the popup reads them without waiting.
 *
 * How complete: the newest LETTERS_PER_LIST letters of the inbox and of every folder (an invoice
 * older than those is not seen). How quickly: the inbox every round, each of N folders every Nth
 * round, so a folder's invoice shows within N rounds of the first one (N polling periods), and
 * what was read stays across new letters until its list is read again.
 */

/** Letters read of each list: the service's own apps page by 50, the emulator serves up to 100. */
export const LETTERS_PER_LIST = 100;
/** The cap on requests per round (the inbox and one folder). */
export const READS_PER_ROUND = 2;

interface Lists {
  inbox: Link | undefined;
  folders: Link[];
}

/** The lists a root names: its inbox and every mailbox's folders, by their own address. */
function listsOf(root: RootResource): Lists {
  const folders = (root.mailbox ?? []).flatMap((mailbox) => mailbox.folders?.folder ?? []).flatMap((folder) => findLink(folder.link, 'self') ?? []);
  return { inbox: inboxLinkOf(root), folders };
}

export interface RoundPlan {
  /** Each with the relation it is read as. */
  reads: { link: Link; relation: 'document_inbox' | 'folder' }[];
  /** The folder the next round starts with. */
  nextFolder: number;
}

/** This round's reads: the inbox and the folder whose turn it is, never more than READS_PER_ROUND. */
export function planRound(lists: Lists, nextFolder: number): RoundPlan {
  const reads: RoundPlan['reads'] = lists.inbox ? [{ link: lists.inbox, relation: 'document_inbox' }] : [];
  const count = lists.folders.length;
  const turn = count > 0 ? nextFolder % count : 0;
  const folder = lists.folders[turn];
  if (folder) reads.push({ link: folder, relation: 'folder' });
  return { reads, nextFolder: count > 0 ? (turn + 1) % count : 0 };
}

/** Letters kept of one place: the soonest due (a popup's short list, not a list of invoices). */
export const DUE_PER_PLACE = 20;
/**
 * The most the stored record may take, in bytes of its JSON (as storage.session counts its quota):
 * 256 KiB, well under that area's 10 MB, which the worker's other items (the root cache, the notes
 * of writes, the viewer pages) share. About 25 places' full DUE_PER_PLACE letters of ordinary size.
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
  if (typeof dueDate !== 'string' || invoice.paid === true || invoice.payment || !isDueWithin(dueDate, now, KEPT_DAYS)) return undefined;
  const self = findLink(document.link, 'self');
  const id: unknown = document.id;
  const amount = invoice.amount;
  return {
    key: self?.uri ?? (typeof id === 'string' || typeof id === 'number' ? `id:${id}` : fallbackKey),
    ...(self ? { self: { rel: self.rel, uri: self.uri, ...(self['media-type'] !== undefined ? { 'media-type': self['media-type'] } : {}) } } : {}),
    sender: document.creatorName ?? '',
    uploaded: document.origin === 'UPLOADED',
    invoice: { ...(typeof amount === 'number' && Number.isFinite(amount) ? { amount } : {}), dueDate },
  };
}

/** Soonest due first: a due date is a calendar day (`2025-11-10`), so their order as text. */
const soonestFirst = (a: DueLetter, b: DueLetter) => a.invoice.dueDate.localeCompare(b.invoice.dueDate);

/**
 * What is kept of one list's answer: of the newest LETTERS_PER_LIST (never more than were asked
 * for, whatever the answer holds), the letters due soon, the soonest DUE_PER_PLACE of them, which
 * are the top of the popup's list, soonest first.
 */
function keptOf(documents: readonly Document[], place: string, now: number): DueLetter[] {
  return documents
    .slice(0, LETTERS_PER_LIST)
    .flatMap((document, index) => dueLetterOf(document, now, `${place}#${index}`) ?? [])
    .sort(soonestFirst)
    .slice(0, DUE_PER_PLACE);
}

const encoder = new TextEncoder();
const bytesOf = (value: unknown): number => encoder.encode(JSON.stringify(value)).length;

/**
 * The record within DUE_BYTES_BUDGET, checked before it is written: the letters due farthest ahead
 * are dropped first, from whichever place, since the popup lists them last (soonest first) and the
 * next round finds them again as their day comes closer. A dropped letter's own bytes are taken off
 * the count (its comma stays counted, so the count never falls below the truth).
 */
function withinBudget(record: DueInvoices): DueInvoices {
  let size = bytesOf(record);
  if (size <= DUE_BYTES_BUDGET) return record;
  const farthestFirst = Object.values(record.places)
    .flatMap((place) => place.letters)
    .sort((a, b) => soonestFirst(b, a));
  const dropped = new Set<DueLetter>();
  for (const letter of farthestFirst) {
    if (size <= DUE_BYTES_BUDGET) break;
    dropped.add(letter);
    size -= bytesOf(letter);
  }
  const places = Object.fromEntries(Object.entries(record.places).map(([uri, place]) => [uri, { ...place, letters: place.letters.filter((letter) => !dropped.has(letter)) }]));
  const fitted = { ...record, places };
  // Only a mailbox of thousands of folders is over the budget without a letter: then nothing is kept.
  return bytesOf(fitted) <= DUE_BYTES_BUDGET ? fitted : { ...record, places: {} };
}

export interface DueInvoicesDeps {
  /** Personal (senders, amounts): storage.session only, gone at sign-out. */
  storage: Areas<'session', 'get' | 'set' | 'remove'>;
  session: Pick<Session, 'generation'>;
  calls: Pick<ServiceCalls, 'authorizedFetch'>;
  now: () => number;
}

export interface DueInvoicesReader {
  /** One round of reads for a root fetched under `generation` (see above); a failed list keeps what it had. */
  readRound: (config: ExtensionConfig, root: RootResource, generation: number) => Promise<void>;
}

export function createDueInvoices(deps: DueInvoicesDeps): DueInvoicesReader {
  const { storage } = deps;

  async function readList(config: ExtensionConfig, read: RoundPlan['reads'][number]): Promise<DueLetter[]> {
    const data = await deps.calls.authorizedFetch(config, { ...targetOf(read.link, read.relation), url: pagedUrl(read.link, LETTERS_PER_LIST) });
    const documents = read.relation === 'document_inbox' ? parseWith(inboxSchema, data, 'inbox').document : (parseWith(folderSchema, data, 'folder').documents?.document ?? []);
    return keptOf(documents, read.link.uri, deps.now());
  }

  return {
    async readRound(config, root, generation) {
      const stored = await getItem(storage, dueInvoicesItem);
      const kept = stored?.generation === generation ? stored : undefined;
      const lists = listsOf(root);
      const plan = planRound(lists, kept?.nextFolder ?? 0);
      const results = await Promise.allSettled(plan.reads.map((read) => readList(config, read)));
      // Only the lists the root still names; one not read this round (or failed) keeps what it had.
      const places: Record<string, DuePlace> = {};
      for (const link of [lists.inbox, ...lists.folders]) {
        if (link) places[link.uri] = { ...(kept?.places[link.uri] ?? { letters: [] }), read: false };
      }
      plan.reads.forEach((read, index) => {
        const result = results[index];
        if (result?.status === 'fulfilled') places[read.link.uri] = { read: true, fetchedAt: deps.now(), letters: result.value };
      });
      const next = withinBudget({ generation, nextFolder: plan.nextFolder, places });
      await setItems(storage, put(dueInvoicesItem, next));
      // Fenced as the root cache is: a sign-out meanwhile takes back this session's write.
      if ((await deps.session.generation()) !== generation && (await getItem(storage, dueInvoicesItem))?.generation === generation) {
        await removeItems(storage, dueInvoicesItem);
      }
    },
  };
}
