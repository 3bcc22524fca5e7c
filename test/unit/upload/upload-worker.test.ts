import { describe, expect, it } from 'vitest';
import { createMemoryLock } from '../../../src/auth/memory-lock.ts';
import { createOnce } from '../../../src/background/once.ts';
import { createUploads, type UploadDeps, type UploadRequest } from '../../../src/background/upload.ts';
import type { ExtensionConfig } from '../../../src/config/config.ts';
import { AppError } from '../../../src/shared/errors.ts';
import { MemoryArea } from '../auth/fakes.ts';
import { rootResourceSchema } from '../../../src/api/schemas.ts';

/*
 * The worker's upload, over fakes of the service: one POST per upload id, whatever the person
 * clicks and whatever the network does, because a try that may have arrived is looked for first.
 */

const BASE = 'https://www.digipost.no';
const rel = (name: string) => `${BASE}/post/relations/${name}`;
const link = (name: string, uri: string) => ({ rel: rel(name), uri, 'media-type': 'application/vnd.digipost-v2+json' });
const INBOX = `${BASE}/post/api/private/accounts/1/documents/inbox`;
const INBOX_UPLOAD = `${INBOX}/upload`;
const FOLDER = `${BASE}/post/api/private/accounts/1/folders/7`;
const root = rootResourceSchema.parse({
  primaryAccount: { link: [link('document_inbox', INBOX)] },
  mailbox: [
    {
      link: [link('document_inbox', INBOX), link('upload_document_to_inbox', INBOX_UPLOAD)],
      folders: { folder: [{ name: 'Kvitteringer', link: [link('self', FOLDER), link('upload_document', `${FOLDER}/upload`)] }] },
    },
  ],
  link: [],
});
const config: ExtensionConfig = { baseUrl: BASE, clientId: 'c', clientSecret: 's', scopes: ['READ_DOCUMENT_META_INFO', 'UPLOAD_DOCUMENT'], pollMinutes: 5, notify: false };
const ID = 'abcdefghijklmnopqrstuv';
const PDF = new Blob([new TextEncoder().encode('%PDF-1.4\nhello')]);

interface Listed {
  subject: string;
  origin: string;
  created: string;
  fileSize: number;
  link: ReturnType<typeof link>[];
}

function setup(answers: ('ok' | 'fail-stored' | 'fail')[], older: Listed[] = []) {
  const posts: { url: string; form: FormData }[] = [];
  const listed: Listed[] = [...older];
  const deps: UploadDeps = {
    once: createOnce({ storage: { session: new MemoryArea() }, exclusive: createMemoryLock(), generation: () => Promise.resolve(1), now: () => Date.now() }),
    rootCache: { getRootAndAnnounce: () => Promise.resolve({ root, fetchedAt: 0, serviceOrigin: BASE, scopes: config.scopes, generation: 1 }) },
    calls: {
      authorizedFetch: (_config, request) => Promise.resolve(request.url === INBOX ? { document: listed, link: [] } : { documents: { document: [] }, link: [] }),
      authorizedUpload: (_config, request, form) => {
        posts.push({ url: request.url, form });
        const answer = answers.shift() ?? 'ok';
        const self = `${INBOX.replace('/inbox', '')}/${posts.length}`;
        if (answer !== 'fail') listed.push({ subject: form.get('subject') as string, origin: 'UPLOADED', created: new Date().toISOString(), fileSize: (form.get('file') as File).size, link: [link('self', self)] });
        if (answer !== 'ok') return Promise.reject(new AppError(answer === 'fail' ? 'network' : 'timeout'));
        return Promise.resolve(self);
      },
    },
  };
  const uploads = createUploads(deps);
  return { uploads: { upload: (c: ExtensionConfig, r: UploadRequest) => uploads.upload(c, c.scopes, 1, r) }, posts };
}

const request = { id: ID, subject: 'Skanning', place: { kind: 'inbox' } as const, file: PDF, name: 'scan.pdf' };

describe('the worker uploads a page\'s file exactly once', () => {
  it('POSTs subject and file to the relation the mailbox offers, and answers the Location', async () => {
    const { uploads, posts } = setup(['ok']);
    const result = await uploads.upload(config, request);
    expect(posts.map((p) => p.url)).toEqual([INBOX_UPLOAD]);
    expect(posts[0]?.form.get('subject')).toBe('Skanning');
    const file = posts[0]?.form.get('file') as File;
    expect([file.name, file.type, file.size]).toEqual(['scan.pdf', 'application/pdf', PDF.size]);
    expect(result.letter?.url).toMatch(/\/1$/);
    // A second click finds it done and sends nothing.
    expect(await uploads.upload(config, request)).toEqual(result);
    expect(posts).toHaveLength(1);
  });

  it('after an answer that never came but the service stored the file, the worker finds the letter itself and sends nothing more', async () => {
    const { uploads, posts } = setup(['fail-stored']);
    const result = await uploads.upload(config, request);
    expect(result.letter?.url).toMatch(/\/1$/);
    expect(await uploads.upload(config, request)).toEqual(result);
    expect(posts).toHaveLength(1);
  });

  it('after a failure that stored nothing, Try again sends the file the page hands over again', async () => {
    const { uploads, posts } = setup(['fail', 'ok']);
    await expect(uploads.upload(config, request)).rejects.toMatchObject({ code: 'network' });
    await uploads.upload(config, request);
    expect(posts).toHaveLength(2);
  });

  it('retried after a network failure beside an older letter of the same subject (another file), it sends the new file', async () => {
    const older = { subject: 'Skanning', origin: 'UPLOADED', created: new Date().toISOString(), fileSize: 999, link: [link('self', `${BASE}/post/api/private/accounts/1/documents/old`)] };
    const { uploads, posts } = setup(['fail', 'ok'], [older]);
    await expect(uploads.upload(config, request)).rejects.toMatchObject({ code: 'network' });
    const result = await uploads.upload(config, request);
    expect(posts).toHaveLength(2);
    expect((posts[1]?.form.get('file') as File).size).toBe(PDF.size);
    expect(result.letter?.url).not.toMatch(/old$/);
  });

  it('a letter of the same subject and size made well before the upload began is not taken for it', async () => {
    const before = { subject: 'Skanning', origin: 'UPLOADED', created: new Date(Date.now() - 60 * 60 * 1000).toISOString(), fileSize: PDF.size, link: [link('self', `${BASE}/post/api/private/accounts/1/documents/old`)] };
    const { uploads, posts } = setup(['fail', 'ok'], [before]);
    await expect(uploads.upload(config, request)).rejects.toMatchObject({ code: 'network' });
    await uploads.upload(config, request);
    expect(posts).toHaveLength(2);
  });

  it('the same file under the same subject saved a moment before is not taken for this upload: it was there before this one left', async () => {
    const moment = { subject: 'Skanning', origin: 'UPLOADED', created: new Date().toISOString(), fileSize: PDF.size, link: [link('self', `${BASE}/post/api/private/accounts/1/documents/old`)] };
    const { uploads, posts } = setup(['fail', 'ok'], [moment]);
    await expect(uploads.upload(config, request)).rejects.toMatchObject({ code: 'network' });
    const result = await uploads.upload(config, request);
    expect(posts).toHaveLength(2);
    expect(result.letter?.url).not.toMatch(/old$/);
  });

  it('two clicks at once send one file', async () => {
    const { uploads, posts } = setup(['ok']);
    await Promise.all([uploads.upload(config, request), uploads.upload(config, request)]);
    expect(posts).toHaveLength(1);
  });

  it('uploads to a folder through its own relation, and refuses a place that offers none, or a session without UPLOAD_DOCUMENT', async () => {
    const { uploads, posts } = setup(['ok']);
    await expect(uploads.upload(config, { ...request, place: { kind: 'folder', self: `${BASE}/elsewhere` } })).rejects.toMatchObject({ code: 'upload_place_missing' });
    await expect(uploads.upload({ ...config, scopes: ['READ_DOCUMENT_META_INFO'] }, request)).rejects.toMatchObject({ code: 'http_forbidden_permission' });
    await uploads.upload(config, { ...request, place: { kind: 'folder', self: FOLDER } });
    expect(posts.map((p) => p.url)).toEqual([`${FOLDER}/upload`]);
  });
});
