// The items the pages read too. Their checks are plain code, not zod: the pages ship no zod. Each
// value was parsed before it was stored (the root and letters by the worker, from the network; a
// page's target from a link already checked), and storage.session is the extension's own, so a
// check here guards the envelope against a bug or another version, not the network.
import type { LinkTarget } from '../api/links.ts';
import type { Document, Link, RootResource } from '../api/schemas.ts';
import type { SharedWith } from '../api/mailbox-lists.ts';
import type { ErrorInfo } from '../shared/errors.ts';
import type { Permission } from '../shared/permissions.ts';
import { defineFamily, defineItem, type Checked } from './item.ts';

/** An inbox's newest letters as the popup shows them, or why they could not be fetched. */
export interface NewestLetters {
  documents?: Document[];
  /** Why the letters could not be fetched (the root itself was). */
  error?: ErrorInfo;
}

/** How many newest letters the popup shows, of every mailbox together; the worker asks each inbox for no more. */
export const GLANCE_LETTERS = 5;

/** The newest letters of the inbox, fetched with the root and cached with it. */
export interface InboxGlance extends NewestLetters {
  /** The inbox link they came from, so a root that names another inbox is not paired with them. */
  uri: string;
  /** Kept apart from the root's: the alarm refreshes the root alone. */
  fetchedAt: number;
  /** The newest letters of each mailbox shared with the person, fetched at the same time: whose, and its letters. */
  others?: (NewestLetters & { shared: SharedWith })[];
}

export interface RootSnapshot {
  root: RootResource;
  fetchedAt: number;
  serviceOrigin: string;
  scopes: Permission[];
  /** Absent when the root offers no inbox. */
  inbox?: InboxGlance;
  /** The popup's line while alerts are paused ("Alerts paused until 08:15"), worded by the worker (background/alerts.ts). */
  alertsNote?: string;
  /**
   * The session generation it was fetched under (Session.generation), set by the worker's cache; a
   * cache without one (an older version's) is not served by the worker.
   */
  generation?: number;
}

type Fields = Record<string, unknown>;

/** For the plain checks of items pages read (this file's and upload-items.ts'). */
export const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;

function checkSnapshot(value: unknown): Checked<RootSnapshot> {
  return isObject(value) &&
    isObject(value.root) &&
    typeof value.fetchedAt === 'number' &&
    typeof value.serviceOrigin === 'string' &&
    Array.isArray(value.scopes)
    ? { ok: true, value: value as unknown as RootSnapshot }
    : { ok: false, problem: 'not a snapshot (root, fetchedAt, serviceOrigin, scopes)' };
}

/**
 * storage.session: the last root and newest letters, where the popup reads its last view at once,
 * without waking the worker. Personal (names, subjects): session only, gone at sign-out.
 */
export const rootCacheItem = defineItem({ key: 'rootCache', area: 'session', check: checkSnapshot });

/**
 * A letter with an unpaid invoice due soon, as the popup's "Invoices due soon" shows it: only what
 * it renders (who it is from, the amount and due date) and what it opens, not the whole letter.
 */
export interface DueLetter {
  /** Names the letter once beside the newest letters (as model/letters.ts' summarize keys it): its address, else its id, else its place. */
  key: string;
  /** What the row opens. */
  self?: Link;
  /** The sender's name as the service gave it ('' without one). */
  sender: string;
  /** Uploaded by the person themself, which has no sender's name. */
  uploaded: boolean;
  invoice: { amount?: number; dueDate: string };
  /** In a mailbox shared with the person: that mailbox, by its inbox link (the letter opens there), and whose it is, by name. */
  shared?: SharedWith;
}

/**
 * How far the current session has read one place: not yet (or again, after a failure: 'pending'),
 * read ('read', its letters as of fetchedAt, kept while it is read again), or its latest read
 * failed ('failed', keeping what an earlier read found). The popup claims a whole list only when
 * every place of the root is 'read'.
 */
export type DuePlaceState = 'pending' | 'read' | 'failed';

/** What the worker keeps of one place (the inbox or a folder) for "Invoices due soon" (background/due-invoices.ts). */
export interface DuePlace {
  state: DuePlaceState;
  /** When its letters were read; absent until it was read once. */
  fetchedAt?: number;
  /** Soonest due first. */
  letters: DueLetter[];
}

/** The open invoices of the inbox and the folders, read by the worker after each fetch of the root. */
export interface DueInvoices {
  /**
   * The session generation they were read under (every sign-in and sign-out moves it on, so it names
   * one session with one service): the popup pairs them with a root of the same.
   */
  generation: number;
  /** Every place the root named, by its address. */
  places: Record<string, DuePlace>;
}

function checkDueInvoices(value: unknown): Checked<DueInvoices> {
  // The envelope, as this file checks (what is inside is the worker's own, bounded by it): a record
  // of the earlier layout (whole letters under `sources`, no `places`) reads as none, so the popup
  // shows no due invoices from it rather than breaking. The generation is compared where it is used.
  return isObject(value) && isObject(value.places)
    ? { ok: true, value: value as unknown as DueInvoices }
    : { ok: false, problem: 'not open invoices' };
}

/** storage.session: the open invoices beyond the newest letters. Personal: session only, gone at sign-out. */
export const dueInvoicesItem = defineItem({ key: 'dueInvoices', area: 'session', check: checkDueInvoices });

function checkTarget(value: unknown): Checked<LinkTarget> {
  if (!isObject(value) || typeof value.url !== 'string' || value.url === '') return { ok: false, problem: 'url: invalid' };
  const { url, mediaType, relation, mailbox } = value;
  const text = (field: unknown) => (typeof field === 'string' ? field : undefined);
  return { ok: true, value: { url, mediaType: text(mediaType), relation: text(relation), mailbox: text(mailbox) } };
}

/**
 * storage.session: what a viewer tab's page id (after the prefix) stands for. Its address names
 * only the id (src/shared/viewer-address.ts); which letter it is stays in memory, and goes at sign-out.
 */
export const viewerPages = defineFamily({ prefix: 'viewerPage:', area: 'session', check: checkTarget });
