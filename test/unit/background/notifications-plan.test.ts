import { describe, expect, it } from 'vitest';
import type { Document, Inbox } from '../../../src/api/schemas.ts';
import { isUnread } from '../../../src/api/unread.ts';
import {
  boundTargets,
  asksText,
  letterText,
  planNotifications,
  type PlanContext,
  rememberKeys,
  shouldFetchInbox,
  summaryText,
  unreadLetters,
  type UnreadLetter,
} from '../../../src/background/notifications-plan.ts';
import { opaqueKey } from '../../../src/shared/opaque-key.ts';
import { isPaused } from '../../../src/storage/alert-items.ts';

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

  it('counts a letter listed twice once', async () => {
    expect(await unread(letter(1), letter(1))).toHaveLength(1);
  });
});

const NOW = Date.UTC(2026, 11, 1, 12);
/** Nothing to show: no letter of its own and no summary. */
const isQuiet = (plan: { shown: unknown[]; summary?: unknown }) => plan.shown.length === 0 && plan.summary === undefined;
const context = (over: Partial<PlanContext> = {}, alerts: Partial<PlanContext['alerts']> = {}): PlanContext => ({
  alerts: { kindsOff: [], mailboxesOff: [], ...alerts },
  now: NOW,
  away: false,
  wasAway: false,
  ...over,
});

describe('what to notify', () => {
  it('notifies nothing on the first look, but remembers what is already unread', async () => {
    const letters = await unread(letter(1), letter(2));
    const plan = planNotifications(letters, { keys: [], primed: false }, context());
    expect(plan).toEqual({ shown: [], remember: letters.map((l) => l.key), waitForPerson: false });
  });

  it('notifies a new letter once, and never again', async () => {
    const [first, second] = await unread(letter(2), letter(1));
    if (!first || !second) throw new Error('fixture');
    const seen = { keys: [second.key], primed: true };
    const plan = planNotifications([first, second], seen, context());
    expect(plan.shown).toEqual([first]);
    expect(plan.summary).toBeUndefined();
    const after = { keys: rememberKeys(seen.keys, plan.remember), primed: true };
    expect(planNotifications([first, second], after, context())).toSatisfy(isQuiet);
  });

  it('does not notify a letter again after it was read and became unread once more', async () => {
    const [one] = await unread(letter(1));
    if (!one) throw new Error('fixture');
    const seen = { keys: [one.key], primed: true };
    expect(planNotifications([], seen, context()).remember).toEqual([]);
    // The set keeps it even while the letter was read (absent from the unread list).
    expect(planNotifications([one], { keys: rememberKeys(seen.keys, []), primed: true }, context()).shown).toEqual([]);
  });

  it('several new letters in one check make one summary, never one notification each', async () => {
    const letters = await unread(...Array.from({ length: 5 }, (_, i) => letter(100 - i)));
    const plan = planNotifications(letters, { keys: [], primed: true }, context());
    expect(plan.shown).toEqual([]);
    expect(plan.summary).toEqual({ letters, away: false });
    // Every one of them is remembered: the next check alerts none of them again.
    expect(plan.remember).toEqual(letters.map((l) => l.key));
    expect(planNotifications(letters, { keys: plan.remember, primed: true }, context())).toSatisfy(isQuiet);
    const two = planNotifications(letters.slice(0, 2), { keys: [], primed: true }, context());
    expect(two.summary?.letters).toHaveLength(2);
  });
});

describe('alerts the person shapes', () => {
  it('paused: nothing is shown, and what came meanwhile is remembered, so it is never alerted after the pause', async () => {
    const letters = await unread(letter(2), letter(1));
    const seen = { keys: [], primed: true };
    for (const pausedUntil of [NOW + 60_000, null]) {
      const plan = planNotifications(letters, seen, context({}, { pausedUntil }));
      expect(plan).toMatchObject({ shown: [], waitForPerson: false });
      expect(plan.summary).toBeUndefined();
      expect(plan.remember).toEqual(letters.map((l) => l.key));
      expect(planNotifications(letters, { keys: plan.remember, primed: true }, context()).summary).toBeUndefined();
    }
    // A pause whose time has passed is over.
    expect(isPaused({ kindsOff: [], mailboxesOff: [], pausedUntil: NOW - 1 }, NOW)).toBe(false);
    expect(planNotifications(letters, seen, context({}, { pausedUntil: NOW - 1 })).summary?.letters).toHaveLength(2);
  });

  it('idle or locked: nothing shown and nothing remembered; back, what came meanwhile is one summary, without what was read', async () => {
    const [a, b, c] = await unread(letter(3), letter(2), letter(1));
    if (!a || !b || !c) throw new Error('fixture');
    const seen = { keys: [], primed: true };
    const away = planNotifications([a], seen, context({ away: true }));
    expect(away).toEqual({ shown: [], remember: [], waitForPerson: true });
    // Meanwhile b came and c came, and c was read on the phone: back, a and b are summed up, one alert even for one letter.
    const back = planNotifications([a, b], seen, context({ wasAway: true }));
    expect(back.summary).toEqual({ letters: [a, b], away: true });
    expect(planNotifications([a], seen, context({ wasAway: true })).summary).toEqual({ letters: [a], away: true });
  });

  it('per kind: a kind switched off is never alerted, and stays remembered; the others are', async () => {
    const invoice = letter(2, {
      attachments: [{ read: false, mainDocument: true, link: [], invoice: { amount: 1250, dueDate: '2026-12-10', link: [] } }],
    });
    const [bill, plain] = await unread(invoice, letter(1));
    if (!bill || !plain) throw new Error('fixture');
    expect([bill.kind, plain.kind]).toEqual(['invoices', 'letters']);
    const plan = planNotifications([bill, plain], { keys: [], primed: true }, context({}, { kindsOff: ['letters'] }));
    expect(plan.shown).toEqual([bill]);
    expect(plan.remember).toEqual([bill.key, plain.key]);
    const none = planNotifications([bill, plain], { keys: [], primed: true }, context({}, { kindsOff: ['letters', 'invoices'] }));
    expect(none).toSatisfy(isQuiet);
  });

  it('per mailbox: a mailbox switched off is never alerted; the person’s own is named ""', async () => {
    const OLA = `${SERVICE}/post/api/private/accounts/2047/documents/inbox`;
    const [own] = await unread(letter(1));
    const [shared] = await unreadLetters(inboxOf(letter(9)), SERVICE, { mailbox: OLA, whose: 'Ola Nordmann' });
    if (!own || !shared) throw new Error('fixture');
    expect([own.mailbox, shared.mailbox]).toEqual(['', OLA]);
    expect(
      planNotifications([own, shared], { keys: [], primed: true }, context({}, { mailboxesOff: [await opaqueKey(OLA)] })).shown,
    ).toEqual([own]);
    expect(
      planNotifications([own, shared], { keys: [], primed: true }, context({}, { mailboxesOff: [await opaqueKey('')] })).shown,
    ).toEqual([shared]);
  });
});

describe('what a new letter asks, from its data', () => {
  const withMetadata = (metadata: unknown[]) =>
    letter(5, { attachments: [{ read: false, mainDocument: true, link: [], metadata }] as never });

  it('a parcel: where, and the last day to fetch it', async () => {
    const [parcel] = await unread(
      withMetadata([{ type: 'PickupNotice', pickupPlace: { name: 'Kiwi Majorstuen' }, returnDateTime: '2026-12-07T12:00:00+01:00' }]),
    );
    expect(parcel?.kind).toBe('parcels');
    expect(asksText(parcel?.asks, t, 'en')).toBe('notification_parcel_by(Kiwi Majorstuen,Monday, December 7)');
    expect(asksText({ kind: 'parcel', place: 'Kiwi Majorstuen' }, t, 'en')).toBe('notification_parcel(Kiwi Majorstuen)');
    // Picked up already: no parcel to fetch, an ordinary letter.
    const [fetched] = await unread(withMetadata([{ type: 'PickupNotice', pickupPlace: { name: 'Kiwi' }, status: 'PICKED_UP' }]));
    expect(fetched?.kind).toBe('letters');
  });

  it('a debt collection and an invoice: the amount and the day it is due', async () => {
    const [debt] = await unread(withMetadata([{ type: 'Inkasso', dueDate: '2026-12-10', sum: 1800 }]));
    expect(debt?.kind).toBe('invoices');
    expect(asksText(debt?.asks, t, 'en')).toBe('notification_debt(NOK\u00a01,800.00,Thursday, December 10)');
    expect(asksText({ kind: 'invoice', amount: 1250, due: '2026-12-10' }, t, 'en')).toBe(
      'notification_invoice(NOK\u00a01,250.00,Thursday, December 10)',
    );
    expect(asksText({ kind: 'invoice' }, t, 'en')).toBeUndefined();
  });

  it('an appointment: when, and where', () => {
    const at = Date.parse('2026-12-03T09:30:00+01:00');
    expect(asksText({ kind: 'appointment', start: at, place: 'Legesenteret' }, t, 'en')).toMatch(
      /^notification_appointment_at\(Thursday, December 3(,| at) \d\d:\d\d( [AP]M)?,Legesenteret\)$/,
    );
  });
});

describe('what a new letter asks, beyond parcels, sums and appointments', () => {
  const withMetadata = (metadata: unknown[]) =>
    letter(6, { attachments: [{ read: false, mainDocument: true, link: [], metadata }] as never });

  it('an event is said as an event, not as an appointment', async () => {
    const [event] = await unread(
      withMetadata([
        {
          type: 'Event',
          title: 'Foreldremøte',
          time: [{ startTime: '2026-12-08T18:00:00+01:00', endTime: '2026-12-08T19:30:00+01:00' }],
          place: 'Aula',
        },
      ]),
    );
    expect(event?.kind).toBe('appointments');
    expect(asksText(event?.asks, t, 'en')).toMatch(/^notification_event_at\(Tuesday, December 8(,| at) \d\d:\d\d( [AP]M)?,Aula\)$/);
  });

  it('a link with a deadline: the last day to answer', async () => {
    const [link] = await unread(
      withMetadata([{ type: 'ExternalLink', url: 'https://www.nav.no/svar', deadline: '2026-12-14T23:59:00+01:00', buttonText: 'Svar' }]),
    );
    expect(link?.kind).toBe('letters');
    expect(asksText(link?.asks, t, 'en')).toBe('notification_link_by(Monday, December 14)');
    // A link with no deadline asks nothing by a day: the subject alone.
    const [plain] = await unread(withMetadata([{ type: 'ExternalLink', url: 'https://www.nav.no/les' }]));
    expect(asksText(plain?.asks, t, 'en')).toBeUndefined();
  });

  it('a request to share documents, while it is open; once shared, it asks nothing', async () => {
    const request = { type: 'ShareDocumentsRequest', purpose: 'Lånesøknad', allowedOriginOrganisationNumbers: ['984661185'] };
    const [open] = await unread(withMetadata([request]));
    expect(asksText(open?.asks, t, 'en')).toBe('notification_share');
    const [shared] = await unread(withMetadata([request, { type: 'ShareDocumentsRequestDocumentsShared' }]));
    expect(asksText(shared?.asks, t, 'en')).toBeUndefined();
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

  it('never drops a key it is given: more unread letters than the limit are all remembered, so none is alerted again', () => {
    const unread = Array.from({ length: 12 }, (_, i) => `u${i}`);
    const seen = rememberKeys(['old1', 'old2'], unread, 10);
    expect(seen).toEqual(unread);
    expect(rememberKeys(seen, unread, 10)).toEqual(unread);
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

  it('says what a letter asks over its subject, and whose mailbox when shared', async () => {
    const [named] = await unread(letter(1, { sender: 'Posten', subject: 'Hentemelding' }));
    if (!named) throw new Error('fixture');
    const parcel = { ...named, asks: { kind: 'parcel' as const, place: 'Kiwi Majorstuen' } };
    expect(letterText(parcel, t, 'en')).toEqual({ title: 'Posten', message: 'notification_parcel(Kiwi Majorstuen)\nHentemelding' });
    expect(letterText({ ...parcel, whose: 'Ola' }, t, 'en').message).toBe(
      'notification_shared_message(notification_parcel(Kiwi Majorstuen)\nHentemelding,Ola)',
    );
  });

  it('sums up how many and from whom, or that they came while the person was away', async () => {
    const letters = await unread(...['NAV', 'NAV', 'Skatteetaten', 'Posten', 'Telenor'].map((sender, i) => letter(i + 1, { sender })));
    expect(summaryText({ letters: letters.slice(0, 3), away: false }, t, 'en')).toEqual({
      title: 'notification_summary_title_other(3)',
      message: 'notification_from(NAV and Skatteetaten)',
    });
    expect(summaryText({ letters, away: false }, t, 'en').message).toBe('notification_from(NAV, Skatteetaten, and notification_others)');
    expect(summaryText({ letters: letters.slice(0, 1), away: true }, t, 'nn').title).toBe('notification_away_title_one(1)');
  });
});
