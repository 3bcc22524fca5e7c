import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BADGE_COLOURS, createBadge, type ActionApi } from '../../../src/background/badge.ts';

/*
 * The toolbar button's four states (issue #48 point 2), as a person sees them: the badge's text and
 * colour, the icon, and the title the pointer shows. The words come from the English catalogue.
 */

// The catalogue is in place before badge.ts is imported: src/shared/ext.ts takes the API as it loads.
vi.hoisted(() => {
  const catalogue: Record<string, string> = {
    badge_unread_one: 'Digipost: $1 unread letter',
    badge_unread_other: 'Digipost: $1 unread letters',
    badge_in_all: 'in all your mailboxes',
    badge_checked: 'Checked at $1',
    badge_checked_on: 'Checked $1 at $2',
    badge_signed_out: 'Digipost: not connected. Open to connect.',
    badge_ended: 'Digipost ended the connection. Open to connect again.',
    badge_no_answer: 'Digipost isn’t answering. The count shown is from $1 and may not be current.',
    badge_no_answer_on: 'Digipost isn’t answering. The count shown is from $1 at $2 and may not be current.',
    badge_no_answer_unknown: 'Digipost isn’t answering, so the number of unread letters is not known right now.',
    badge_permission: 'Digipost: the extension needs your permission to reach Digipost. Open the settings to give it.',
    rel_document_inbox: 'Inbox',
    shared_inbox_title: '$1’s inbox',
    locale_code: 'en',
  };
  Object.assign(globalThis, {
    chrome: {
      i18n: {
        getMessage: (key: string, subs?: string | string[]) =>
          (catalogue[key] ?? '').replace(/\$(\d)/g, (_m, n: string) => [subs ?? []].flat()[Number(n) - 1] ?? ''),
        getUILanguage: () => 'en',
      },
    },
  });
});

let shown: { text?: string; colour?: string; icon?: string; title?: string };
let action: ActionApi;

beforeEach(() => {
  shown = {};
  action = {
    setIcon: ({ path }) => Promise.resolve(void (shown.icon = path[16] ?? '')),
    setBadgeText: ({ text }) => Promise.resolve(void (shown.text = text)),
    setBadgeBackgroundColor: ({ color }) => Promise.resolve(void (shown.colour = color)),
    setTitle: ({ title }) => Promise.resolve(void (shown.title = title)),
  };
});

const AT = Date.UTC(2026, 11, 1, 13, 5);
const time = new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(AT);

describe('the toolbar button', () => {
  it('counts every mailbox, and its title says so, each mailbox’s own and when it was checked', async () => {
    await createBadge(action, () => AT).showUnread({
      counts: { total: 8, mailboxes: [{ unread: 6 }, { whose: 'Ola Nordmann', unread: 2 }] },
      at: AT,
    });
    expect(shown).toEqual({
      icon: '/icons/icon-16.png',
      text: '8',
      colour: BADGE_COLOURS.current,
      title: `Digipost: 8 unread letters in all your mailboxes\nInbox: 6\nOla Nordmann’s inbox: 2\nChecked at ${time}`,
    });
  });

  it('with one mailbox: its count, no sum of mailboxes; none unread shows no number', async () => {
    const badge = createBadge(action, () => AT);
    await badge.showUnread({ counts: { total: 1, mailboxes: [{ unread: 1 }] }, at: AT });
    expect(shown.title).toBe(`Digipost: 1 unread letter\nChecked at ${time}`);
    await badge.showUnread({ counts: { total: 0, mailboxes: [{ unread: 0 }] }, at: AT });
    expect(shown.text).toBe('');
    expect(shown.title).toBe(`Digipost: 0 unread letters\nChecked at ${time}`);
  });

  it('signed out, or ended by the service: grey, no count, and which of the two', async () => {
    const badge = createBadge(action, () => AT);
    await badge.showUnread({ counts: { total: 3, mailboxes: [{ unread: 3 }] }, at: AT });
    await badge.showSignedOut();
    expect(shown).toMatchObject({ icon: '/icons/icon-grey-16.png', text: '', title: 'Digipost: not connected. Open to connect.' });
    await badge.showSignedOut(true);
    expect(shown.title).toBe('Digipost ended the connection. Open to connect again.');
  });

  it('Digipost not answering: the last count stays, grey, said not current; never an empty badge that looks like none', async () => {
    const badge = createBadge(action, () => AT);
    await badge.showNoAnswer({ counts: { total: 5, mailboxes: [{ unread: 5 }] }, at: AT });
    expect(shown).toEqual({
      icon: '/icons/icon-16.png',
      text: '5',
      colour: BADGE_COLOURS.notCurrent,
      title: `Digipost isn’t answering. The count shown is from ${time} and may not be current.`,
    });
    for (const last of [undefined, { counts: { total: 0, mailboxes: [{ unread: 0 }] }, at: AT }]) {
      await badge.showNoAnswer(last);
      expect(shown.text).toBe('?');
      expect(shown.title).toBe('Digipost isn’t answering, so the number of unread letters is not known right now.');
    }
  });

  it('a count from another day says which day, as the title may be read long after (a browser left open overnight)', async () => {
    const nextMorning = AT + 20 * 3_600_000;
    const badge = createBadge(action, () => nextMorning);
    const day = new Intl.DateTimeFormat('en', { weekday: 'long', day: 'numeric', month: 'long' }).format(AT);
    await badge.showUnread({ counts: { total: 1, mailboxes: [{ unread: 1 }] }, at: AT });
    expect(shown.title).toBe(`Digipost: 1 unread letter\nChecked ${day} at ${time}`);
    await badge.showNoAnswer({ counts: { total: 5, mailboxes: [{ unread: 5 }] }, at: AT });
    expect(shown.title).toBe(`Digipost isn’t answering. The count shown is from ${day} at ${time} and may not be current.`);
  });

  it('a permission needed: "!", and where to give it', async () => {
    await createBadge(action, () => AT).showPermissionNeeded();
    expect(shown).toMatchObject({ text: '!', colour: BADGE_COLOURS.needed, icon: '/icons/icon-grey-16.png' });
    expect(shown.title).toContain('Open the settings');
  });
});
