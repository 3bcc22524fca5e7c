import { describe, expect, it } from 'vitest';
import { inboxLinkOf, inboxOf, unreadInEveryMailbox } from '../../../src/api/inbox.ts';
import { mailboxLists } from '../../../src/api/mailbox-lists.ts';
import { placeLinksOf, uploadPlaceAt, uploadPlacesOf } from '../../../src/api/upload-places.ts';
import { rootResourceSchema } from '../../../src/api/schemas.ts';
import * as fx from './fixtures.ts';

const root = (fields: Record<string, unknown>) => rootResourceSchema.parse(fields);

describe('which inbox is "the inbox"', () => {
  it('is the account’s when the account lists one, with the account’s count', () => {
    const inbox = inboxOf(rootResourceSchema.parse(fx.realRoot()));
    expect(inbox?.link.uri).toBe(`${fx.BASE}/post/api/private/accounts/2939/documents/inbox`);
    expect(inbox?.unread).toBe(35);
  });

  it('is the first mailbox that lists one when the account does not, with that mailbox’s count', () => {
    const inbox = inboxOf(
      root({
        primaryAccount: { unreadItemsInInbox: 9, link: [fx.link('receipts', '/receipts')] },
        mailbox: [
          { name: 'Shared with me', unreadItemsInInbox: 1, link: [fx.link('self', '/mailbox/1')] },
          { name: 'Kari', unreadItemsInInbox: 4, link: [fx.link('document_inbox', '/mailbox/2/inbox')] },
          { name: 'Later', unreadItemsInInbox: 7, link: [fx.link('document_inbox', '/mailbox/3/inbox')] },
        ],
      }),
    );
    expect(inbox).toEqual({ link: fx.link('document_inbox', '/mailbox/2/inbox'), unread: 4 });
  });

  it('takes the account’s count when the mailbox gives none', () => {
    const inbox = inboxOf(root({ primaryAccount: { unreadItemsInInbox: 2 }, mailbox: [{ link: [fx.link('document_inbox', '/inbox')] }] }));
    expect(inbox?.unread).toBe(2);
  });

  it('is none when nothing lists one', () => {
    expect(inboxOf(undefined)).toBeUndefined();
    expect(inboxOf(root({}))).toBeUndefined();
    expect(inboxLinkOf(root({ primaryAccount: { link: [fx.link('receipts', '/r')] }, mailbox: [{ link: [] }] }))).toBeUndefined();
  });
});

/** A root as the service gives it to a person who may read their father's mailbox beside their own. */
const twoMailboxes = () =>
  root({
    primaryAccount: { unreadItemsInInbox: 5, link: [fx.link('document_inbox', '/own/inbox')] },
    mailbox: [
      {
        name: 'Kari',
        owner: true,
        digipostaddress: 'kari#1',
        unreadItemsInInbox: 5,
        link: [fx.link('upload_document_to_inbox', '/own/upload')],
        folders: {
          folder: [{ id: 1, name: 'Skatt', link: [fx.link('self', '/own/f/1'), fx.link('upload_document', '/own/f/1/upload')] }],
          link: [],
        },
      },
      {
        name: 'Ola',
        owner: false,
        digipostaddress: 'ola#2',
        unreadItemsInInbox: 3,
        link: [fx.link('document_inbox', '/ola/inbox'), fx.link('upload_document_to_inbox', '/ola/upload')],
        folders: {
          folder: [{ id: 101, name: 'Pensjon', link: [fx.link('self', '/ola/f/101'), fx.link('upload_document', '/ola/f/101/upload')] }],
          link: [],
        },
      },
    ],
  });

describe('a mailbox shared with the person', () => {
  it('is never "the inbox", even when the account names none and it comes first', () => {
    const inbox = inboxOf(
      root({
        mailbox: [
          { name: 'Ola', owner: false, link: [fx.link('document_inbox', '/ola/inbox')] },
          { name: 'Kari', owner: true, link: [fx.link('document_inbox', '/own/inbox')] },
        ],
      }),
    );
    expect(inbox?.link.uri).toBe(`${fx.BASE}/own/inbox`);
    expect(inboxOf(root({ mailbox: [{ owner: false, link: [fx.link('document_inbox', '/ola/inbox')] }] }))).toBeUndefined();
  });

  it('is read for open invoices after the person’s own places, and takes uploads into its own places only when named', () => {
    const both = twoMailboxes();
    // Its places are read for open invoices after the person's own, each saying whose it is.
    expect(mailboxLists(both).map((list) => [list.link.uri, list.shared?.whose])).toEqual([
      [`${fx.BASE}/own/inbox`, undefined],
      [`${fx.BASE}/own/f/1`, undefined],
      [`${fx.BASE}/ola/inbox`, 'Ola'],
      [`${fx.BASE}/ola/f/101`, 'Ola'],
    ]);
    // Uploads: the person's own places first; then the shared mailbox's, each saying whose.
    expect(uploadPlacesOf(both)).toEqual([
      { place: { kind: 'inbox' } },
      { place: { kind: 'folder', self: `${fx.BASE}/own/f/1` }, name: 'Skatt' },
      { place: { kind: 'inbox', mailbox: `${fx.BASE}/ola/inbox` }, whose: 'Ola' },
      { place: { kind: 'folder', self: `${fx.BASE}/ola/f/101` }, name: 'Pensjon', whose: 'Ola' },
    ]);
    expect(placeLinksOf(both, { kind: 'inbox' })?.upload.uri).toBe(`${fx.BASE}/own/upload`);
    expect(placeLinksOf(both, { kind: 'inbox', mailbox: `${fx.BASE}/ola/inbox` })).toEqual({
      upload: fx.link('upload_document_to_inbox', '/ola/upload'),
      list: fx.link('document_inbox', '/ola/inbox'),
    });
    // A mailbox the root does not list takes nothing: never the person's own in its place.
    expect(placeLinksOf(both, { kind: 'inbox', mailbox: `${fx.BASE}/gone/inbox` })).toBeUndefined();
    expect(uploadPlaceAt(both, `${fx.BASE}/ola/inbox`)).toEqual({ kind: 'inbox', mailbox: `${fx.BASE}/ola/inbox` });
  });

  it('adds its unread letters to the badge’s count, as Digipost’s apps do', () => {
    expect(unreadInEveryMailbox(twoMailboxes())).toBe(8);
    // Only the person's own: their count alone; none counted anywhere: no count.
    expect(
      unreadInEveryMailbox(
        root({ primaryAccount: { unreadItemsInInbox: 5 }, mailbox: [{ owner: true, unreadItemsInInbox: 5, link: [] }] }),
      ),
    ).toBe(5);
    expect(unreadInEveryMailbox(root({}))).toBeUndefined();
    expect(
      unreadInEveryMailbox(
        root({
          mailbox: [{ owner: false, digipostaddress: 'ola#2', unreadItemsInInbox: 2, link: [fx.link('document_inbox', '/ola/inbox')] }],
        }),
      ),
    ).toBe(2);
    // The person's count where the root gives it only beside their inbox under mailbox[] (contract §5).
    expect(unreadInEveryMailbox(root({ mailbox: [{ unreadItemsInInbox: 3, link: [fx.link('document_inbox', '/own/inbox')] }] }))).toBe(3);
    // A shared mailbox with no inbox to open it by (what names it) is not offered anywhere, so not counted either.
    expect(
      unreadInEveryMailbox(
        root({ primaryAccount: { unreadItemsInInbox: 1 }, mailbox: [{ owner: false, unreadItemsInInbox: 2, link: [] }] }),
      ),
    ).toBe(1);
  });
});
