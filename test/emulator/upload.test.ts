import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from './index.ts';
import { startEmulator } from './index.ts';
import type { DocumentJson, RootJson } from './flow.ts';
import { api, getJson, linkOf, signIn } from './flow.ts';
import { SITE_PDF } from './site.ts';

const SCOPE = 'READ_ACCOUNT_INFO READ_DOCUMENT_META_INFO READ_DOCUMENT_CONTENT UPLOAD_DOCUMENT';
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
  token = (await signIn(em, SCOPE)).access_token;
  root = await getJson<RootJson>(`${em.url}/post/api`, token);
});

const mailbox = () => root.mailbox[0] as unknown as { link: { rel: string; uri: string; 'media-type': string }[]; folders: { folder: { name: string; link: { rel: string; uri: string; 'media-type': string }[] }[] } };

function form(subject: string | undefined, file: Uint8Array | undefined, name = 'payslip.pdf', type = 'application/pdf'): FormData {
  const body = new FormData();
  if (subject !== undefined) body.set('subject', subject);
  if (file !== undefined) body.set('file', new Blob([new Uint8Array(file)], { type }), name);
  return body;
}

const post = (uri: string, body: FormData | string, bearer = token) => api(uri, bearer, { method: 'POST', body });

async function inboxDocuments(): Promise<DocumentJson[]> {
  return (await getJson<{ document: DocumentJson[] }>(linkOf(root.primaryAccount.link, 'document_inbox').uri, token)).document;
}

describe('upload relations', () => {
  it('the mailbox offers upload_document_to_inbox and upload_document, each folder upload_document, as the apps read them', async () => {
    expect(linkOf(mailbox().link, 'upload_document_to_inbox').uri).toMatch(/\/inbox\/upload$/);
    expect(linkOf(mailbox().link, 'upload_document').uri).toBe(linkOf(root.primaryAccount.link, 'upload_document').uri);
    const folder = mailbox().folders.folder[0];
    expect(linkOf(folder?.link, 'upload_document').uri).toMatch(/\/folders\/\d+\/upload$/);
    const full = await getJson<{ link: { rel: string; uri: string; 'media-type': string }[] }>(linkOf(folder?.link, 'self').uri, token);
    expect(linkOf(full.link, 'upload_document').uri).toBe(linkOf(folder?.link, 'upload_document').uri);
  });
});

describe('uploading', () => {
  it('to the inbox: 201 with Location, and the letter is the newest in the inbox with its subject and the same bytes', async () => {
    const response = await post(linkOf(mailbox().link, 'upload_document_to_inbox').uri, form('Lønnsslipp november', SITE_PDF));
    expect(response.status).toBe(201);
    const location = response.headers.get('location') ?? '';
    const letter = await getJson<DocumentJson>(location, token);
    expect(letter).toMatchObject({ subject: 'Lønnsslipp november', origin: 'UPLOADED', fileType: 'pdf', fileSize: SITE_PDF.length, location: 'INBOX' });
    expect((await inboxDocuments())[0]?.subject).toBe('Lønnsslipp november');
    const content = await api(linkOf(letter.link, 'get_document_content').uri, token, { accept: 'application/octet-stream' });
    expect(content.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await content.arrayBuffer()).equals(SITE_PDF)).toBe(true);
  });

  it('to a folder: the letter is in that folder, not in the inbox', async () => {
    const folder = mailbox().folders.folder[1];
    const response = await post(linkOf(folder?.link, 'upload_document').uri, form('Kontrakt', SITE_PDF));
    expect(response.status).toBe(201);
    const listed = await getJson<{ documents: { document: DocumentJson[] } }>(linkOf(folder?.link, 'self').uri, token);
    expect(listed.documents.document.map((d) => d.subject)).toContain('Kontrakt');
    expect((await inboxDocuments()).map((d) => d.subject)).not.toContain('Kontrakt');
  });

  it('to the archive: the letter exists at its Location, and is in neither the inbox nor a folder', async () => {
    const response = await post(linkOf(root.primaryAccount.link, 'upload_document').uri, form('Kvittering', SITE_PDF));
    expect(response.status).toBe(201);
    expect((await getJson<DocumentJson>(response.headers.get('location') ?? '', token)).subject).toBe('Kvittering');
    expect((await inboxDocuments()).map((d) => d.subject)).not.toContain('Kvittering');
  });

  it('needs UPLOAD_DOCUMENT', async () => {
    const narrow = (await signIn(em, 'READ_DOCUMENT_META_INFO')).access_token;
    const response = await post(linkOf(mailbox().link, 'upload_document_to_inbox').uri, form('x', SITE_PDF), narrow);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ 'error-code': 'INSUFFICIENT_SCOPE', required: 'UPLOAD_DOCUMENT' });
  });

  it('refuses HTML, unknown files, a missing subject or file, and a body that is not multipart, storing nothing', async () => {
    const uri = linkOf(mailbox().link, 'upload_document_to_inbox').uri;
    const before = (await inboxDocuments()).length;
    const cases: [FormData | string, number, string][] = [
      [form('Side', new TextEncoder().encode('<!doctype html><p>hei</p>'), 'side.pdf', 'application/pdf'), 400, 'UNSUPPORTED_FILE_TYPE'],
      [form('Zip', new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]), 'a.zip', 'application/zip'), 400, 'UNSUPPORTED_FILE_TYPE'],
      [form(undefined, SITE_PDF), 400, 'INVALID_SUBJECT'],
      [form('  ', SITE_PDF), 400, 'INVALID_SUBJECT'],
      [form('Ingen fil', undefined), 400, 'MISSING_FILE'],
      ['subject=x', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ];
    for (const [body, status, code] of cases) {
      const response = await post(uri, body);
      expect(response.status, code).toBe(status);
      expect(await response.json()).toMatchObject({ 'error-code': code });
    }
    expect((await inboxDocuments()).length).toBe(before);
  });

  it('refuses a file over 100 MiB with 413 once the body passes the limit, and stores nothing', async () => {
    const big = new Uint8Array(100 * 1024 * 1024 + 1);
    big.set(new TextEncoder().encode('%PDF-1.4\n'));
    const before = (await inboxDocuments()).length;
    const response = await post(linkOf(mailbox().link, 'upload_document_to_inbox').uri, form('Stor', big));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ 'error-code': 'FILE_TOO_LARGE' });
    expect((await inboxDocuments()).length).toBe(before);
  });

  it('uploadFault fail-after-storing: the answer is 500 but the letter was stored, once; the next upload is normal', async () => {
    await em.admin.configure({ uploadFault: 'fail-after-storing' });
    const uri = linkOf(mailbox().link, 'upload_document_to_inbox').uri;
    expect((await post(uri, form('Første', SITE_PDF))).status).toBe(500);
    expect((await inboxDocuments())[0]?.subject).toBe('Første');
    expect((await em.admin.knobs()).uploadFault).toBe('none');
    expect((await post(uri, form('Andre', SITE_PDF))).status).toBe(201);
  });

  it('uploadFault stall-after-storing: no answer comes, yet the letter is there', async () => {
    await em.admin.configure({ uploadFault: 'stall-after-storing' });
    const uri = linkOf(mailbox().link, 'upload_document_to_inbox').uri;
    await expect(api(uri, token, { method: 'POST', body: form('Hengt', SITE_PDF), signal: AbortSignal.timeout(1500) })).rejects.toThrow();
    expect((await inboxDocuments())[0]?.subject).toBe('Hengt');
  });
});

describe('the test site', () => {
  it('serves a page that links the PDF, the PDF, and a streamed file of a given size', async () => {
    const page = await (await fetch(`${em.url}/__site/`)).text();
    expect(page).toContain('href="/__site/payslip.pdf"');
    expect(Buffer.from(await (await fetch(`${em.url}/__site/payslip.pdf`)).arrayBuffer()).equals(SITE_PDF)).toBe(true);
    const sized = await fetch(`${em.url}/__site/sized.pdf?bytes=3000000`);
    expect(sized.headers.get('content-length')).toBe('3000000');
    expect((await sized.arrayBuffer()).byteLength).toBe(3_000_000);
  });
});
