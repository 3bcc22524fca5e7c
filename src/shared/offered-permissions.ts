import { DEFAULT_PERMISSIONS, type Permission } from './permissions.ts';

/**
 * A permission the extension asks for, with what it lets the extension do in words: `title` and
 * `why` are message keys. The options page shows these, and features that need one read it here.
 */
export interface OfferedPermission {
  permission: Permission;
  title: string;
  why: string;
}

/**
 * The permissions something in the extension uses, in the order the options page shows them.
 * Any other permission of the service (sending letters, deleting receipts, changing settings) is
 * never asked for: a grant holds nothing the extension cannot do.
 */
export const OFFERED_PERMISSIONS: readonly OfferedPermission[] = [
  { permission: 'READ_DOCUMENT_META_INFO', title: 'may_READ_DOCUMENT_META_INFO', why: 'may_READ_DOCUMENT_META_INFO_why' },
  { permission: 'READ_DOCUMENT_CONTENT', title: 'may_READ_DOCUMENT_CONTENT', why: 'may_READ_DOCUMENT_CONTENT_why' },
  { permission: 'READ_ACCOUNT_INFO', title: 'may_READ_ACCOUNT_INFO', why: 'may_READ_ACCOUNT_INFO_why' },
  { permission: 'READ_RECEIPTS', title: 'may_READ_RECEIPTS', why: 'may_READ_RECEIPTS_why' },
  { permission: 'READ_SETTINGS', title: 'may_READ_SETTINGS', why: 'may_READ_SETTINGS_why' },
  { permission: 'UPDATE_DOCUMENT', title: 'may_UPDATE_DOCUMENT', why: 'may_UPDATE_DOCUMENT_why' },
  { permission: 'DELETE_DOCUMENT', title: 'may_DELETE_DOCUMENT', why: 'may_DELETE_DOCUMENT_why' },
  { permission: 'UPLOAD_DOCUMENT', title: 'may_UPLOAD_DOCUMENT', why: 'may_UPLOAD_DOCUMENT_why' },
];

export function isOffered(value: string): value is Permission {
  return OFFERED_PERMISSIONS.some((offered) => offered.permission === value);
}

/**
 * What to ask for, from a list an older version may have stored (with a permission no longer
 * offered) or a build variable: only the offered ones, and the defaults if none is left, so the
 * settings stay usable and nobody is signed out by an update.
 */
export function askable(scopes: readonly string[]): Permission[] {
  const kept = scopes.filter(isOffered);
  return kept.length > 0 ? kept : [...DEFAULT_PERMISSIONS];
}
