import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Link } from './config.ts';
import type { RunningEmulator } from './index.ts';
import { startEmulator } from './index.ts';
import type { DocumentJson } from './flow.ts';
import { api, getJson, linkOf, signIn } from './flow.ts';
import { eventually } from '../support/eventually.ts';

let em: RunningEmulator;
let token: string;

interface FolderJson {
  name: string;
  id: string;
  icon: string;
  link: Link[];
}
interface Root {
  primaryAccount: { link: Link[] };
  mailbox: { unreadItemsInInbox: number; folders: { folder: FolderJson[]; link: Link[] } }[];
}

beforeAll(async () => {
  em = await startEmulator({ port: 0, quiet: true });
});
afterAll(async () => {
  await em.stop();
});
beforeEach(async () => {
  await em.admin.reset();
  token = (await signIn(em)).access_token;
});

const root = () => getJson<Root>(`${em.url}/post/api`, token);
const folders = async () => (await root()).mailbox[0]?.folders ?? { folder: [], link: [] };

async function inboxIds(): Promise<string[]> {
  const account = (await root()).primaryAccount;
  return (await getJson<{ document: DocumentJson[] }>(linkOf(account.link, 'document_inbox').uri, token)).document.map((d) => d.id);
}

async function letter(id: string): Promise<DocumentJson & { location: string; folderId?: string }> {
  const account = (await root()).primaryAccount;
  const inbox = await getJson<{ document: DocumentJson[] }>(linkOf(account.link, 'document_inbox').uri, token);
  const found = inbox.document.find((d) => d.id === id);
  if (!found) throw new Error(`letter ${id} not in the inbox`);
  return found as DocumentJson & { location: string };
}

function send(url: string, method: string, body?: unknown, bearer = token): Promise<Response> {
  return api(
    url,
    bearer,
    body === undefined ? { method } : { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
  );
}

async function folderLetters(folder: FolderJson): Promise<string[]> {
  return (await getJson<{ documents: { document: DocumentJson[] } }>(linkOf(folder.link, 'self').uri, token)).documents.document.map(
    (d) => d.id,
  );
}

describe('update_document', () => {
  it('files a letter in a folder and back in the inbox, with the subject it is sent', async () => {
    const { id } = await em.admin.addLetter({ subject: 'Strømregning' });
    const doc = await letter(id);
    const folder = (await folders()).folder[0];
    if (!folder) throw new Error('no folder');
    const moved = await send(linkOf(doc.link, 'update_document').uri, 'POST', {
      location: 'FOLDER',
      folderId: folder.id,
      subject: 'Strøm mars',
    });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ location: 'FOLDER', folderId: folder.id, subject: 'Strøm mars' });
    expect(await inboxIds()).not.toContain(id);
    expect(await folderLetters(folder)).toContain(id);

    const back = await send(linkOf(doc.link, 'update_document').uri, 'POST', { location: 'INBOX', subject: 'Strøm mars' });
    expect(back.status).toBe(200);
    expect((await inboxIds())[0]).toBe(id);
    expect(await folderLetters(folder)).not.toContain(id);
  });

  it('refuses an unknown folder and a bad location with a 400, and leaves the letter where it was', async () => {
    const { id } = await em.admin.addLetter({ subject: 'Brev' });
    const update = linkOf((await letter(id)).link, 'update_document').uri;
    const unknown = await send(update, 'POST', { location: 'FOLDER', folderId: '999', subject: 'Brev' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ 'error-code': 'FOLDER_NOT_FOUND' });
    expect((await send(update, 'POST', { location: 'ELSEWHERE', subject: 'Brev' })).status).toBe(400);
    expect((await send(update, 'POST', { location: 'INBOX' })).status).toBe(400);
    expect((await letter(id)).location).toBe('INBOX');
  });

  it('needs UPDATE_DOCUMENT; delete_document needs DELETE_DOCUMENT', async () => {
    const { id } = await em.admin.addLetter({ subject: 'Brev' });
    const doc = await letter(id);
    const reader = (await signIn(em, 'READ_DOCUMENT_META_INFO')).access_token;
    expect(
      await (await send(linkOf(doc.link, 'update_document').uri, 'POST', { location: 'INBOX', subject: 'x' }, reader)).json(),
    ).toMatchObject({ required: 'UPDATE_DOCUMENT' });
    expect(await (await send(linkOf(doc.link, 'delete_document').uri, 'DELETE', undefined, reader)).json()).toMatchObject({
      required: 'DELETE_DOCUMENT',
    });
    expect((await letter(id)).subject).toBe('Brev');
    expect((await send(linkOf(doc.link, 'delete_document').uri, 'DELETE')).status).toBe(204);
    expect(await inboxIds()).not.toContain(id);
  });
});

describe('folders', () => {
  it('are created through the mailbox folders link, changed, and deleted once empty', async () => {
    const created = await send(linkOf((await folders()).link, 'create_folder').uri, 'POST', { name: 'Reiser', icon: 'FOLDER' });
    expect(created.status).toBe(201);
    const folder = (await created.json()) as FolderJson;
    expect(folder.link.map((l) => l.rel.split('/').pop())).toEqual(['self', 'change_folder', 'delete_folder', 'upload_document']);
    const listed = (await folders()).folder.find((f) => f.id === folder.id);
    expect(listed?.link.map((l) => l.rel.split('/').pop())).toEqual(['self', 'change_folder', 'delete_folder', 'upload_document']);

    const changed = await send(linkOf(folder.link, 'change_folder').uri, 'PUT', { id: folder.id, name: 'Ferier', icon: 'HOUSE' });
    expect(changed.status).toBe(200);
    expect((await folders()).folder.find((f) => f.id === folder.id)).toMatchObject({ name: 'Ferier', icon: 'HOUSE' });
    expect((await send(linkOf(folder.link, 'change_folder').uri, 'PUT', { id: '999', name: 'x' })).status).toBe(400);

    const { id } = await em.admin.addLetter({ subject: 'Billett' });
    await send(linkOf((await letter(id)).link, 'update_document').uri, 'POST', {
      location: 'FOLDER',
      folderId: folder.id,
      subject: 'Billett',
    });
    const refused = await send(linkOf(folder.link, 'delete_folder').uri, 'DELETE');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ 'error-code': 'FOLDER_NOT_EMPTY' });

    const inFolder = await getJson<{ documents: { document: DocumentJson[] } }>(linkOf(folder.link, 'self').uri, token);
    const moved = inFolder.documents.document[0];
    await send(linkOf(moved?.link, 'update_document').uri, 'POST', { location: 'INBOX', subject: 'Billett' });
    expect((await send(linkOf(folder.link, 'delete_folder').uri, 'DELETE')).status).toBe(204);
    expect((await folders()).folder.map((f) => f.id)).not.toContain(folder.id);
    expect((await send(linkOf(folder.link, 'delete_folder').uri, 'DELETE')).status).toBe(404);
  });

  it('need UPDATE_DOCUMENT to be created, changed or deleted', async () => {
    const reader = (await signIn(em, 'READ_DOCUMENT_META_INFO')).access_token;
    const list = await folders();
    const folder = list.folder[0];
    if (!folder) throw new Error('no folder');
    const answers = [
      await send(linkOf(list.link, 'create_folder').uri, 'POST', { name: 'x', icon: 'FOLDER' }, reader),
      await send(linkOf(folder.link, 'change_folder').uri, 'PUT', { id: folder.id, name: 'x', icon: 'FOLDER' }, reader),
      await send(linkOf(folder.link, 'delete_folder').uri, 'DELETE', undefined, reader),
    ];
    for (const answer of answers)
      expect(await answer.json()).toMatchObject({ 'error-code': 'INSUFFICIENT_SCOPE', required: 'UPDATE_DOCUMENT' });
  });
});

describe('failures a test can ask for', () => {
  it('a 403 for one method only, doing nothing; each request logged once', async () => {
    const { id } = await em.admin.addLetter({ subject: 'Brev' });
    const doc = await letter(id);
    const path = new URL(linkOf(doc.link, 'update_document').uri).pathname;
    await em.admin.failNext(1, '403', path, 'POST');
    await em.admin.clearRequests();
    const refused = await send(linkOf(doc.link, 'update_document').uri, 'POST', { location: 'INBOX', subject: 'Nytt' });
    expect(refused.status).toBe(403);
    expect((await letter(id)).subject).toBe('Brev');
    const log = await em.admin.requests();
    expect(log.filter((r) => r.method === 'POST' && r.path === path)).toHaveLength(1);
  });

  it('a stall carries the write out and never answers', async () => {
    const { id } = await em.admin.addLetter({ subject: 'Brev' });
    const doc = await letter(id);
    const url = linkOf(doc.link, 'update_document').uri;
    await em.admin.failNext(1, 'stall', new URL(url).pathname, 'POST');
    const caller = new AbortController();
    let settled = false;
    const gaveUp = api(url, token, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ location: 'INBOX', subject: 'Nytt' }),
      signal: caller.signal,
    }).then(
      () => 'answered',
      () => 'gave up',
    );
    void gaveUp.then(() => (settled = true));
    // Carried out, and looked at with requests of its own that are answered, while the POST still waits.
    await eventually(async () => expect((await letter(id)).subject).toBe('Nytt'));
    expect(settled).toBe(false);
    caller.abort();
    expect(await gaveUp).toBe('gave up');
  });
});
