import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isActionRelation, relationInfo, RELATION_ICON_NAMES, RELATIONS, requiredPermission } from '../../../src/api/relations.ts';
import * as fx from './fixtures.ts';

/*
 * The relation registry. The lists below are the five tables it replaced (api/actions.ts,
 * api/relation-permissions.ts, ui/relation-labels.ts, ui/relation-icons.tsx, the list relations of
 * viewer/read-resource.ts), written out as they were, so the registry is held to what they said.
 */

const OLD_ACTIONS = [
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
];

const OLD_PERMISSIONS: Record<string, string> = {
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
  // Folders are filing (contract §5), since the worker performs them.
  create_folder: 'UPDATE_DOCUMENT',
  change_folder: 'UPDATE_DOCUMENT',
  delete_folder: 'UPDATE_DOCUMENT',
  delete_document: 'DELETE_DOCUMENT',
  upload_document: 'UPLOAD_DOCUMENT',
  upload_document_to_inbox: 'UPLOAD_DOCUMENT',
  update_settings: 'UPDATE_SETTINGS',
  account_settings: 'READ_SETTINGS',
  mailbox_settings: 'READ_SETTINGS',
};

/** Added since, for invoices (contract §6.1). */
const INVOICE_PERMISSIONS: Record<string, string> = { send_to_bank: 'UPDATE_DOCUMENT', current_bank_account: 'READ_ACCOUNT_INFO' };

const OLD_LABELLED = [
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

const OLD_ICONS: Record<string, string> = {
  document_inbox: 'inbox',
  documents: 'folder',
  folder: 'folder',
  document_archive: 'folder',
  document_workarea: 'folder',
  receipts: 'receipt',
  payments: 'invoice',
  banks: 'invoice',
  account_settings: 'settings',
  mailbox_settings: 'settings',
  token_list: 'lock',
  session: 'lock',
  accounts: 'person',
  event_log: 'document',
  search: 'search',
  autocomplete: 'search',
};

const OLD_LISTS = ['document_inbox', 'documents', 'folder', 'document_archive', 'document_workarea', 'next'];

type Catalogue = Record<string, { message: string }>;
const catalogue = (lang: string) => JSON.parse(readFileSync(`src/public/_locales/${lang}/messages.json`, 'utf8')) as Catalogue;

describe('the relation registry keeps what the tables before it said', () => {
  it('the same relations are actions', () => {
    expect(
      [...RELATIONS]
        .filter(([, info]) => info.kind === 'action')
        .map(([name]) => name)
        .sort(),
    ).toEqual(
      [
        ...OLD_ACTIONS,
        'send_to_bank',
        'dismiss_notice',
        ...Object.keys(OLD_PERMISSIONS).filter((name) => /^(update|delete|upload)_/.test(name)),
      ]
        .filter((n, i, all) => all.indexOf(n) === i)
        .sort(),
    );
    for (const name of OLD_ACTIONS) expect(isActionRelation(name), name).toBe(true);
  });

  it.each([
    'self',
    'session',
    'search',
    'autocomplete',
    'accounts',
    'document_inbox',
    'receipts',
    'account_settings',
    'mailbox_settings',
    'event_log',
    'token_list',
    'payments',
    'banks',
    'get_document_content',
    'organisation_logo',
    'documents',
    'folder',
    'next',
    'updates',
    'sender',
  ])('%s is not an action', (name) => {
    expect(isActionRelation(name)).toBe(false);
  });

  it('each relation needs the permission it needed', () => {
    const permissions = { ...OLD_PERMISSIONS, ...INVOICE_PERMISSIONS };
    for (const [name, permission] of Object.entries(permissions)) expect(requiredPermission(name), name).toBe(permission);
    const named = [...RELATIONS].filter(([, info]) => info.permission !== undefined).map(([name]) => name);
    expect(named.sort()).toEqual(Object.keys(permissions).sort());
  });

  it.each(['search', 'autocomplete', 'self', 'session', 'logout', 'event_log', 'next', 'unknown', ''])('%s names no permission', (name) => {
    expect(requiredPermission(name)).toBeUndefined();
  });

  it('the same relations have a translated label, rel_<name>', () => {
    const labelled = [...RELATIONS].filter(([, info]) => info.label !== undefined);
    expect(labelled.map(([name]) => name).sort()).toEqual([...OLD_LABELLED].sort());
    for (const [name, info] of labelled) expect(info.label).toBe(`rel_${name}`);
  });

  it('each relation has the icon it had, and every other one a plain link', () => {
    for (const [name, info] of RELATIONS) expect(info.icon, name).toBe(OLD_ICONS[name] ?? 'link');
  });

  it('the same relations lead to lists of letters', () => {
    expect(
      [...RELATIONS]
        .filter(([, info]) => info.kind === 'list')
        .map(([name]) => name)
        .sort(),
    ).toEqual([...OLD_LISTS].sort());
  });
});

describe('every row of the registry', () => {
  it('has its label in English and in Norwegian Bokmål', () => {
    for (const lang of ['en', 'nb']) {
      const messages = catalogue(lang);
      for (const [name, info] of RELATIONS) {
        for (const key of [info.label, info.title]) if (key !== undefined) expect(messages[key], `${lang}: ${name} → ${key}`).toBeDefined();
      }
    }
  });

  it('names an icon there is', () => {
    for (const [name, info] of RELATIONS) expect(RELATION_ICON_NAMES, name).toContain(info.icon);
  });

  // A page that would show nothing (the sign-in's plumbing, suggestions without a query) or part of a list (its next page) is no place to go.
  const SHOWS_NOTHING_OF_ITS_OWN = ['next', 'session', 'autocomplete'];

  it('offers places and lists as places to go, never an action, what the extension follows itself or a page that shows nothing', () => {
    for (const [name, info] of RELATIONS) {
      const expected = (info.kind === 'place' || info.kind === 'list') && !SHOWS_NOTHING_OF_ITS_OWN.includes(name) ? 'places' : 'details';
      expect(info.shown, name).toBe(expected);
    }
  });
});

describe('one rule for a relation nobody listed', () => {
  it.each(['delete_contact', 'upload_document_to_archive', 'send_message', 'pay_invoice', 'update_folders_order'])(
    '%s starts with an action verb: an action, only among all links',
    (name) => {
      expect(relationInfo(name)).toEqual({ kind: 'action', shown: 'details', icon: 'link' });
    },
  );

  it.each(['updates', 'sender', 'offentlig_mailbox_choice', 'unknown', ''])(
    '%s is a place, with a plain link icon and no label of its own',
    (name) => {
      expect(relationInfo(name)).toEqual({ kind: 'place', shown: 'places', icon: 'link' });
    },
  );

  it('a settings page needs READ_SETTINGS, changing one UPDATE_SETTINGS', () => {
    expect(relationInfo('notification_settings')).toEqual({ kind: 'place', shown: 'places', icon: 'link', permission: 'READ_SETTINGS' });
    expect(relationInfo('update_mailbox_settings')).toEqual({
      kind: 'action',
      shown: 'details',
      icon: 'link',
      permission: 'UPDATE_SETTINGS',
    });
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])('%s is unknown, not a property of every object', (name) => {
    expect(relationInfo(name)).toEqual({ kind: 'place', shown: 'places', icon: 'link' });
  });

  it('reads a whole rel URI and any case as the relation it names', () => {
    expect(relationInfo(`${fx.BASE}/post/relations/receipts`)).toBe(relationInfo('receipts'));
    expect(relationInfo('Delete_Document')).toBe(relationInfo('delete_document'));
    expect(isActionRelation('LOGOUT')).toBe(true);
  });
});
