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

const { deleteLetter, letterActions, moveLetter, placeOf, updateBody, folderWrite } = await import('../../../src/viewer/filing/filing.ts');

const BASE = 'https://www.digipost.no';
const rel = (name: string) => `${BASE}/post/relations/${name}`;
const SELF = { rel: rel('self'), uri: `${BASE}/post/api/docs/1` };
const letter = (fields: Record<string, unknown>) => ({ subject: 'Strøm', link: [SELF, { rel: rel('update_document'), uri: `${SELF.uri}/update` }, { rel: rel('delete_document'), uri: SELF.uri }], ...fields });
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

  it('update_document always carries the subject; the inbox takes no folder id', () => {
    expect(updateBody({ location: 'INBOX' }, 'Strøm')).toEqual({ location: 'INBOX', subject: 'Strøm' });
    expect(updateBody({ location: 'FOLDER', folderId: '3' }, 'Strøm')).toEqual({ location: 'FOLDER', folderId: '3', subject: 'Strøm' });
    expect(placeOf({ location: 'FOLDER', folderId: 3 })).toEqual({ location: 'FOLDER', folderId: '3' });
    expect(placeOf({ location: 'INBOX' })).toEqual({ location: 'INBOX' });
  });
});

describe('when the worker cannot say whether a change happened', () => {
  it('reads the letter again: moved there already is done, and nothing is sent again', async () => {
    answers.write = [new AppError('write_outcome_unknown')];
    answers.getResource = [letter({ location: 'FOLDER', folderId: '3' })];
    await expect(moveLetter(SELF, { location: 'FOLDER', folderId: '3' }, 'Strøm', 'id-1')).resolves.toBeNull();
    expect(writes()).toHaveLength(1);
    expect(asked.map((r) => r.type)).toEqual(['write', 'getResource']);
  });

  it('still where it was: the change was not made, said as such, and not repeated by itself', async () => {
    answers.write = [new AppError('worker_no_answer')];
    answers.getResource = [letter({ location: 'INBOX' })];
    expect(await appErrorOf(moveLetter(SELF, { location: 'FOLDER', folderId: '3' }, 'Strøm', 'id-2'))).toEqual({ code: 'write_not_done' });
    expect(writes()).toHaveLength(1);
  });

  it('a deleted letter is one the service no longer has', async () => {
    answers.write = [new AppError('write_outcome_unknown')];
    answers.getResource = [new AppError('http_not_found', { status: 404 })];
    await expect(deleteLetter(SELF, 'id-3')).resolves.toBeNull();
  });

  it('a folder change is checked against the root read again', async () => {
    answers.write = [new AppError('write_outcome_unknown')];
    answers.getRoot = [{ mailbox: [{ folders: { folder: [{ id: 7, name: 'Reiser', link: [{ rel: rel('self'), uri: `${BASE}/f/7` }] }] } }] }];
    const write = { target: { url: `${BASE}/post/api`, relation: 'self' }, rel: 'create_folder', body: { name: 'Reiser', icon: 'FOLDER' } };
    await expect(folderWrite(write, 'id-4', (folders) => folders.some((f) => f.name === 'Reiser'))).resolves.toBeNull();
    expect(asked.find((r) => r.type === 'getRoot')).toEqual({ type: 'getRoot', force: true });
  });

  it('an answered refusal is passed on as it is, with no reading again', async () => {
    answers.write = [new AppError('folder_not_empty')];
    expect(await appErrorOf(folderWrite({ target: { url: `${BASE}/f/1` }, rel: 'delete_folder' }, 'id-5', () => true))).toEqual({ code: 'folder_not_empty' });
    expect(asked.map((r) => r.type)).toEqual(['write']);
  });
});
