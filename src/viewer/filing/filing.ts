import { findLink } from '../../api/relation-name.ts';
import { targetOf, type LinkTarget } from '../../api/links.ts';
import type { Link, RootResource } from '../../api/schemas.ts';
import { isNothingThere, toErrorInfo } from '../../shared/errors.ts';
import type { Permission } from '../../shared/permissions.ts';
import type { Request } from '../../protocol/messages.ts';
import { ask } from '../../ui/worker-client.ts';
import { idText, isObj, linksOf, str } from '../../model/read-json.ts';

/**
 * Filing letters from the viewer: moving, renaming and deleting them, and managing folders. Every
 * change goes through the worker's `write` (background/writes.ts), which performs each intent once,
 * in turn with the other changes to the same letter, and decides itself whether a change whose
 * answer was lost happened: this module says what the person asked for, and holds no ids.
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

/**
 * The folders a letter of one mailbox can be filed into, as the root lists them: that mailbox's
 * own (model/mailbox.ts mailboxesAt), never another's.
 */
export function foldersOf(mailboxes: NonNullable<RootResource['mailbox']>): FolderChoice[] {
  return mailboxes
    .flatMap((mailbox) => mailbox.folders?.folder ?? [])
    .flatMap((folder) => {
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

/** A change to a letter: its place, its subject, or both. */
export interface LetterChange {
  place?: Place;
  subject?: string;
}

/**
 * The body of update_document for the change: only what changes. The worker adds the rest (the
 * subject always goes with it, as the iOS app sends it) from the letter as it is when its turn
 * comes, so a letter whose subject we were not told is never moved or renamed from here.
 */
export function changeFields(change: LetterChange): Record<string, string> {
  const { place, subject } = change;
  return {
    ...(place ? (place.location === 'INBOX' ? { location: 'INBOX' } : { location: 'FOLDER', folderId: place.folderId }) : {}),
    ...(subject === undefined ? {} : { subject }),
  };
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

export type Write = Omit<Extract<Request, { type: 'write' }>, 'type'>;

/** A letter read again, or undefined when the service says it is gone. */
export async function readAgain(target: LinkTarget): Promise<unknown> {
  try {
    return (await ask({ type: 'getResource', ...target })).data;
  } catch (error) {
    if (isNothingThere(toErrorInfo(error))) return undefined;
    throw error;
  }
}

/** `resend`: the person chose to send again a change whose outcome is unknown (the worker otherwise only looks). */
const write = async (request: Write, resend?: boolean): Promise<unknown> =>
  (await ask({ type: 'write', ...request, ...(resend ? { resend } : {}) })).data;

/**
 * Moves or renames a letter. `unless`: an undo, sent only if the letter is still as the change it
 * undoes left it (else 'write_target_changed', and nothing is sent).
 */
export function changeLetter(self: Link, change: LetterChange, unless?: LetterChange, resend?: boolean): Promise<unknown> {
  return write(
    {
      target: targetOf(self, 'self'),
      rel: 'update_document',
      body: changeFields(change),
      ...(unless ? { expect: changeFields(unless) } : {}),
    },
    resend,
  );
}

export function deleteLetter(self: Link, resend?: boolean): Promise<unknown> {
  return write({ target: targetOf(self, 'self'), rel: 'delete_document' }, resend);
}

/** A folder change. */
export function folderWrite(request: Write, resend?: boolean): Promise<unknown> {
  return write(request, resend);
}

/** The icons a folder may have, as the service names them (src/ui/folder-icon.tsx draws each). */
export const FOLDER_ICON_NAMES = ['FOLDER', 'TAX', 'HOUSE', 'ARCHIVE'] as const;
