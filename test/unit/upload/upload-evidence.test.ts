import { describe, expect, it } from 'vitest';
import { createMemoryLock } from '../../../src/auth/memory-lock.ts';
import { rootResourceSchema } from '../../../src/api/schemas.ts';
import { createOnce } from '../../../src/background/once.ts';
import { createUploads, type UploadDeps, type UploadRequest } from '../../../src/background/actions/upload.ts';
import { AppError } from '../../../src/shared/errors.ts';
import { MemoryArea } from '../auth/fakes.ts';
import { BASE, PDF, config, link } from './upload-fixtures.ts';

/*
 * What counts as evidence that an upload whose answer was lost arrived (issue 44, point 5), over a
 * service that pages its inbox by `lastseen` and serves at most 50 letters a page, whatever limit
 * is asked for, and gives no `next` link: the look reads past such a page, and a letter that was in
 * the list before the upload left is never taken for it, however it came onto the first page.
 */

const INBOX = `${BASE}/post/api/private/accounts/1/documents/inbox`;
const INBOX_UPLOAD = `${INBOX}/upload`;
const LETTERS = `${BASE}/post/api/private/accounts/1/documents`;
const root = rootResourceSchema.parse({
  primaryAccount: { link: [link('document_inbox', INBOX)] },
  mailbox: [{ link: [link('document_inbox', INBOX), link('upload_document_to_inbox', INBOX_UPLOAD)] }],
  link: [],
});
/** The most letters the service serves on one page. */
const CAP = 50;
/** The service's clock: each letter is made a second after the one before it. */
const EPOCH = Date.UTC(2024, 4, 1, 12, 0, 0);

interface Listed {
  subject: string;
  origin: string;
  created: string;
  fileSize: number;
  link: ReturnType<typeof link>[];
}

const at = (second: number) => new Date(EPOCH + second * 1000).toISOString();
const fromOthers = (name: string, second: number): Listed => ({
  subject: 'Strøm',
  origin: 'CORPORATION',
  created: at(second),
  fileSize: 500,
  link: [link('self', `${LETTERS}/${name}`)],
});
/** The same file under the same subject, uploaded long before. */
const lookalike = (second: number): Listed => ({
  subject: 'Skanning',
  origin: 'UPLOADED',
  created: at(second),
  fileSize: PDF.size,
  link: [link('self', `${LETTERS}/old-copy`)],
});

/** `answer`: 'fail-stored' stores the file and loses the answer; 'fail' loses it on the way. */
function setup(answer: 'fail-stored' | 'fail', inbox: Listed[], arriving = 0) {
  /** Newest first. */
  const list = [...inbox];
  let clock = 10_000;
  const posts: string[] = [];
  const session = new MemoryArea();
  const deps: UploadDeps = {
    storage: { session },
    once: createOnce({ storage: { session }, exclusive: createMemoryLock(), generation: () => Promise.resolve(1), now: () => 1 }),
    rootCache: {
      getRootAndAnnounce: () => Promise.resolve({ root, fetchedAt: 0, serviceOrigin: BASE, scopes: config.scopes, generation: 1 }),
    },
    calls: {
      authorizedFetch: (_config, request) => {
        const lastseen = new URL(request.url).searchParams.get('lastseen');
        const older = lastseen === null ? list : list.filter((letter) => Date.parse(letter.created) < Number(lastseen));
        return Promise.resolve({ document: older.slice(0, CAP), link: [] });
      },
      authorizedUpload: (_config, request, form) => {
        posts.push(request.url);
        if (answer === 'fail-stored') {
          list.unshift({
            subject: form.get('subject') as string,
            origin: 'UPLOADED',
            created: at(++clock),
            fileSize: (form.get('file') as File).size,
            link: [link('self', `${LETTERS}/new`)],
          });
          for (let i = 0; i < arriving; i++) list.unshift(fromOthers(`arrived-${i}`, ++clock));
        }
        return Promise.reject(new AppError('timeout'));
      },
    },
  };
  const uploads = createUploads(deps);
  return {
    upload: (r: UploadRequest) => uploads.upload(config, { userId: 'person-1', scopes: config.scopes }, 1, r),
    posts,
    list,
  };
}

const request: UploadRequest = { subject: 'Skanning', place: { kind: 'inbox' }, file: PDF, name: 'scan.pdf' };

describe('the look for an upload whose answer was lost, where the service serves 50 letters a page', () => {
  it('finds the new letter past the first page of 50 when 60 letters arrived after it, and sends nothing more', async () => {
    const { upload, posts } = setup('fail-stored', [], 60);
    const result = await upload(request);
    expect(result.letter?.url).toBe(`${LETTERS}/new`);
    expect(await upload(request)).toEqual(result);
    expect(posts).toHaveLength(1);
  });

  it('takes an older copy that slid onto the first page (the letters above it gone) for no proof: the outcome stays unknown', async () => {
    // The same file uploaded long ago, below 600 letters: deeper than any look reads.
    const others = Array.from({ length: 600 }, (_, i) => fromOthers(`other-${i}`, 9_000 - i));
    const { upload, posts, list } = setup('fail', [...others, lookalike(100)]);
    await expect(upload(request)).rejects.toMatchObject({ code: 'write_outcome_unknown' });
    // The person files away the 600 letters above it: the old copy is now the first of the inbox.
    list.splice(0, 600);
    await expect(upload(request)).rejects.toMatchObject({ code: 'write_outcome_unknown' });
    expect(posts).toHaveLength(1);
    // Only Send again sends it again.
    await expect(upload({ ...request, resend: true })).rejects.toMatchObject({ code: 'write_outcome_unknown' });
    expect(posts).toHaveLength(2);
  });

  it('takes an older copy moved into the inbox from a folder while the answer was lost for no proof either', async () => {
    const { upload, posts, list } = setup('fail', [fromOthers('latest', 5_000)]);
    await expect(upload(request)).rejects.toMatchObject({ code: 'write_outcome_unknown' });
    list.unshift(lookalike(100));
    await expect(upload(request)).rejects.toMatchObject({ code: 'write_outcome_unknown' });
    expect(posts).toHaveLength(1);
  });
});
