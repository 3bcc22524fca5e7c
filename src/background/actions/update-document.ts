import { AppError } from '../../shared/errors.ts';
import { hasFields, text, type Fields, type WriteAction } from './action.ts';

/**
 * update_document sends the letter's place and subject together (filing.ts says why). A page names
 * only what it changes; the rest is taken from the letter as it is now, read in turn with the other
 * writes to it, so a rename queued behind a move keeps the move's folder, and a move the rename's name.
 */
function completeUpdate(change: Fields | undefined, source: Fields): Fields {
  const merged = { location: source.location, folderId: source.folderId, subject: source.subject, ...change };
  const subject = text(merged.subject);
  // A letter whose subject we were not told (a confidential one) is not changed here: its subject would be overwritten.
  if (!subject?.trim()) throw new AppError('write_refused');
  const folderId = text(merged.folderId);
  return text(merged.location)?.toUpperCase() === 'FOLDER' && folderId !== undefined
    ? { location: 'FOLDER', folderId, subject }
    : { location: 'INBOX', subject };
}

/** Moving or renaming a letter: done once the letter shows the place or the subject asked for. */
export const updateDocument: WriteAction<'update_document'> = {
  body: completeUpdate,
  inPlace: true,
  look: hasFields,
};
