import { describe, expect, it } from 'vitest';
import { createMemoryLock } from '../../../src/auth/memory-lock.ts';
import { errorForStatus } from '../../../src/api/http-errors.ts';
import { createOnce } from '../../../src/background/once.ts';
import { createUploads, type UploadDeps, type UploadRequest } from '../../../src/background/actions/upload.ts';
import type { ExtensionConfig } from '../../../src/config/config.ts';
import { AppError } from '../../../src/shared/errors.ts';
import { MemoryArea } from '../auth/fakes.ts';
import { BASE, PDF, config, link } from './upload-fixtures.ts';
import { rootResourceSchema } from '../../../src/api/schemas.ts';

/*
 * The worker's upload, over fakes of the service: one POST per upload the person intends (this
 * file, under this subject, to this place), whatever they click and whatever the network does,
 * because a try that may have arrived is looked for first.
 */

const INBOX = `${BASE}/post/api/private/accounts/1/documents/inbox`;
const INBOX_UPLOAD = `${INBOX}/upload`;
const FOLDER = `${BASE}/post/api/private/accounts/1/folders/7`;
const LETTERS = `${BASE}/post/api/private/accounts/1/documents`;
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
/** Another file of the same name, size and subject: other bytes. */
const OTHER_PDF = new Blob([new TextEncoder().encode('%PDF-1.4\nworld')]);
/** The service's clock: each letter it lists is made a second after the one before. */
const EPOCH = Date.UTC(2024, 4, 1, 12, 0, 0);

interface Listed {
  subject: string;
  origin: string;
  created: string;
  fileSize: number;
  link: ReturnType<typeof link>[];
}

/**
 * What an upload meets: 'ok' (stored, the Location answered), 'fail-stored' (stored, the answer
 * lost), 'fail' (lost on the way, nothing stored), 'refused' (the service answered 400, nothing stored).
 */
type UploadAnswer = 'ok' | 'fail-stored' | 'fail' | 'refused';

interface Setup {
  /** Letters already in the inbox (newest first), made before anything here. */
  older?: Listed[];
  /** How many letters from others arrive in the inbox right after an upload is stored: ours then sits further down the list. */
  arriving?: number;
  /** How the inbox list pages: by its `next` link, or (no link) by `lastseen` as the service's apps do. */
  paging?: 'next' | 'lastseen';
}

function setup(answers: UploadAnswer[], { older = [], arriving = 0, paging = 'next' }: Setup = {}) {
  const posts: { url: string; form: FormData }[] = [];
  /** Each place's list, newest first. */
  const lists: Record<string, Listed[]> = { [INBOX]: [...older], [FOLDER]: [] };
  const read: string[] = [];
  let clock = 0;
  const made = () => new Date(EPOCH + ++clock * 1000).toISOString();
  const session = new MemoryArea();
  const deps: UploadDeps = {
    storage: { session },
    once: createOnce({ storage: { session }, exclusive: createMemoryLock(), generation: () => Promise.resolve(1), now: () => 1 }),
    rootCache: {
      getRootAndAnnounce: () => Promise.resolve({ root, fetchedAt: 0, serviceOrigin: BASE, scopes: config.scopes, generation: 1 }),
    },
    calls: {
      authorizedFetch: (_config, request) => {
        read.push(request.url);
        const url = new URL(request.url);
        const searchParams = new URLSearchParams(url.search);
        url.search = '';
        const letters = lists[url.href] ?? [];
        if (url.href !== INBOX) return Promise.resolve({ documents: { document: letters }, link: [] });
        const limit = Number(searchParams.get('limit') ?? '100');
        const lastseen = searchParams.get('lastseen');
        const page = Number(searchParams.get('page') ?? '0');
        const rest =
          lastseen === null ? letters.slice(page * limit) : letters.filter((letter) => Date.parse(letter.created) < Number(lastseen));
        const next = paging === 'next' && rest.length > limit ? [link('next', `${INBOX}?limit=${limit}&page=${page + 1}`)] : [];
        return Promise.resolve({ document: rest.slice(0, limit), link: next });
      },
      authorizedUpload: (_config, request, form) => {
        posts.push({ url: request.url, form });
        const answer = answers.shift() ?? 'ok';
        const self = `${LETTERS}/${posts.length}`;
        const place = request.url === INBOX_UPLOAD ? INBOX : FOLDER;
        if (answer === 'ok' || answer === 'fail-stored') {
          lists[place]?.unshift({
            subject: form.get('subject') as string,
            origin: 'UPLOADED',
            created: made(),
            fileSize: (form.get('file') as File).size,
            link: [link('self', self)],
          });
          if (place === INBOX) {
            for (let i = 0; i < arriving; i++) lists[INBOX]?.unshift(letterFrom(`arrived-${posts.length}-${i}`, made()));
          }
        }
        if (answer === 'refused') return Promise.reject(errorForStatus(400, '{"error-code":"INVALID_FILE"}'));
        if (answer !== 'ok') return Promise.reject(new AppError(answer === 'fail' ? 'network' : 'timeout'));
        return Promise.resolve(self);
      },
    },
  };
  const uploads = createUploads(deps);
  return {
    uploads: { upload: (c: ExtensionConfig, r: UploadRequest) => uploads.upload(c, { userId: 'person-1', scopes: c.scopes }, 1, r) },
    posts,
    read,
  };
}

/** A letter someone else sent. */
const letterFrom = (name: string, created: string): Listed => ({
  subject: 'Strøm',
  origin: 'PRIVATE',
  created,
  fileSize: 500,
  link: [link('self', `${LETTERS}/${name}`)],
});
/** A letter of ours uploaded earlier (`fileSize`: the same as this one's or not). */
const uploadedEarlier = (fileSize: number, created: string): Listed => ({
  subject: 'Skanning',
  origin: 'UPLOADED',
  created,
  fileSize,
  link: [link('self', `${LETTERS}/old`)],
});

const request: UploadRequest = { subject: 'Skanning', place: { kind: 'inbox' }, file: PDF, name: 'scan.pdf' };
const unknown = { code: 'write_outcome_unknown' };

describe("the worker uploads a page's file exactly once", () => {
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

  it('after a refusal the service answered (nothing stored), Try again sends the file the page hands over again', async () => {
    const { uploads, posts } = setup(['refused', 'ok']);
    await expect(uploads.upload(config, request)).rejects.toMatchObject({ code: 'http_unexpected_status', info: { status: 400 } });
    await uploads.upload(config, request);
    expect(posts).toHaveLength(2);
  });

  it('after a failure on the way, it may have arrived: asking again only looks, and only Send again sends the file again', async () => {
    const { uploads, posts } = setup(['fail', 'ok']);
    await expect(uploads.upload(config, request)).rejects.toMatchObject(unknown);
    await expect(uploads.upload(config, request)).rejects.toMatchObject(unknown);
    expect(posts).toHaveLength(1);
    const result = await uploads.upload(config, { ...request, resend: true });
    expect(posts).toHaveLength(2);
    expect(result.letter?.url).toMatch(/\/2$/);
  });

  it('beside an older letter of the same subject (another file), a failure stays unknown, and Send again sends the new file', async () => {
    const { uploads, posts } = setup(['fail', 'ok'], { older: [uploadedEarlier(999, new Date(EPOCH).toISOString())] });
    await expect(uploads.upload(config, request)).rejects.toMatchObject(unknown);
    await expect(uploads.upload(config, request)).rejects.toMatchObject(unknown);
    const result = await uploads.upload(config, { ...request, resend: true });
    expect(posts).toHaveLength(2);
    expect((posts[1]?.form.get('file') as File).size).toBe(PDF.size);
    expect(result.letter?.url).not.toMatch(/old$/);
  });

  it('a letter of the same subject and size made well before the upload began is not taken for it', async () => {
    const before = uploadedEarlier(PDF.size, new Date(EPOCH - 60 * 60 * 1000).toISOString());
    const { uploads, posts } = setup(['fail', 'ok'], { older: [before] });
    await expect(uploads.upload(config, request)).rejects.toMatchObject(unknown);
    await expect(uploads.upload(config, request)).rejects.toMatchObject(unknown);
    expect(posts).toHaveLength(1);
    await uploads.upload(config, { ...request, resend: true });
    expect(posts).toHaveLength(2);
  });

  it('the same file under the same subject saved a moment before is not taken for this upload: it was there before this one left', async () => {
    const moment = uploadedEarlier(PDF.size, new Date(EPOCH).toISOString());
    const { uploads, posts } = setup(['fail', 'ok'], { older: [moment] });
    await expect(uploads.upload(config, request)).rejects.toMatchObject(unknown);
    const result = await uploads.upload(config, { ...request, resend: true });
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
    await expect(uploads.upload(config, { ...request, place: { kind: 'folder', self: `${BASE}/elsewhere` } })).rejects.toMatchObject({
      code: 'upload_place_missing',
    });
    await expect(uploads.upload({ ...config, scopes: ['READ_DOCUMENT_META_INFO'] }, request)).rejects.toMatchObject({
      code: 'http_forbidden_permission',
    });
    await uploads.upload(config, { ...request, place: { kind: 'folder', self: FOLDER } });
    expect(posts.map((p) => p.url)).toEqual([`${FOLDER}/upload`]);
  });
});

describe('an upload is one intent: this file, under this subject, to this place', () => {
  it('the same file to another place is a new upload, whose arrival is looked for in that place only', async () => {
    const { uploads, posts, read } = setup(['ok', 'fail']);
    const inInbox = await uploads.upload(config, request);
    const looked = read.length;
    // The inbox shows the same file under the same subject: it is not this upload's letter.
    await expect(uploads.upload(config, { ...request, place: { kind: 'folder', self: FOLDER } })).rejects.toMatchObject(unknown);
    expect(posts.map((p) => p.url)).toEqual([INBOX_UPLOAD, `${FOLDER}/upload`]);
    expect(read.slice(looked).every((url) => url.startsWith(FOLDER))).toBe(true);
    // The inbox's upload is still done, and nothing is sent for it.
    expect(await uploads.upload(config, request)).toEqual(inInbox);
    expect(posts).toHaveLength(2);
  });

  it("the same file to another place is sent there even while the first may have arrived, and neither takes the other's letter", async () => {
    const { uploads, posts } = setup(['fail', 'ok']);
    await expect(uploads.upload(config, request)).rejects.toMatchObject(unknown);
    const inFolder = await uploads.upload(config, { ...request, place: { kind: 'folder', self: FOLDER } });
    expect(posts.map((p) => p.url)).toEqual([INBOX_UPLOAD, `${FOLDER}/upload`]);
    expect(inFolder.letter?.url).toBe(`${LETTERS}/2`);
    // Look again for the inbox's: the folder's letter is no sign of it, and nothing is sent.
    await expect(uploads.upload(config, request)).rejects.toMatchObject(unknown);
    expect(posts).toHaveLength(2);
  });

  it('a stored upload whose answer was lost is told from an older lookalike beside it: the new letter, never the old', async () => {
    const before = uploadedEarlier(PDF.size, new Date(EPOCH).toISOString());
    const { uploads, posts } = setup(['fail-stored'], { older: [before] });
    const result = await uploads.upload(config, request);
    expect(result.letter?.url).toBe(`${LETTERS}/1`);
    expect(await uploads.upload(config, request)).toEqual(result);
    expect(posts).toHaveLength(1);
  });

  it.each(['next', 'lastseen'] as const)(
    'finds the letter on the second page of the inbox (paged by %s), and sends nothing more',
    async (paging) => {
      const { uploads, posts, read } = setup(['fail-stored'], { arriving: 100, paging });
      const result = await uploads.upload(config, request);
      expect(result.letter?.url).toBe(`${LETTERS}/1`);
      expect(
        read.filter((url) => url.startsWith(INBOX)).some((url) => new URL(url).searchParams.has(paging === 'next' ? 'page' : 'lastseen')),
      ).toBe(true);
      expect(await uploads.upload(config, request)).toEqual(result);
      expect(posts).toHaveLength(1);
    },
  );

  it('another file of the same name, size and subject is another upload: it is sent, though the first may have arrived', async () => {
    const { uploads, posts } = setup(['fail', 'ok']);
    await expect(uploads.upload(config, request)).rejects.toMatchObject(unknown);
    await expect(uploads.upload(config, request)).rejects.toMatchObject(unknown);
    expect(posts).toHaveLength(1);
    const other = await uploads.upload(config, { ...request, file: OTHER_PDF });
    expect(posts).toHaveLength(2);
    expect((posts[1]?.form.get('file') as File).size).toBe(OTHER_PDF.size);
    expect(other.letter?.url).toBe(`${LETTERS}/2`);
    // The first file never arrived: the second file's letter, alike in the list, is not taken for it.
    await expect(uploads.upload(config, request)).rejects.toMatchObject(unknown);
    expect(posts).toHaveLength(2);
  });

  it('a letter another upload of this session stored is never the evidence of this one, though the list shows them alike; its own stays its own', async () => {
    const { uploads, posts } = setup(['fail', 'ok']);
    await expect(uploads.upload(config, request)).rejects.toMatchObject(unknown);
    const other = await uploads.upload(config, { ...request, file: OTHER_PDF });
    await expect(uploads.upload(config, request)).rejects.toMatchObject(unknown);
    // The other upload, asked again, still finds its own letter, and sends nothing.
    expect(await uploads.upload(config, { ...request, file: OTHER_PDF })).toEqual(other);
    expect(posts).toHaveLength(2);
  });
});
