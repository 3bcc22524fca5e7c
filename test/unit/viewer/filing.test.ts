import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Request } from '../../../src/protocol/messages.ts';
import { AppError } from '../../../src/shared/errors.ts';
import { appErrorOf } from '../app-error.ts';

/** The worker as the page reaches it: answers by type, in turn; an Error is thrown. */
let answers: Partial<Record<Request['type'], unknown[]>> = {};
const asked: Request[] = [];
vi.mock('../../../src/ui/worker-client.ts', () => ({
  ask: (request: Request) => {
    asked.push(request);
    const next = answers[request.type]?.shift();
    if (next instanceof Error) return Promise.reject(next);
    return Promise.resolve(request.type === 'getRoot' ? { root: next } : { data: next });
  },
}));

const { changeFields, changeLetter, deleteLetter, letterActions, placeOf, folderWrite } =
  await import('../../../src/viewer/filing/filing.ts');

const BASE = 'https://www.digipost.no';
const rel = (name: string) => `${BASE}/post/relations/${name}`;
const SELF = { rel: rel('self'), uri: `${BASE}/post/api/docs/1` };
const letter = (fields: Record<string, unknown>) => ({
  subject: 'Strøm',
  link: [SELF, { rel: rel('update_document'), uri: `${SELF.uri}/update` }, { rel: rel('delete_document'), uri: SELF.uri }],
  ...fields,
});
const writes = () => asked.filter((r) => r.type === 'write');

beforeEach(() => {
  asked.length = 0;
  answers = {};
});

describe('what a letter offers', () => {
  const all = ['READ_DOCUMENT_META_INFO', 'UPDATE_DOCUMENT', 'DELETE_DOCUMENT'] as const;

  it('each action with its permission and its link', () => {
    expect(letterActions(letter({}), all)).toEqual({ update: true, remove: true });
    expect(letterActions(letter({}), ['READ_DOCUMENT_META_INFO'])).toEqual({ update: false, remove: false });
    expect(letterActions({ subject: 'Strøm', link: [SELF] }, all)).toEqual({ update: false, remove: false });
  });

  it('no move or rename when the subject was not shown (a confidential letter): it would be overwritten', () => {
    expect(letterActions(letter({ subject: '', confidential: true }), all)).toEqual({ update: false, remove: true });
  });

  it('update_document names only what changes (the worker adds the rest); the inbox takes no folder id', () => {
    expect(changeFields({ place: { location: 'INBOX' } })).toEqual({ location: 'INBOX' });
    expect(changeFields({ place: { location: 'FOLDER', folderId: '3' } })).toEqual({ location: 'FOLDER', folderId: '3' });
    expect(changeFields({ subject: 'Strøm' })).toEqual({ subject: 'Strøm' });
    expect(placeOf({ location: 'FOLDER', folderId: 3 })).toEqual({ location: 'FOLDER', folderId: '3' });
    expect(placeOf({ location: 'INBOX' })).toEqual({ location: 'INBOX' });
  });
});

describe('the page never judges an outcome', () => {
  it('a write the worker could not confirm is passed on as the worker said it, with nothing read and nothing sent again', async () => {
    answers.write = [new AppError('write_outcome_unknown')];
    answers.getResource = [letter({ location: 'INBOX' })];
    expect(await appErrorOf(changeLetter(SELF, { place: { location: 'FOLDER', folderId: '3' } }))).toEqual({
      code: 'write_outcome_unknown',
    });
    expect(asked.map((r) => r.type)).toEqual(['write']);
  });

  it('an undo names what the letter must still be, and the worker decides', async () => {
    answers.write = [null];
    await changeLetter(SELF, { place: { location: 'INBOX' } }, { place: { location: 'FOLDER', folderId: '3' } });
    expect(writes()).toEqual([
      {
        type: 'write',
        target: { url: SELF.uri, relation: 'self' },
        rel: 'update_document',
        body: { location: 'INBOX' },
        expect: { location: 'FOLDER', folderId: '3' },
      },
    ]);
  });

  it('a delete and a folder change go to the worker as they are', async () => {
    answers.write = [null, new AppError('folder_not_empty')];
    await expect(deleteLetter(SELF)).resolves.toBeNull();
    expect(await appErrorOf(folderWrite({ target: { url: `${BASE}/f/1` }, rel: 'delete_folder' }))).toEqual({ code: 'folder_not_empty' });
    expect(asked.map((r) => r.type)).toEqual(['write', 'write']);
  });

  it("names no id: asked again, the worker knows the change; only the person's explicit Send again says resend", async () => {
    answers.write = [null, null, null];
    await changeLetter(SELF, { subject: 'Strøm' });
    await changeLetter(SELF, { subject: 'Strøm' }, undefined, true);
    await deleteLetter(SELF, true);
    expect(writes().map((r) => r.resend)).toEqual([undefined, true, true]);
    expect(writes()[0]).toEqual({
      type: 'write',
      target: { url: SELF.uri, relation: 'self' },
      rel: 'update_document',
      body: { subject: 'Strøm' },
    });
  });
});
