import { describe, expect, it } from 'vitest';
import type { Document, Inbox } from '../../../src/api/schemas.ts';
import { isUnread } from '../../../src/api/unread.ts';
import {
  boundTargets,
  letterKey,
  letterText,
  MAX_SHOWN,
  planNotifications,
  rememberKeys,
  shouldFetchInbox,
  summaryText,
  unreadLetters,
  type UnreadLetter,
} from '../../../src/background/notifications-plan.ts';

const SERVICE = 'https://www.digipost.no';
const MEDIA = 'application/vnd.digipost-v2+json';

function letter(
  id: number,
  opts: { read?: boolean; attachments?: Document['attachment']; self?: string | null; sender?: string; subject?: string } = {},
): Document {
  const self = opts.self === undefined ? `${SERVICE}/post/api/private/documents/${id}` : opts.self;
  return {
    subject: opts.subject ?? `Brev ${id}`,
    creatorName: opts.sender ?? `Avsender ${id}`,
    read: opts.read ?? false,
    attachment: opts.attachments ?? [{ read: opts.read ?? false, mainDocument: true, link: [] }],
    link: self === null ? [] : [{ rel: `${SERVICE}/post/relations/self`, uri: self, 'media-type': MEDIA }],
  };
}

function inboxOf(...documents: Document[]): Inbox {
  return { document: documents, link: [] };
}

/** Fake translations: the key with its substitution, so tests see which message was chosen. */
const t = (key: string, sub?: string | string[]) => (sub === undefined ? key : `${key}(${String(sub)})`);

async function unread(...documents: Document[]): Promise<UnreadLetter[]> {
  return unreadLetters(inboxOf(...documents), SERVICE);
}

describe('which letters are unread', () => {
  it('goes by the main attachment, as the list does', () => {
    expect(isUnread(letter(1))).toBe(true);
    expect(isUnread(letter(1, { read: true }))).toBe(false);
    const mainRead = letter(2, {
      attachments: [
        { read: false, mainDocument: false, link: [] },
        { read: true, mainDocument: true, link: [] },
      ],
    });
    expect(isUnread({ ...mainRead, read: false })).toBe(false);
    // No attachment marked main: the first one decides; none at all: the letter's own flag.
    expect(isUnread(letter(3, { attachments: [{ read: false, link: [] }], read: true }))).toBe(true);
    expect(isUnread(letter(4, { attachments: [], read: false }))).toBe(true);
    // Unknown is not new.
    expect(isUnread({ attachment: [{ link: [] }], link: [] })).toBe(false);
  });

  it('keeps only unread letters that can be opened, with an opaque key', async () => {
    const letters = await unread(
      letter(1),
      letter(2, { read: true }),
      letter(3, { self: null }),
      letter(4, { self: 'https://evil.example/post/api/private/documents/4' }),
      letter(5, { self: `${SERVICE}/post/api/private/documents/5`, sender: '  Skatteetaten ', subject: '' }),
    );
    expect(letters.map((l) => l.target.url)).toEqual([
      `${SERVICE}/post/api/private/documents/1`,
      `${SERVICE}/post/api/private/documents/5`,
    ]);
    expect(letters[1]).toMatchObject({ sender: 'Skatteetaten', subject: '', target: { mediaType: MEDIA, relation: 'self' } });
    for (const l of letters) {
      expect(l.key).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(l.key).not.toContain('documents');
    }
  });

  it('gives one letter the same key every time and two letters different ones', async () => {
    const a = await letterKey(`${SERVICE}/post/api/private/documents/1`);
    expect(await letterKey(`${SERVICE}/post/api/private/documents/1`)).toBe(a);
    expect(await letterKey(`${SERVICE}/post/api/private/documents/2`)).not.toBe(a);
  });

  it('counts a letter listed twice once', async () => {
    expect(await unread(letter(1), letter(1))).toHaveLength(1);
  });
});

describe('what to notify', () => {
  it('notifies nothing on the first look, but remembers what is already unread', async () => {
    const letters = await unread(letter(1), letter(2));
    const plan = planNotifications(letters, { keys: [], primed: false });
    expect(plan).toEqual({ shown: [], more: 0, remember: letters.map((l) => l.key) });
  });

  it('notifies a new letter once, and never again', async () => {
    const [first, second] = await unread(letter(2), letter(1));
    if (!first || !second) throw new Error('fixture');
    const seen = { keys: [second.key], primed: true };
    const plan = planNotifications([first, second], seen);
    expect(plan.shown).toEqual([first]);
    expect(plan.more).toBe(0);
    const after = { keys: rememberKeys(seen.keys, plan.remember), primed: true };
    expect(planNotifications([first, second], after).shown).toEqual([]);
  });

  it('does not notify a letter again after it was read and became unread once more', async () => {
    const [one] = await unread(letter(1));
    if (!one) throw new Error('fixture');
    const seen = { keys: [one.key], primed: true };
    expect(planNotifications([], seen).remember).toEqual([]);
    // The set keeps it even while the letter was read (absent from the unread list).
    expect(planNotifications([one], { keys: rememberKeys(seen.keys, []), primed: true }).shown).toEqual([]);
  });

  it(`shows up to ${MAX_SHOWN} one by one`, async () => {
    const letters = await unread(letter(3), letter(2), letter(1));
    const plan = planNotifications(letters, { keys: [], primed: true });
    expect(plan.shown).toEqual(letters);
    expect(plan.more).toBe(0);
  });

  it('sums up the rest when there are more, the newest shown one by one', async () => {
    const letters = await unread(...Array.from({ length: 10 }, (_, i) => letter(100 - i)));
    const plan = planNotifications(letters, { keys: [], primed: true });
    expect(plan.shown).toEqual(letters.slice(0, MAX_SHOWN - 1));
    expect(plan.more).toBe(10 - (MAX_SHOWN - 1));
    expect(plan.shown.length + (plan.more > 0 ? 1 : 0)).toBe(MAX_SHOWN);
    // Every one of them is remembered, the summarised ones too.
    expect(plan.remember).toEqual(letters.map((l) => l.key));
    expect(planNotifications(letters, { keys: plan.remember, primed: true })).toMatchObject({ shown: [], more: 0 });
  });

  it('never sums up a single letter ("1 more new letters")', async () => {
    const letters = await unread(...Array.from({ length: MAX_SHOWN + 1 }, (_, i) => letter(i + 1)));
    const plan = planNotifications(letters, { keys: [], primed: true });
    expect(plan.more).toBeGreaterThanOrEqual(2);
  });
});

describe('the remembered set', () => {
  it('is bounded, keeps each key once, and drops the oldest', () => {
    let seen: string[] = [];
    for (let i = 0; i < 30; i++) seen = rememberKeys(seen, [`k${i}`], 10);
    expect(seen).toEqual(Array.from({ length: 10 }, (_, i) => `k${i + 20}`));
    expect(rememberKeys(['a', 'b', 'c'], ['a'], 10)).toEqual(['b', 'c', 'a']);
    expect(rememberKeys(['a'], ['b', 'b'], 10)).toEqual(['a', 'b']);
  });

  it('keeps letters that stay unread, however many others come and go', () => {
    let seen: string[] = ['stays'];
    for (let i = 0; i < 100; i++) seen = rememberKeys(seen, ['stays', `n${i}`], 5);
    expect(seen).toContain('stays');
    expect(seen).toHaveLength(5);
  });

  it('bounds the click targets to the newest', () => {
    const targets = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`id${i}`, `url${i}`]));
    const kept = boundTargets(targets, 50);
    expect(Object.keys(kept)).toHaveLength(50);
    expect(kept.id59).toBe('url59');
    expect(kept.id0).toBeUndefined();
  });
});

describe('when to look at the inbox', () => {
  const minute = 60_000;
  it('not when nothing is unread', () => {
    expect(shouldFetchInbox(0, undefined, 0, minute)).toBe(false);
    expect(shouldFetchInbox(0, { unread: 3, at: 0 }, 10 * minute, minute)).toBe(false);
  });
  it('when the count changed or was never seen', () => {
    expect(shouldFetchInbox(2, undefined, 0, minute)).toBe(true);
    expect(shouldFetchInbox(3, { unread: 2, at: 0 }, 1, minute)).toBe(true);
    expect(shouldFetchInbox(1, { unread: 2, at: 0 }, 1, minute)).toBe(true);
  });
  it('with the same count, at most once per interval', () => {
    expect(shouldFetchInbox(2, { unread: 2, at: 0 }, minute - 1, minute)).toBe(false);
    expect(shouldFetchInbox(2, { unread: 2, at: 0 }, minute, minute)).toBe(true);
    expect(shouldFetchInbox(undefined, { unread: undefined, at: 0 }, 1, minute)).toBe(false);
  });
});

describe('the text of a notification', () => {
  it('is the sender and the subject, with words for what is missing', async () => {
    const [named, hidden] = await unread(letter(1, { sender: 'NAV', subject: 'Vedtak' }), letter(2, { sender: '', subject: '' }));
    if (!named || !hidden) throw new Error('fixture');
    expect(letterText(named, t)).toEqual({ title: 'NAV', message: 'Vedtak' });
    expect(letterText(hidden, t)).toEqual({ title: 'notification_unknown_sender', message: 'notification_no_subject' });
  });

  it('says how many more in the summary', () => {
    expect(summaryText(7, t, 'en')).toEqual({ title: 'notification_more_title_other(7)', message: 'notification_more_message' });
    expect(summaryText(1, t, 'en').title).toBe('notification_more_title_one(1)');
    expect(summaryText(1, t, 'nn').title).toBe('notification_more_title_one(1)');
    expect(summaryText(1234, t, 'nb').title).toBe('notification_more_title_other(1\u00a0234)');
  });
});
