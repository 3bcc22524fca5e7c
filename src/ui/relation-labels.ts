/**
 * Relations with a translated label (`rel_<name>` in both message catalogues; the i18n unit test
 * holds that). Any other relation still gets a label, made from its name.
 */
export const KNOWN_RELATIONS: readonly string[] = [
  'self',
  'session',
  'logout',
  'search',
  'autocomplete',
  'accounts',
  'change_language',
  'document_inbox',
  'receipts',
  'account_settings',
  'mailbox_settings',
  'update_account',
  'close_account',
  'upload_document',
  'create_folder',
  'event_log',
  'token_list',
  'payments',
  'banks',
  'get_document_content',
  'send_opening_receipt',
  'update_document',
  'delete_document',
  'organisation_logo',
  'documents',
  'folder',
  'document_archive',
  'document_workarea',
];

export function relationLabelKey(name: string): string {
  return `rel_${name}`;
}

/** 'event_log' → 'Event log', 'currentBankAccount' → 'Current bank account'. */
export function labelFromName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_.\s]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
