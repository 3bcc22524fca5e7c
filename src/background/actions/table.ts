import type { WriteRelation } from '../../api/relations.ts';
import type { WriteAction } from './action.ts';
import { changeFolder } from './change-folder.ts';
import { createFolder } from './create-folder.ts';
import { deleteDocument } from './delete-document.ts';
import { deleteFolder } from './delete-folder.ts';
import { dismissNotice } from './dismiss-notice.ts';
import { sendToBank } from './send-to-bank.ts';
import { updateDocument } from './update-document.ts';

/**
 * Every write the `write` request performs, one action each, by its relation. Typed as the request
 * table is (protocol/requests.ts): a relation with a method (api/relations.ts) without an action
 * here does not compile, nor an action for a relation that is none.
 */
const WRITE_ACTIONS: { readonly [R in WriteRelation]: WriteAction<R> } = {
  update_document: updateDocument,
  delete_document: deleteDocument,
  create_folder: createFolder,
  change_folder: changeFolder,
  delete_folder: deleteFolder,
  dismiss_notice: dismissNotice,
  send_to_bank: sendToBank,
};

/** Any action, as the glue (writes.ts) runs it: for the request it was found by. */
export type AnyWriteAction = WriteAction<WriteRelation>;

/** The action of a relation a page named, or undefined when the worker performs none by that name. */
export function writeAction(rel: string): AnyWriteAction | undefined {
  // Found by the request's own relation, each action is run for a request of its relation only.
  return Object.hasOwn(WRITE_ACTIONS, rel) ? (WRITE_ACTIONS[rel as WriteRelation] as AnyWriteAction) : undefined;
}
