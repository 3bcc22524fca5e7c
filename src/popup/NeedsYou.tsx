import { useState } from 'preact/hooks';
import type { Link } from '../api/schemas.ts';
import { dateFormat } from '../model/dates.ts';
import type { InvoiceInfo } from '../model/letters.ts';
import { t, tCount, uiLocale } from '../shared/i18n.ts';
import type { NeedRow } from '../storage/page-items.ts';
import { SpriteIcon } from '../ui/sprite-icon.tsx';
import { daysLeft as daysLeftOf } from './glance-rows.ts';

/** When an invoice is due, in words: "due in 3 days", "was due yesterday", "overdue by 4 days". */
export function dueText(invoice: InvoiceInfo, now: number, locale: string): string | undefined {
  const { dueDate } = invoice;
  if (dueDate === undefined) return undefined;
  const daysLeft = daysLeftOf(invoice, now);
  if (daysLeft === undefined) return t('invoice_due', dueDate);
  // Past 1 day and within 14 ahead the count is plural in every language we ship, so no plural rules here.
  if (daysLeft < -1) return t('invoice_overdue_days', String(-daysLeft));
  if (daysLeft < 0) return t('invoice_overdue_yesterday');
  if (daysLeft === 0) return t('invoice_due_today');
  if (daysLeft === 1) return t('invoice_due_tomorrow');
  if (daysLeft <= 14) return t('invoice_due_in_days', String(daysLeft));
  // A calendar day (daysLeft read it), shown as written whatever the zone: what model/dates.ts'
  // formatDate does for a day, with its formatter, made once, and without its reading of moments.
  return t('invoice_due', dateFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.parse(dueDate)));
}

/** Rows shown before "Show N more": the list stays beside the places on the popup's first screen. */
const FIRST_ROWS = 3;

/** The row slots a list of `count` rows takes: all of them up to four (four fit as well as three and "Show 1 more"), else three. */
export const slotsFor = (count: number): number => (count <= FIRST_ROWS + 1 ? count : FIRST_ROWS);

/** How much of the mailbox the list stands on: places of the root not yet read this session, and those whose read failed. */
export interface NeedsCoverage {
  looking: number;
  notChecked: number;
}

/**
 * A row's room, empty (every row of the list is one height, popup.css): the stand-in's skeleton
 * while the list is coming, or the room a row left while it loads.
 */
export const Slot = () => <li class="due-slot" aria-hidden="true" />;

/**
 * One row, of one shape for every kind: its icon, who or what, an amount beside it, what and when,
 * whose mailbox. The worker wrote the words (background/needs-rows.ts); only an invoice's due day is
 * counted here, so it says "due tomorrow" on the right day. Urgent (overdue, the last day) in its
 * own colour, and in words too.
 */
function NeedItem(props: { row: NeedRow; now: number; onOpen: (self: Link, mailbox?: string) => void }) {
  const { row } = props;
  const when = [row.line, row.due && dueText({ dueDate: row.due }, props.now, uiLocale())].filter(Boolean).join(' · ');
  const body = (
    <>
      <SpriteIcon name={row.icon} />
      {/* The spaces are for the words (a screen reader's name of the row); the grid drops them. */}
      <span class="due-sender">{row.title}</span> {row.aside ? <span class="due-amount">{row.aside}</span> : null}{' '}
      <span class="due-line">
        <span class="due-when">{when}</span>
        {/* Whose, when it lies in a mailbox shared with the person. */}
        {/* The space is for the words alone (a flex container drops it); the dot is the stylesheet's. */}
        {row.shared ? (
          <>
            {' '}
            <span class="due-whose">{row.shared.whose}</span>
          </>
        ) : null}
      </span>
    </>
  );
  const self = row.self;
  return (
    <li class={row.urgentFrom !== undefined && props.now >= row.urgentFrom ? 'overdue' : undefined}>
      {self ? (
        <button type="button" class="due-open" onClick={() => props.onOpen(self, row.shared?.mailbox)}>
          {body}
        </button>
      ) : (
        <span class="due-open">{body}</span>
      )}
    </li>
  );
}

/**
 * What needs the person, most urgent first: the rows the worker decided for the inbox and the
 * folders (background/due-invoices.ts), gone once past. Whole only when every place has been read;
 * until then it says where it is still looking, and it says so when a place could not be read.
 *
 * Still while it loads (issue #47 point 4): the room it takes is fixed in the frame it is first
 * drawn in. Its row slots are as many as the rows it knows then; a row found later takes the place
 * of a less urgent one, and what does not fit is counted in "Show N more"; a row gone leaves its
 * room. Its last line (where it is still looking, "Show N more") is kept from the start when either
 * may come. So the newest letters below never move under the pointer.
 */
export function NeedsYou(props: {
  rows: readonly NeedRow[];
  coverage: NeedsCoverage;
  now: number;
  onOpen: (self: Link, mailbox?: string) => void;
}) {
  const { rows } = props;
  const { looking, notChecked } = props.coverage;
  const [slots] = useState(() => slotsFor(rows.length));
  const [held] = useState(() => looking + notChecked > 0 || rows.length > slots);
  const [all, setAll] = useState(false);
  const shown = all ? rows : rows.slice(0, slots);
  return (
    <section class="due" aria-labelledby="due-title">
      <h2 id="due-title">{t('needs_title')}</h2>
      {/* Empty, it takes no room. */}
      <ul>
        {/*
         * Keyed by its slot and its row: a row found later is drawn anew in its slot, as is every
         * row it moves along; nothing already drawn moves, not even sideways (a shorter amount).
         */}
        {shown.map((row, slot) => (
          <NeedItem key={`${slot}${row.key}`} row={row} now={props.now} onOpen={props.onOpen} />
        ))}
        {Array.from({ length: slots - shown.length }, Slot)}
      </ul>
      {/* Where it is looking on the left, "Show N more" on the right, drawn anew as its count changes: neither moves the other. */}
      <p class={held ? 'due-note held' : 'due-note'}>
        <span role="status">
          {looking > 0
            ? tCount('due_still_looking', looking)
            : notChecked > 0
              ? tCount('due_not_checked', notChecked)
              : rows.length === 0
                ? t('needs_none')
                : null}
        </span>
        {shown.length < rows.length ? (
          <button key={rows.length - shown.length} type="button" class="link-button due-more" onClick={() => setAll(true)}>
            {t('due_more', String(rows.length - shown.length))}
          </button>
        ) : null}
      </p>
    </section>
  );
}
