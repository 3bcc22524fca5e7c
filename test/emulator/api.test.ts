import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Link } from './config.ts';
import type { RunningEmulator } from './index.ts';
import { startEmulator } from './index.ts';
import type { DocumentJson, RootJson } from './flow.ts';
import { api, getJson, linkOf, refresh, signIn } from './flow.ts';

let em: RunningEmulator;
let token: string;
let root: RootJson;

beforeAll(async () => {
  em = await startEmulator({ port: 0, quiet: true });
});
afterAll(async () => {
  await em.stop();
});
beforeEach(async () => {
  await em.admin.reset();
  token = (await signIn(em)).access_token;
  root = await getJson<RootJson>(`${em.url}/post/api`, token);
});

const accountLink = (relation: string) => linkOf(root.primaryAccount.link, relation).uri;

async function inbox(query = ''): Promise<{ document: DocumentJson[]; link: Link[] }> {
  return getJson(`${accountLink('document_inbox')}${query}`, token);
}

describe('root resource', () => {
  it('has every field of contract §4 and the extras the real service sends', () => {
    expect(root).toMatchObject({ authenticationlevel: 2, role: 'PRIVAT' });
    expect(root.csrfToken).toEqual(expect.any(String));
    for (const field of ['authenticationlevelIdporten', 'language', 'settings', 'validationRules']) expect(root).toHaveProperty(field);
    expect(root.primaryAccount).toMatchObject({
      personalidentificationnumberObfuscated: expect.stringMatching(/^\d{6}\*{5}$/) as unknown,
      fullName: em.user.fullName,
      firstName: 'Kari',
      middleName: '',
      lastName: 'Nordmann',
      email: [expect.stringContaining('@')],
      phonenumber: expect.any(String) as unknown,
      digipostaddress: em.user.digipostaddress,
      address: [
        {
          street: expect.any(String) as unknown,
          'house-number': expect.any(String) as unknown,
          'additional-addressline': '',
          'zip-code': expect.any(String) as unknown,
          city: expect.any(String) as unknown,
          'house-letter': expect.any(String) as unknown,
        },
      ],
      usedStorage: expect.any(Number) as unknown,
      totalAvailableStorage: expect.any(Number) as unknown,
      remainingStampsThisMonth: expect.any(Number) as unknown,
      needsContactInfoVerification: false,
    });
    expect(root.primaryAccount.extendedEmail).toBeDefined();
    expect(root.primaryAccount.extendedPhone).toBeDefined();
    expect(root.mailbox).toHaveLength(1);
    expect(root.mailbox[0]).toMatchObject({ name: em.user.fullName, owner: true, digipostaddress: em.user.digipostaddress });
    expect(root.mailbox[0]?.folders.folder.length).toBeGreaterThan(0);
  });

  it('has every promised relation, as absolute links on the emulator with the vendor media type', () => {
    const names = (links: Link[]) => links.map((l) => l.rel.split('/').pop());
    expect(names(root.link)).toEqual(expect.arrayContaining(['self', 'session', 'logout', 'search', 'autocomplete', 'change_language']));
    expect(names(root.primaryAccount.link)).toEqual(
      expect.arrayContaining([
        'document_inbox',
        'receipts',
        'account_settings',
        'mailbox_settings',
        'event_log',
        'token_list',
        'update_account',
        'close_account',
        'upload_document',
        'create_folder',
      ]),
    );
    for (const link of [...root.link, ...root.primaryAccount.link]) {
      expect(link.rel).toMatch(new RegExp(`^${em.url}/post/relations/[a-z_]+$`));
      expect(link.uri.startsWith(`${em.url}/post/api`)).toBe(true);
      expect(link['media-type']).toBe('application/vnd.digipost-v2+json');
    }
  });

  it('wants the vendor media type: 406 otherwise', async () => {
    for (const accept of ['application/json', '*/*', 'application/vnd.digipost-v1+json', '']) {
      const response = await api(`${em.url}/post/api`, token, { accept });
      expect(response.status, accept).toBe(406);
      expect(((await response.json()) as Record<string, unknown>)['error-code']).toBe('NOT_ACCEPTABLE');
    }
    expect((await api(`${em.url}/post/api`, token, { accept: 'text/html, application/vnd.digipost-v2+json;q=0.9' })).status).toBe(200);
  });

  it('says "not logged in" with 401 without a token, and 403 for an unknown one', async () => {
    const none = await api(`${em.url}/post/api`, undefined);
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ 'error-code': 'NOT_LOGGED_IN', errorMessage: 'The user is not logged in' });
    const unknown = await api(`${em.url}/post/api`, 'A'.repeat(43));
    expect(unknown.status).toBe(403);
    expect(((await unknown.json()) as Record<string, unknown>)['error-code']).toBe('INVALID_ACCESS_TOKEN');
  });

  it('leaves out personal fields without READ_ACCOUNT_INFO', async () => {
    const narrow = (await signIn(em, 'READ_DOCUMENT_META_INFO')).access_token;
    const account = (await getJson<RootJson>(`${em.url}/post/api`, narrow)).primaryAccount;
    for (const field of ['fullName', 'firstName', 'lastName', 'email', 'phonenumber', 'address', 'personalidentificationnumberObfuscated'])
      expect(account).not.toHaveProperty(field);
    expect(account.unreadItemsInInbox).toBe(root.primaryAccount.unreadItemsInInbox);
  });
});

describe('inbox and letters', () => {
  it('lists letters newest first with the document fields, and counts unread truly', async () => {
    const page = await inbox();
    expect(page.document).toHaveLength(40);
    const created = page.document.map((d) => Date.parse(d.created));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    expect(new Set(created).size).toBe(created.length);
    expect(page.document[0]?.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/);
    for (const doc of page.document) {
      for (const field of [
        'subject',
        'creatorName',
        'fileType',
        'fileSize',
        'origin',
        'authentication-level',
        'location',
        'read',
        'confidential',
        'type',
      ])
        expect(doc).toHaveProperty(field);
      expect(linkOf(doc.link, 'self').uri).toContain(doc.id);
    }
    const unread = page.document.filter((d) => !d.read).length;
    expect(unread).toBeGreaterThan(0);
    expect(root.primaryAccount.unreadItemsInInbox).toBe(unread);
    expect(root.mailbox[0]?.unreadItemsInInbox).toBe(unread);
    // The variety a client has to cope with.
    expect(page.document.some((d) => d.creatorName === '')).toBe(true);
    expect(new Set(page.document.map((d) => d.fileType))).toEqual(new Set(['pdf', 'html', 'jpg']));
    expect(page.document.some((d) => d.attachment.length >= 3)).toBe(true);
    expect(page.document.some((d) => d.type === 'INVOICE' && d.attachment[0]?.invoice?.kid !== undefined)).toBe(true);
    expect(page.document.filter((d) => d['authentication-level'] === 'IDPORTEN_4').length).toBeGreaterThanOrEqual(2);
    expect(page.document.map((d) => d.subject)).toContain('<b>Viktig</b> & "sitat"');
  });

  it('pages with lastseen and limit, with a next link', async () => {
    const first = await inbox('?limit=15');
    expect(first.document).toHaveLength(15);
    const next = linkOf(first.link, 'next');
    const second = await getJson<{ document: DocumentJson[] }>(next.uri, token);
    const oldest = first.document.at(-1);
    expect(second.document[0] && oldest && Date.parse(second.document[0].created) < Date.parse(oldest.created)).toBe(true);
    const all = await inbox('?limit=100');
    expect(all.document.map((d) => d.id).slice(15, 30)).toEqual(second.document.map((d) => d.id));
    expect(all.link.some((l) => l.rel.endsWith('/next'))).toBe(false);
    for (const query of ['?limit=0', '?limit=101', '?limit=x', '?lastseen=yesterday']) {
      const response = await api(`${accountLink('document_inbox')}${query}`, token);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as Record<string, unknown>)['error-code']).toBe('INVALID_PARAMETER');
    }
  });

  it('pages a folder by limit and lastseen as the inbox, and holds a due invoice in a folder and below the fifth letter', async () => {
    const summary = root.mailbox[0]?.folders.folder[0];
    const self = linkOf(summary?.link, 'self').uri;
    interface FolderJson {
      documents: { document: DocumentJson[] };
    }
    const all = (await getJson<FolderJson>(self, token)).documents.document;
    expect(all.length).toBeGreaterThan(1);
    const first = (await getJson<FolderJson>(`${self}?limit=1`, token)).documents.document;
    expect(first.map((d) => d.id)).toEqual(all.slice(0, 1).map((d) => d.id));
    const after = (await getJson<FolderJson>(`${self}?lastseen=${Date.parse(first[0]?.created ?? '')}&limit=100`, token)).documents
      .document;
    expect(after.map((d) => d.id)).toEqual(all.slice(1).map((d) => d.id));
    for (const query of ['?limit=0', '?limit=101', '?lastseen=yesterday'])
      expect((await api(`${self}${query}`, token)).status, query).toBe(400);
    // The demo's point: unpaid invoices due soon beyond the five newest letters, in a folder too.
    const unpaid = (d: DocumentJson) => d.attachment.some((a) => a.invoice?.paid === false && a.invoice.payment === undefined);
    expect(all.some(unpaid)).toBe(true);
    expect((await inbox('?limit=100')).document.slice(5).some(unpaid)).toBe(true);
  });

  it('serves real content with the right type, marks it read and lowers the unread counts', async () => {
    const page = await inbox();
    const expected: Record<string, [string, number[]]> = {
      pdf: ['application/pdf', [0x25, 0x50, 0x44, 0x46]],
      html: ['text/html', [0x3c, 0x21]],
      jpg: ['image/jpeg', [0xff, 0xd8, 0xff]],
    };
    for (const [fileType, [type, magic]] of Object.entries(expected)) {
      const doc = page.document.find(
        (d) =>
          d.fileType === fileType &&
          !d.read &&
          d['authentication-level'] === 'PASSWORD' &&
          d.link.some((l) => l.rel.endsWith('/get_document_content')),
      );
      expect(doc, fileType).toBeDefined();
      if (!doc) return;
      const before = (await getJson<RootJson>(`${em.url}/post/api`, token)).primaryAccount.unreadItemsInInbox;
      const content = linkOf(doc.link, 'get_document_content');
      expect(content['media-type']).toBe('application/octet-stream');
      const response = await api(content.uri, token, { accept: 'application/octet-stream' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain(type);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([...bytes.slice(0, magic.length)]).toEqual(magic);
      expect(bytes.length).toBe(doc.fileSize);
      const after = await getJson<RootJson>(`${em.url}/post/api`, token);
      expect(after.primaryAccount.unreadItemsInInbox).toBe(before - 1);
      expect(after.mailbox[0]?.unreadItemsInInbox).toBe(before - 1);
      expect((await getJson<DocumentJson>(linkOf(doc.link, 'self').uri, token)).read).toBe(true);
    }
  });

  it('puts the subject as text in the PDF', async () => {
    const doc = (await inbox()).document.find(
      (d) =>
        d.fileType === 'pdf' && d['authentication-level'] === 'PASSWORD' && d.link.some((l) => l.rel.endsWith('/get_document_content')),
    );
    const text = Buffer.from(await (await api(linkOf(doc?.link, 'get_document_content').uri, token)).arrayBuffer()).toString('latin1');
    expect(text).toContain(`(${(doc?.subject ?? '').replace(/[()\\]/g, (c) => `\\${c}`)}) Tj`);
    expect(text).toMatch(/startxref\n\d+\n%%EOF\n$/);
  });

  it('refuses content that needs authentication level 4', async () => {
    const doc = (await inbox()).document.find((d) => d['authentication-level'] === 'IDPORTEN_4');
    const response = await api(linkOf(doc?.link, 'get_document_content').uri, token);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ 'error-code': 'AUTHENTICATION_LEVEL_TOO_LOW' });
    expect((await getJson<DocumentJson>(linkOf(doc?.link, 'self').uri, token)).read).toBe(false);
  });

  it('offers only send_opening_receipt until the receipt is sent', async () => {
    const doc = (await inbox()).document.find((d) => d.link.some((l) => l.rel.endsWith('/send_opening_receipt')));
    expect(doc).toBeDefined();
    expect(doc?.link.some((l) => l.rel.endsWith('/get_document_content'))).toBe(false);
    const receipt = linkOf(doc?.attachment[0]?.link, 'send_opening_receipt');
    expect((await api(receipt.uri, token)).status).toBe(405);
    const sent = await api(receipt.uri, token, { method: 'POST' });
    expect(sent.status).toBe(200);
    const attachment = (await sent.json()) as { link: Link[] };
    const content = await api(linkOf(attachment.link, 'get_document_content').uri, token);
    expect(content.status).toBe(200);
  });

  it('hides what a confidential letter is about', async () => {
    const doc = (await inbox()).document.find((d) => d.confidential);
    expect(doc?.subject).toBe('');
    expect(doc?.attachment.every((a) => a.subject === '')).toBe(true);
  });

  it('updates a subject and deletes a letter with the right permissions', async () => {
    const doc = (await inbox()).document[1];
    const update = await api(linkOf(doc?.link, 'update_document').uri, token, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ subject: 'Nytt emne' }),
    });
    expect(update.status).toBe(200);
    expect(((await update.json()) as DocumentJson).subject).toBe('Nytt emne');
    const badUpdate = await api(linkOf(doc?.link, 'update_document').uri, token, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"subject": 5}',
    });
    expect(badUpdate.status).toBe(400);
    expect(((await badUpdate.json()) as Record<string, unknown>)['error-code']).toBe('INVALID_SUBJECT');
    expect((await api(linkOf(doc?.link, 'delete_document').uri, token, { method: 'DELETE' })).status).toBe(204);
    expect((await api(linkOf(doc?.link, 'self').uri, token)).status).toBe(404);
    expect((await inbox()).document.map((d) => d.id)).not.toContain(doc?.id);
  });
});

describe('other resources', () => {
  it('folders: list, open, create, and refuse to delete a non-empty one', async () => {
    const summary = root.mailbox[0]?.folders.folder[0];
    const folder = await getJson<{ name: string; documents: { document: DocumentJson[] }; link: Link[] }>(
      linkOf(summary?.link, 'self').uri,
      token,
    );
    expect(folder.name).toBe(summary?.name);
    expect(folder.documents.document.length).toBeGreaterThan(0);
    expect(folder.documents.document.every((d) => (d as unknown as { location: string }).location === 'FOLDER')).toBe(true);
    const remove = await api(linkOf(folder.link, 'delete_folder').uri, token, { method: 'DELETE' });
    expect(remove.status).toBe(400);
    expect(await remove.json()).toEqual({ 'error-code': 'FOLDER_NOT_EMPTY' });
    const created = await api(accountLink('create_folder'), token, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Reiser' }),
    });
    expect(created.status).toBe(201);
    const empty = (await created.json()) as { link: Link[] };
    expect((await api(linkOf(empty.link, 'self').uri, token, { method: 'DELETE' })).status).toBe(204);
  });

  it('receipts, settings, event log, token list and search answer with their shapes', async () => {
    const receipts = await getJson<{ receipt: Record<string, unknown>[] }>(accountLink('receipts'), token);
    expect(receipts.receipt[0]).toMatchObject({
      id: expect.any(String) as unknown,
      amount: expect.any(Number) as unknown,
      currency: 'NOK',
      storeName: expect.any(String) as unknown,
      timeOfPurchase: expect.any(String) as unknown,
    });
    expect(await getJson(accountLink('account_settings'), token)).toHaveProperty('email');
    expect(await getJson(accountLink('mailbox_settings'), token)).toHaveProperty('digipostaddress');
    expect((await getJson<{ event: unknown[] }>(accountLink('event_log'), token)).event.length).toBeGreaterThan(0);
    expect((await getJson<{ token: { scope: string[] }[] }>(accountLink('token_list'), token)).token[0]?.scope).toContain(
      'READ_ACCOUNT_INFO',
    );
    const search = linkOf(root.link, 'search').uri;
    expect(
      (await getJson<{ recipient: { name: string }[] }>(`${search}?recipientId=nav%230002`, token)).recipient.map((r) => r.name),
    ).toEqual(['NAV']);
    expect((await getJson<{ recipient: { name: string }[] }>(`${search}?q=oslo`, token)).recipient.map((r) => r.name)).toEqual([
      'Oslo kommune',
    ]);
    const missing = await api(search, token);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as Record<string, unknown>)['error-code']).toEqual(expect.any(String));
    expect((await getJson<{ suggestion: unknown[] }>(`${linkOf(root.link, 'autocomplete').uri}?q=sk`, token)).suggestion).toHaveLength(1);
  });

  it('action relations answer 405 with Allow to GET', async () => {
    for (const uri of [
      linkOf(root.link, 'logout').uri,
      linkOf(root.link, 'change_language').uri,
      accountLink('update_account'),
      accountLink('close_account'),
      accountLink('upload_document'),
      accountLink('create_folder'),
    ]) {
      const response = await api(uri, token);
      expect(response.status, uri).toBe(405);
      expect(response.headers.get('allow')).toMatch(/POST|PUT/);
    }
  });

  it('close_account needs level 4, so it is refused', async () => {
    const response = await api(accountLink('close_account'), token, { method: 'POST' });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ 'error-code': 'AUTHENTICATION_LEVEL_TOO_LOW' });
  });

  it('logout ends the web session (the access token), not the grant: the refresh token still works', async () => {
    const session = await signIn(em, 'READ_ACCOUNT_INFO');
    expect((await api(linkOf(root.link, 'logout').uri, session.access_token, { method: 'POST' })).status).toBe(200);
    expect((await api(`${em.url}/post/api`, session.access_token)).status).toBe(403);
    expect((await refresh(em, session.refresh_token ?? '')).status).toBe(200);
  });
});

describe('permissions', () => {
  it('each resource needs its permission and names it in the 403', async () => {
    const narrow = (await signIn(em, 'READ_ACCOUNT_INFO')).access_token;
    const doc = (await inbox()).document.find(
      (d) => d['authentication-level'] === 'PASSWORD' && d.link.some((l) => l.rel.endsWith('/get_document_content')),
    );
    const cases: [string, string, RequestInit?][] = [
      [accountLink('document_inbox'), 'READ_DOCUMENT_META_INFO'],
      [linkOf(doc?.link, 'self').uri, 'READ_DOCUMENT_META_INFO'],
      [linkOf(doc?.link, 'get_document_content').uri, 'READ_DOCUMENT_CONTENT'],
      [accountLink('receipts'), 'READ_RECEIPTS'],
      [accountLink('mailbox_settings'), 'READ_SETTINGS'],
      [accountLink('token_list'), 'READ_SETTINGS'],
      [linkOf(doc?.link, 'delete_document').uri, 'DELETE_DOCUMENT', { method: 'DELETE' }],
      [linkOf(doc?.link, 'update_document').uri, 'UPDATE_DOCUMENT', { method: 'POST' }],
      [accountLink('upload_document'), 'UPLOAD_DOCUMENT', { method: 'POST' }],
      [accountLink('update_account'), 'UPDATE_SETTINGS', { method: 'PUT' }],
    ];
    for (const [uri, required, init] of cases) {
      const response = await api(uri, narrow, init);
      expect(response.status, uri).toBe(403);
      expect(await response.json()).toMatchObject({ 'error-code': 'INSUFFICIENT_SCOPE', required });
    }
    expect((await api(accountLink('account_settings'), narrow)).status).toBe(200);
    const noAccount = (await signIn(em, 'READ_DOCUMENT_META_INFO')).access_token;
    expect(await (await api(accountLink('account_settings'), noAccount)).json()).toMatchObject({ required: 'READ_ACCOUNT_INFO' });
    expect(await (await api(accountLink('event_log'), noAccount)).json()).toMatchObject({ required: 'READ_ACCOUNT_INFO' });
  });
});

describe('content redirect', () => {
  it('serves content through a one-time address on another origin, and the token does not follow', async () => {
    await em.admin.configure({ contentRedirect: true });
    const doc = (await inbox()).document.find(
      (d) =>
        d.fileType === 'pdf' && d['authentication-level'] === 'PASSWORD' && d.link.some((l) => l.rel.endsWith('/get_document_content')),
    );
    const uri = linkOf(doc?.link, 'get_document_content').uri;
    const redirect = await api(uri, token);
    expect(redirect.status).toBe(307);
    const location = redirect.headers.get('location') ?? '';
    expect(new URL(location).origin).not.toBe(em.url);
    expect(new URL(location).hostname).toBe('localhost');
    await em.admin.clearRequests();
    const followed = await api(uri, token, { redirect: 'follow' });
    expect(followed.status).toBe(200);
    expect(followed.headers.get('content-type')).toBe('application/pdf');
    const log = await em.admin.requests();
    expect(log.map((r) => [r.host.split(':')[0], r.authorization])).toEqual([
      ['127.0.0.1', true],
      ['localhost', false],
    ]);
    const [first] = await Promise.all([fetch(location)]);
    expect(first.status).toBe(200);
    expect((await fetch(location)).status).toBe(404);
  });
});

describe('a large mailbox', () => {
  it('starts with 10,000 letters and pages through them with lastseen and limit', async () => {
    const big = await startEmulator({ port: 0, quiet: true, letters: 10_000 });
    try {
      const bigToken = (await signIn(big)).access_token;
      const bigRoot = await getJson<RootJson>(`${big.url}/post/api`, bigToken);
      const inboxUri = linkOf(bigRoot.primaryAccount.link, 'document_inbox').uri;
      let uri = `${inboxUri}?limit=100`;
      let seen = 0;
      for (let i = 0; i < 5; i++) {
        const page = await getJson<{ document: DocumentJson[]; link: Link[] }>(uri, bigToken);
        seen += page.document.length;
        uri = linkOf(page.link, 'next').uri;
      }
      expect(seen).toBe(500);
      const deep = await getJson<{ document: DocumentJson[]; link: Link[] }>(`${inboxUri}?lastseen=1&limit=10`, bigToken);
      expect(deep.document).toHaveLength(0);
      expect(bigRoot.primaryAccount.unreadItemsInInbox).toBeGreaterThan(100);
    } finally {
      await big.stop();
    }
  });
});
