/** The root resource (contract §4) and the service-level relations it links to. */
import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import type { Link } from './config.ts';
import { guarded, type Session } from './guard.ts';
import { apiError, apiJson, readJson, resource } from './http.ts';
import { Linker, ROUTES } from './links.ts';
import { ownStorage, readableMailboxes } from './mailboxes.ts';
import { noticeOf } from './notice.ts';
import { mailboxJson } from './represent.ts';
import type { Emulator } from './state.ts';

/** Links into the person's own account, or into the mailbox with this account id. */
export function linkerFor(em: Emulator, accountId = em.world.user.accountId): Linker {
  return new Linker(em.baseUrl, accountId);
}

const DIRECTORY = [
  { name: 'Skatteetaten', digipostaddress: 'skatteetaten#0001', organisationNumber: '974761076' },
  { name: 'NAV', digipostaddress: 'nav#0002', organisationNumber: '889640782' },
  { name: 'Oslo kommune', digipostaddress: 'oslo.kommune#0003', organisationNumber: '958935420' },
  { name: 'Ola Hansen', digipostaddress: 'ola.hansen#5521' },
  { name: 'Kari Nordmann', digipostaddress: 'kari.nordmann#1234' },
];

function accountLinks(linker: Linker): Link[] {
  return [
    linker.link('document_inbox', ROUTES.inbox),
    linker.link('receipts', ROUTES.receipts),
    linker.link('account_settings', ROUTES.accountSettings),
    linker.link('mailbox_settings', ROUTES.mailboxSettings),
    linker.link('event_log', ROUTES.eventLog),
    linker.link('token_list', ROUTES.tokenList),
    linker.link('update_account', ROUTES.account),
    linker.link('close_account', ROUTES.closeAccount),
    linker.link('upload_document', ROUTES.upload),
    linker.link('create_folder', ROUTES.folders),
    linker.link('current_bank_account', ROUTES.currentBankAccount),
  ];
}

function root(em: Emulator, session: Session): Record<string, unknown> {
  const { user, mailbox, knobs } = em.world;
  const linker = linkerFor(em);
  const unread = mailbox.unreadInInbox();
  const pin = user.personalIdentificationNumber;
  const account: Record<string, unknown> = {};
  // Spec 5.4: personal data only with READ_ACCOUNT_INFO.
  if (session.may('READ_ACCOUNT_INFO')) {
    Object.assign(account, {
      personalidentificationnumberObfuscated: `${pin.slice(0, 6)}${'*'.repeat(pin.length - 6)}`,
      fullName: user.fullName,
      firstName: user.firstName,
      middleName: user.middleName,
      lastName: user.lastName,
      email: [...user.email],
      phonenumber: user.phonenumber,
    });
  }
  account.digipostaddress = user.digipostaddress;
  if (session.may('READ_ACCOUNT_INFO')) {
    account.address = user.address.map((a) => ({ ...a }));
    account.extendedEmail = user.email.map((email) => ({ email, verified: true, primary: true }));
    account.extendedPhone = { phonenumber: user.phonenumber, countryCode: '+47', verified: true };
  }
  Object.assign(account, {
    unreadItemsInInbox: unread,
    ...ownStorage(em),
    remainingStampsThisMonth: 5,
    needsContactInfoVerification: false,
    link: [...accountLinks(linker), ...knobs.extraLinks.account.map((l) => ({ ...l }))],
  });
  return {
    csrfToken: randomBytes(16).toString('hex'),
    authenticationlevel: 2,
    authenticationlevelIdporten: 'PASSWORD',
    role: 'PRIVAT',
    language: { language: em.world.language, link: [linker.link('change_language', ROUTES.changeLanguage)] },
    settings: [
      { name: 'NOTIFICATION_EMAIL', value: 'true' },
      { name: 'NOTIFICATION_SMS', value: 'false' },
    ],
    validationRules: {
      email: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
      phonenumber: '^\\+?[0-9 ]{8,15}$',
      personalIdentificationNumber: '^[0-9]{11}$',
    },
    primaryAccount: account,
    // Each entry as the emulator has it, with any fields the admin API set to odd values over it.
    mailbox: readableMailboxes(em).map((box) => ({
      ...mailboxJson(linkerFor(em, box.accountId), box),
      ...em.world.mailboxEntryFields[box.accountId],
    })),
    ...noticeOf(em),
    link: [
      linker.link('self', ROUTES.root),
      linker.link('session', ROUTES.session),
      linker.link('logout', ROUTES.logout),
      linker.link('search', ROUTES.search),
      linker.link('autocomplete', ROUTES.autocomplete),
      linker.link('change_language', ROUTES.changeLanguage),
      ...knobs.extraLinks.root.map((l) => ({ ...l })),
    ],
  };
}

export function rootRoutes(app: Hono, em: Emulator): void {
  resource(app, ROUTES.root, { GET: guarded(em, {}, (_c, session) => apiJson(root(em, session))) });

  resource(app, ROUTES.session, {
    GET: guarded(em, {}, (_c, session) =>
      apiJson({
        authenticationlevel: 2,
        expiresIn: Math.max(0, Math.floor((session.token.expires - Date.now()) / 1000)),
        scope: session.token.permissions,
        link: [linkerFor(em).link('self', ROUTES.session), linkerFor(em).link('logout', ROUTES.logout)],
      }),
    ),
  });

  // Ends the web session (the access token), not the grant behind it: that is what revoke does,
  // so a client that only logs out leaves a refresh token that still works.
  resource(app, ROUTES.logout, {
    POST: guarded(em, {}, (_c, session) => {
      session.token.expires = Math.min(session.token.expires, Date.now() - 1);
      return apiJson({ loggedOut: true });
    }),
  });

  resource(app, ROUTES.search, {
    GET: guarded(em, {}, (c) => {
      const id = c.req.query('recipientId');
      const q = c.req.query('q');
      if ((id ?? '') === '' && (q ?? '') === '')
        return apiError(400, 'MISSING_SEARCH_PARAMETER', { errorMessage: 'Give recipientId or q' });
      const needle = (id ?? q ?? '').toLowerCase();
      // The service's apps send what the person typed as `recipientId`: an address, an organisation number or part of a name.
      const hits = DIRECTORY.filter(
        (r) =>
          (id !== undefined && id !== '' && (r.digipostaddress === id || r.organisationNumber === id)) ||
          r.name.toLowerCase().includes(needle),
      );
      return apiJson({ recipient: hits.map((r) => ({ ...r })), link: [linkerFor(em).link('self', ROUTES.search)] });
    }),
  });

  resource(app, ROUTES.autocomplete, {
    GET: guarded(em, {}, (c) => {
      const q = (c.req.query('q') ?? '').toLowerCase();
      const suggestion =
        q === ''
          ? []
          : DIRECTORY.filter((r) => r.name.toLowerCase().startsWith(q)).map((r) => ({ name: r.name, digipostaddress: r.digipostaddress }));
      return apiJson({ suggestion });
    }),
  });

  resource(app, ROUTES.changeLanguage, {
    POST: guarded(em, { permission: 'UPDATE_SETTINGS' }, async (c) => {
      const body = await readJson(c);
      const language =
        body.ok && typeof body.value === 'object' && body.value !== null ? (body.value as Record<string, unknown>).language : undefined;
      if (language !== 'nb' && language !== 'en' && language !== 'nn')
        return apiError(400, 'INVALID_LANGUAGE', { errorMessage: 'language must be nb, nn or en' });
      em.world.language = language;
      return apiJson({ language });
    }),
  });
}
