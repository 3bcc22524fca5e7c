/** Account-level resources: receipts (each mailbox's own), settings, event log, tokens and account actions. */
import type { Hono } from 'hono';
import { linkerFor } from './api-root.ts';
import { guarded, inMailbox } from './guard.ts';
import { apiError, apiJson, readJson, resource } from './http.ts';
import { ROUTES } from './links.ts';
import { receiptJson } from './represent.ts';
import { osloTime } from './represent.ts';
import type { Emulator } from './state.ts';

export function accountRoutes(app: Hono, em: Emulator): void {
  resource(app, ROUTES.receipts, {
    GET: inMailbox(em, { permission: 'READ_RECEIPTS' }, (_c, box) => {
      const linker = linkerFor(em, box.accountId);
      return apiJson({ receipt: box.mailbox.receipts.map((r) => receiptJson(linker, r)), link: [linker.link('self', ROUTES.receipts)] });
    }),
  });

  resource(app, ROUTES.receipt, {
    GET: inMailbox(em, { permission: 'READ_RECEIPTS' }, (c, box) => {
      const receipt = box.mailbox.receipts.find((r) => r.id === c.req.param('receipt'));
      return receipt
        ? apiJson(receiptJson(linkerFor(em, box.accountId), receipt))
        : apiError(404, 'NOT_FOUND', { errorMessage: 'No such receipt' });
    }),
    DELETE: inMailbox(em, { permission: 'DELETE_RECEIPTS' }, (c, box) => {
      const receipts = box.mailbox.receipts;
      const index = receipts.findIndex((r) => r.id === c.req.param('receipt'));
      if (index < 0) return apiError(404, 'NOT_FOUND', { errorMessage: 'No such receipt' });
      receipts.splice(index, 1);
      return new Response(null, { status: 204 });
    }),
  });

  resource(app, ROUTES.accountSettings, {
    GET: guarded(em, { permission: 'READ_ACCOUNT_INFO' }, () => {
      const { user } = em.world;
      return apiJson({
        fullName: user.fullName,
        email: [...user.email],
        phonenumber: user.phonenumber,
        address: user.address.map((a) => ({ ...a })),
        notificationEmail: true,
        notificationSms: false,
        link: [linkerFor(em).link('self', ROUTES.accountSettings), linkerFor(em).link('update_account', ROUTES.account)],
      });
    }),
  });

  resource(app, ROUTES.mailboxSettings, {
    GET: guarded(em, { permission: 'READ_SETTINGS' }, () =>
      apiJson({
        digipostaddress: em.world.user.digipostaddress,
        language: em.world.language,
        sortOrder: 'NEWEST_FIRST',
        autoArchiveAfterDays: 0,
        link: [linkerFor(em).link('self', ROUTES.mailboxSettings)],
      }),
    ),
  });

  resource(app, ROUTES.eventLog, {
    GET: guarded(em, { permission: 'READ_ACCOUNT_INFO' }, () => {
      const grants = em.world.tokens.activeGrants();
      const event = grants.map((g) => ({
        type: 'OAUTH_ACCESS_GRANTED',
        time: osloTime(g.created),
        description: `Access given to ${em.client(g.clientId)?.name ?? g.clientId}`,
      }));
      return apiJson({ event, link: [linkerFor(em).link('self', ROUTES.eventLog)] });
    }),
  });

  resource(app, ROUTES.tokenList, {
    GET: guarded(em, { permission: 'READ_SETTINGS' }, () => {
      const token = em.world.tokens.activeGrants().map((g) => ({
        application: em.client(g.clientId)?.name ?? g.clientId,
        scope: [...g.permissions],
        created: osloTime(g.created),
      }));
      return apiJson({ token, link: [linkerFor(em).link('self', ROUTES.tokenList)] });
    }),
  });

  const updateAccount = guarded(em, { permission: 'UPDATE_SETTINGS' }, async (c) => {
    const body = await readJson(c);
    if (!body.ok) return apiError(400, 'INVALID_BODY', { errorMessage: body.reason });
    const value = typeof body.value === 'object' && body.value !== null ? (body.value as Record<string, unknown>) : undefined;
    const phonenumber = value?.phonenumber;
    if (typeof phonenumber !== 'string' || !/^\+?[0-9 ]{8,15}$/.test(phonenumber)) return apiError(400, 'INVALID_PHONENUMBER');
    em.world.user.phonenumber = phonenumber;
    return apiJson({ phonenumber });
  });
  resource(app, ROUTES.account, { PUT: updateAccount, POST: updateAccount });

  // Spec 1: operations that need authentication level 4 are not possible through the API.
  resource(app, ROUTES.closeAccount, {
    POST: guarded(em, {}, () =>
      apiError(403, 'AUTHENTICATION_LEVEL_TOO_LOW', { required: 'IDPORTEN_4', errorMessage: 'Closing the account needs a level 4 login' }),
    ),
  });
}
