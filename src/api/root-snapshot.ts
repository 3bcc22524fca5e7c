import type { Document, RootResource } from './schemas.ts';
import type { SharedWith } from './mailbox-lists.ts';
import type { ErrorInfo } from '../shared/errors.ts';
import type { Permission } from '../shared/permissions.ts';

/*
 * The root as the worker read it, with each inbox's newest letters: what the getRoot request
 * answers, what the worker caches (storage/page-items.ts' rootCacheItem) and what the popup draws
 * from that cache before the worker answers. The service's own shapes (schemas.ts) with when and
 * under which session they were read.
 */

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
