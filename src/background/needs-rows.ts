import { findLink } from '../api/links.ts';
import type { Document } from '../api/schemas.ts';
import { DUE_SOON_DAYS } from '../model/due-soon.ts';
import { INVOICE_CURRENCY } from '../model/invoice-text.ts';
import { senderText } from '../model/letter-text.ts';
import { num, present } from '../model/read-json.ts';
import { askingItemsOf, shareRequestStateOf, type CalendarItem, type ExternalLinkItem, type PickupNoticeItem } from '../model/metadata.ts';
import { t, uiLocale } from '../shared/i18n.ts';
import type { NeedRow } from '../storage/page-items.ts';

/*
 * What of a letter needs the person, as rows of the popup's list (issue #46 point 3): the worker
 * decides, the popup draws. One letter may give several rows (an invoice and an appointment), or
 * none. Each kind, and when it is gone:
 * - an invoice (on the main document, contract §6.1) neither paid nor sent to the bank, and a debt
 *   collection (Inkasso, contract §6.2) whose letter's invoice shows no payment: due within
 *   DUE_SOON_DAYS, or overdue; gone once paid;
 * - a parcel ready for pickup (PickupNotice, its status not picked up, returned or gone astray):
 *   where, its code, and the last day; gone once picked up, returned, or past its last day;
 * - an appointment or an event whose next time starts within CALENDAR_DAYS: gone once it is over;
 * - a link (ExternalLink) whose deadline is within DUE_SOON_DAYS: gone once the deadline passed;
 * - a request to share documents not yet answered (no documents shared, the sharing not stopped).
 * Times are the browser's own zone, as the popup shows them. Words are written here, in the
 * extension's language, and never go out of date: a day is named ("Tue 15 December"), except an
 * invoice's due day, which the popup counts itself ("due in 3 days"). A field of the wrong type is
 * absent, as the metadata model reads it (model/metadata.ts, askingItemsOf); a letter that cannot be read
 * otherwise is left out, never the list.
 */

/** Appointments and events are listed this many days ahead. */
const CALENDAR_DAYS = 7;

const DAY_MS = 86_400_000;

/** Midnight, in the browser's zone, at the start of the day of `at` (a moment, or a calendar day `2026-12-10`), `plus` days later. */
function midnight(at: number | string, plus = 0): number {
  // A date and time without an offset is read in the browser's own zone.
  const date = new Date(typeof at === 'string' ? `${at}T00:00` : at);
  return date.setHours(24 * plus, 0, 0, 0);
}

function dateWords(at: number, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(uiLocale(), options).format(at);
}

/** "Tue 15 December": a last day, named, so the words stay true on any day they are read (the weekday short, so a pickup code beside it fits). */
const dayName = (at: number) => dateWords(at, { weekday: 'short', day: 'numeric', month: 'long' });
/** "Thu 3 Dec, 09:30": when an appointment starts. */
const timeName = (at: number) => dateWords(at, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

const joined = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' · ');

/** An amount due, in the page's language ("kr 1 187,50"), as model/format.ts' formatMoney writes an amount in kroner. */
const money = (amount: number | undefined) =>
  amount === undefined ? undefined : new Intl.NumberFormat(uiLocale(), { style: 'currency', currency: INVOICE_CURRENCY }).format(amount);

/** A row without its key and what it opens (needRowsOf adds them). */
type Row = Omit<NeedRow, 'key' | 'self' | 'shared'>;

/** An invoice or a debt collection due on `due`: listed within DUE_SOON_DAYS of it, or overdue (from the day after it was due). */
function dueRow(title: string, due: string, now: number, line: string, amount?: number): Row | undefined {
  // Whole days from today, as the popup counts them (model/dates.ts' daysUntil, in the same zone); NaN for a day that is no calendar day.
  const left = Math.round((midnight(due) - midnight(now)) / DAY_MS);
  if (!(left <= DUE_SOON_DAYS)) return undefined;
  return { icon: 'invoice', title, line, due, by: midnight(due), urgentFrom: midnight(due, 1), ...present({ aside: money(amount) }) };
}

function parcelRow(item: PickupNoticeItem, now: number): Row | undefined {
  if (item.status !== undefined && item.status !== 'ready') return undefined;
  const by = item.returnedAfter === undefined ? undefined : Date.parse(item.returnedAfter);
  // A notice without a last day is kept a month from its parcel's arrival, never for ever.
  const until = by ?? (item.arrived === undefined ? undefined : Date.parse(item.arrived) + 30 * DAY_MS);
  if (until !== undefined && until <= now) return undefined;
  const code = item.place.pickupCode === undefined ? undefined : t('needs_parcel_code', item.place.pickupCode);
  return {
    icon: 'parcel',
    title: t('needs_parcel_title', item.place.name),
    line: joined(by === undefined ? t('needs_parcel_ready') : t('needs_parcel_by', dayName(by)), code),
    // Urgent on its last day.
    ...present({ by, urgentFrom: by === undefined ? undefined : midnight(by), until }),
  };
}

function calendarRow(item: CalendarItem, from: string, now: number): Row | undefined {
  // The next of its times that is not over yet, if it starts within CALENDAR_DAYS.
  const next = item.times
    .filter((time) => (time.end ?? time.start) > now && time.start <= now + CALENDAR_DAYS * DAY_MS)
    .sort((a, b) => a.start - b.start)[0];
  if (!next) return undefined;
  return {
    icon: 'calendar',
    title: item.title ?? from,
    line: joined(timeName(next.start), item.place ?? item.address),
    by: next.start,
    until: next.end ?? next.start,
  };
}

/** A link whose deadline, a calendar day (to its end) or a moment, is within DUE_SOON_DAYS; urgent on its day. */
function linkRow(item: ExternalLinkItem, title: string, now: number): Row | undefined {
  const deadline = item.deadline ?? '';
  // A moment as written; a day to its end (anything that is no day is NaN there, and no deadline).
  const by = /^\d{4}-\d\d-\d\dT/.test(deadline) ? Date.parse(deadline) : midnight(deadline, 1) - 1;
  if (!(by > now && by <= now + DUE_SOON_DAYS * DAY_MS)) return undefined;
  return {
    icon: 'link',
    title,
    line: joined(t('needs_link_by', dayName(by)), item.buttonText ?? item.description),
    by,
    urgentFrom: midnight(by),
    until: by,
  };
}

/**
 * The rows of one letter (`document`), as of `now`. `fallbackKey` names a letter with neither
 * address nor id, as the letters model does (unique in the record: its place and position).
 */
export function needRowsOf(document: Document, now: number, fallbackKey: string): NeedRow[] {
  const main = document.attachment.find((a) => a.mainDocument === true) ?? document.attachment[0];
  if (!main) return [];
  const selfLink = findLink(document.link, 'self');
  const id: unknown = document.id;
  const letterKey = selfLink?.uri ?? (typeof id === 'string' || typeof id === 'number' ? `id:${id}` : fallbackKey);
  const from = senderText({ sender: document.creatorName ?? '', uploaded: document.origin === 'UPLOADED' });
  const invoice: Record<string, unknown> | undefined = main.invoice;
  const paid = invoice !== undefined && (invoice.paid === true || Boolean(invoice.payment));
  const rows: [string, Row | undefined][] = [];
  if (invoice && !paid && typeof invoice.dueDate === 'string') {
    rows.push(['invoice', dueRow(from, invoice.dueDate, now, '', num(invoice.amount))]);
  }
  askingItemsOf(main).forEach((item, index) => {
    rows.push([
      String(index),
      // A debt collection is an invoice to everything that lists invoices; one the letter's own invoice already lists is not listed twice.
      item.kind === 'inkasso'
        ? invoice
          ? undefined
          : dueRow(from, item.dueDate, now, t('needs_debt_collection'), item.sum)
        : item.kind === 'pickup'
          ? parcelRow(item, now)
          : item.kind === 'link'
            ? linkRow(item, from, now)
            : item.kind === 'appointment' || item.kind === 'event'
              ? calendarRow(item, from, now)
              : undefined,
    ]);
  });
  const share = shareRequestStateOf(main);
  // Answered (documents shared) or stopped, the request asks nothing more: the card says where it stands.
  if (share === 'asked') rows.push(['share', { icon: 'share', title: from, line: t('needs_share_asked') }]);
  const self = selfLink && { rel: selfLink.rel, uri: selfLink.uri, ...present({ 'media-type': selfLink['media-type'] }) };
  return rows.flatMap(([which, row]) => (row ? [{ key: `${letterKey}#${which}`, ...row, ...present({ self }) }] : []));
}
