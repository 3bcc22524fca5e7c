import type { OwnRequestRelation, WriteRelation } from '../../api/relations.ts';
import type { OwnRequestAction, WriteAction } from './action.ts';
import { changeFolder } from './change-folder.ts';
import { createFolder } from './create-folder.ts';
import { deleteDocument } from './delete-document.ts';
import { deleteFolder } from './delete-folder.ts';
import { dismissNotice } from './dismiss-notice.ts';
import { openingReceiptAction } from './opening-receipt.ts';
import { sendToBank } from './send-to-bank.ts';
import { updateDocument } from './update-document.ts';
import { uploadAction } from './upload.ts';

/**
 * Every write the worker performs, one action each, by its relation. Typed as the request table is
 * (protocol/requests.ts): a relation with a method (api/relations.ts) without an action here does
 * not compile, nor an action for a relation that is none, nor one of the `write` request's under a
 * relation a request of its own performs, or the other way round.
 */
const WRITE_ACTIONS: { readonly [R in WriteRelation]: WriteAction<R> } & { readonly [R in OwnRequestRelation]: OwnRequestAction<R> } = {
  update_document: updateDocument,
  delete_document: deleteDocument,
  create_folder: createFolder,
  change_folder: changeFolder,
  delete_folder: deleteFolder,
  dismiss_notice: dismissNotice,
  send_to_bank: sendToBank,
  upload_document: uploadAction,
  upload_document_to_inbox: uploadAction,
  send_opening_receipt: openingReceiptAction,
};

/** Any action, as the glue (writes.ts) runs it: for the request it was found by. */
export type AnyWriteAction = WriteAction<WriteRelation>;

/**
 * The action of a relation a page named in a `write`, or undefined when that request performs none
 * by that name: none at all, or a write a request of its own performs (an upload, a receipt).
 */
export function writeAction(rel: string): AnyWriteAction | undefined {
  if (!Object.hasOwn(WRITE_ACTIONS, rel)) return undefined;
  const action = WRITE_ACTIONS[rel as keyof typeof WRITE_ACTIONS];
  // Found by the request's own relation, each action is run for a request of its relation only.
  return 'request' in action ? undefined : (action as AnyWriteAction);
}
