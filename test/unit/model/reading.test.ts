import { describe, expect, it, vi } from 'vitest';
import { attachmentsOf, documentsOf, resourceName, sessionLevelOf, summarize } from '../../../src/model/letters.ts';

// A folder's name in words reads the browser's catalogue; here the English one on disk.
vi.mock('../../../src/shared/i18n.ts', async () => (await import('../../support/catalogue-i18n.ts')).catalogueI18n());
const { folderName, inboxName, mailboxesAt, mailboxesOf, mailboxNavOf, ownPlacesOf, placeHolding } =
  await import('../../../src/model/mailbox.ts');
import { cardText, receiptOf, receiptsOf } from '../../../src/model/receipts.ts';
import { recipientsOf } from '../../../src/model/recipients.ts';
import { rootResourceSchema } from '../../../src/api/schemas.ts';

const BASE = 'https://www.digipost.no';
const rel = (name: string) => `${BASE}/post/relations/${name}`;
const link = (name: string, path: string) => ({ rel: rel(name), uri: `${BASE}${path}`, 'media-type': 'application/vnd.digipost-v2+json' });

function letter(overrides: Record<string, unknown> = {}, attachment: Record<string, unknown> = {}) {
  return {
    subject: 'Skattemelding',
    creatorName: 'Skatteetaten',
    created: '2024-03-01T12:00:00.000+01:00',
    'authentication-level': 'PASSWORD',
    read: true,
    attachment: [
      {
        subject: 'Skattemelding',
        fileType: 'pdf',
        fileSize: 1200,
        'authentication-level': 'PASSWORD',
        read: false,
        mainDocument: true,
        link: [link('get_document_content', '/docs/1/attachments/1/content')],
        ...attachment,
      },
    ],
    link: [link('self', '/docs/1')],
    ...overrides,
  };
}

describe('a letter in a list', () => {
  it('is unread when its main attachment is, and keyed by its own address', () => {
    const summary = summarize(letter(), 2, 'x');
    expect(summary).toMatchObject({ subject: 'Skattemelding', sender: 'Skatteetaten', unread: true, locked: false, attachmentCount: 1 });
    expect(summary.key).toBe(`${BASE}/docs/1`);
    expect(summary.self?.uri).toBe(`${BASE}/docs/1`);
  });

  it('is locked when it needs more than the session has', () => {
    expect(summarize(letter({ 'authentication-level': 'IDPORTEN_4' }), 2, 'x').locked).toBe(true);
    expect(summarize(letter({ 'authentication-level': 'IDPORTEN_3' }), 2, 'x').locked).toBe(true);
    expect(summarize(letter({ 'authentication-level': 'IDPORTEN_4' }), 4, 'x').locked).toBe(false);
    // The list's level field missing: the main attachment's counts.
    expect(summarize(letter({ 'authentication-level': undefined }, { 'authentication-level': 'IDPORTEN_4' }), 2, 'x').locked).toBe(true);
    // An unknown level is for the service to judge.
    expect(summarize(letter({ 'authentication-level': 'SOMETHING_NEW' }), 2, 'x').locked).toBe(false);
  });

  it('reads the invoice of the main attachment', () => {
    const summary = summarize(letter({}, { invoice: { amount: 499.5, dueDate: '2024-03-15', paid: false, kid: '123' } }), 2, 'x');
    expect(summary.invoice).toEqual({ amount: 499.5, dueDate: '2024-03-15', paid: false, kid: '123' });
  });

  it('reads the attachment marked main, else the first, and counts every attachment, one that is no object too', () => {
    const second = {
      subject: 'Faktura',
      mainDocument: true,
      read: true,
      'authentication-level': 'IDPORTEN_4',
      invoice: { amount: 10, dueDate: '2024-03-15' },
    };
    const summary = summarize({ subject: 'Brev', read: false, attachment: [{ subject: 'Vedlegg', read: false }, second, 'odd'] }, 2, 'x');
    expect(summary).toMatchObject({ unread: false, locked: true, attachmentCount: 3, invoice: { amount: 10, dueDate: '2024-03-15' } });
    const oddFirst = summarize(
      { subject: 'Brev', read: false, attachment: [7, { subject: 'Vedlegg', read: true, 'authentication-level': 'IDPORTEN_4' }] },
      2,
      'x',
    );
    expect(oddFirst).toMatchObject({ unread: true, locked: false, attachmentCount: 2 });
    expect(oddFirst.invoice).toBeUndefined();
  });

  it('knows a letter the person uploaded themself by its origin', () => {
    expect(summarize(letter({ creatorName: undefined, origin: 'UPLOADED' }), 2, 'x')).toMatchObject({ sender: '', uploaded: true });
    expect(summarize(letter({ origin: 'CORPORATION' }), 2, 'x').uploaded).toBe(false);
    expect(summarize(letter(), 2, 'x').uploaded).toBe(false);
    expect(summarize(letter({ origin: 7 }), 2, 'x').uploaded).toBe(false);
  });

  it('survives fields of the wrong type and falls back to an id or its place for a key', () => {
    const odd = summarize({ subject: 42, creatorName: null, created: 7, id: 99, attachment: 'no', link: 'no' }, 2, 'fallback');
    expect(odd).toMatchObject({ subject: '', sender: '', unread: false, locked: false, attachmentCount: 0, key: 'id:99' });
    expect(odd.created).toBeUndefined();
    expect(summarize(null, 2, 'fallback').key).toBe('fallback');
  });
});

describe('attachments', () => {
  it('tell content, opening receipt and lock apart', () => {
    const doc = {
      attachment: [
        { subject: 'A', mainDocument: true, link: [link('get_document_content', '/a')] },
        { subject: 'B', link: [link('send_opening_receipt', '/b')] },
        { subject: 'C', 'authentication-level': 'IDPORTEN_4', link: [] },
        'not an attachment',
      ],
    };
    const [a, b, c, d] = attachmentsOf(doc, 2);
    expect(a?.content?.uri).toBe(`${BASE}/a`);
    expect(a?.openingReceipt).toBeUndefined();
    expect(b?.content).toBeUndefined();
    expect(b?.openingReceipt?.uri).toBe(`${BASE}/b`);
    expect(c?.locked).toBe(true);
    expect(d).toMatchObject({ index: 3, subject: '', locked: false });
  });
});

describe('other resources', () => {
  it('finds the letters of an inbox and of a folder', () => {
    expect(documentsOf({ document: [1] })).toEqual([1]);
    expect(documentsOf({ documents: { document: [2] } })).toEqual([2]);
    expect(documentsOf({ documents: [] })).toBeUndefined();
  });

  it('reads receipts, folders, the session level and a title', () => {
    const rows = receiptsOf({
      receipt: [
        {
          id: 7000,
          storeName: 'Kiwi',
          amount: 12.5,
          currency: 'NOK',
          timeOfPurchase: '2024-01-01T10:00:00Z',
          link: [link('self', '/r/7000')],
        },
        {},
      ],
    });
    expect(rows[0]).toMatchObject({
      storeName: 'Kiwi',
      amount: 12.5,
      currency: 'NOK',
      time: '2024-01-01T10:00:00Z',
      key: `${BASE}/r/7000`,
    });
    expect(rows[1]).toMatchObject({ storeName: '', currency: '', key: '#1' });
    const root = rootResourceSchema.parse({
      authenticationlevel: 2,
      mailbox: [{ folders: { folder: [{ name: 'Skatt', link: [link('self', '/f/1')] }, { name: 'No link' }] } }, { name: 'shared' }],
    });
    expect(mailboxNavOf(root).folders).toEqual([{ name: 'Skatt', self: link('self', '/f/1') }]);
    expect(sessionLevelOf(root)).toBe(2);
    expect(sessionLevelOf({ authenticationlevel: 4 })).toBe(4);
    expect(sessionLevelOf(undefined)).toBe(2);
    expect(resourceName(letter())).toBe('Skattemelding');
    expect(resourceName({ name: 'Skatt', documents: { document: [] } })).toBe('Skatt');
    expect(resourceName({ name: '  ' })).toBeUndefined();
  });
});

describe('the side navigation, receipts and recipients', () => {
  it('finds the inbox, receipts and folders (with icons) in the root; the recipient search is no place of the mailbox', () => {
    const root = rootResourceSchema.parse({
      link: [link('search', '/post/api/recipients/search'), link('logout', '/post/api/logout')],
      primaryAccount: { link: [link('document_inbox', '/inbox'), link('receipts', '/receipts')] },
      mailbox: [
        {
          folders: {
            folder: [
              { name: 'Skatt', icon: 'TAX', link: [link('self', '/f/1')] },
              { name: 'Løs', link: [] },
            ],
          },
        },
      ],
    });
    const nav = mailboxNavOf(root);
    expect(nav.inbox?.uri).toBe(`${BASE}/inbox`);
    expect(nav.receipts?.uri).toBe(`${BASE}/receipts`);
    expect(Object.keys(nav)).not.toContain('search');
    expect(nav.folders.map((f) => [f.name, f.icon])).toEqual([['Skatt', 'TAX']]);
    expect(mailboxNavOf(undefined)).toEqual({ id: '', name: '', folders: [] });
  });

  it("counts the inbox's unread letters as the service does, and names a nameless folder in words", () => {
    const root = rootResourceSchema.parse({ primaryAccount: { unreadItemsInInbox: 3, link: [link('document_inbox', '/inbox')] } });
    expect(mailboxNavOf(root).inboxUnread).toBe(3);
    // No inbox, no count to show beside it.
    expect(mailboxNavOf(rootResourceSchema.parse({ primaryAccount: { unreadItemsInInbox: 3 } })).inboxUnread).toBeUndefined();
    expect(folderName({ name: ' ', self: link('self', '/f/9') })).toBe('Unnamed folder');
    expect(folderName({ name: 'Bolig', self: link('self', '/f/2') })).toBe('Bolig');
  });

  it('leads to the inbox a mailbox lists when the account lists none', () => {
    const root = rootResourceSchema.parse({
      primaryAccount: { link: [link('receipts', '/receipts')] },
      mailbox: [
        { name: 'Shared', link: [] },
        { name: 'Kari', link: [link('document_inbox', '/mailbox/2/inbox')] },
      ],
    });
    expect(mailboxNavOf(root).inbox?.uri).toBe(`${BASE}/mailbox/2/inbox`);
  });

  describe('with a mailbox shared with the person', () => {
    const root = rootResourceSchema.parse({
      primaryAccount: {
        fullName: 'Kari Nordmann',
        unreadItemsInInbox: 5,
        link: [link('document_inbox', '/own/inbox'), link('receipts', '/own/receipts')],
      },
      mailbox: [
        {
          name: 'Kari Nordmann',
          owner: true,
          digipostaddress: 'kari#1',
          link: [],
          folders: { folder: [{ id: 1, name: 'Skatt', link: [link('self', '/own/f/1')] }], link: [] },
        },
        {
          name: 'Ola Nordmann',
          owner: false,
          digipostaddress: 'ola#2',
          unreadItemsInInbox: 3,
          link: [link('document_inbox', '/ola/inbox'), link('receipts', '/ola/receipts')],
          folders: {
            folder: [{ id: 101, name: 'Pensjon', link: [link('self', '/ola/f/101')] }],
            link: [link('create_folder', '/ola/folders')],
          },
        },
      ],
    });

    it("lists the person's own places without the shared mailbox's folders", () => {
      const own = mailboxNavOf(root);
      expect(own).toMatchObject({ id: '', name: 'Kari Nordmann', inboxUnread: 5 });
      expect(own.whose).toBeUndefined();
      expect(own.inbox?.uri).toBe(`${BASE}/own/inbox`);
      expect(own.folders.map((f) => f.name)).toEqual(['Skatt']);
      expect(inboxName(own)).toBe('Inbox');
    });

    it("gives the popup the person's own places as the side navigation has them", () => {
      const { inbox, inboxUnread, receipts, folders } = mailboxNavOf(root);
      expect(ownPlacesOf(root)).toEqual({ inbox, inboxUnread, receipts, folders });
      const noInbox = rootResourceSchema.parse({ primaryAccount: { unreadItemsInInbox: 3 } });
      expect(ownPlacesOf(noInbox)).toEqual({ inbox: undefined, inboxUnread: undefined, receipts: undefined, folders: [] });
    });

    it("leads only through the shared mailbox's own links inside it, and says whose it is", () => {
      const shared = mailboxNavOf(root, `${BASE}/ola/inbox`);
      expect(shared).toMatchObject({ id: `${BASE}/ola/inbox`, name: 'Ola Nordmann', whose: 'Ola Nordmann', inboxUnread: 3 });
      expect([shared.inbox?.uri, shared.receipts?.uri]).toEqual([`${BASE}/ola/inbox`, `${BASE}/ola/receipts`]);
      expect(shared.folders.map((f) => f.name)).toEqual(['Pensjon']);
      expect(inboxName(shared)).toBe('Ola Nordmann’s inbox');
      expect(mailboxesAt(root, `${BASE}/ola/inbox`).map((m) => m.name)).toEqual(['Ola Nordmann']);
      // A mailbox the root no longer lists (the sharing ended): the person's own mailbox.
      expect(mailboxNavOf(root, `${BASE}/gone/inbox`)).toMatchObject({ id: '', name: 'Kari Nordmann' });
      expect(mailboxesAt(root, `${BASE}/gone/inbox`).map((m) => m.name)).toEqual(['Kari Nordmann']);
    });

    it('offers the mailboxes to switch between, own first, and none when only the own one is there', () => {
      expect(mailboxesOf(root).map((m) => [m.name, m.inboxUnread])).toEqual([
        ['Kari Nordmann', 5],
        ['Ola Nordmann', 3],
      ]);
      const onlyOwn = rootResourceSchema.parse({
        primaryAccount: { link: [link('document_inbox', '/own/inbox')] },
        mailbox: [{ name: 'Kari', owner: true, link: [] }],
      });
      expect(mailboxesOf(onlyOwn)).toEqual([]);
    });
  });

  it('knows which place holds a letter of the inbox and a receipt, and no place for what it cannot tell', () => {
    const nav = mailboxNavOf(
      rootResourceSchema.parse({ primaryAccount: { link: [link('document_inbox', '/inbox'), link('receipts', '/receipts')] } }),
    );
    expect(placeHolding('letter', letter({ location: 'INBOX' }), nav)).toBe(`${BASE}/inbox`);
    expect(placeHolding('receipt', { storeName: 'Kiwi' }, nav)).toBe(`${BASE}/receipts`);
    expect(placeHolding('letter', letter({ location: 'FOLDER' }), nav)).toBeUndefined();
    expect(placeHolding('letters', {}, nav)).toBeUndefined();
    expect(placeHolding('letter', letter({ location: 'INBOX' }), { id: '', name: '', folders: [] })).toBeUndefined();
  });

  it('reads one receipt, and only a receipt', () => {
    expect(receiptOf({ storeName: 'Kiwi', amount: 12.5, currency: 'NOK', timeOfPurchase: '2025-01-01T10:00:00+01:00' })).toEqual({
      storeName: 'Kiwi',
      amount: 12.5,
      currency: 'NOK',
      time: '2025-01-01T10:00:00+01:00',
    });
    expect(receiptOf({ subject: 'A letter', attachment: [] })).toBeUndefined();
    // The card paid with and the store's chain, as the service's own app reads them.
    expect(
      receiptOf({ storeName: 'Kiwi Majorstuen', franchiceName: 'Kiwi', card: ['************4821'], amount: 1, currency: 'NOK' }),
    ).toMatchObject({
      chain: 'Kiwi',
      card: '•••• 4821',
    });
    // A chain that is the store's own name adds nothing; a card written otherwise shows as written.
    expect(receiptOf({ storeName: 'Kiwi', franchiceName: 'Kiwi', card: ['Visa Gold'] })).toEqual({
      storeName: 'Kiwi',
      currency: '',
      card: 'Visa Gold',
    });
    expect(cardText('**** **** **** 0042')).toBe('•••• 0042');
    expect(cardText(undefined)).toBeUndefined();
  });

  it('reads recipients, skipping what is not one', () => {
    expect(recipientsOf({ recipient: [{ name: 'NAV', digipostaddress: 'nav#0002', organisationNumber: 889640782 }, 'junk'] })).toEqual([
      { key: '0', name: 'NAV', address: 'nav#0002', organisationNumber: '889640782' },
    ]);
    expect(recipientsOf({ recipient: [] })).toEqual([]);
    expect(recipientsOf(null)).toEqual([]);
  });
});
