/**
 * Filing a person's letters: moving and renaming a letter (update_document), deleting it
 * (delete_document), and creating, changing and deleting folders. The shapes are those Digipost's
 * own apps send (src/api/service-contract.md §5).
 */
import type { Context } from 'hono';
import { linkerFor } from './api-root.ts';
import { apiError, apiJson, readJson } from './http.ts';
import type { Folder } from './mailbox.ts';
import type { ReadableMailbox } from './mailboxes.ts';
import { documentJson, folderSummary } from './represent.ts';
import type { Emulator } from './state.ts';

const MAX_SUBJECT = 200;
const MAX_FOLDER_NAME = 60;

const noSuchDocument = () => apiError(404, 'NOT_FOUND', { errorMessage: 'No such document' });
const noSuchFolder = () => apiError(404, 'NOT_FOUND', { errorMessage: 'No such folder' });

type Fields = Record<string, unknown>;

async function fieldsOf(c: Context): Promise<{ ok: true; fields: Fields } | { ok: false; response: Response }> {
  const body = await readJson(c);
  if (!body.ok) return { ok: false, response: apiError(400, 'INVALID_BODY', { errorMessage: body.reason }) };
  const value = body.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, response: apiError(400, 'INVALID_BODY', { errorMessage: 'The body is a JSON object' }) };
  return { ok: true, fields: value as Fields };
}

/** Ids are numbers in the service's JSON; the apps send them back as they got them. */
function idText(value: unknown): string | undefined {
  return typeof value === 'number' && Number.isInteger(value)
    ? String(value)
    : typeof value === 'string' && /^[0-9]{1,15}$/.test(value)
      ? value
      : undefined;
}

/** A folder of this mailbox: a letter is filed only among its own mailbox's folders. */
function folderById(box: ReadableMailbox, id: string | undefined): Folder | undefined {
  return id === undefined ? undefined : box.mailbox.folders.find((f) => f.id === id);
}

/**
 * update_document: `{location: "INBOX"|"FOLDER", folderId, subject}`. The subject is always sent (the
 * iOS app sends the one it has); a location files the letter, FOLDER with the id of an existing
 * folder. Without a location the letter stays where it is (an older client renaming only).
 */
export async function updateDocument(em: Emulator, box: ReadableMailbox, c: Context): Promise<Response> {
  const letter = box.mailbox.letter(c.req.param('doc') ?? '');
  if (!letter) return noSuchDocument();
  const read = await fieldsOf(c);
  if (!read.ok) return read.response;
  const { subject, location, folderId } = read.fields;
  if (typeof subject !== 'string' || subject.trim() === '' || subject.length > MAX_SUBJECT) {
    return apiError(400, 'INVALID_SUBJECT', { errorMessage: `subject is a non-empty string of at most ${MAX_SUBJECT} characters` });
  }
  let target: { folderId: string | undefined } | undefined;
  if (location === 'INBOX') target = { folderId: undefined };
  else if (location === 'FOLDER') {
    const folder = folderById(box, idText(folderId));
    if (!folder) return apiError(400, 'FOLDER_NOT_FOUND', { errorMessage: 'No folder with that folderId' });
    target = { folderId: folder.id };
  } else if (location !== undefined) {
    return apiError(400, 'INVALID_LOCATION', { errorMessage: 'location is INBOX or FOLDER' });
  }
  letter.subject = subject;
  const main = letter.attachments.find((a) => a.mainDocument);
  if (main) main.subject = subject;
  if (target) box.mailbox.move(letter, target.folderId);
  return apiJson(documentJson(linkerFor(em, box.accountId), letter, { deletable: box.owner }));
}

/**
 * delete_document, offered only in the person's own mailbox. In one shared with them the letters are
 * the owner's: the link is not offered, and a DELETE sent anyway is refused with a domain error (400),
 * as send_to_bank is where it was not offered, and nothing is deleted.
 */
export function deleteDocument(box: ReadableMailbox, c: Context): Response {
  if (!box.mailbox.letter(c.req.param('doc') ?? '')) return noSuchDocument();
  if (!box.owner)
    return apiError(400, 'CANNOT_DELETE_IN_SHARED_MAILBOX', {
      errorMessage: "Letters in a mailbox shared with you are the owner's to delete",
    });
  box.mailbox.remove(c.req.param('doc') ?? '');
  return new Response(null, { status: 204 });
}

function folderFields(fields: Fields): { ok: true; name: string; icon: string } | { ok: false; response: Response } {
  const { name, icon } = fields;
  if (typeof name !== 'string' || name.trim() === '' || name.length > MAX_FOLDER_NAME) {
    return { ok: false, response: apiError(400, 'INVALID_FOLDER_NAME', { errorMessage: `name is 1 to ${MAX_FOLDER_NAME} characters` }) };
  }
  if (icon !== undefined && (typeof icon !== 'string' || !/^[A-Z_]{1,30}$/.test(icon))) {
    return { ok: false, response: apiError(400, 'INVALID_FOLDER_ICON', { errorMessage: 'icon is a name such as FOLDER or TAX' }) };
  }
  return { ok: true, name: name.trim(), icon: icon ?? 'FOLDER' };
}

/** create_folder: `{name, icon}`; answers the new folder as the mailbox lists it. */
export async function createFolder(em: Emulator, box: ReadableMailbox, c: Context): Promise<Response> {
  const read = await fieldsOf(c);
  if (!read.ok) return read.response;
  const checked = folderFields(read.fields);
  if (!checked.ok) return checked.response;
  const { mailbox } = box;
  if (mailbox.folders.some((f) => f.name === checked.name))
    return apiError(400, 'FOLDER_NAME_TAKEN', { errorMessage: 'A folder has that name' });
  const folder = { id: mailbox.newFolderId(), name: checked.name, icon: checked.icon };
  mailbox.folders.push(folder);
  return apiJson(folderSummary(linkerFor(em, box.accountId), folder), 201);
}

/** change_folder: a PUT of `{id, name, icon}`, the id being the folder's own. */
export async function changeFolder(em: Emulator, box: ReadableMailbox, c: Context): Promise<Response> {
  const folder = folderById(box, c.req.param('folder'));
  if (!folder) return noSuchFolder();
  const read = await fieldsOf(c);
  if (!read.ok) return read.response;
  if (idText(read.fields.id) !== folder.id)
    return apiError(400, 'FOLDER_ID_MISMATCH', { errorMessage: 'id is the id of the folder changed' });
  const checked = folderFields(read.fields);
  if (!checked.ok) return checked.response;
  if (box.mailbox.folders.some((f) => f !== folder && f.name === checked.name))
    return apiError(400, 'FOLDER_NAME_TAKEN', { errorMessage: 'A folder has that name' });
  folder.name = checked.name;
  folder.icon = checked.icon;
  return apiJson(folderSummary(linkerFor(em, box.accountId), folder));
}

/** delete_folder: only an empty folder (the service's FOLDER_NOT_EMPTY otherwise). */
export function deleteFolder(box: ReadableMailbox, c: Context): Response {
  const { mailbox } = box;
  const folder = folderById(box, c.req.param('folder'));
  if (!folder) return noSuchFolder();
  if (mailbox.folderLetters(folder.id).length > 0) return apiError(400, 'FOLDER_NOT_EMPTY');
  mailbox.folders.splice(mailbox.folders.indexOf(folder), 1);
  return new Response(null, { status: 204 });
}
