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
export const OFFERED_PERMISSIONS: readonly OfferedPermission[] = (
  [
    'READ_DOCUMENT_META_INFO',
    'READ_DOCUMENT_CONTENT',
    'READ_ACCOUNT_INFO',
    'READ_RECEIPTS',
    'READ_SETTINGS',
    'UPDATE_DOCUMENT',
    'DELETE_DOCUMENT',
    'UPLOAD_DOCUMENT',
  ] as const
).map((permission) => ({ permission, title: `may_${permission}`, why: `may_${permission}_why` }));

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
