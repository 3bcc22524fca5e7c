import { describe, expect, it } from 'vitest';
import { createMemoryLock } from '../../../src/auth/memory-lock.ts';
import { rootResourceSchema } from '../../../src/api/schemas.ts';
import { placeLinksOf, uploadPlaceAt, uploadPlacesOf } from '../../../src/api/upload-places.ts';
import { createOnce } from '../../../src/background/once.ts';
import { createUploads, type UploadDeps, type UploadRequest } from '../../../src/background/actions/upload.ts';
import { MemoryArea } from '../auth/fakes.ts';
import { BASE, PDF, config, link } from './upload-fixtures.ts';

/*
 * Upload places and the letter an upload made name their mailbox by the mailbox's own inbox link
 * (issue #44, points 7 and 8), as the viewer and the popup do, never by a Digipost address: Ola's
 * mailbox, shared with Kari, is listed first and with Kari's own address, and a file Kari saves
 * into her own inbox or folder is never taken for his, nor one saved into his for hers.
 */

const KARI = `${BASE}/post/api/private/accounts/1`;
const OLA = `${BASE}/post/api/private/accounts/2`;
const SAME_ADDRESS = 'kari.nordmann#1111';
const OLA_INBOX = `${OLA}/inbox`;
const root = rootResourceSchema.parse({
  primaryAccount: { digipostaddress: SAME_ADDRESS, link: [link('document_inbox', `${KARI}/inbox`)] },
  mailbox: [
    {
      owner: false,
      name: 'Ola Nordmann',
      digipostaddress: SAME_ADDRESS,
      link: [link('document_inbox', OLA_INBOX), link('upload_document_to_inbox', `${OLA}/inbox/upload`)],
      folders: {
        folder: [{ name: 'Pensjon', link: [link('self', `${OLA}/folders/9`), link('upload_document', `${OLA}/folders/9/upload`)] }],
      },
    },
    {
      owner: true,
      name: 'Kari Nordmann',
      digipostaddress: SAME_ADDRESS,
      link: [link('document_inbox', `${KARI}/inbox`), link('upload_document_to_inbox', `${KARI}/inbox/upload`)],
      folders: {
        folder: [{ name: 'Skatt', link: [link('self', `${KARI}/folders/1`), link('upload_document', `${KARI}/folders/1/upload`)] }],
      },
    },
  ],
  link: [],
});

/** The uploads, and each upload POSTed (its address). */
function setup() {
  const lists: Record<string, unknown[]> = {};
  const posted: string[] = [];
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
        posted.push(request.url);
        const list = request.url.replace(/\/upload$/, '');
        const self = `${list}/letters/${posted.length}`;
        (lists[list] ??= []).unshift({
          subject: form.get('subject'),
          origin: 'UPLOADED',
          created: new Date(Date.UTC(2024, 4, 1) + posted.length * 1000).toISOString(),
          fileSize: (form.get('file') as File).size,
          link: [link('self', self)],
        });
        return Promise.resolve(self);
      },
    },
  };
  const uploads = createUploads(deps);
  return { posted, upload: (r: UploadRequest) => uploads.upload(config, { userId: 'kari', scopes: config.scopes }, 1, r) };
}

const request = (place: UploadRequest['place']): UploadRequest => ({ subject: 'Skanning', place, file: PDF, name: 'scan.pdf' });

describe('upload places, by the mailbox’s own inbox link', () => {
  it('offers the person’s own places first, then the shared mailbox’s inbox named by its inbox link, not the address both share', () => {
    expect(uploadPlacesOf(root)).toEqual([
      { place: { kind: 'inbox' } },
      { place: { kind: 'folder', self: `${KARI}/folders/1` }, name: 'Skatt' },
      { place: { kind: 'inbox', mailbox: OLA_INBOX }, whose: 'Ola Nordmann' },
      { place: { kind: 'folder', self: `${OLA}/folders/9` }, name: 'Pensjon', whose: 'Ola Nordmann' },
    ]);
    expect(uploadPlaceAt(root, OLA_INBOX)).toEqual({ kind: 'inbox', mailbox: OLA_INBOX });
    expect(uploadPlaceAt(root, `${KARI}/inbox`)).toEqual({ kind: 'inbox' });
  });

  it('finds an inbox place’s links by that identity; a Digipost address (the old form) names no place', () => {
    expect(placeLinksOf(root, { kind: 'inbox', mailbox: OLA_INBOX })).toEqual({
      upload: link('upload_document_to_inbox', `${OLA}/inbox/upload`),
      list: link('document_inbox', OLA_INBOX),
    });
    expect(placeLinksOf(root, { kind: 'inbox' })).toEqual({
      upload: link('upload_document_to_inbox', `${KARI}/inbox/upload`),
      list: link('document_inbox', `${KARI}/inbox`),
    });
    expect(placeLinksOf(root, { kind: 'inbox', mailbox: SAME_ADDRESS })).toBeUndefined();
    expect(placeLinksOf(root, { kind: 'inbox', mailbox: `${KARI}/inbox` })).toBeUndefined();
  });
});

describe('the letter an upload made, by the mailbox’s own inbox link', () => {
  it('saved into Ola’s inbox or folder: POSTed there, and it opens in his mailbox, named by his inbox link', async () => {
    const { upload, posted } = setup();
    expect((await upload(request({ kind: 'inbox', mailbox: OLA_INBOX }))).letter).toMatchObject({
      url: `${OLA}/inbox/letters/1`,
      mailbox: OLA_INBOX,
    });
    expect((await upload(request({ kind: 'folder', self: `${OLA}/folders/9` }))).letter).toMatchObject({
      url: `${OLA}/folders/9/letters/2`,
      mailbox: OLA_INBOX,
    });
    expect(posted).toEqual([`${OLA}/inbox/upload`, `${OLA}/folders/9/upload`]);
  });

  it('saved into Kari’s own inbox or folder: it opens as hers, naming no mailbox, though Ola’s comes first with her address', async () => {
    const { upload, posted } = setup();
    expect((await upload(request({ kind: 'inbox' }))).letter?.mailbox).toBeUndefined();
    expect((await upload(request({ kind: 'folder', self: `${KARI}/folders/1` }))).letter?.mailbox).toBeUndefined();
    expect(posted).toEqual([`${KARI}/inbox/upload`, `${KARI}/folders/1/upload`]);
  });

  it('an inbox named by a Digipost address, the old form, is no place: nothing is sent', async () => {
    const { upload, posted } = setup();
    await expect(upload(request({ kind: 'inbox', mailbox: SAME_ADDRESS }))).rejects.toMatchObject({ code: 'upload_place_missing' });
    expect(posted).toEqual([]);
  });
});
