// What to notify, decided without any browser API so that it runs (and is tested) in Node.
// The worker's side (storage, the notifications API, clicks) is in notifications.ts.
import { classifyLink, findLink, targetOf, type LinkTarget } from '../api/links.ts';
import type { SharedWith } from '../api/mailbox-lists.ts';
import type { Inbox } from '../api/schemas.ts';
import { isUnread } from '../api/unread.ts';
import { formatMoney } from '../model/format.ts';
import { askingItemsOf, shareRequestStateOf } from '../model/metadata.ts';
import { isObj, num, str } from '../model/read-json.ts';
import { opaqueKey } from '../shared/opaque-key.ts';
import type { CheckMark, SeenState } from '../storage/items.ts';
import { isPaused, type AlertKind, type AlertSettings } from '../storage/alert-items.ts';
import { formatCount, pluralKey } from '../shared/plural.ts';
/** How many notified letters are remembered (opaque keys, newest last). */
const SEEN_LIMIT = 500;
/** How many shared mailboxes are remembered as taken note of (opaque keys, newest last). */
export const MAILBOXES_LIMIT = 100;
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
  /** Which mailbox, as MailboxNav.id names it: '' the person's own, a shared one's inbox link. */
  mailbox: string;
  /** The mailbox's opaque key (opaqueKey of `mailbox`), by which storage.local names a mailbox. */
  mailboxKey: string;
  /** Which kind of alert it is (the settings switch each kind). */
  kind: AlertKind;
  /** What it asks of the person, when it carries a data type that says (a parcel, a sum due, a time, a deadline, a request to share). */
  asks?: LetterAsks | undefined;
}

/** What a new letter asks of the person, from its data (contract §6.1, §6.2): its notification says it. */
export type LetterAsks =
  | { kind: 'parcel'; place?: string; by?: string }
  | { kind: 'invoice' | 'debt'; amount?: number; due?: string }
  | { kind: 'appointment'; start: number; place?: string }
  | { kind: 'event'; start: number; place?: string }
  | { kind: 'link'; by: string }
  | { kind: 'share' };

export interface NotificationPlan {
  /** The one letter shown on its own (a check with one new letter), or none. */
  shown: UnreadLetter[];
  /** The summary that stands for several new letters of one check, or for what came while the person was away. */
  summary?: { letters: UnreadLetter[]; away: boolean };
  /** The keys to remember after this check (none while the plan waits for the person). */
  remember: string[];
  /**
   * The computer is idle or locked: nothing is shown and nothing remembered, so the next check once
   * the person is back finds the same letters still new (those read meanwhile no longer unread).
   */
  waitForPerson: boolean;
}

/** What shapes a plan beside the letters: the person's settings, the pause, whether they are at the computer. */
export interface PlanContext {
  alerts: AlertSettings;
  /** Epoch milliseconds. */
  now: number;
  /** The computer is idle or locked (the idle API). */
  away: boolean;
  /** An earlier check waited for the person: what is new now arrived meanwhile. */
  wasAway: boolean;
  /**
   * The shared mailboxes read for the first time, by key (UnreadLetter.mailboxKey): what is unread
   * in them was there before, as at switching on, so it is taken note of and not alerted.
   */
  firstRead?: readonly string[];
}

/** The attachment a letter is about (contract §6: the main one, else the first), as it came. */
function mainAttachmentOf(document: Inbox['document'][number]): unknown {
  const list: unknown[] = Array.isArray(document.attachment) ? document.attachment : [];
  return list.find((one) => isObj(one) && one.mainDocument === true) ?? list[0];
}

/**
 * What kind of alert a letter is, and what it asks: a parcel waiting (a PickupNotice not yet picked
 * up or returned), a debt collection (Inkasso) or an invoice, an appointment or event, else a letter,
 * which may still ask something: an answer by a link's deadline, or documents shared on request.
 */
function letterAsks(document: Inbox['document'][number]): { kind: AlertKind; asks?: LetterAsks } {
  const attachment = mainAttachmentOf(document);
  const items = askingItemsOf(attachment);
  for (const item of items) {
    if (item.kind === 'pickup' && (item.status === undefined || item.status === 'ready'))
      return {
        kind: 'parcels',
        asks: { kind: 'parcel', place: item.place.name, ...(item.returnedAfter ? { by: item.returnedAfter } : {}) },
      };
  }
  for (const item of items) {
    if (item.kind === 'inkasso')
      return { kind: 'invoices', asks: { kind: 'debt', due: item.dueDate, ...(item.sum === undefined ? {} : { amount: item.sum }) } };
  }
  const invoice = isObj(attachment) && isObj(attachment.invoice) ? attachment.invoice : undefined;
  if (invoice) {
    const amount = num(invoice.amount);
    const due = str(invoice.dueDate);
    return {
      kind: 'invoices',
      asks: { kind: 'invoice', ...(amount === undefined ? {} : { amount }), ...(due === undefined ? {} : { due }) },
    };
  }
  for (const item of items) {
    const start = item.kind === 'appointment' || item.kind === 'event' ? item.times[0]?.start : undefined;
    if (start !== undefined && (item.kind === 'appointment' || item.kind === 'event'))
      return { kind: 'appointments', asks: { kind: item.kind, start, ...(item.place ? { place: item.place } : {}) } };
  }
  if (shareRequestStateOf(attachment) === 'asked') return { kind: 'letters', asks: { kind: 'share' } };
  for (const item of items) {
    if (item.kind === 'link' && item.deadline !== undefined) return { kind: 'letters', asks: { kind: 'link', by: item.deadline } };
  }
  return { kind: 'letters' };
}

/**
 * The unread letters of an inbox page that can be opened (a `self` link on the service's origin),
 * of a mailbox `shared` with the person when it is one.
 */
export async function unreadLetters(inbox: Inbox, serviceOrigin: string, shared?: SharedWith): Promise<UnreadLetter[]> {
  const letters: UnreadLetter[] = [];
  const keys = new Set<string>();
  const mailbox = shared?.mailbox ?? '';
  const mailboxKey = await opaqueKey(mailbox);
  for (const document of inbox.document) {
    if (!isUnread(document)) continue;
    const self = findLink(document.link, 'self');
    if (!self || !classifyLink(self, serviceOrigin).followable) continue;
    const key = await opaqueKey(self.uri);
    if (keys.has(key)) continue;
    keys.add(key);
    const { kind, asks } = letterAsks(document);
    letters.push({
      key,
      sender: document.creatorName?.trim() ?? '',
      subject: document.subject?.trim() ?? '',
      target: targetOf(self, 'self', shared?.mailbox),
      whose: shared?.whose,
      mailbox,
      mailboxKey,
      kind,
      asks,
    });
  }
  return letters;
}

/**
 * Which letters to alert: the unread ones not alerted before, outside a shared mailbox read for the
 * first time, of the kinds and mailboxes the person left on, newest first as the inbox lists them.
 * One new letter gets a notification of its own; several in one check make one summary, and so does what came while the person was away. Nothing
 * while alerts are paused (what came meanwhile is never alerted later), and nothing yet while the
 * computer is idle or locked. Every unread letter on the page is remembered, so one that stays
 * unread, or was read, or was of a kind switched off, is never alerted later.
 */
export function planNotifications(unread: readonly UnreadLetter[], seen: SeenState, context?: PlanContext): NotificationPlan {
  const known = new Set(seen.keys);
  const remember = unread.map((letter) => letter.key);
  const nothing: NotificationPlan = { shown: [], remember, waitForPerson: false };
  if (!seen.primed) return nothing;
  const alerts = context?.alerts;
  const firstRead = new Set(context?.firstRead);
  const fresh = unread.filter(
    (letter) =>
      !known.has(letter.key) &&
      !firstRead.has(letter.mailboxKey) &&
      !alerts?.kindsOff.includes(letter.kind) &&
      !alerts?.mailboxesOff.includes(letter.mailboxKey),
  );
  if (fresh.length === 0 || (context && isPaused(context.alerts, context.now))) return nothing;
  if (context?.away) return { shown: [], remember: [], waitForPerson: true };
  if (context?.wasAway) return { ...nothing, summary: { letters: fresh, away: true } };
  if (fresh.length === 1) return { ...nothing, shown: fresh };
  return { ...nothing, summary: { letters: fresh, away: false } };
}

/**
 * Adds keys to the remembered set: each once, the newest last, the oldest dropped beyond the limit.
 * The keys added are never dropped, however many (every letter unread now is remembered, or one of
 * them would be alerted again at the next check): the limit bounds only what came before.
 */
export function rememberKeys(seen: readonly string[], keys: readonly string[], limit = SEEN_LIMIT): string[] {
  const adding = new Set(keys);
  const merged = [...seen.filter((key) => !adding.has(key)), ...adding];
  return merged.slice(Math.max(0, merged.length - Math.max(limit, adding.size)));
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

/** The day a person reads in a notification: "Monday 7 December" (a date-only value is that day wherever they are). */
function dayOf(iso: string, locale: string): string | undefined {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(iso);
  const at = Date.parse(dateOnly ? `${iso}T00:00:00Z` : iso);
  if (!Number.isFinite(at)) return undefined;
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(dateOnly ? { timeZone: 'UTC' } : {}),
  }).format(at);
}

/**
 * What a letter asks, in words ("Parcel ready at Kiwi Majorstuen — fetch it by Monday 7 December"),
 * or undefined when what it carries cannot be said (a sum with no due date).
 */
export function asksText(asks: LetterAsks | undefined, t: Translate, locale: string): string | undefined {
  if (!asks) return undefined;
  if (asks.kind === 'parcel') {
    const by = asks.by === undefined ? undefined : dayOf(asks.by, locale);
    if (!asks.place) return t('notification_parcel_anywhere');
    return by === undefined ? t('notification_parcel', asks.place) : t('notification_parcel_by', [asks.place, by]);
  }
  if (asks.kind === 'share') return t('notification_share');
  if (asks.kind === 'link') {
    const by = dayOf(asks.by, locale);
    return by === undefined ? undefined : t('notification_link_by', by);
  }
  if (asks.kind === 'appointment' || asks.kind === 'event') {
    const when = new Intl.DateTimeFormat(locale, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
    }).format(asks.start);
    const key = asks.kind === 'event' ? 'notification_event' : 'notification_appointment';
    return asks.place ? t(`${key}_at`, [when, asks.place]) : t(key, when);
  }
  const due = asks.due === undefined ? undefined : dayOf(asks.due, locale);
  if (asks.amount === undefined || due === undefined) return undefined;
  return t(asks.kind === 'debt' ? 'notification_debt' : 'notification_invoice', [formatMoney(asks.amount, 'NOK', locale), due]);
}

/**
 * A letter's notification: the sender as title, and as text what it asks (a parcel, an invoice…)
 * over its subject, or the subject alone; whose mailbox when shared with the person. Plain strings.
 */
export function letterText(letter: UnreadLetter, t: Translate, locale = 'en'): NotificationText {
  const subject = letter.subject || t('notification_no_subject');
  const asks = asksText(letter.asks, t, locale);
  const text = asks === undefined ? subject : `${asks}\n${subject}`;
  return {
    title: letter.sender || t('notification_unknown_sender'),
    message: letter.whose === undefined ? text : t('notification_shared_message', [text, letter.whose]),
  };
}

/** How many senders the summary names before "and others". */
const SENDERS_NAMED = 3;

/**
 * The one notification for several new letters: how many, and from whom ("From Skatteetaten, NAV
 * and Posten"), or that they came while the person was away.
 */
export function summaryText(summary: { letters: readonly UnreadLetter[]; away: boolean }, t: Translate, locale: string): NotificationText {
  const count = summary.letters.length;
  const senders = [...new Set(summary.letters.map((letter) => letter.sender || t('notification_unknown_sender')))];
  const named = senders.length > SENDERS_NAMED ? [...senders.slice(0, SENDERS_NAMED - 1), t('notification_others')] : senders;
  return {
    title: t(pluralKey(summary.away ? 'notification_away_title' : 'notification_summary_title', count, locale), formatCount(count, locale)),
    message: t('notification_from', new Intl.ListFormat(locale, { type: 'conjunction' }).format(named)),
  };
}

/** Keeps the newest `limit` entries of the notification → address map (insertion order). */
export function boundTargets(targets: Record<string, string>, limit = TARGETS_LIMIT): Record<string, string> {
  const entries = Object.entries(targets);
  return Object.fromEntries(entries.slice(Math.max(0, entries.length - limit)));
}
