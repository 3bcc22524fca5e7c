import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Link } from './config.ts';
import { MEDIA_TYPE } from './config.ts';
import type { RunningEmulator } from './index.ts';
import { startEmulator } from './index.ts';
import type { DocumentJson } from './flow.ts';
import { api, getJson, linkOf, signIn } from './flow.ts';
import { SITE_PDF } from './site.ts';

interface FolderJson {
  id: string;
  name: string;
  link: Link[];
}
interface MailboxJson {
  name: string;
  digipostaddress: string;
  owner: boolean;
  unreadItemsInInbox: number;
  usedStorage: number;
  totalAvailableStorage: number;
  folders: { folder: FolderJson[]; link: Link[] };
  link: Link[];
}
interface Root {
  primaryAccount: { link: Link[]; usedStorage?: number };
  mailbox: MailboxJson[];
  notice?: unknown;
}
type Letter = DocumentJson & { location: string; folderId?: string };

const rels = (links: readonly Link[]) => links.map((l) => l.rel.split('/').pop());
/** `/accounts/<id>/`: the part of an address that says whose mailbox it is. */
const accountPart = (uri: string) => /\/accounts\/[^/]+\//.exec(uri)?.[0] ?? `no account in ${uri}`;

describe('a mailbox shared with the demo user (sharedMailbox: true)', () => {
  let em: RunningEmulator;
  let token: string;

  beforeAll(async () => {
    em = await startEmulator({ port: 0, quiet: true, sharedMailbox: true });
  });
  afterAll(async () => {
    await em.stop();
  });
  beforeEach(async () => {
    await em.admin.reset();
    token = (
      await signIn(
        em,
        'READ_ACCOUNT_INFO READ_DOCUMENT_META_INFO READ_DOCUMENT_CONTENT READ_RECEIPTS UPDATE_DOCUMENT DELETE_DOCUMENT UPLOAD_DOCUMENT',
      )
    ).access_token;
  });

  const root = () => getJson<Root>(`${em.url}/post/api`, token);
  async function mailboxes(): Promise<{ own: MailboxJson; shared: MailboxJson }> {
    const [own, shared, ...rest] = (await root()).mailbox;
    if (!own || !shared || rest.length > 0) throw new Error('the root does not list two mailboxes');
    return { own, shared };
  }
  const inbox = async (box: MailboxJson) => (await getJson<{ document: Letter[] }>(linkOf(box.link, 'document_inbox').uri, token)).document;
  const folderLetters = async (folder: FolderJson) =>
    (await getJson<{ documents: { document: Letter[] } }>(linkOf(folder.link, 'self').uri, token)).documents.document;
  const receipts = async (box: MailboxJson) =>
    (await getJson<{ receipt: { id: string; link: Link[] }[] }>(linkOf(box.link, 'receipts').uri, token)).receipt;
  const ids = (items: readonly { id: string | number }[]) => items.map((item) => String(item.id));
  const send = (url: string, method: string, body?: unknown) =>
    api(url, token, body === undefined ? { method } : { method, headers: { 'Content-Type': MEDIA_TYPE }, body: JSON.stringify(body) });

  it('lists the own mailbox and the shared one, each with its name, unread count, storage, folders and links', async () => {
    const { own, shared } = await mailboxes();
    expect(own).toMatchObject({ name: 'Kari Nordmann', digipostaddress: 'kari.nordmann#1234', owner: true });
    expect(own.totalAvailableStorage).toBeGreaterThan(own.usedStorage);
    expect(own.usedStorage).toBeGreaterThan(0);
    expect(shared).toMatchObject({ name: 'Ola Nordmann', digipostaddress: 'ola.nordmann#7QX2', owner: false });
    expect(shared.unreadItemsInInbox).toBeGreaterThanOrEqual(2);
    expect(shared.usedStorage).toBeGreaterThan(0);
    expect(shared.totalAvailableStorage).toBeGreaterThan(shared.usedStorage);
    expect(rels(shared.link)).toEqual(expect.arrayContaining(['document_inbox', 'upload_document_to_inbox', 'receipts']));
    // The account's settings and archive are the person's own, never a shared mailbox's.
    expect(rels(shared.link)).not.toContain('mailbox_settings');
    expect(rels(shared.link)).not.toContain('upload_document');
    expect(rels(shared.folders.link)).toEqual(rels(own.folders.link));
    expect(shared.folders.folder.length).toBeGreaterThan(0);
  });

  it('names only its own resources in every link, and each of them answers', async () => {
    const { own, shared } = await mailboxes();
    const sharedAccount = accountPart(linkOf(shared.link, 'document_inbox').uri);
    expect(sharedAccount).not.toBe(accountPart(linkOf(own.link, 'document_inbox').uri));
    const letters = await inbox(shared);
    const folders = shared.folders.folder;
    const everyLink = [
      ...shared.link,
      ...shared.folders.link,
      ...folders.flatMap((f) => f.link),
      ...letters.flatMap((l) => [
        ...l.link,
        ...l.attachment.flatMap((a) => [...a.link, ...((a.invoice?.link as Link[] | undefined) ?? [])]),
      ]),
      ...(await receipts(shared)).flatMap((r) => r.link),
    ];
    for (const link of everyLink.filter((l) => l.uri.includes('/accounts/'))) expect(accountPart(link.uri), link.rel).toBe(sharedAccount);
    for (const uri of [
      linkOf(shared.link, 'document_inbox').uri,
      linkOf(shared.link, 'receipts').uri,
      ...folders.map((f) => linkOf(f.link, 'self').uri),
      ...letters.slice(0, 5).map((l) => linkOf(l.link, 'self').uri),
    ]) {
      expect((await api(uri, token)).status, uri).toBe(200);
    }
  });

  it('holds letters, folders and receipts of its own, none of the own mailbox’s, and the other way round', async () => {
    const { own, shared } = await mailboxes();
    const sharedInbox = await inbox(shared);
    const ownInbox = await inbox(own);
    expect(sharedInbox.length).toBeGreaterThanOrEqual(20);
    expect(ids(sharedInbox).filter((id) => ids(ownInbox).includes(id))).toEqual([]);
    const sharedFiled = (await Promise.all(shared.folders.folder.map(folderLetters))).flat();
    const ownFiled = (await Promise.all(own.folders.folder.map(folderLetters))).flat();
    expect(sharedFiled.length).toBeGreaterThan(0);
    expect(ids(sharedFiled).filter((id) => ids(ownFiled).includes(id))).toEqual([]);
    expect(ids(shared.folders.folder).filter((id) => ids(own.folders.folder).includes(id))).toEqual([]);
    const sharedReceipts = await receipts(shared);
    expect(sharedReceipts.length).toBeGreaterThan(0);
    const ownReceipts = ids(await receipts(own));
    expect(ids(sharedReceipts).filter((id) => ownReceipts.includes(id))).toEqual([]);
    // An own letter's address with the shared mailbox's account in it names nothing, and the reverse.
    const ownLetter = linkOf(ownInbox[0]?.link, 'self').uri;
    const sharedLetter = linkOf(sharedInbox[0]?.link, 'self').uri;
    expect((await api(ownLetter.replace(accountPart(ownLetter), accountPart(sharedLetter)), token)).status).toBe(404);
    expect((await api(sharedLetter.replace(accountPart(sharedLetter), accountPart(ownLetter)), token)).status).toBe(404);
  });

  it('has at least two unread letters and an unpaid invoice due within 14 days that can be sent to the bank', async () => {
    const { shared } = await mailboxes();
    const letters = await inbox(shared);
    expect(letters.filter((l) => !l.read).length).toBeGreaterThanOrEqual(2);
    const soon = Date.now() + 14 * 86_400_000;
    const bill = letters
      .flatMap((l) => l.attachment)
      .find((a) => a.invoice?.paid === false && Date.parse(String(a.invoice.dueDate)) <= soon);
    expect(bill).toBeDefined();
    const sendToBank = linkOf(bill?.invoice?.link as Link[], 'send_to_bank').uri;
    const sent = await send(sendToBank, 'POST');
    expect(sent.status).toBe(200);
    expect(((await sent.json()) as { invoice: { payment?: unknown } }).invoice.payment).toBeDefined();
  });

  it('files and renames a letter inside it, and cannot file one in the own mailbox’s folder', async () => {
    const { own, shared } = await mailboxes();
    const [letter] = await inbox(shared);
    const folder = shared.folders.folder[0];
    const ownFolder = own.folders.folder[0];
    if (!letter || !folder || !ownFolder) throw new Error('seed');
    const update = linkOf(letter.link, 'update_document').uri;
    expect((await send(update, 'POST', { location: 'FOLDER', folderId: ownFolder.id, subject: letter.subject })).status).toBe(400);
    expect(ids(await inbox(shared))).toContain(letter.id);
    expect(ids(await folderLetters(ownFolder))).not.toContain(letter.id);
    const moved = await send(update, 'POST', { location: 'FOLDER', folderId: folder.id, subject: 'Til pappas perm' });
    expect(moved.status).toBe(200);
    const filed = (await folderLetters(folder)).find((l) => l.id === letter.id);
    expect(filed).toMatchObject({ subject: 'Til pappas perm', location: 'FOLDER' });
    expect(ids(await inbox(shared))).not.toContain(letter.id);
  });

  it('offers no delete of its letters, and refuses one sent anyway, leaving the letter', async () => {
    const { own, shared } = await mailboxes();
    const [letter] = await inbox(shared);
    if (!letter) throw new Error('seed');
    expect(rels(letter.link)).not.toContain('delete_document');
    expect(rels((await inbox(own))[0]?.link ?? [])).toContain('delete_document');
    const refused = await send(linkOf(letter.link, 'self').uri, 'DELETE');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ 'error-code': 'CANNOT_DELETE_IN_SHARED_MAILBOX' });
    expect(ids(await inbox(shared))).toContain(letter.id);
  });

  it('takes an upload into its inbox, there and not in the own one', async () => {
    const { own, shared } = await mailboxes();
    const body = new FormData();
    body.append('subject', 'Kvittering for hjemmehjelp');
    body.append('file', new Blob([new Uint8Array(SITE_PDF)], { type: 'application/pdf' }), 'kvittering.pdf');
    const answer = await api(linkOf(shared.link, 'upload_document_to_inbox').uri, token, { method: 'POST', body });
    expect(answer.status).toBe(201);
    const { id } = (await answer.json()) as { id: string };
    expect(accountPart(answer.headers.get('location') ?? '')).toBe(accountPart(linkOf(shared.link, 'document_inbox').uri));
    expect(ids(await inbox(shared))[0]).toBe(id);
    expect(ids(await inbox(own))).not.toContain(id);
  });

  it('counts its unread letters apart: reading one lowers its count and leaves the own one as it was', async () => {
    const before = await mailboxes();
    const unread = (await inbox(before.shared)).find((l) => !l.read);
    if (!unread) throw new Error('seed');
    expect((await api(linkOf(unread.link, 'get_document_content').uri, token)).status).toBe(200);
    const after = await mailboxes();
    expect(after.shared.unreadItemsInInbox).toBe(before.shared.unreadItemsInInbox - 1);
    expect(after.own.unreadItemsInInbox).toBe(before.own.unreadItemsInInbox);
  });

  it('serves its letters’ content through the one-time address too (contentRedirect)', async () => {
    await em.admin.configure({ contentRedirect: true });
    const { shared } = await mailboxes();
    const [letter] = await inbox(shared);
    const redirect = await api(linkOf(letter?.link, 'get_document_content').uri, token);
    expect(redirect.status).toBe(307);
    const content = await fetch(redirect.headers.get('location') ?? '');
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toMatch(/^(application\/pdf|text\/html)/);
  });

  it('receives a letter the admin API delivers to its address, and keeps itself through a reset', async () => {
    const { own, shared } = await mailboxes();
    const { id } = await em.admin.addLetter({ subject: 'Brev til Ola', mailbox: shared.digipostaddress });
    expect(ids(await inbox(shared))[0]).toBe(id);
    expect(ids(await inbox(own))).not.toContain(id);
    expect((await mailboxes()).shared.unreadItemsInInbox).toBe(shared.unreadItemsInInbox + 1);
    await expect(em.admin.addLetter({ mailbox: 'nobody#0000' })).rejects.toThrow(/400/);
    await em.admin.reset();
    token = (await signIn(em)).access_token;
    expect((await mailboxes()).shared.unreadItemsInInbox).toBe(shared.unreadItemsInInbox);
  });

  it('takes how full each mailbox is from the admin API (the person’s own in its account too), until a reset', async () => {
    const before = await mailboxes();
    await em.admin.setUsedStorage(1_000_000_000);
    await em.admin.setUsedStorage(990_000_000, before.shared.digipostaddress);
    const after = await mailboxes();
    expect([after.own.usedStorage, after.shared.usedStorage]).toEqual([1_000_000_000, 990_000_000]);
    expect((await root()).primaryAccount.usedStorage).toBe(1_000_000_000);
    await expect(em.admin.setUsedStorage(1, 'nobody#0000')).rejects.toThrow(/400/);
    await expect(em.admin.setUsedStorage(-1)).rejects.toThrow(/400/);
    await em.admin.reset();
    token = (await signIn(em)).access_token;
    expect((await mailboxes()).own.usedStorage).toBe(before.own.usedStorage);
  });

  it('sends odd fields in a mailbox’s entry as the admin API sets them (usedStorage null, -1), that entry only, until taken back or a reset', async () => {
    const before = await mailboxes();
    await em.admin.setMailboxEntryFields({ usedStorage: null, totalAvailableStorage: -1 }, before.shared.digipostaddress);
    const rootNow = await root();
    const odd = await mailboxes();
    // Sent as given, not left out: null is there as null.
    expect(odd.shared).toHaveProperty('usedStorage', null);
    expect(odd.shared.totalAvailableStorage).toBe(-1);
    // The rest of the entry, and everything else in the root, as before.
    expect({ ...odd.shared, usedStorage: before.shared.usedStorage, totalAvailableStorage: before.shared.totalAvailableStorage }).toEqual(
      before.shared,
    );
    expect(odd.own).toEqual(before.own);
    expect(rootNow.primaryAccount.usedStorage).toBe(before.own.usedStorage);
    // Its own resources still answer: only the entry says odd things.
    expect((await api(linkOf(odd.shared.link, 'document_inbox').uri, token)).status).toBe(200);

    // The person's own entry when no mailbox is named; each call sets that entry's odd fields anew.
    await em.admin.setMailboxEntryFields({ usedStorage: 'a lot' });
    expect((await mailboxes()).own).toHaveProperty('usedStorage', 'a lot');
    expect((await mailboxes()).shared).toHaveProperty('usedStorage', null);
    await em.admin.setMailboxEntryFields({}, before.shared.digipostaddress);
    expect((await mailboxes()).shared).toEqual(before.shared);

    await expect(em.admin.setMailboxEntryFields({ usedStorage: 1 }, 'nobody#0000')).rejects.toThrow(/400/);
    // The fields go under `fields`, so a field is never taken for an option of the call.
    const loose = await fetch(`${em.url}/__emulator/mailbox-entry`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"usedStorage": null}',
    });
    expect(loose.status).toBe(400);
    await em.admin.reset();
    token = (await signIn(em)).access_token;
    expect((await mailboxes()).own).toEqual(before.own);
  });

  it('asks for the same permissions as the own mailbox', async () => {
    const { shared } = await mailboxes();
    const narrow = (await signIn(em, 'READ_ACCOUNT_INFO')).access_token;
    const refused = await api(linkOf(shared.link, 'document_inbox').uri, narrow);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ 'error-code': 'INSUFFICIENT_SCOPE', required: 'READ_DOCUMENT_META_INFO' });
  });
});

describe('without the option', () => {
  let em: RunningEmulator;
  beforeAll(async () => {
    em = await startEmulator({ port: 0, quiet: true });
  });
  afterAll(async () => {
    await em.stop();
  });

  it('lists the own mailbox only, with its storage, and no notice', async () => {
    const { access_token: token } = await signIn(em);
    const root = await getJson<Root>(`${em.url}/post/api`, token);
    expect(root.mailbox).toHaveLength(1);
    expect(root.mailbox[0]?.owner).toBe(true);
    expect(root.mailbox[0]?.totalAvailableStorage).toBeGreaterThan(root.mailbox[0]?.usedStorage ?? Infinity);
    expect(root.notice).toBeUndefined();
    await expect(em.admin.addLetter({ mailbox: 'ola.nordmann#7QX2' })).rejects.toThrow(/400/);
  });
});
