import type { Permission } from '../shared/permissions.ts';
import { relationName } from './relation-name.ts';

/*
 * Everything the extension knows about a relation (contract §2), one row each. Pure data: no
 * browser API and no JSX, so the worker, the pages and the tests read the same table. A label is a
 * message key and an icon an icon name; src/ui turns them into words and pictures.
 */

/**
 * What following a relation does:
 *  - place: leads to a page a person reads (settings, receipts, the event log);
 *  - list: leads to a list of letters (the inbox, a folder, the archive);
 *  - action: changes something on the server (POST/PUT/DELETE in the service's own clients).
 *    Opening one as a page would at best fail and at worst act: it is never fetched as a page;
 *  - internal: what the extension follows itself (a letter's content, a sender's logo).
 */
type RelationKind = 'place' | 'list' | 'action' | 'internal';

/**
 * Where a link may be offered to a person. Every link is listed in a page's closed "All details and
 * links" whatever its row says; 'places' also offers it as a place to go: the popup's places, a
 * page's "Places to go" and "All links from the service". A page that would show nothing a person
 * can use is 'details', so no one is led to an empty page.
 */
type RelationShown = 'places' | 'details';

/** The icons a relation may have; src/ui/relation-icons.tsx draws each (its type holds that). */
export const RELATION_ICON_NAMES = [
  'inbox',
  'folder',
  'receipt',
  'invoice',
  'settings',
  'lock',
  'person',
  'document',
  'search',
  'link',
] as const;
export type RelationIconName = (typeof RELATION_ICON_NAMES)[number];

export interface RelationInfo {
  readonly kind: RelationKind;
  readonly shown: RelationShown;
  /**
   * The permission (contract §8) its target needs, so a 403 can name what to grant. The contract
   * maps permissions to kinds of data, not to relations; this is our reading of it. Where the
   * reading would be a guess there is none: a wrong name would send the user to grant the wrong
   * thing, while no name still yields the generic "forbidden" message.
   */
  readonly permission?: Permission;
  /** Message key of its label; without one the label is made from the relation's name. */
  readonly label?: string;
  readonly icon: RelationIconName;
  /** Message key naming the page it leads to (tab title and heading) where its label does not. */
  readonly title?: string;
  /** The viewer shows a page of its own for it (the recipient search form) instead of fetching it. */
  readonly viewerPage?: 'search';
  /**
   * How an action is performed, for the actions the extension performs on a person's click (the
   * worker's `write`): only a row with a method can be written, and only with its permission held.
   */
  readonly method?: 'POST' | 'PUT' | 'DELETE';
  /**
   * Which request performs it, for a row with a method: the `write` request by default, which
   * takes the link from the letter or folder the page names; or a request of its own, named here,
   * for a write whose link the worker finds elsewhere (an upload: the place's relation in the root,
   * with a file; an opening receipt: the letter's attachment), so `write` never sends it.
   */
  readonly request?: 'upload' | 'sendOpeningReceipt';
}

/** A row as written: `label: true` where the catalogue has a label for it, under the key `rel_<name>`. */
type Row = Omit<RelationInfo, 'shown' | 'icon' | 'label'> & Partial<Pick<RelationInfo, 'shown' | 'icon'>> & { readonly label?: true };

const META: Permission = 'READ_DOCUMENT_META_INFO';

/*
 * The relations the contract (§2), the real-service notes and the service's own apps name. Labels
 * exist for those a person may meet; account_settings and mailbox_settings are settings pages
 * (notification choices and the like), which READ_SETTINGS ("view settings") covers, while
 * READ_ACCOUNT_INFO is about name, address, e-mail and phone (which the root already carries) and
 * the `accounts` list. search, autocomplete, self and session need no particular permission.
 */
const ROWS = {
  // The root.
  self: { kind: 'place', label: true },
  /**
   * The sign-in's own resource: its login level (the root says it too), the access token's expiry
   * (which the worker renews unseen, so "expires in 14 minutes" would be untrue for the person) and
   * its permissions (the settings' switches, and Connected applications, say them in words). Nothing
   * a person can use: not offered as a place.
   */
  session: { kind: 'place', shown: 'details', label: true, icon: 'lock' },
  logout: { kind: 'action', label: true },
  search: { kind: 'place', label: true, icon: 'search', viewerPage: 'search' },
  /**
   * Suggestions for what a person is typing, for the service's own search field: read as a page,
   * without a query, it is an empty list, and the viewer has no form of its own for it (search has
   * one). Not offered as a place.
   */
  autocomplete: { kind: 'place', shown: 'details', label: true, icon: 'search' },
  accounts: { kind: 'place', permission: 'READ_ACCOUNT_INFO', label: true, icon: 'person' },
  change_language: { kind: 'action', label: true },
  // The account and the mailboxes.
  document_inbox: { kind: 'list', permission: META, label: true, icon: 'inbox' },
  receipts: { kind: 'place', permission: 'READ_RECEIPTS', label: true, icon: 'receipt' },
  account_settings: { kind: 'place', permission: 'READ_SETTINGS', label: true, icon: 'settings' },
  mailbox_settings: { kind: 'place', permission: 'READ_SETTINGS', label: true, icon: 'settings' },
  settings: { kind: 'place', permission: 'READ_SETTINGS' },
  event_log: { kind: 'place', label: true, icon: 'document' },
  token_list: { kind: 'place', label: true, icon: 'lock' },
  payments: { kind: 'place', label: true, icon: 'invoice' },
  banks: { kind: 'place', label: true, icon: 'invoice' },
  update_account: { kind: 'action', label: true },
  close_account: { kind: 'action', label: true },
  update_settings: { kind: 'action', permission: 'UPDATE_SETTINGS' },
  // Folders and lists of letters.
  documents: { kind: 'list', permission: META, label: true, icon: 'folder' },
  folder: { kind: 'list', permission: META, label: true, icon: 'folder' },
  document_archive: { kind: 'list', permission: META, label: true, icon: 'folder' },
  document_workarea: { kind: 'list', permission: META, label: true, icon: 'folder' },
  /** The next page of a list (the inbox pages with it): part of the list, not a place of its own. */
  next: { kind: 'list', shown: 'details', title: 'rel_document_inbox' },
  folders: { kind: 'place', permission: META },
  // Folders are part of filing: the service's apps ask no other permission for them (contract §5).
  create_folder: { kind: 'action', label: true, permission: 'UPDATE_DOCUMENT', method: 'POST' },
  change_folder: { kind: 'action', permission: 'UPDATE_DOCUMENT', method: 'PUT' },
  delete_folder: { kind: 'action', permission: 'UPDATE_DOCUMENT', method: 'DELETE' },
  update_folders: { kind: 'action' },
  // The root's notice (real-service notes): something the service wants the person to see once;
  // the apps dismiss it with a POST, and ask no permission to show or dismiss it.
  dismiss_notice: { kind: 'action', method: 'POST' },
  more_info: { kind: 'internal', shown: 'details' },
  // Letters.
  get_document_content: { kind: 'internal', permission: 'READ_DOCUMENT_CONTENT', label: true },
  organisation_logo: { kind: 'internal', label: true },
  send_opening_receipt: { kind: 'action', label: true, method: 'POST', request: 'sendOpeningReceipt' },
  update_document: { kind: 'action', permission: 'UPDATE_DOCUMENT', label: true, method: 'POST' },
  delete_document: { kind: 'action', permission: 'DELETE_DOCUMENT', label: true, method: 'DELETE' },
  upload_document: { kind: 'action', permission: 'UPLOAD_DOCUMENT', label: true, method: 'POST', request: 'upload' },
  upload_document_to_inbox: { kind: 'action', permission: 'UPLOAD_DOCUMENT', method: 'POST', request: 'upload' },
  move_mail: { kind: 'action' },
  // Invoices (contract §6.1): the person's own account is read for a confirmation, never offered as a place.
  send_to_bank: { kind: 'action', permission: 'UPDATE_DOCUMENT', method: 'POST' },
  current_bank_account: { kind: 'internal', permission: 'READ_ACCOUNT_INFO' },
  // Receipts.
  receipt: { kind: 'place', permission: 'READ_RECEIPTS' },
  delete_receipt: { kind: 'action', permission: 'DELETE_RECEIPTS' },
  delete_receipts: { kind: 'action', permission: 'DELETE_RECEIPTS' },
  // Other actions of the public iOS sample root resource.
  revoke: { kind: 'action' },
  create_message: { kind: 'action' },
  create_contact_list: { kind: 'action' },
  invite_user: { kind: 'action' },
  completed_payment: { kind: 'action' },
  completed_card_change: { kind: 'action' },
  postpone_offentlig_mailbox_choice: { kind: 'action' },
  dismiss: { kind: 'action' },
} as const satisfies Readonly<Record<string, Row>>;

type Rows = typeof ROWS;

/**
 * The relations the worker writes: the rows with a method. Each has its action
 * (background/actions/), and the table of actions has a row for each and none else.
 */
type WrittenRelation = { [K in keyof Rows]: Rows[K] extends { readonly method: string } ? K : never }[keyof Rows];

/** The written relations a request of their own performs (`request`), and the one that performs each. */
export type OwnRequestRelation = { [K in WrittenRelation]: Rows[K] extends { readonly request: string } ? K : never }[WrittenRelation];
export type OwnRequestOf<R extends OwnRequestRelation> = Rows[R] extends { readonly request: infer Q } ? Q : never;

/** The written relations the `write` request performs: the link on the letter or folder a page names. */
export type WriteRelation = Exclude<WrittenRelation, OwnRequestRelation>;

/** Places and lists are offered as places to go; actions and internal relations only listed. */
function withDefaults(name: string, row: Row): RelationInfo {
  const shown = row.shown ?? (row.kind === 'place' || row.kind === 'list' ? 'places' : 'details');
  const { label, ...rest } = row;
  return { ...rest, shown, icon: row.icon ?? 'link', ...(label ? { label: `rel_${name}` } : {}) };
}

/** Every known relation, by name (a Map: a name such as `constructor` is not a known relation). */
// Built in a call marked pure, so a page that imports the link toolkit but never asks about a
// relation (the popup) leaves the whole table out of its bundle.
export const RELATIONS: ReadonlyMap<string, RelationInfo> = /* @__PURE__ */ (() =>
  new Map(Object.entries(ROWS).map(([name, row]) => [name, withDefaults(name, row)])))();

/**
 * Verbs the service uses for its actions. A prefix catches relations nobody has listed yet
 * (`upload_document_to_archive`, `delete_contact`, ...): treating an unknown page as an action only
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

/**
 * The one rule for a relation nobody has listed: an action when its name starts with an action's
 * verb, otherwise a place; a plain link icon and a label made from its name; a settings page
 * (`*_settings`) needs READ_SETTINGS, and changing one (`update_*_settings`) UPDATE_SETTINGS.
 */
function unknownRelation(name: string): RelationInfo {
  const action = ACTION_PREFIXES.some((prefix) => name.startsWith(prefix));
  const permission: Permission | undefined = name.endsWith('_settings')
    ? name.startsWith('update_')
      ? 'UPDATE_SETTINGS'
      : 'READ_SETTINGS'
    : undefined;
  return withDefaults(name, { kind: action ? 'action' : 'place', ...(permission ? { permission } : {}) });
}

/**
 * What the extension knows about a relation, by its name or its whole rel URI. The service writes
 * names in lower case; another case is read as the same relation, so `Delete_Document` is still an
 * action.
 */
export function relationInfo(relation: string): RelationInfo {
  const name = relationName(relation).toLowerCase();
  return RELATIONS.get(name) ?? unknownRelation(name);
}

export function isActionRelation(relation: string): boolean {
  return relationInfo(relation).kind === 'action';
}

/** The permission a relation's target needs, when we know it (accepts a name or a whole rel URI). */
export function requiredPermission(relation: string): Permission | undefined {
  return relationInfo(relation).permission;
}
