import { hasFields, type WriteAction } from './action.ts';

/** Changing a folder (its name, its icon): done once the folder shows what was asked for. */
export const changeFolder: WriteAction<'change_folder'> = {
  inPlace: true,
  look: hasFields,
};
