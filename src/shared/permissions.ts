/** The permissions (scope values) of the service (contract §8), in its order. */
export const PERMISSIONS = [
  'READ_ACCOUNT_INFO',
  'READ_DOCUMENT_META_INFO',
  'READ_DOCUMENT_CONTENT',
  'UPDATE_DOCUMENT',
  'DELETE_DOCUMENT',
  'UPLOAD_DOCUMENT',
  'SEND_DOCUMENT',
  'READ_SETTINGS',
  'READ_RECEIPTS',
  'DELETE_RECEIPTS',
  'UPDATE_SETTINGS',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const DEFAULT_PERMISSIONS: readonly Permission[] = ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO'];

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

/**
 * The contract does not say how several scope values are joined (§3.1); no public client sends more than
 * one. A space is the OAuth standard, and this is the one place that decides it.
 */
const SCOPE_SEPARATOR = ' ';

export function formatScope(permissions: readonly Permission[]): string {
  return PERMISSIONS.filter((p) => permissions.includes(p)).join(SCOPE_SEPARATOR);
}

/** Accepts a scope string joined by spaces, commas or plus signs and keeps the known permissions. */
export function parseScope(scope: string): Permission[] {
  const words = scope.split(/[\s,+]+/).filter(Boolean);
  return PERMISSIONS.filter((p) => words.includes(p));
}
