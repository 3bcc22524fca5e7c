// The items the pages read too. Their checks are plain code, not zod: the pages ship no zod. Each
// value was parsed before it was stored (the root and letters by the worker, from the network; a
// page's target from a link already checked), and storage.session is the extension's own, so a
// check here guards the envelope against a bug or another version, not the network.
import type { LinkTarget } from '../api/links.ts';
import type { RootSnapshot } from '../api/root-snapshot.ts';
import type { Link } from '../api/schemas.ts';
import type { SharedWith } from '../api/mailbox-lists.ts';
import { defineFamily, defineItem, type Checked } from './item.ts';

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

/** The icon of a row of what needs the person: one of the popup's sprite (src/popup/popup.html). */
export type NeedIcon = 'invoice' | 'parcel' | 'calendar' | 'link' | 'share';

/**
 * One row of the popup's list of what needs the person (background/needs-rows.ts decides them):
 * an invoice or a debt collection due, a parcel to fetch, an appointment or event soon, a link
 * with a deadline, a request to share documents. One shape for every kind, in words already, so
 * the popup only draws it: only what the row shows and what it opens, not the whole letter.
 */
export interface NeedRow {
  /** Names the row once: its letter's key (its address, else its id, else its place) and which of the letter's items. */
  key: string;
  icon: NeedIcon;
  /** Who or what, in words: the sender, the pickup place, the appointment's title. */
  title: string;
  /** Beside the title, when there is one: an amount to pay. */
  aside?: string;
  /** What and when, in words, none of which goes out of date ("Fetch by Tuesday 15 December · code 4KQ7"). */
  line: string;
  /** A day it is due (`2026-12-10`), said by the popup after the line ("due in 3 days"), so it keeps counting. */
  due?: string;
  /** When it must be done by, epoch ms: the list is soonest first, a row without one last. */
  by?: number;
  /** From this moment (epoch ms) it is urgent: overdue, the last day to fetch, the day of a deadline. */
  urgentFrom?: number;
  /** After this moment (epoch ms) it is past and no longer shown: the appointment over, the parcel gone back. */
  until?: number;
  /** What the row opens: its letter. */
  self?: Link;
  /** In a mailbox shared with the person: that mailbox, by its inbox link (the letter opens there), and whose it is, by name. */
  shared?: SharedWith;
}

/**
 * How far the current session has read one place: not yet (or again, after a failure: 'pending'),
 * read ('read', its rows as of fetchedAt, kept while it is read again), or its latest read
 * failed ('failed', keeping what an earlier read found). The popup claims a whole list only when
 * every place of the root is 'read'.
 */
export type NeedsPlaceState = 'pending' | 'read' | 'failed';

/** What the worker keeps of one place (the inbox or a folder) for the list of what needs the person (background/due-invoices.ts). */
export interface NeedsPlace {
  state: NeedsPlaceState;
  /** When its letters were read; absent until it was read once. */
  fetchedAt?: number;
  /** Soonest first. */
  rows: NeedRow[];
}

/** What needs the person in the inbox and the folders, read by the worker after each fetch of the root. */
export interface Needs {
  /**
   * The session generation they were read under (every sign-in and sign-out moves it on, so it names
   * one session with one service): the popup pairs them with a root of the same.
   */
  generation: number;
  /** Every place the root named, by its address. */
  places: Record<string, NeedsPlace>;
}

function checkNeeds(value: unknown): Checked<Needs> {
  // The envelope, as this file checks (what is inside is the worker's own, bounded by it). The
  // generation is compared where it is used.
  return isObject(value) && isObject(value.places)
    ? { ok: true, value: value as unknown as Needs }
    : { ok: false, problem: 'not a list of what needs the person' };
}

/**
 * storage.session: what needs the person in the inbox and every folder. Personal: session only,
 * gone at sign-out (and, as all of storage.session, at an update, so the invoices-only record of
 * earlier versions, `dueInvoices`, is never left beside it).
 */
export const needsItem = defineItem({ key: 'needsYou', area: 'session', check: checkNeeds });

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
