import { describe, expect, it } from 'vitest';
import { parseWith } from '../../../src/api/http.ts';
import { anyResourceSchema, documentSchema, folderSchema, inboxSchema, linkSchema, rootResourceSchema } from '../../../src/api/schemas.ts';
import { AppError } from '../../../src/shared/errors.ts';
import { receiptsOf } from '../../../src/model/receipts.ts';
import * as fx from './fixtures.ts';

function malformed(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected a response_malformed error');
}

describe('root resource', () => {
  it('parses the published sample and keeps its fields', () => {
    const root = parseWith(rootResourceSchema, fx.specRoot(), 'root');
    expect(root.authenticationlevel).toBe(2);
    expect(root.primaryAccount?.fullName).toBe('Kari Nordmann');
    expect(root.primaryAccount?.address?.[0]?.['zip-code']).toBe('0155');
    expect(root.primaryAccount?.link.map((l) => l.uri)).toEqual([
      `${fx.BASE}/post/api/private/accounts/1234/receipts`,
      `${fx.BASE}/post/api/private/accounts/1234/documents/inbox`,
    ]);
    expect(root.link[0]?.['media-type']).toBe(fx.MEDIA);
    expect(root.mailbox).toBeUndefined();
  });

  it('parses a real-service root with extras, mailboxes, folders and a notice, keeping unknown fields', () => {
    const root = parseWith(rootResourceSchema, fx.realRoot(), 'root');
    expect(root.primaryAccount?.unreadItemsInInbox).toBe(35);
    expect(root.primaryAccount?.address?.[0]?.['house-letter']).toBe('C');
    expect(root.mailbox?.map((m) => [m.name, m.owner, m.unreadItemsInInbox])).toEqual([
      ['Ola Nordmann', true, 35],
      ['Familien', false, 2],
    ]);
    expect(root.mailbox?.[0]?.folders?.folder[0]?.name).toBe('Arkivet');
    expect(root.mailbox?.[1]?.folders).toBeUndefined();
    expect(root.notice?.messageHeader).toBe('Nye vilkår');
    expect(root.language?.language).toBe('nb');
    // Loose objects: what we do not model survives for the generic viewer.
    expect(root.role).toBe('PRIVAT');
    expect(root.validationRules).toEqual({ birthNumber: '^\\d{11}$', phoneNumber: '^\\d{8}$' });
    expect(root.primaryAccount?.extendedPhone).toEqual({ phoneNumber: '00000000', verified: false, link: [] });
    expect(root.mailbox?.[0]?.services).toEqual({ receiptServiceUser: false, letterServiceUser: true, link: [] });
  });

  it('parses a root with nothing but an empty object, and defaults every link list to []', () => {
    const root = parseWith(rootResourceSchema, {}, 'root');
    expect(root.link).toEqual([]);
    expect(root.primaryAccount).toBeUndefined();
    const bare = parseWith(rootResourceSchema, { primaryAccount: {}, mailbox: [{}] }, 'root');
    expect(bare.primaryAccount?.link).toEqual([]);
    expect(bare.mailbox?.[0]?.link).toEqual([]);
  });

  it('accepts links without a media type (seen in practice)', () => {
    const data = { link: [fx.link('search', '/post/api/recipients/search', null)] };
    const root = parseWith(rootResourceSchema, data, 'root');
    expect(root.link[0]).toEqual({ rel: `${fx.BASE}/post/relations/search`, uri: `${fx.BASE}/post/api/recipients/search` });
  });

  it.each([
    ['authenticationlevel', { authenticationlevel: '2' }, 'root: authenticationlevel: Invalid input: expected number, received string'],
    ['a link uri', { link: [{ rel: 'x/self', uri: 42 }] }, 'root: link[0].uri: Invalid input: expected string, received number'],
    ['the link list', { link: { rel: 'x', uri: 'y' } }, 'root: link: Invalid input: expected array, received object'],
    [
      "the account's link list",
      { primaryAccount: { link: [{ rel: 'x/self' }] } },
      'root: primaryAccount.link[0].uri: Invalid input: expected string, received undefined',
    ],
  ])('rejects a wrong type in %s with a readable detail', (_what, data, detail) => {
    const error = malformed(() => parseWith(rootResourceSchema, data, 'root'));
    expect(error.info).toEqual({ code: 'response_malformed', detail });
  });

  it('rejects what is not an object at all', () => {
    for (const data of [null, 'text', 42, [fx.specRoot()]]) {
      const error = malformed(() => parseWith(rootResourceSchema, data, 'root resource'));
      expect(error.code).toBe('response_malformed');
      expect(error.info.detail).toMatch(/^root resource: \(top level\): Invalid input: expected object/);
    }
  });

  it('does not put the offending value into the detail (it may be personal data)', () => {
    const error = malformed(() => parseWith(rootResourceSchema, { link: [{ rel: 'x/self', uri: 12345678901 }] }, 'root'));
    expect(error.info.detail).not.toContain('12345678901');
  });
});

describe('what the root only shows, read leniently: one odd field costs only itself', () => {
  const mailboxAt = (index: number) => {
    const mailbox = fx.realRoot().mailbox[index];
    if (!mailbox) throw new Error('the fixture lists two mailboxes');
    return mailbox;
  };
  const own = () => mailboxAt(0);
  const shared = () => mailboxAt(1);
  const rootWith = (mailbox: unknown[]) => parseWith(rootResourceSchema, { ...fx.realRoot(), mailbox }, 'root');

  it.each([
    ['usedStorage null', { usedStorage: null }, 'usedStorage'],
    ['usedStorage -1', { usedStorage: -1 }, 'usedStorage'],
    ['totalAvailableStorage -5', { totalAvailableStorage: -5 }, 'totalAvailableStorage'],
    ['unreadItemsInInbox "x"', { unreadItemsInInbox: 'x' }, 'unreadItemsInInbox'],
    ['unreadItemsInInbox 1.5', { unreadItemsInInbox: 1.5 }, 'unreadItemsInInbox'],
    ['name 7', { name: 7 }, 'name'],
    ['digipostaddress {}', { digipostaddress: {} }, 'digipostaddress'],
  ])('a shared mailbox with %s: that field is absent, and the rest of the root, that mailbox included, reads', (_what, odd, field) => {
    const root = rootWith([own(), { ...shared(), usedStorage: 10, totalAvailableStorage: 100, ...odd }]);
    expect(root.primaryAccount?.fullName).toBe(fx.realRoot().primaryAccount.fullName);
    expect(root.mailbox?.map((mailbox) => mailbox.link.map((l) => l.uri))).toEqual([
      own().link.map((l) => l.uri),
      shared().link.map((l) => l.uri),
    ]);
    const read = root.mailbox?.[1] as Record<string, unknown> | undefined;
    expect(read?.[field]).toBeUndefined();
    expect(read?.owner).toBe(false);
    // The odd value does not pass on as an unknown field either: the pages never see it.
    expect(JSON.parse(JSON.stringify(root.mailbox?.[1]))).not.toHaveProperty(field);
  });

  it.each([
    ['not an object', 'Familien'],
    ['null', null],
    ['with a malformed link list', { ...fx.realRoot().mailbox[1], link: [{ rel: 'x/self', uri: 42 }] }],
    ['with a link list that is no list', { ...fx.realRoot().mailbox[1], link: 'x' }],
    // Whose it is decides what the person may do there: a flag that is no flag is no mailbox to guess about.
    ['with an owner flag that is no flag', { ...fx.realRoot().mailbox[1], owner: 'yes' }],
  ])('a mailbox entry %s is left out, the other mailboxes kept', (_what, bad) => {
    const root = rootWith([bad, own(), shared()]);
    expect(root.mailbox?.map((mailbox) => mailbox.name)).toEqual(['Ola Nordmann', 'Familien']);
  });

  it('a mailbox list that is no list reads as none, and the account still shows', () => {
    const root = parseWith(rootResourceSchema, { ...fx.realRoot(), mailbox: { name: 'x' } }, 'root');
    expect(root.mailbox).toBeUndefined();
    expect(root.primaryAccount?.unreadItemsInInbox).toBe(35);
  });

  it('a folder that cannot be read leaves its mailbox and the other folders; odd folder names and icons are absent', () => {
    const { folders } = own();
    const arkivet = folders?.folder[0];
    if (!folders || !arkivet) throw new Error('the fixture lists a folder');
    const mailbox = {
      ...own(),
      folders: { ...folders, folder: ['x', { ...arkivet, link: [{ uri: 'y' }] }, { ...arkivet, name: 7, icon: 8 }, arkivet] },
    };
    const read = rootWith([mailbox, shared()]).mailbox?.[0]?.folders;
    expect(read?.folder.map((folder) => [folder.name, folder.icon, folder.id])).toEqual([
      [undefined, undefined, 2913],
      ['Arkivet', 'BOX', 2913],
    ]);
    expect(read?.link.map((l) => l.uri)).toEqual(folders.link.map((l) => l.uri));
    // A folder list whose own links are malformed is no folder list to make a folder in: the mailbox stays, without it.
    const broken = rootWith([{ ...own(), folders: { ...folders, link: [{ rel: 1, uri: 'z' }] } }]).mailbox?.[0];
    expect(broken?.folders).toBeUndefined();
    expect(broken?.link.map((l) => l.uri)).toEqual(own().link.map((l) => l.uri));
  });

  it('links are checked as strictly as ever: a link to another host is kept as the service gave it, for the worker to refuse where it is used', () => {
    const foreign = { rel: `${fx.BASE}/post/relations/document_inbox`, uri: 'https://evil.example/inbox' };
    const root = rootWith([own(), { ...shared(), link: [foreign] }]);
    expect(root.mailbox?.[1]?.link).toEqual([foreign]);
  });

  it('the notice: an odd field is absent, the notice kept; a notice whose links are malformed is none', () => {
    const notice = fx.realRoot().notice;
    const odd = parseWith(rootResourceSchema, { ...fx.realRoot(), notice: { ...notice, messageHeader: 7, code: [] } }, 'root').notice;
    expect([odd?.messageHeader, odd?.code, odd?.messageText]).toEqual([undefined, undefined, notice.messageText]);
    expect(odd?.link).toEqual(notice.link);
    const broken = parseWith(rootResourceSchema, { ...fx.realRoot(), notice: { ...notice, link: [{ rel: 'x' }] } }, 'root');
    expect(broken.notice).toBeUndefined();
    expect(broken.mailbox).toHaveLength(2);
  });

  it.each([
    ['e-mail', { email: 'a@b.no' }, 'email'],
    ['address', { address: [{ 'zip-code': 467 }] }, 'address'],
    ['unread count', { unreadItemsInInbox: -1 }, 'unreadItemsInInbox'],
    ['name', { fullName: 12345678901 }, 'fullName'],
    ['phone number', { phonenumber: 99999999 }, 'phonenumber'],
    ['storage figure', { usedStorage: 'much' }, 'usedStorage'],
  ])('the account with an odd %s: that field is absent (or that part of it), the rest reads', (_what, odd, field) => {
    const account = parseWith(rootResourceSchema, { ...fx.realRoot(), primaryAccount: { ...fx.realRoot().primaryAccount, ...odd } }, 'root')
      .primaryAccount as Record<string, unknown> | undefined;
    const value = account?.[field];
    expect(value === undefined || (Array.isArray(value) && JSON.stringify(value) === '[{}]')).toBe(true);
    expect(account?.link).toEqual(fx.realRoot().primaryAccount.link);
    expect(account?.lastName).toBe(fx.realRoot().primaryAccount.lastName);
  });
});

describe('resources behind the links', () => {
  it('parses an inbox with a letter, an invoice and a letter behind an opening receipt', () => {
    const inbox = parseWith(inboxSchema, fx.inbox(), 'inbox');
    expect(inbox.document).toHaveLength(2);
    const [letter, locked] = inbox.document;
    expect(letter?.attachment[0]?.invoice?.amount).toBe(1299.5);
    expect(letter?.attachment[0]?.invoice?.timePaid).toBeNull();
    expect(letter?.attachment[0]?.link[0]?.['media-type']).toBe('application/octet-stream');
    expect(locked?.attachment[0]?.link.map((l) => l.rel)).toEqual([`${fx.BASE}/post/relations/send_opening_receipt`]);
    expect(locked?.creatorName).toBe('');
  });

  it('parses an empty inbox and a document with only a subject', () => {
    expect(parseWith(inboxSchema, {}, 'inbox')).toEqual({ document: [], link: [] });
    expect(parseWith(documentSchema, { subject: 'Hei' }, 'document')).toEqual({ subject: 'Hei', attachment: [], link: [] });
  });

  it('keeps unknown enum values as strings rather than failing', () => {
    const doc = parseWith(documentSchema, { ...fx.document(), origin: 'SOMETHING_NEW', type: 'APPOINTMENT' }, 'document');
    expect([doc.origin, doc.type]).toEqual(['SOMETHING_NEW', 'APPOINTMENT']);
  });

  it('rejects a document whose read flag or size has the wrong type', () => {
    const error = malformed(() => parseWith(inboxSchema, { document: [{ ...fx.document(), read: 'false' }] }, 'inbox'));
    expect(error.info.detail).toBe('inbox: document[0].read: Invalid input: expected boolean, received string');
    const size = malformed(() => parseWith(documentSchema, { attachment: [{ fileSize: '12 kB' }] }, 'document'));
    expect(size.info.detail).toBe('document: attachment[0].fileSize: Invalid input: expected number, received string');
  });

  it('parses a folder with documents, and ids as numbers or strings', () => {
    const folder = parseWith(folderSchema, fx.folder(), 'folder');
    expect(folder.documents?.document[0]?.subject).toBe('Strømregning mai');
    expect(parseWith(folderSchema, { id: 'abc' }, 'folder').id).toBe('abc');
  });

  it('reads receipts (the viewer reads them; the worker only checks them as any resource)', () => {
    const receipts = parseWith(anyResourceSchema, fx.receipts(), 'receipts');
    expect(receipts).toMatchObject({ receipt: [{ amount: 249.9, currency: 'NOK', storeName: 'Butikken', cardNumber: '**** 1234' }] });
    expect(receiptsOf(receipts)[0]).toMatchObject({
      key: fx.receipts().receipt[0]?.link[0]?.uri,
      amount: 249.9,
      currency: 'NOK',
      storeName: 'Butikken',
    });
    expect(receiptsOf({})).toEqual([]);
  });
});

describe('links and any resource', () => {
  it('requires rel and uri on a link', () => {
    expect(linkSchema.safeParse({ rel: 'a/self' }).success).toBe(false);
    expect(linkSchema.safeParse({ uri: 'https://x/' }).success).toBe(false);
    expect(linkSchema.safeParse({ rel: 'a/self', uri: 'https://x/', 'media-type': 5 }).success).toBe(false);
  });

  it('accepts any object for the viewer, keeping everything', () => {
    const data = { whatever: [1, { deep: true }], link: [fx.link('self', '/x')] };
    expect(parseWith(anyResourceSchema, data, 'resource')).toEqual(data);
    expect(parseWith(anyResourceSchema, {}, 'resource')).toEqual({});
  });

  it('rejects a viewer resource whose link is not a list of links', () => {
    expect(malformed(() => parseWith(anyResourceSchema, { link: 'x' }, 'resource')).info.detail).toBe(
      'resource: link: Invalid input: expected array, received string',
    );
    expect(malformed(() => parseWith(anyResourceSchema, { link: [{ rel: 1, uri: 'x' }] }, 'resource')).info.detail).toBe(
      'resource: link[0].rel: Invalid input: expected string, received number',
    );
    expect(malformed(() => parseWith(anyResourceSchema, [], 'resource')).code).toBe('response_malformed');
  });
});
