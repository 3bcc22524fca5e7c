// What to notify, decided without any browser API so that it runs (and is tested) in Node.
// The worker's side (storage, the notifications API, clicks) is in notifications.ts.
import { classifyLink, findLink, targetOf, type LinkTarget } from '../api/links.ts';
import type { SharedWith } from '../api/mailbox-lists.ts';
import type { Inbox } from '../api/schemas.ts';
import { isUnread } from '../api/unread.ts';
import { bytesToBase64Url } from '../shared/base64.ts';
import type { CheckMark, SeenState } from '../storage/items.ts';
import { formatCount, pluralKey } from '../shared/plural.ts';

/** At most this many notifications per check; beyond it, the last one sums up the rest. */
export const MAX_SHOWN = 3;
/** How many notified letters are remembered (opaque keys, newest last). */
const SEEN_LIMIT = 500;
/** How many notification → viewer address entries are kept for clicks. */
const TARGETS_LIMIT = 50;

/** An unread letter of the inbox, as a notification needs it. Sender and subject stay in memory. */
export interface UnreadLetter {
  /** Opaque: a hash of the letter's `self` address, safe to keep in storage.local. */
  key: string;
  sender: string;
  subject: string;
  /** Where a click on the notification leads: the letter, shown in the viewer (in its own mailbox). */
  target: LinkTarget;
  /** Whose mailbox it lies in, by name, when it is shared with the person. */
  whose?: string | undefined;
}

export interface NotificationPlan {
  shown: UnreadLetter[];
  /** How many new letters the summary notification stands for (0: no summary). */
  more: number;
  /** The keys to remember after this check. */
  remember: string[];
}

/** A letter's opaque key: the first 128 bits of SHA-256 over its `self` address. */
export async function letterKey(selfUri: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(selfUri));
  return bytesToBase64Url(new Uint8Array(digest).slice(0, 16));
}

/**
 * The unread letters of an inbox page that can be opened (a `self` link on the service's origin),
 * of a mailbox `shared` with the person when it is one.
 */
export async function unreadLetters(inbox: Inbox, serviceOrigin: string, shared?: SharedWith): Promise<UnreadLetter[]> {
  const letters: UnreadLetter[] = [];
  const keys = new Set<string>();
  for (const document of inbox.document) {
    if (!isUnread(document)) continue;
    const self = findLink(document.link, 'self');
    if (!self || !classifyLink(self, serviceOrigin).followable) continue;
    const key = await letterKey(self.uri);
    if (keys.has(key)) continue;
    keys.add(key);
    letters.push({
      key,
      sender: document.creatorName?.trim() ?? '',
      subject: document.subject?.trim() ?? '',
      target: targetOf(self, 'self', shared?.mailbox),
      whose: shared?.whose,
    });
  }
  return letters;
}

/**
 * Which letters to notify: the unread ones not notified before, newest first as the inbox lists
 * them. Up to MAX_SHOWN get one notification each; when there are more, the first MAX_SHOWN - 1
 * do and one summary stands for the rest (always two or more, so "N more" reads right).
 * Every unread letter on the page is remembered, so one that stays unread stays known.
 */
export function planNotifications(unread: readonly UnreadLetter[], seen: SeenState): NotificationPlan {
  const known = new Set(seen.keys);
  const remember = unread.map((letter) => letter.key);
  const fresh = unread.filter((letter) => !known.has(letter.key));
  if (!seen.primed || fresh.length === 0) return { shown: [], more: 0, remember };
  if (fresh.length <= MAX_SHOWN) return { shown: fresh, more: 0, remember };
  return { shown: fresh.slice(0, MAX_SHOWN - 1), more: fresh.length - (MAX_SHOWN - 1), remember };
}

/** Adds keys to the remembered set: each once, the newest last, the oldest dropped beyond the limit. */
export function rememberKeys(seen: readonly string[], keys: readonly string[], limit = SEEN_LIMIT): string[] {
  const adding = new Set(keys);
  const merged = [...seen.filter((key) => !adding.has(key)), ...adding];
  return merged.slice(Math.max(0, merged.length - limit));
}

/**
 * Whether a root refresh should be followed by a look at the inbox. Nothing unread: no. The count
 * changed since the last look: yes. Otherwise at most once per `minIntervalMs`, which still finds a
 * letter that arrived while another was read (the count then stays the same).
 */
export function shouldFetchInbox(unread: number | undefined, last: CheckMark | undefined, now: number, minIntervalMs: number): boolean {
  if (unread === 0) return false;
  if (!last || (unread !== undefined && last.unread !== unread)) return true;
  return now - last.at >= minIntervalMs;
}

export interface NotificationText {
  title: string;
  message: string;
}

type Translate = (key: string, substitutions?: string | string[]) => string;

/** A letter's notification: the sender as title, the subject as text (plain strings), and whose mailbox when shared with the person. */
export function letterText(letter: UnreadLetter, t: Translate): NotificationText {
  const subject = letter.subject || t('notification_no_subject');
  return {
    title: letter.sender || t('notification_unknown_sender'),
    message: letter.whose === undefined ? subject : t('notification_shared_message', [subject, letter.whose]),
  };
}

/** The summary notification for the letters not shown one by one, "1 more new letter" in the page's language. */
export function summaryText(more: number, t: Translate, locale: string): NotificationText {
  return {
    title: t(pluralKey('notification_more_title', more, locale), formatCount(more, locale)),
    message: t('notification_more_message'),
  };
}

/** Keeps the newest `limit` entries of the notification → address map (insertion order). */
export function boundTargets(targets: Record<string, string>, limit = TARGETS_LIMIT): Record<string, string> {
  const entries = Object.entries(targets);
  return Object.fromEntries(entries.slice(Math.max(0, entries.length - limit)));
}
