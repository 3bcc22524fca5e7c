/*
 * Responses as the service sends them, written from the contract (src/api/service-contract.md
 * §2, §4-§7): the published fields and those seen in the wild. Plain JSON-like objects: what the
 * schemas must accept.
 */

export const BASE = 'https://www.digipost.no';
export const MEDIA = 'application/vnd.digipost-v2+json';

export function link(name: string, path: string, mediaType: string | null = MEDIA) {
  return {
    rel: `${BASE}/post/relations/${name}`,
    uri: `${BASE}${path}`,
    ...(mediaType === null ? {} : { 'media-type': mediaType }),
  };
}

/** The root resource with exactly the published fields (contract §4), and its sample's links. */
export function specRoot() {
  return {
    csrfToken: 'ZXhhbXBsZS1jc3JmLXRva2Vu',
    authenticationlevel: 2,
    primaryAccount: {
      personalidentificationnumberObfuscated: '010190*****',
      fullName: 'Kari Nordmann',
      firstName: 'Kari',
      middleName: '',
      lastName: 'Nordmann',
      email: ['kari@example.com'],
      phonenumber: '99999999',
      digipostaddress: 'kari.nordmann#1ABC',
      address: [{ street: 'Storgata', 'house-number': '1', 'additional-addressline': '', 'zip-code': '0155', city: 'Oslo' }],
      link: [
        link('receipts', '/post/api/private/accounts/1234/receipts'),
        link('document_inbox', '/post/api/private/accounts/1234/documents/inbox'),
      ],
    },
    link: [link('search', '/post/api/recipients/search')],
  };
}

/** A root as the real service has sent it: every extra the contract (§4) lists as seen. */
export function realRoot() {
  return {
    csrfToken: 'HHQ9NDZH3UFIIXKZ2M4Q6E9JYCQZINS3',
    authenticationlevel: 2,
    authenticationlevelIdporten: 0,
    validationRules: { birthNumber: '^\\d{11}$', phoneNumber: '^\\d{8}$' },
    role: 'PRIVAT',
    primaryAccount: {
      personalidentificationnumberObfuscated: '010431*****',
      fullName: 'Ola Nordmann',
      firstName: 'Ola',
      middleName: '',
      lastName: 'Nordmann',
      email: ['ola@example.com'],
      extendedEmail: [{ email: 'ola@example.com', verified: false, link: [], underVerification: false }],
      extendedPhone: { phoneNumber: '00000000', verified: false, link: [] },
      phonenumber: '00000000',
      digipostaddress: 'ola.nordmann#2KNX',
      address: [
        {
          street: 'Testgata',
          city: 'Oslo',
          'house-number': '231',
          'house-letter': 'C',
          'additional-addressline': '',
          'zip-code': '0467',
        },
      ],
      remainingStampsThisMonth: 100,
      unreadItemsInInbox: 35,
      needsContactInfoVerification: false,
      usedStorage: 15641167,
      totalAvailableStorage: 1073741824,
      link: [
        link('self', '/post/api/private/accounts/2939'),
        link('document_inbox', '/post/api/private/accounts/2939/documents/inbox'),
        link('receipts', '/post/api/private/accounts/2939/receipts'),
        link('account_settings', '/post/api/private/accounts/2939/settings'),
        link('mailbox_settings', '/post/api/private/accounts/2939/mailboxsettings'),
        link('update_account', '/post/api/private/accounts/2939'),
        link('close_account', '/post/api/private/accounts/2939'),
        link('upload_document', '/post/api/private/mailbox/2939/documents'),
        link('event_log', '/post/api/private/accounts/2939/eventlogs'),
        link('token_list', '/post/api/private/accounts/2939/tokens'),
        link('payments', '/post/api/private/accounts/2939/payments'),
        link('banks', '/post/api/private/accounts/2939/banks'),
        // The same link twice in one group: shown once.
        link('event_log', '/post/api/private/accounts/2939/eventlogs'),
      ],
    },
    settings: [{ name: 'fakturabetaling.aktivert', value: 'true' }],
    language: { language: 'nb', link: [link('change_language', '/post/api/language/change')] },
    notice: {
      code: 'TERMS_UPDATED',
      messageHeader: 'Nye vilkår',
      messageText: 'Vi har oppdatert vilkårene.',
      dismissText: 'Lukk',
      link: [link('dismiss_notice', '/post/api/notice/dismiss')],
    },
    mailbox: [
      {
        name: 'Ola Nordmann',
        digipostaddress: 'ola.nordmann#2KNX',
        owner: true,
        unreadItemsInInbox: 35,
        services: { receiptServiceUser: false, letterServiceUser: true, link: [] },
        folders: {
          folder: [
            {
              name: 'Arkivet',
              id: 2913,
              icon: 'BOX',
              link: [
                link('self', '/post/api/private/mailbox/2939/folders/2913'),
                link('delete_folder', '/post/api/private/mailbox/2939/folders/2913'),
              ],
            },
          ],
          link: [link('create_folder', '/post/api/private/mailbox/2939/folders')],
        },
        link: [
          link('self', '/post/api/private/mailbox/2939'),
          link('document_inbox', '/post/api/private/mailbox/2939/documents/inbox'),
          link('create_folder', '/post/api/private/mailbox/2939/folders'),
        ],
      },
      {
        name: 'Familien',
        digipostaddress: 'familien#9XYZ',
        owner: false,
        unreadItemsInInbox: 2,
        link: [link('document_inbox', '/post/api/private/mailbox/4000/documents/inbox')],
      },
    ],
    link: [
      link('self', '/post/api'),
      link('session', '/post/api/session'),
      link('logout', '/post/api/logout'),
      link('search', '/post/api/recipients/search'),
      link('autocomplete', '/post/api/recipients/suggest'),
      link('accounts', '/post/api/private/accounts'),
      link('change_language', '/post/api/language/change'),
    ],
  };
}

function invoiceAttachment() {
  return {
    subject: 'Faktura',
    fileType: 'pdf',
    fileSize: 52311,
    'authentication-level': 'PASSWORD',
    read: false,
    mainDocument: true,
    invoice: { kid: '1234567890', accountNumber: '12345678903', amount: 1299.5, dueDate: '2024-05-31', timePaid: null, link: [] },
    link: [link('get_document_content', '/post/api/private/documents/77/content', 'application/octet-stream')],
  };
}

export function document() {
  return {
    subject: 'Strømregning mai',
    creatorName: 'Kraftselskapet AS',
    created: '2024-05-02T08:15:00.000+02:00',
    fileType: 'pdf',
    fileSize: 52311,
    origin: 'CORPORATION',
    'authentication-level': 'PASSWORD',
    location: 'INBOX',
    read: false,
    confidential: false,
    type: 'INVOICE',
    attachment: [invoiceAttachment()],
    link: [
      link('self', '/post/api/private/documents/77'),
      link('update_document', '/post/api/private/documents/77'),
      link('delete_document', '/post/api/private/documents/77'),
      link('organisation_logo', '/post/api/organisations/logo/123', 'image/png'),
    ],
  };
}

/** A letter that needs an opening receipt: its attachment offers only send_opening_receipt. */
function receiptRequiredDocument() {
  return {
    subject: 'Rekommandert brev',
    creatorName: '',
    created: '2024-04-01T12:00:00Z',
    fileType: 'pdf',
    fileSize: 1200,
    origin: 'PUBLIC_ENTITY',
    'authentication-level': 'IDPORTEN_4',
    location: 'INBOX',
    read: true,
    type: 'LETTER',
    attachment: [
      {
        subject: 'Rekommandert brev',
        fileType: 'pdf',
        fileSize: 1200,
        'authentication-level': 'IDPORTEN_4',
        read: true,
        mainDocument: true,
        link: [link('send_opening_receipt', '/post/api/private/documents/78/openingreceipt')],
      },
    ],
    link: [link('self', '/post/api/private/documents/78')],
  };
}

export function inbox() {
  return {
    document: [document(), receiptRequiredDocument()],
    link: [link('self', '/post/api/private/accounts/2939/documents/inbox?lastseen=1714630500000&limit=50')],
  };
}

export function folder() {
  return {
    name: 'Kjøkkenbenken',
    id: 2914,
    icon: 'FOLDER',
    documents: { document: [document()] },
    link: [link('self', '/post/api/private/mailbox/2939/folders/2914')],
  };
}

export function receipts() {
  return {
    receipt: [
      {
        id: 'r-1',
        amount: 249.9,
        currency: 'NOK',
        storeName: 'Butikken',
        timeOfPurchase: '2015-03-01T14:03:00+01:00',
        cardNumber: '**** 1234',
        link: [link('self', '/post/api/private/receipts/r-1')],
      },
    ],
    link: [],
  };
}
