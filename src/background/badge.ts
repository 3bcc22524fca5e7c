// The toolbar button: its icon, badge and title say one of four things, each at a glance and each
// in words when the pointer rests on it (issue #48 point 2):
//   - the unread count, as of a check the title names (red badge, colour icon);
//   - signed out, or the connection ended by the service (grey icon, no badge);
//   - Digipost not answering: the last count stays, in grey, and the title says from when and that
//     it may not be current ("?" when no count is known): never cleared to look like no letters;
//   - a permission needed before the extension can reach Digipost ("!").
// A count is shown as current only after an answer: every failure to bring it up to date turns it
// grey (root-cache.ts), so a stale count is never presented as current.
import type { UnreadCounts } from '../api/inbox.ts';
import { t, uiLanguage } from '../shared/i18n.ts';
import { formatCount, pluralKey } from '../shared/plural.ts';

const COLOUR_ICONS = { 16: '/icons/icon-16.png', 32: '/icons/icon-32.png' };
const GREY_ICONS = { 16: '/icons/icon-grey-16.png', 32: '/icons/icon-grey-32.png' };

/** The badge's colours: a count that is current, one that is not, and something to do. */
export const BADGE_COLOURS = { current: '#b0141c', notCurrent: '#6b6b6b', needed: '#8a5a00' } as const;

/** The parts of the toolbar button (browser.action) the badge uses. */
export interface ActionApi {
  setIcon: (details: { path: Record<number, string> }) => Promise<void>;
  setBadgeText: (details: { text: string }) => Promise<void>;
  setBadgeBackgroundColor: (details: { color: string }) => Promise<void>;
  setTitle: (details: { title: string }) => Promise<void>;
}

/** A count as last read from the service, and when. */
interface CountAt {
  counts: UnreadCounts;
  /** Milliseconds since the epoch. */
  at: number;
}

export interface Badge {
  /** Signed in and answered: the colour icon with the unread count, the title saying what it counts and when it was checked. */
  showUnread: (count: CountAt) => Promise<void>;
  /** Signed out, or access ended by the service (`ended`): no count, and a grey icon so the toolbar says so at a glance. */
  showSignedOut: (ended?: boolean) => Promise<void>;
  /** Digipost gave no answer: the last count (`last`), grey and said not current; "?" without one. */
  showNoAnswer: (last: CountAt | undefined) => Promise<void>;
  /** The browser's permission to reach the service is missing: "!", and the title says where to give it. */
  showPermissionNeeded: () => Promise<void>;
}

function badgeText(unread: number | undefined): string {
  if (unread === undefined || unread <= 0) return '';
  return unread > 999 ? '999+' : String(unread);
}

/**
 * A title's words for when a count was read, in the browser's language: `today` ("Checked at 14:05")
 * on the day of `now`, else `otherDay` with the day before the time ("Checked Tuesday 1 December at
 * 14:05"), since a title set in the evening may be read the next morning.
 */
function whenSaid(at: number, now: number, today: string, otherDay: string): string {
  const locale = uiLanguage();
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(at);
  if (new Date(at).toDateString() === new Date(now).toDateString()) return t(today, time);
  return t(otherDay, [new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long' }).format(at), time]);
}

/**
 * What the title says of a count: the sum as the badge shows it, whether it adds up more than one
 * mailbox, each mailbox's own on a line when it does, and when it was checked.
 */
function unreadTitle(count: CountAt, now: number, locale = uiLanguage()): string {
  const { total, mailboxes } = count.counts;
  const sum = total ?? 0;
  const lines = [t(pluralKey('badge_unread', sum, locale), formatCount(sum, locale))];
  if (mailboxes.length > 1) {
    lines[0] = `${lines[0] ?? ''} ${t('badge_in_all')}`;
    for (const mailbox of mailboxes) {
      const name = mailbox.whose === undefined ? t('rel_document_inbox') : t('shared_inbox_title', mailbox.whose);
      lines.push(`${name}: ${formatCount(mailbox.unread ?? 0, locale)}`);
    }
  }
  lines.push(whenSaid(count.at, now, 'badge_checked', 'badge_checked_on'));
  return lines.join('\n');
}

/** `now`: milliseconds since the epoch, which says whether a count is from today. */
export function createBadge(action: ActionApi, now: () => number): Badge {
  const show = (icons: Record<number, string>, text: string, colour: string | undefined, title: string) =>
    Promise.all([
      action.setIcon({ path: icons }),
      colour === undefined ? Promise.resolve() : action.setBadgeBackgroundColor({ color: colour }),
      action.setBadgeText({ text }),
      action.setTitle({ title }),
    ]).then(() => undefined);
  return {
    showUnread: (count) => show(COLOUR_ICONS, badgeText(count.counts.total), BADGE_COLOURS.current, unreadTitle(count, now())),
    showSignedOut: (ended) => show(GREY_ICONS, '', undefined, t(ended ? 'badge_ended' : 'badge_signed_out')),
    showNoAnswer: (last) =>
      show(
        COLOUR_ICONS,
        badgeText(last?.counts.total) || '?',
        BADGE_COLOURS.notCurrent,
        // A count of none when last checked is not known to be none now: "?", not an empty badge.
        last?.counts.total ? whenSaid(last.at, now(), 'badge_no_answer', 'badge_no_answer_on') : t('badge_no_answer_unknown'),
      ),
    showPermissionNeeded: () => show(GREY_ICONS, '!', BADGE_COLOURS.needed, t('badge_permission')),
  };
}
