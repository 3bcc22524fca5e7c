/** Who is calling the API and what they may do: bearer token, media type and permission checks. */
import type { Context } from 'hono';
import { MEDIA_TYPE } from './config.ts';
import type { Handler } from './http.ts';
import { accepts, apiError } from './http.ts';
import type { ReadableMailbox } from './mailboxes.ts';
import { mailboxAt } from './mailboxes.ts';
import type { Permission } from './permissions.ts';
import type { Emulator } from './state.ts';
import type { AccessToken, Grant } from './tokens.ts';

export interface Session {
  token: AccessToken;
  grant: Grant;
  may(permission: Permission): boolean;
}

function bearerOf(c: Context): string | undefined {
  const match = /^Bearer[ ]+([A-Za-z0-9\-._~+/]+=*)\s*$/i.exec(c.req.header('authorization') ?? '');
  return match?.[1];
}

/** 401 when no token came (contract §3.4), 403 when it is invalid, expired or revoked (contract §3.4). */
export function authenticate(em: Emulator, c: Context): Session | Response {
  const value = bearerOf(c);
  if (value === undefined) {
    return apiError(401, 'NOT_LOGGED_IN', { errorMessage: 'The user is not logged in' });
  }
  const token = em.world.tokens.accessToken(value);
  if (!token) return apiError(403, 'INVALID_ACCESS_TOKEN', { errorMessage: 'The access token is not valid' });
  const grant = em.world.tokens.grant(token.grantId);
  if (!grant || grant.revoked) return apiError(403, 'ACCESS_REVOKED', { errorMessage: "The user has removed the application's access" });
  if (token.expires <= Date.now()) return apiError(403, 'ACCESS_TOKEN_EXPIRED', { errorMessage: 'The access token has expired' });
  return { token, grant, may: (p) => token.permissions.includes(p) };
}

function insufficientScope(required: Permission): Response {
  return apiError(403, 'INSUFFICIENT_SCOPE', { required, errorMessage: `This needs the permission ${required}` });
}

export interface GuardOptions {
  permission?: Permission;
  /** Content is binary; everything else answers only to the vendor media type. */
  json?: boolean;
  /**
   * `:account` may name any mailbox the person reads (their own or one shared with them), not only
   * their own account: for the resources inside a mailbox (inMailbox).
   */
  anyMailbox?: boolean;
}

export type SessionHandler = (c: Context, session: Session) => Response | Promise<Response>;

export function guarded(em: Emulator, options: GuardOptions, handler: SessionHandler): Handler {
  return async (c) => {
    if (options.json !== false && !accepts(c.req.header('accept'), MEDIA_TYPE)) {
      return apiError(406, 'NOT_ACCEPTABLE', { errorMessage: `Send Accept: ${MEDIA_TYPE}` });
    }
    const session = authenticate(em, c);
    if (session instanceof Response) return session;
    if (options.permission !== undefined && !session.may(options.permission)) return insufficientScope(options.permission);
    const account = c.req.param('account');
    if (
      account !== undefined &&
      (options.anyMailbox === true ? mailboxAt(em, account) === undefined : account !== em.world.user.accountId)
    ) {
      return noSuchAccount();
    }
    return handler(c, session);
  };
}

const noSuchAccount = () => apiError(404, 'NOT_FOUND', { errorMessage: 'No such account' });

export type MailboxHandler = (c: Context, box: ReadableMailbox, session: Session) => Response | Promise<Response>;

/**
 * A resource inside a mailbox (a letter, a folder, the inbox, receipts): guarded as any other, and
 * handed the mailbox its address names, so one handler serves every mailbox, each scoped to its own.
 */
export function inMailbox(em: Emulator, options: Omit<GuardOptions, 'anyMailbox'>, handler: MailboxHandler): Handler {
  return guarded(em, { ...options, anyMailbox: true }, (c, session) => {
    const box = mailboxAt(em, c.req.param('account'));
    return box ? handler(c, box, session) : noSuchAccount();
  });
}
