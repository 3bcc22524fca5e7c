import { isGone, type WriteAction } from './action.ts';

/** Deleting a folder: done once the folder is gone (one with letters in it the service refuses: folder_not_empty). */
export const deleteFolder: WriteAction<'delete_folder'> = {
  look: isGone,
};
