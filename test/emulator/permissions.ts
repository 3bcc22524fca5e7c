/** The permissions (scope values) of contract §8, with the meaning the consent page shows. */

export const PERMISSIONS = {
  READ_ACCOUNT_INFO: 'Read account information (name, date of birth, address, e-mail address, telephone number).',
  READ_DOCUMENT_META_INFO: 'Read information about letters, not content and not information about confidential letters.',
  READ_DOCUMENT_CONTENT: 'Read letter content, except letters that require a strong-authentication login.',
  UPDATE_DOCUMENT: 'Update letters (change subject).',
  DELETE_DOCUMENT: 'Delete letters.',
  UPLOAD_DOCUMENT: 'Upload to the archive.',
  SEND_DOCUMENT: 'Send letters.',
  READ_SETTINGS: 'View settings.',
  READ_RECEIPTS: 'Read receipts (if enabled).',
  DELETE_RECEIPTS: 'Delete receipts (if any exist).',
  UPDATE_SETTINGS: 'Update settings.',
} as const;

export type Permission = keyof typeof PERMISSIONS;
export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

function isPermission(value: string): value is Permission {
  return Object.hasOwn(PERMISSIONS, value);
}

export type ParsedScope = { ok: true; permissions: Permission[] } | { ok: false; unknown: string[] };

/**
 * The contract (§3.1) leaves the separator open; a space is the OAuth standard, and a form-decoded `+` or a
 * comma are accepted too, so any reasonable client works. Duplicates collapse; order follows 5.4.
 */
export function parseScope(scope: string): ParsedScope {
  const words = scope.split(/[\s,+]+/).filter((w) => w !== '');
  const unknown = words.filter((w) => !isPermission(w));
  if (unknown.length > 0) return { ok: false, unknown };
  return { ok: true, permissions: ALL_PERMISSIONS.filter((p) => words.includes(p)) };
}

export function formatScope(permissions: readonly Permission[]): string {
  return ALL_PERMISSIONS.filter((p) => permissions.includes(p)).join(' ');
}
