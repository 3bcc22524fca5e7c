import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from './index.ts';
import { startEmulator } from './index.ts';
import type { DocumentJson, RootJson } from './flow.ts';
import { api, getJson, linkOf, signIn } from './flow.ts';
import { SITE_PDF } from './site.ts';

/*
 * A gateway in front of the service that lets a write through and loses its answer: '504-after'
 * (and '502-after') carry every kind of write out and answer the gateway's own HTML page all the
 * same, as a load balancer whose wait for the service ran out does. The extension must then find
 * the evidence itself; here the emulator shows that the write really happened, once.
 */

let em: RunningEmulator;
let token: string;

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

const root = () => getJson<RootJson>(`${em.url}/post/api`, token);
const mailbox = async () => (await root()).mailbox[0] ?? { unreadItemsInInbox: 0, link: [], folders: { folder: [], link: [] } };
const inbox = async () =>
  (await getJson<{ document: DocumentJson[] }>(linkOf((await root()).primaryAccount.link, 'document_inbox').uri, token)).document;
const json = (body: unknown): RequestInit => ({ headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/** Behind the failing gateway: the answer a client sees, and the requests the service carried out. */
async function behindGateway(
  kind: '504-after' | '502-after',
  method: 'POST' | 'PUT' | 'DELETE',
  uri: string,
  init: RequestInit = {},
): Promise<Response> {
  await em.admin.clearRequests();
  await em.admin.failNext(1, kind, '/post/api/', method);
  return api(uri, token, { method, ...init });
}

async function expectGatewayPage(response: Response, status: number): Promise<void> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/text\/html/);
  expect((await em.admin.requests()).filter((r) => r.method !== 'GET')).toHaveLength(1);
}

describe('a gateway that loses the answer of a write the service carried out', () => {
  it('create_folder: 504, and the folder is there once', async () => {
    const create = linkOf((await mailbox()).folders.link, 'create_folder');
    await expectGatewayPage(await behindGateway('504-after', 'POST', create.uri, json({ name: 'Bak porten', icon: 'FOLDER' })), 504);
    expect((await mailbox()).folders.folder.filter((f) => f.name === 'Bak porten')).toHaveLength(1);
  });

  it('change_folder: 504, and the folder has its new name', async () => {
    const folder = (await mailbox()).folders.folder[0];
    if (!folder) throw new Error('the seed has folders');
    const change = linkOf(folder.link, 'change_folder');
    await expectGatewayPage(
      await behindGateway('504-after', 'PUT', change.uri, json({ id: folder.id, name: 'Nytt navn', icon: 'FOLDER' })),
      504,
    );
    expect((await mailbox()).folders.folder.map((f) => f.name)).toContain('Nytt navn');
  });

  it('delete_folder: 502, and the empty folder is gone', async () => {
    const create = linkOf((await mailbox()).folders.link, 'create_folder');
    await api(create.uri, token, { method: 'POST', ...json({ name: 'Tom', icon: 'FOLDER' }) });
    const empty = (await mailbox()).folders.folder.find((f) => f.name === 'Tom');
    await expectGatewayPage(await behindGateway('502-after', 'DELETE', linkOf(empty?.link, 'delete_folder').uri), 502);
    expect((await mailbox()).folders.folder.some((f) => f.name === 'Tom')).toBe(false);
  });

  it('update_document: 504, and the letter has its new subject', async () => {
    const { id } = await em.admin.addLetter({ subject: 'Før' });
    const doc = (await inbox()).find((d) => d.id === id);
    await expectGatewayPage(
      await behindGateway('504-after', 'POST', linkOf(doc?.link, 'update_document').uri, json({ location: 'INBOX', subject: 'Etter' })),
      504,
    );
    expect((await inbox()).find((d) => d.id === id)?.subject).toBe('Etter');
  });

  it('delete_document: 504, and the letter is gone', async () => {
    const { id } = await em.admin.addLetter({ subject: 'Borte' });
    const doc = (await inbox()).find((d) => d.id === id);
    await expectGatewayPage(await behindGateway('504-after', 'DELETE', linkOf(doc?.link, 'delete_document').uri), 504);
    expect((await inbox()).some((d) => d.id === id)).toBe(false);
  });

  it('send_opening_receipt: 504, and the letter then offers its content instead', async () => {
    const doc = (await inbox()).find((d) => d.attachment[0]?.link.some((l) => l.rel.endsWith('/send_opening_receipt')));
    await expectGatewayPage(await behindGateway('504-after', 'POST', linkOf(doc?.attachment[0]?.link, 'send_opening_receipt').uri), 504);
    const after = await getJson<DocumentJson>(linkOf(doc?.link, 'self').uri, token);
    expect(after.attachment[0]?.link.some((l) => l.rel.endsWith('/send_opening_receipt'))).toBe(false);
    expect(after.attachment[0]?.link.some((l) => l.rel.endsWith('/get_document_content'))).toBe(true);
  });

  it('upload_document_to_inbox: 504, and the letter is in the inbox once', async () => {
    token = (await signIn(em, 'READ_ACCOUNT_INFO READ_DOCUMENT_META_INFO UPLOAD_DOCUMENT')).access_token;
    const body = new FormData();
    body.set('subject', 'Bak porten');
    body.set('file', new Blob([new Uint8Array(SITE_PDF)], { type: 'application/pdf' }), 'fil.pdf');
    await expectGatewayPage(
      await behindGateway('504-after', 'POST', linkOf((await mailbox()).link, 'upload_document_to_inbox').uri, { body }),
      504,
    );
    expect((await inbox()).filter((d) => d.subject === 'Bak porten')).toHaveLength(1);
  });

  it('504-after-down: the gateway stays down after the write (502 for every API request) until it is brought up', async () => {
    const create = linkOf((await mailbox()).folders.link, 'create_folder');
    await em.admin.failNext(1, '504-after-down', '/post/api/', 'POST');
    expect((await api(create.uri, token, { method: 'POST', ...json({ name: 'Nede', icon: 'FOLDER' }) })).status).toBe(504);
    const root = await api(`${em.url}/post/api`, token);
    expect(root.status).toBe(502);
    expect(root.headers.get('content-type')).toMatch(/text\/html/);
    await em.admin.configure({ gatewayDown: false });
    expect((await mailbox()).folders.folder.filter((f) => f.name === 'Nede')).toHaveLength(1);
  });
});
