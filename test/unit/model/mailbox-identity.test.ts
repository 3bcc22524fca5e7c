import { describe, expect, it, vi } from 'vitest';
import { mailboxIdOf, sharedMailboxById, sharedMailboxes } from '../../../src/api/inbox.ts';
import { mailboxLists } from '../../../src/api/mailbox-lists.ts';
import { rootResourceSchema } from '../../../src/api/schemas.ts';

// A mailbox's inbox in words reads the browser's catalogue; here the English one on disk.
vi.mock('../../../src/shared/i18n.ts', async () => (await import('../../support/catalogue-i18n.ts')).catalogueI18n());
const { mailboxesAt, mailboxesOf, mailboxNavOf, storageOf } = await import('../../../src/model/mailbox.ts');

/*
 * Which mailbox a page, a letter or an upload lies in is named by the mailbox's own inbox link
 * (issue #44, points 7 and 8), never by its Digipost address: a mailbox shared with the person may
 * be listed with the person's own address, and first. The person's own mailbox is named by none;
 * an identity two entries claim names neither, and a value of the old form (a Digipost address)
 * names no shared mailbox: it is the person's own.
 */

const BASE = 'https://www.digipost.no';
const link = (name: string, path: string) => ({ rel: `${BASE}/post/relations/${name}`, uri: `${BASE}${path}` });
const KARI_ADDRESS = 'kari.nordmann#1ABC';
const OLA_INBOX = `${BASE}/ola/inbox`;

const ola = (fields: Record<string, unknown> = {}) => ({
  name: 'Ola Nordmann',
  owner: false,
  digipostaddress: KARI_ADDRESS,
  unreadItemsInInbox: 3,
  usedStorage: 900,
  totalAvailableStorage: 1000,
  folders: { folder: [{ id: 101, name: 'Pensjon', link: [link('self', '/ola/f/101')] }], link: [link('create_folder', '/ola/folders')] },
  link: [link('document_inbox', '/ola/inbox')],
  ...fields,
});
const kari = {
  name: 'Kari Nordmann',
  owner: true,
  digipostaddress: KARI_ADDRESS,
  usedStorage: 10,
  totalAvailableStorage: 1000,
  folders: { folder: [{ id: 1, name: 'Skatt', link: [link('self', '/own/f/1')] }], link: [link('create_folder', '/own/folders')] },
  link: [link('document_inbox', '/own/inbox')],
};
/** Ola's mailbox, shared with Kari, listed first and with Kari's own Digipost address. */
const root = (...shared: Record<string, unknown>[]) =>
  rootResourceSchema.parse({
    primaryAccount: { unreadItemsInInbox: 5, link: [link('document_inbox', '/own/inbox')] },
    mailbox: [...(shared.length > 0 ? shared : [ola()]), kari],
    link: [],
  });

describe('a mailbox by its identity, its own inbox link', () => {
  it('names a shared mailbox by its inbox’s address, and the person’s own by none', () => {
    const both = root();
    expect(mailboxIdOf(both.mailbox?.[0] ?? kari)).toBe(OLA_INBOX);
    expect(sharedMailboxById(both, OLA_INBOX)?.name).toBe('Ola Nordmann');
    expect(sharedMailboxes(both).map((mailbox) => mailboxIdOf(mailbox))).toEqual([OLA_INBOX]);
  });

  it('finds no shared mailbox by a Digipost address, the person’s own inbox, nothing, or an address no entry has', () => {
    const both = root();
    expect(sharedMailboxById(both, KARI_ADDRESS)).toBeUndefined();
    expect(sharedMailboxById(both, `${BASE}/own/inbox`)).toBeUndefined();
    expect(sharedMailboxById(both, undefined)).toBeUndefined();
    expect(sharedMailboxById(both, '')).toBeUndefined();
    expect(sharedMailboxById(both, `${BASE}/gone/inbox`)).toBeUndefined();
  });

  it('refuses an identity two entries claim: two shared mailboxes with one inbox, or a shared one listing the person’s own inbox', () => {
    const twice = root(
      ola(),
      ola({ name: 'Per Nordmann', folders: { folder: [{ id: 7, name: 'Per', link: [link('self', '/per/f/7')] }], link: [] } }),
    );
    expect(sharedMailboxById(twice, OLA_INBOX)).toBeUndefined();
    expect(sharedMailboxes(twice)).toEqual([]);
    expect(mailboxesAt(twice, OLA_INBOX).map((mailbox) => mailbox.name)).toEqual(['Kari Nordmann']);
    const ownInbox = root(ola({ link: [link('document_inbox', '/own/inbox')] }));
    expect(sharedMailboxById(ownInbox, `${BASE}/own/inbox`)).toBeUndefined();
    expect(sharedMailboxes(ownInbox)).toEqual([]);
    expect(mailboxesOf(ownInbox)).toEqual([]);
  });

  it('a shared mailbox without an inbox of its own has no identity: no place of it is offered as shared', () => {
    const noInbox = root(ola({ link: [] }));
    expect(sharedMailboxes(noInbox)).toEqual([]);
    expect(mailboxLists(noInbox).some((list) => list.shared !== undefined)).toBe(false);
  });
});

describe('the viewer’s mailbox, by that identity', () => {
  it('the person’s own, named by none: its own folders, storage and create_folder, though the shared one has the same address and comes first', () => {
    const both = root();
    const own = mailboxNavOf(both);
    expect(own).toMatchObject({ id: '', name: 'Kari Nordmann', inbox: link('document_inbox', '/own/inbox') });
    expect(own.whose).toBeUndefined();
    expect(own.folders.map((folder) => folder.name)).toEqual(['Skatt']);
    expect(mailboxesAt(both, undefined)[0]?.folders?.link).toEqual([link('create_folder', '/own/folders')]);
    expect(storageOf(both, own.id)?.used).toBe(10);
  });

  it('a value of the old form, the Digipost address both entries have, is the person’s own, never the shared mailbox', () => {
    const both = root();
    expect(mailboxNavOf(both, KARI_ADDRESS)).toMatchObject({ id: '', name: 'Kari Nordmann' });
    expect(mailboxesAt(both, KARI_ADDRESS).map((mailbox) => mailbox.name)).toEqual(['Kari Nordmann']);
    expect(storageOf(both, KARI_ADDRESS)?.used).toBe(10);
  });

  it('the shared one by its inbox: its folders, storage and create_folder, saying whose', () => {
    const both = root();
    const shared = mailboxNavOf(both, OLA_INBOX);
    expect(shared).toMatchObject({
      id: OLA_INBOX,
      name: 'Ola Nordmann',
      whose: 'Ola Nordmann',
      inbox: link('document_inbox', '/ola/inbox'),
      inboxUnread: 3,
    });
    expect(shared.folders.map((folder) => folder.name)).toEqual(['Pensjon']);
    expect(mailboxesAt(both, OLA_INBOX)[0]?.folders?.link).toEqual([link('create_folder', '/ola/folders')]);
    expect(storageOf(both, OLA_INBOX)?.used).toBe(900);
  });

  it('lists the mailboxes to switch between, each by its own identity: the person’s own first, then the shared one', () => {
    expect(mailboxesOf(root()).map((nav) => [nav.id, nav.name])).toEqual([
      ['', 'Kari Nordmann'],
      [OLA_INBOX, 'Ola Nordmann'],
    ]);
  });

  it('a shared mailbox’s lists say which mailbox they open in by its identity, never its Digipost address', () => {
    expect(mailboxLists(root()).map((list) => [list.link.uri, list.shared?.mailbox])).toEqual([
      [`${BASE}/own/inbox`, undefined],
      [`${BASE}/own/f/1`, undefined],
      [OLA_INBOX, OLA_INBOX],
      [`${BASE}/ola/f/101`, OLA_INBOX],
    ]);
  });
});
