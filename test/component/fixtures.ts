/*
 * What the worker hands the pages, shaped as the service sends it (src/api/service-contract.md
 * §4-§6, and test/emulator/represent.ts): the root with its account and inbox, letters and their
 * documents, and the configuration.
 */
import type { Attachment, Link, RootResource } from '../../src/api/schemas.ts';
import type { ContentView, ResourceSnapshot, RootSnapshot, StoredConfigView } from '../../src/protocol/messages.ts';
import type { Permission } from '../../src/shared/permissions.ts';
import type { Needs } from '../../src/storage/page-items.ts';
import { mailboxNavOf } from '../../src/model/mailbox.ts';
import { EXTENSION_ID } from '../support/fake-extension.ts';

export const SERVICE = 'https://www.digipost.no';
const MEDIA = 'application/vnd.digipost-v2+json';
const INBOX_URL = `${SERVICE}/post/api/private/accounts/1234/documents/inbox`;

function link(relation: string, path: string, mediaType: string = MEDIA): Link {
  return { rel: `${SERVICE}/post/relations/${relation}`, uri: `${SERVICE}${path}`, 'media-type': mediaType };
}

export const READ_SCOPES: Permission[] = ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_DOCUMENT_CONTENT'];

function root(unread = 2): RootResource {
  return {
    authenticationlevel: 2,
    primaryAccount: {
      fullName: 'Kari Nordmann',
      digipostaddress: 'kari.nordmann#1ABC',
      personalidentificationnumberObfuscated: '010190*****',
      email: ['kari@example.com'],
      unreadItemsInInbox: unread,
      link: [
        link('document_inbox', '/post/api/private/accounts/1234/documents/inbox'),
        link('receipts', '/post/api/private/accounts/1234/receipts'),
      ],
    },
    link: [link('search', '/post/api/recipients/search')],
  };
}

/**
 * The root as the real service sends it (src/api/service-contract.md §4): besides the person's
 * places, resources that only describe the session or the API, and a mailbox with its folders.
 */
export function fullRoot(): RootResource {
  const base = root(9);
  return {
    ...base,
    csrfToken: '5f0c0ffee5f0c0ffee',
    validationRules: { email: '^[^@\\s]+@[^@\\s]+$' },
    primaryAccount: {
      ...base.primaryAccount,
      link: [
        ...(base.primaryAccount?.link ?? []),
        link('account_settings', '/post/api/private/accounts/1234/settings'),
        link('event_log', '/post/api/private/accounts/1234/eventlog'),
        link('token_list', '/post/api/private/accounts/1234/tokens'),
      ],
    },
    mailbox: [
      {
        name: 'Kari Nordmann',
        unreadItemsInInbox: 9,
        folders: {
          folder: [
            { name: 'Skatt', id: 1, icon: 'TAX', link: [link('self', '/post/api/private/accounts/1234/folders/1')] },
            { name: 'Bolig', id: 2, icon: 'HOUSE', link: [link('self', '/post/api/private/accounts/1234/folders/2')] },
          ],
          link: [],
        },
        link: [
          link('document_inbox', '/post/api/private/accounts/1234/documents/inbox'),
          link('mailbox_settings', '/post/api/private/mailboxes/1/settings'),
        ],
      },
    ],
    link: [
      link('self', '/post/api/private'),
      link('session', '/post/api/private/session'),
      link('autocomplete', '/post/api/recipients/autocomplete'),
      ...base.link,
    ],
  };
}

/** A letter as listed in the inbox and as fetched on its own, with one document (or those given). */
export function letter(
  id: number,
  fields: { subject: string; creatorName: string; read?: boolean; created?: string; attachment?: Attachment[] },
) {
  const attachment = fields.attachment ?? [document(id, 1, { subject: fields.subject, read: fields.read ?? false })];
  return {
    id,
    subject: fields.subject,
    creatorName: fields.creatorName,
    created: fields.created ?? '2026-11-20T09:30:00.000+01:00',
    origin: 'UPLOADED_BY_SENDER',
    'authentication-level': attachment[0]?.['authentication-level'] ?? 'PASSWORD',
    location: 'INBOX',
    read: fields.read ?? false,
    confidential: false,
    type: 'LETTER',
    attachment,
    link: [link('self', `/post/api/private/accounts/1234/documents/${id}`)],
  };
}

/** One document of a letter: readable at once (a content link), or behind an opening receipt. */
export function document(
  letterId: number,
  id: number,
  fields: { subject: string; read?: boolean; fileType?: string; authLevel?: string; openingReceipt?: boolean },
): Attachment {
  const path = `/post/api/private/accounts/1234/documents/${letterId}/attachments/${id}`;
  return {
    subject: fields.subject,
    fileType: fields.fileType ?? 'pdf',
    fileSize: 24_000,
    'authentication-level': fields.authLevel ?? 'PASSWORD',
    read: fields.read ?? false,
    mainDocument: id === 1,
    link: [
      fields.openingReceipt
        ? link('send_opening_receipt', `${path}/openingreceipt`)
        : link('get_document_content', `${path}/content`, 'application/octet-stream'),
    ],
  };
}

/** One receipt in the account's receipts, as the service lists it (Rema 1000, 234,50 kr). */
export const RECEIPT = {
  id: '7000',
  storeName: 'Rema 1000',
  amount: 234.5,
  currency: 'NOK',
  timeOfPurchase: '2026-11-18T14:05:00.000+01:00',
  link: [link('self', '/post/api/private/accounts/1234/receipts/7000')],
};

export const LETTERS = [
  letter(11, { subject: 'Skattemelding 2026', creatorName: 'Skatteetaten' }),
  letter(12, { subject: 'Strømregning november', creatorName: 'Fjordkraft', read: true, created: '2026-11-18T14:05:00.000+01:00' }),
];

export function rootSnapshot(overrides: Partial<RootSnapshot> = {}): RootSnapshot {
  return {
    generation: 1,
    root: root(),
    fetchedAt: Date.now(),
    serviceOrigin: SERVICE,
    scopes: READ_SCOPES,
    inbox: { uri: INBOX_URL, fetchedAt: Date.now(), documents: LETTERS },
    ...overrides,
  };
}

export function resourceSnapshot(data: unknown, url: string, scopes: Permission[] = READ_SCOPES): ResourceSnapshot {
  return { data, url, fetchedAt: Date.now(), serviceOrigin: SERVICE, scopes };
}

export function config(overrides: Partial<StoredConfigView> = {}): StoredConfigView {
  return {
    baseUrl: SERVICE,
    clientId: 'my-client',
    clientSecret: 'my-secret',
    scopes: ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO'],
    pollMinutes: 5,
    notify: false,
    redirectUri: `https://${EXTENSION_ID}.chromiumapp.org/`,
    ...overrides,
  };
}

/** Content as it crosses from the worker: the bytes in Base64. */
export function content(contentType: string, text: string): ContentView {
  const bytes = new TextEncoder().encode(text);
  return { contentType, base64: Buffer.from(bytes).toString('base64'), size: bytes.length };
}

/**
 * The worker's record of open invoices for `snapshot`, every place its root names read and nothing
 * due in any: the invoices due soon are whole, so the popup shows its letters at once.
 */
export function nothingDue(snapshot: RootSnapshot): Needs {
  const nav = mailboxNavOf(snapshot.root);
  const places = [...(nav.inbox ? [nav.inbox] : []), ...nav.folders.map((folder) => folder.self)];
  return {
    generation: snapshot.generation ?? 0,
    places: Object.fromEntries(places.map((link) => [link.uri, { state: 'read', fetchedAt: snapshot.fetchedAt, rows: [] }])),
  };
}
