import { isGone, type WriteAction } from './action.ts';

/** Deleting a letter: done once the letter is gone. */
export const deleteDocument: WriteAction<'delete_document'> = {
  look: isGone,
};
