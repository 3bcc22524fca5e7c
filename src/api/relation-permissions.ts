import type { Permission } from '../shared/permissions.ts';
import { relationName } from './relation-name.ts';

/*
 * Which permission (contract §8) a relation's target needs, so a 403 can name what to grant. The
 * spec maps permissions to kinds of data, not to relations; this is our reading of it. Where the
 * reading is a guess we give no answer: a wrong name would send the user to grant the wrong thing,
 * while no name still yields the generic "forbidden" message.
 *  - account_settings / mailbox_settings are settings pages (notification choices and the like),
 *    which READ_SETTINGS ("view settings") covers; READ_ACCOUNT_INFO is about name, address,
 *    e-mail and phone, which the root resource already carries, and the `accounts` list.
 *  - search / autocomplete / self / session need no particular permission.
 */
const EXACT: Readonly<Record<string, Permission>> = {
  document_inbox: 'READ_DOCUMENT_META_INFO',
  document_archive: 'READ_DOCUMENT_META_INFO',
  document_workarea: 'READ_DOCUMENT_META_INFO',
  documents: 'READ_DOCUMENT_META_INFO',
  folders: 'READ_DOCUMENT_META_INFO',
  folder: 'READ_DOCUMENT_META_INFO',
  get_document_content: 'READ_DOCUMENT_CONTENT',
  receipts: 'READ_RECEIPTS',
  receipt: 'READ_RECEIPTS',
  delete_receipt: 'DELETE_RECEIPTS',
  delete_receipts: 'DELETE_RECEIPTS',
  settings: 'READ_SETTINGS',
  accounts: 'READ_ACCOUNT_INFO',
  update_document: 'UPDATE_DOCUMENT',
  delete_document: 'DELETE_DOCUMENT',
  upload_document: 'UPLOAD_DOCUMENT',
  upload_document_to_inbox: 'UPLOAD_DOCUMENT',
  update_settings: 'UPDATE_SETTINGS',
};

/** Accepts a relation name or a whole rel URI. */
export function requiredPermission(relation: string): Permission | undefined {
  const name = relationName(relation);
  const exact = EXACT[name];
  if (exact) return exact;
  if (name.endsWith('_settings')) return name.startsWith('update_') ? 'UPDATE_SETTINGS' : 'READ_SETTINGS';
  return undefined;
}
