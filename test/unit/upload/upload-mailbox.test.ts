import { describe, expect, it } from 'vitest';
import { createMemoryLock } from '../../../src/auth/memory-lock.ts';
import { rootResourceSchema } from '../../../src/api/schemas.ts';
import { createOnce } from '../../../src/background/once.ts';
import { createUploads, type UploadDeps, type UploadRequest } from '../../../src/background/actions/upload.ts';
import { AppError } from '../../../src/shared/errors.ts';
import { MemoryArea } from '../auth/fakes.ts';
import { BASE, PDF, config, link } from './upload-fixtures.ts';

/*
 * The letter an upload made opens in the mailbox it was saved into (issue 44, point 8): Kari saves
 * a file into Ola's inbox or one of his folders (a mailbox shared with her), and "Open the letter"
 * shows it as Ola's, with his folders to file it in, never as one of hers. The worker names the
 * mailbox as the popup names a shared mailbox's letters (LinkTarget.mailbox: its inbox link).
 */

const KARI = `${BASE}/post/api/private/accounts/1`;
const OLA = `${BASE}/post/api/private/accounts/2`;
const OLA_ADDRESS = 'ola.nordmann#2222';
/** What names Ola's mailbox: its own inbox link, never its Digipost address. */
const OLA_MAILBOX = `${OLA}/inbox`;
const root = rootResourceSchema.parse({
  primaryAccount: { link: [link('document_inbox', `${KARI}/inbox`)] },
  mailbox: [
    {
      owner: true,
      digipostaddress: 'kari.nordmann#1111',
      link: [link('document_inbox', `${KARI}/inbox`), link('upload_document_to_inbox', `${KARI}/inbox/upload`)],
      folders: {
        folder: [{ name: 'Skatt', link: [link('self', `${KARI}/folders/1`), link('upload_document', `${KARI}/folders/1/upload`)] }],
      },
    },
    {
      owner: false,
      name: 'Ola Nordmann',
      digipostaddress: OLA_ADDRESS,
      link: [link('document_inbox', `${OLA}/inbox`), link('upload_document_to_inbox', `${OLA}/inbox/upload`)],
      folders: {
        folder: [{ name: 'Pensjon', link: [link('self', `${OLA}/folders/9`), link('upload_document', `${OLA}/folders/9/upload`)] }],
      },
    },
  ],
  link: [],
});

/** `answer`: 'ok' answers the new letter's address; 'fail-stored' stores it and loses the answer. */
function setup(answer: 'ok' | 'fail-stored') {
  const lists: Record<string, unknown[]> = {};
  let made = 0;
  const session = new MemoryArea();
  const deps: UploadDeps = {
    storage: { session },
    once: createOnce({ storage: { session }, exclusive: createMemoryLock(), generation: () => Promise.resolve(1), now: () => 1 }),
    rootCache: {
      getRootAndAnnounce: () => Promise.resolve({ root, fetchedAt: 0, serviceOrigin: BASE, scopes: config.scopes, generation: 1 }),
    },
    calls: {
      authorizedFetch: (_config, request) => {
        const url = new URL(request.url);
        url.search = '';
        const letters = lists[url.href] ?? [];
        return Promise.resolve(
          url.pathname.endsWith('/inbox') ? { document: letters, link: [] } : { documents: { document: letters }, link: [] },
        );
      },
      authorizedUpload: (_config, request, form) => {
        const list = request.url.replace(/\/upload$/, '');
        const self = `${list}/letters/${++made}`;
        (lists[list] ??= []).unshift({
          subject: form.get('subject'),
          origin: 'UPLOADED',
          created: new Date(Date.UTC(2024, 4, 1) + made * 1000).toISOString(),
          fileSize: (form.get('file') as File).size,
          link: [link('self', self)],
        });
        return answer === 'ok' ? Promise.resolve(self) : Promise.reject(new AppError('timeout'));
      },
    },
  };
  const uploads = createUploads(deps);
  return (r: UploadRequest) => uploads.upload(config, { userId: 'kari', scopes: config.scopes }, 1, r);
}

const request = (place: UploadRequest['place']): UploadRequest => ({ subject: 'Skanning', place, file: PDF, name: 'scan.pdf' });

describe('the letter an upload made opens in the mailbox it was saved into', () => {
  it.each(['ok', 'fail-stored'] as const)(
    'saved into Ola’s inbox (answer %s), it opens in Ola’s mailbox, asked again too',
    async (answer) => {
      const upload = setup(answer);
      const saved = await upload(request({ kind: 'inbox', mailbox: OLA_MAILBOX }));
      expect(saved.letter).toMatchObject({ url: `${OLA}/inbox/letters/1`, mailbox: OLA_MAILBOX });
      expect((await upload(request({ kind: 'inbox', mailbox: OLA_MAILBOX }))).letter?.mailbox).toBe(OLA_MAILBOX);
    },
  );

  it.each(['ok', 'fail-stored'] as const)('saved into one of Ola’s folders (answer %s), it opens in Ola’s mailbox', async (answer) => {
    const upload = setup(answer);
    const saved = await upload(request({ kind: 'folder', self: `${OLA}/folders/9` }));
    expect(saved.letter).toMatchObject({ url: `${OLA}/folders/9/letters/1`, mailbox: OLA_MAILBOX });
  });

  it('saved into Kari’s own inbox or folder, it opens as hers, naming no other mailbox', async () => {
    const upload = setup('ok');
    expect((await upload(request({ kind: 'inbox' }))).letter?.mailbox).toBeUndefined();
    expect((await upload(request({ kind: 'folder', self: `${KARI}/folders/1` }))).letter?.mailbox).toBeUndefined();
  });
});
