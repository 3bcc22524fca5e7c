/**
 * Relations that change something on the server (POST/PUT/DELETE in the service's own clients).
 * Opening one in a viewer would at best fail and at worst act, so they are never followed as pages.
 * The contract (§2) lists most of these; the rest come from the public iOS sample root resource.
 */
export const ACTION_RELATIONS: ReadonlySet<string> = new Set([
  'logout',
  'revoke',
  'close_account',
  'change_language',
  'send_opening_receipt',
  'update_account',
  'upload_document',
  'create_folder',
  'update_document',
  'delete_document',
  'move_mail',
  'change_folder',
  'delete_folder',
  'update_folders',
  'create_message',
  'create_contact_list',
  'invite_user',
  'completed_payment',
  'completed_card_change',
  'postpone_offentlig_mailbox_choice',
  'dismiss',
]);

/**
 * Verbs the service uses for its actions. A prefix catches relations nobody has listed yet
 * (`upload_document_to_inbox`, `delete_receipt`, ...): treating an unknown page as an action only
 * hides it, while treating an unknown action as a page could perform it.
 */
const ACTION_PREFIXES = [
  'update_',
  'delete_',
  'create_',
  'upload_',
  'send_',
  'move_',
  'change_',
  'add_',
  'remove_',
  'set_',
  'close_',
  'revoke_',
  'invite_',
  'postpone_',
  'completed_',
  'dismiss_',
  'mark_',
  'confirm_',
  'verify_',
  'cancel_',
  'accept_',
  'reject_',
  'pay_',
];

export function isActionRelation(name: string): boolean {
  const lower = name.toLowerCase();
  return ACTION_RELATIONS.has(lower) || ACTION_PREFIXES.some((prefix) => lower.startsWith(prefix));
}
