import { findLink } from '../../api/relation-name.ts';
import { targetOf, type LinkTarget } from '../../api/links.ts';
import type { Link, RootResource } from '../../api/schemas.ts';
import { AppError, outcomeMayBeUnknown, toErrorInfo } from '../../shared/errors.ts';
import type { Permission } from '../../shared/permissions.ts';
import type { Request } from '../../protocol/messages.ts';
import { ask } from '../../ui/worker-client.ts';
import { idText, isObj, linksOf, str } from '../../model/read-json.ts';

/**
 * Filing letters from the viewer: moving, renaming and deleting them, and managing folders. Every
 * change goes through the worker's `write` (background/writes.ts), which performs it once per id;
 * this module makes the ids and, when the worker cannot say whether a change happened, reads the
 * letter or the mailbox again to find out before anything is repeated.
 */

export interface FolderChoice {
  id: string;
  name: string;
  icon?: string;
  self: Link;
  /** What the service lets us do with it (change_folder, delete_folder), as it says. */
  links: readonly Link[];
}

/** Where a letter lies: the inbox or one folder (update_document's `location` and `folderId`). */
export type Place = { location: 'INBOX' } | { location: 'FOLDER'; folderId: string };

export const INBOX: Place = { location: 'INBOX' };

/** The folders of the person's own mailbox (the first), as the root lists them. */
export function foldersOf(root: RootResource | undefined): FolderChoice[] {
  return (root?.mailbox?.[0]?.folders?.folder ?? []).flatMap((folder) => {
    const id = idText(folder.id);
    const self = findLink(folder.link, 'self');
    if (id === undefined || !self) return [];
    return [{ id, name: folder.name ?? '', ...(folder.icon === undefined ? {} : { icon: folder.icon }), self, links: folder.link }];
  });
}

export function placeOf(letter: unknown): Place {
  if (isObj(letter) && str(letter.location)?.toUpperCase() === 'FOLDER') {
    const folderId = idText(letter.folderId);
    if (folderId !== undefined) return { location: 'FOLDER', folderId };
  }
  return INBOX;
}

export function samePlace(a: Place, b: Place): boolean {
  return a.location === b.location && (a.location === 'INBOX' || (b.location === 'FOLDER' && a.folderId === b.folderId));
}

/**
 * The body of update_document. The subject always goes with it, as the iOS app sends it: so a
 * letter whose subject we were not told (a confidential one) is never moved or renamed from here,
 * lest its subject be overwritten.
 */
export function updateBody(place: Place, subject: string): Record<string, string> {
  return place.location === 'INBOX' ? { location: 'INBOX', subject } : { location: 'FOLDER', folderId: place.folderId, subject };
}

/** What the letter lets this session do: an action shows only with its permission and its link. */
export function letterActions(letter: unknown, scopes: readonly Permission[]): { update: boolean; remove: boolean } {
  const links = linksOf(letter);
  const subject = isObj(letter) ? str(letter.subject) : undefined;
  const known = subject !== undefined && subject.trim() !== '' && !(isObj(letter) && letter.confidential === true);
  return {
    update: known && scopes.includes('UPDATE_DOCUMENT') && findLink(links, 'update_document') !== undefined,
    remove: scopes.includes('DELETE_DOCUMENT') && findLink(links, 'delete_document') !== undefined,
  };
}

export type Write = Omit<Extract<Request, { type: 'write' }>, 'type' | 'id'>;

export function newWriteId(): string {
  return crypto.randomUUID();
}

/** Whether the change is there now, read from the service. */
type Check = () => Promise<boolean>;

/**
 * Performs one change under `id`. When the worker cannot tell whether it happened (no answer in
 * time, a worker stopped on the way), `happened` reads the service again: done is done, and
 * otherwise the person hears that nothing changed and may try again, with a new id.
 */
/** The write may have reached the service and its answer did not reach us: read the service before anything else. */
export function outcomeUnknown(error: unknown): boolean {
  return outcomeMayBeUnknown(toErrorInfo(error));
}

async function writeOnce(write: Write, id: string, happened: Check): Promise<unknown> {
  try {
    return (await ask({ type: 'write', id, ...write })).data;
  } catch (error) {
    if (!outcomeUnknown(error)) throw error;
    if (await happened().catch(() => false)) return null;
    throw new AppError('write_not_done');
  }
}

/** A letter read again, or undefined when the service says it is gone. */
export async function readAgain(target: LinkTarget): Promise<unknown> {
  try {
    return (await ask({ type: 'getResource', ...target })).data;
  } catch (error) {
    const { code } = toErrorInfo(error);
    if (code === 'http_not_found') return undefined;
    throw error;
  }
}

/** Moves (and names) a letter; the check reads it again and compares its place and subject. */
export function moveLetter(self: Link, place: Place, subject: string, id: string): Promise<unknown> {
  const target = targetOf(self, 'self');
  return writeOnce({ target, rel: 'update_document', body: updateBody(place, subject) }, id, async () => {
    const now = await readAgain(target);
    return now !== undefined && samePlace(placeOf(now), place) && isObj(now) && now.subject === subject;
  });
}

export function deleteLetter(self: Link, id: string): Promise<unknown> {
  const target = targetOf(self, 'self');
  return writeOnce({ target, rel: 'delete_document' }, id, async () => (await readAgain(target)) === undefined);
}

/** A folder change, checked against the root read again. */
export async function folderWrite(write: Write, id: string, done: (folders: FolderChoice[]) => boolean): Promise<unknown> {
  return writeOnce(write, id, async () => done(foldersOf((await ask({ type: 'getRoot', force: true })).root)));
}

/** The icons a folder may have, as the service names them (src/ui/folder-icon.tsx draws each). */
export const FOLDER_ICON_NAMES = ['FOLDER', 'TAX', 'HOUSE', 'ARCHIVE'] as const;
