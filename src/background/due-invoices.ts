import { parseWith } from '../api/http.ts';
import { findLink, inboxLinkOf, targetOf } from '../api/links.ts';
import { folderSchema, inboxSchema, type Document, type Link, type RootResource } from '../api/schemas.ts';
import type { Session } from '../auth/session.ts';
import type { ExtensionConfig } from '../config/config.ts';
import { getItem, put, removeItems, setItems, type Areas } from '../storage/item.ts';
import { dueInvoicesItem, type DueInvoices, type DueSource } from '../storage/page-items.ts';
import type { ServiceCalls } from './authorized-fetch.ts';
import { pagedUrl } from './inbox-page.ts';

/*
 * The popup's "due soon" from the whole mailbox, not only the five newest letters. Each time the
 * worker fetches the root (a polling round, or a popup opened after the cache went stale) it reads,
 * in the background, at most TWO lists: the inbox and the next folder in turn, the newest
 * LETTERS_PER_LIST letters of each. From each it keeps the letters with an invoice not known to be
 * paid or sent to the bank, in storage.session, where the popup reads them without waiting.
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

/**
 * A letter whose invoice (on its main document, as the popup reads it: model/letters.ts) has a due
 * date and is neither paid nor sent to the bank. Whether it is due soon is the popup's to say, by
 * today's date. A plain check rather than the letters model, which the worker would carry only for this.
 */
function hasOpenInvoice(document: Document): boolean {
  const main = document.attachment.find((a) => a.mainDocument === true) ?? document.attachment[0];
  const invoice: Record<string, unknown> | undefined = main?.invoice;
  return typeof invoice?.dueDate === 'string' && invoice.paid !== true && !invoice.payment;
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

  async function readList(config: ExtensionConfig, read: RoundPlan['reads'][number]): Promise<Document[]> {
    const data = await deps.calls.authorizedFetch(config, { ...targetOf(read.link, read.relation), url: pagedUrl(read.link, LETTERS_PER_LIST) });
    const documents = read.relation === 'document_inbox' ? parseWith(inboxSchema, data, 'inbox').document : (parseWith(folderSchema, data, 'folder').documents?.document ?? []);
    return documents.filter(hasOpenInvoice);
  }

  return {
    async readRound(config, root, generation) {
      const stored = await getItem(storage, dueInvoicesItem);
      const kept = stored?.generation === generation ? stored : undefined;
      const lists = listsOf(root);
      const plan = planRound(lists, kept?.nextFolder ?? 0);
      const results = await Promise.allSettled(plan.reads.map((read) => readList(config, read)));
      // Only the lists the root still names; a list that failed this round keeps what it had.
      const sources: Record<string, DueSource> = {};
      for (const link of [lists.inbox, ...lists.folders]) {
        const source = link && kept?.sources[link.uri];
        if (source) sources[link.uri] = source;
      }
      plan.reads.forEach((read, index) => {
        const result = results[index];
        if (result?.status === 'fulfilled') sources[read.link.uri] = { fetchedAt: deps.now(), documents: result.value };
      });
      const next: DueInvoices = { generation, nextFolder: plan.nextFolder, sources };
      await setItems(storage, put(dueInvoicesItem, next));
      // Fenced as the root cache is: a sign-out meanwhile takes back this session's write.
      if ((await deps.session.generation()) !== generation && (await getItem(storage, dueInvoicesItem))?.generation === generation) {
        await removeItems(storage, dueInvoicesItem);
      }
    },
  };
}
