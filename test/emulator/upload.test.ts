import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES as EXTENSION_UPLOAD_LIMIT } from '../../src/api/upload-rules.ts';
import type { RunningEmulator } from './index.ts';
import { startEmulator } from './index.ts';
import { MAX_UPLOAD_BYTES, MEDIA_TYPE, settingsFrom } from './config.ts';
import type { DocumentJson, RootJson } from './flow.ts';
import { api, getJson, linkOf, signIn } from './flow.ts';
import { SITE_PDF } from './site.ts';
import { eventually } from '../support/eventually.ts';

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

const mailbox = () =>
  root.mailbox[0] as unknown as {
    link: { rel: string; uri: string; 'media-type': string }[];
    folders: { folder: { name: string; link: { rel: string; uri: string; 'media-type': string }[] }[] };
  };

function form(subject: string | undefined, file: Uint8Array | undefined, name = 'payslip.pdf', type = 'application/pdf'): FormData {
  const body = new FormData();
  if (subject !== undefined) body.set('subject', subject);
  if (file !== undefined) body.set('file', new Blob([new Uint8Array(file)], { type }), name);
  return body;
}

const post = (uri: string, body: FormData | string, bearer = token) => api(uri, bearer, { method: 'POST', body });

async function inboxDocuments(at = root, bearer = token): Promise<DocumentJson[]> {
  return (await getJson<{ document: DocumentJson[] }>(linkOf(at.primaryAccount.link, 'document_inbox').uri, bearer)).document;
}

/** A PDF of exactly `size` bytes (its first line, then zeros). */
function pdfOf(size: number): Uint8Array {
  const file = new Uint8Array(size);
  file.set(new TextEncoder().encode('%PDF-1.4\n'));
  return file;
}

/**
 * A POST of a multipart body that never ends, over a plain socket (fetch gives no answer before
 * its body is sent): with `declared`, a Content-Length of that many bytes and nothing after the
 * headers; without it, chunks sent for as long as the server reads them. It ends only with the
 * server's answer, which therefore came before the body did.
 */
function endlessUpload(uri: string, bearer: string, declared?: number): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {
      Accept: MEDIA_TYPE,
      Authorization: `Bearer ${bearer}`,
      'Content-Type': 'multipart/form-data; boundary=b',
    };
    if (declared !== undefined) headers['Content-Length'] = String(declared);
    let answered = false;
    const request = httpRequest(uri, { method: 'POST', headers }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown });
      });
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    if (declared !== undefined) {
      request.flushHeaders();
      return;
    }
    request.write(
      '--b\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n',
    );
    const chunk = Buffer.alloc(16 * 1024);
    const pump = () => {
      while (!answered && !request.destroyed && request.write(chunk));
      if (!answered && !request.destroyed) request.once('drain', pump);
    };
    pump();
  });
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
    expect(letter).toMatchObject({
      subject: 'Lønnsslipp november',
      origin: 'UPLOADED',
      fileType: 'pdf',
      fileSize: SITE_PDF.length,
      location: 'INBOX',
    });
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

  it('a body declared past the 100 MiB limit is refused with 413 before any of it arrives, naming the limit', async () => {
    const before = (await inboxDocuments()).length;
    const answer = await endlessUpload(linkOf(mailbox().link, 'upload_document_to_inbox').uri, token, MAX_UPLOAD_BYTES + 1024 * 1024);
    expect(answer).toEqual({
      status: 413,
      body: expect.objectContaining({ 'error-code': 'FILE_TOO_LARGE', limit: 100 * 1024 * 1024 }) as unknown,
    });
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

  it('uploadFault stall-after-storing: the letter is there, and no answer comes until the client gives up', async () => {
    await em.admin.configure({ uploadFault: 'stall-after-storing' });
    await em.admin.clearRequests();
    const uri = linkOf(mailbox().link, 'upload_document_to_inbox').uri;
    const caller = new AbortController();
    let settled = false;
    const upload = api(uri, token, { method: 'POST', body: form('Hengt', SITE_PDF), signal: caller.signal }).then(
      () => 'answered',
      () => 'gave up',
    );
    void upload.then(() => (settled = true));
    await eventually(async () => expect((await inboxDocuments())[0]?.subject).toBe('Hengt'));
    expect(settled).toBe(false);
    caller.abort();
    expect(await upload).toBe('gave up');
    // What the emulator logged for it is its answer to a client that went away: it had given none before.
    await eventually(async () =>
      expect((await em.admin.requests()).filter((r) => r.method === 'POST').map((r) => r.status)).toEqual([499]),
    );
  });
});

describe('the upload limit', () => {
  const LIMIT = 4096;
  let small: RunningEmulator;
  let smallToken: string;
  let smallRoot: RootJson;
  const inboxUpload = () =>
    linkOf(
      (smallRoot.mailbox[0] as unknown as { link: { rel: string; uri: string; 'media-type': string }[] }).link,
      'upload_document_to_inbox',
    ).uri;

  beforeAll(async () => {
    small = await startEmulator({ port: 0, quiet: true, maxUploadBytes: LIMIT });
  });
  afterAll(async () => {
    await small.stop();
  });
  beforeEach(async () => {
    await small.admin.reset();
    smallToken = (await signIn(small, SCOPE)).access_token;
    smallRoot = await getJson<RootJson>(`${small.url}/post/api`, smallToken);
  });

  it('is 100 MiB unless a test sets another, as the service and the extension have it', () => {
    expect(settingsFrom({}).maxUploadBytes).toBe(100 * 1024 * 1024);
    expect(MAX_UPLOAD_BYTES).toBe(EXTENSION_UPLOAD_LIMIT);
  });

  it('takes a file of exactly the limit, byte for byte', async () => {
    const response = await post(inboxUpload(), form('Akkurat', pdfOf(LIMIT)), smallToken);
    expect(response.status).toBe(201);
    expect((await getJson<DocumentJson>(response.headers.get('location') ?? '', smallToken)).fileSize).toBe(LIMIT);
  });

  it('refuses a file one byte over the limit with 413, and stores nothing', async () => {
    const before = (await inboxDocuments(smallRoot, smallToken)).length;
    const response = await post(inboxUpload(), form('Stor', pdfOf(LIMIT + 1)), smallToken);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ 'error-code': 'FILE_TOO_LARGE', limit: LIMIT });
    expect((await inboxDocuments(smallRoot, smallToken)).length).toBe(before);
  });

  it('refuses a body that passes the limit while it is still coming (chunked, no length said), and stores nothing', async () => {
    const before = (await inboxDocuments(smallRoot, smallToken)).length;
    expect(await endlessUpload(inboxUpload(), smallToken)).toEqual({
      status: 413,
      body: expect.objectContaining({ 'error-code': 'FILE_TOO_LARGE', limit: LIMIT }) as unknown,
    });
    expect((await inboxDocuments(smallRoot, smallToken)).length).toBe(before);
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
