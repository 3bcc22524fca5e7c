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
const OFFERED: readonly Permission[] = [
  'READ_DOCUMENT_META_INFO',
  'READ_DOCUMENT_CONTENT',
  'READ_ACCOUNT_INFO',
  'READ_RECEIPTS',
  'READ_SETTINGS',
  'UPDATE_DOCUMENT',
  'DELETE_DOCUMENT',
  'UPLOAD_DOCUMENT',
];

/** Each offered permission with its words (the options page's); the worker needs the codes only. */
export const OFFERED_PERMISSIONS: readonly OfferedPermission[] = /* @__PURE__ */ OFFERED.map((permission) => ({
  permission,
  title: `may_${permission}`,
  why: `may_${permission}_why`,
}));

/**
 * A switch of the options page: one thing a person decides on, and the permissions it takes. The
 * actions on letters (filing, deleting, uploading) are one switch, so turning them on opens one
 * consent window for all three rather than one window each; what each permission is stays listed,
 * in words and by code, under the page's closed details.
 */
export interface PermissionSwitch {
  id: string;
  title: string;
  why: string;
  permissions: readonly Permission[];
}

/** The permissions behind "Manage your letters". */
const MANAGING: readonly string[] = ['UPDATE_DOCUMENT', 'DELETE_DOCUMENT', 'UPLOAD_DOCUMENT'] satisfies Permission[];

/**
 * The title (a message key) of the switch that turns `permission` on: how a page names a
 * permission in words (an error's "needs …"), never by its code. A permission no switch offers
 * keeps its own key, which has no message. Here rather than read off PERMISSION_SWITCHES, so the
 * popup, which names permissions only in its errors, carries neither list.
 */
export const switchTitleOf = (permission: string): string => (MANAGING.includes(permission) ? 'may_manage' : `may_${permission}`);

// Built in a pure call, so a bundle that reads neither list (the popup's, the worker's) leaves both out.
export const PERMISSION_SWITCHES: readonly PermissionSwitch[] = /* @__PURE__ */ (() => [
  ...OFFERED_PERMISSIONS.filter(({ permission }) => !MANAGING.includes(permission)).map(({ permission, title, why }) => ({
    id: permission,
    title,
    why,
    permissions: [permission],
  })),
  { id: 'manage', title: switchTitleOf('UPDATE_DOCUMENT'), why: 'may_manage_why', permissions: MANAGING as readonly Permission[] },
])();

export function isOffered(value: string): value is Permission {
  return (OFFERED as readonly string[]).includes(value);
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
