import { findLink } from '../../api/links.ts';
import { rootResourceSchema } from '../../api/schemas.ts';
import { mailboxIn, type Fields, type WriteAction } from './action.ts';

/** The self addresses of the folders named `name` of the root's mailbox `named` (the person's own without one). */
function foldersNamed(root: Fields, name: unknown, named: string | undefined): string[] {
  const folders = mailboxIn(rootResourceSchema.safeParse(root).data?.mailbox, named)?.folders?.folder ?? [];
  return folders.flatMap((folder) => (folder.name === name ? (findLink(folder.link, 'self')?.uri ?? []) : []));
}

/**
 * A new folder, in the root's mailbox the page names (the person's own without one): done once
 * the mailbox shows a folder of its name that was not there before it was asked for.
 */
export const createFolder: WriteAction<'create_folder'> = {
  note: (request, source, fields) => ({ before: foldersNamed(source, fields?.name, request.mailboxLink) }),
  look: async (record, read, request) => {
    const { fields } = record;
    if (!fields) return false;
    const made = foldersNamed(await read(), fields.name, request.mailboxLink).filter((self) => !(record.before ?? []).includes(self));
    return made.length > 0;
  },
};
