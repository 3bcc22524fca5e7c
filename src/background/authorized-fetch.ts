import { fetchBinary, fetchJson, postUpload, type BinaryContent, type FetchResourceOptions } from '../api/http.ts';
import type { HttpMethod } from '../api/http-core.ts';
import { requiredPermission, type LinkTarget } from '../api/links.ts';
import type { BoundToken, Session } from '../auth/session.ts';
import { AppError } from '../shared/errors.ts';
import type { ExtensionConfig } from '../config/config.ts';
import { serviceHostPermission } from '../config/host-permission.ts';

export interface AuthorizedFetchDeps {
  session: Pick<Session, 'getAccessToken' | 'tokenAccepted' | 'endSession'>;
  fetch: typeof fetch;
  /** browser.permissions.contains for these origins: whether the user still lets us reach them. */
  hostAccessHeld: (origins: string[]) => Promise<boolean>;
}

/** The service's resources, called with the session's token. */
export interface ServiceCalls {
  /** A JSON resource of the service (GET), or one of the few actions we perform. */
  authorizedFetch: (config: ExtensionConfig, request: AuthorizedRequest) => Promise<unknown>;
  /** A letter's content: binary, and possibly behind a redirect to another host (see fetchBinary). */
  authorizedBinary: (config: ExtensionConfig, request: AuthorizedRequest) => Promise<BinaryContent>;
  /** An upload's form POSTed to the relation at `request` (contract §10); answers the new letter's `Location`. */
  authorizedUpload: (config: ExtensionConfig, request: AuthorizedRequest, form: FormData) => Promise<string | undefined>;
}

export interface AuthorizedRequest extends LinkTarget {
  method?: HttpMethod;
  /** JSON text, for an action that takes one. */
  body?: string | undefined;
  /** A shorter deadline than the default, for calls that must not keep the user waiting (logout). */
  timeoutMs?: number | undefined;
  /**
   * The session the request belongs to (Session.generation(), read when the person asked): it goes
   * with that session's token only. Without it, the session of the first token it is sent with.
   */
  generation?: number | undefined;
}

/** The session a request belongs to has ended (signed out, ended, another person signed in): the request ends with it. */
function sessionGone(): AppError {
  return new AppError('signed_out', { detail: 'the session that made the request has ended' });
}

export function createServiceCalls(deps: AuthorizedFetchDeps): ServiceCalls {
  /**
   * Calls the service with the bearer token. A 401 or 403 may mean the token went stale or was
   * revoked, so it earns one forced refresh and one retry; if that refresh is refused the session
   * has ended (the Session signs out). A 403 that persists with a working token is about a
   * permission, named when we can tell which. Each try sends the token only to the origin of the
   * service that issued it (BoundToken): the configuration may have changed service meanwhile.
   *
   * A request belongs to one session, and each try goes with a token of that session only. A
   * refusal that comes because the session has ended meanwhile (another person's sign-in revoked
   * the first person's grant) is not tried again with the next session's token: Kari's delete is
   * never sent as Ola. Nor does the refusal of an ended session end the one that replaced it.
   */
  async function withToken<T>(config: ExtensionConfig, request: AuthorizedRequest, call: (token: BoundToken) => Promise<T>): Promise<T> {
    const { relation } = request;
    const first = await deps.session.getAccessToken();
    const owner = request.generation ?? first.generation;
    if (first.generation !== owner) throw sessionGone();
    let refusal: 'http_unauthorized' | 'http_forbidden';
    try {
      const answer = await call(first);
      await deps.session.tokenAccepted(first);
      return answer;
    } catch (error) {
      if (!(error instanceof AppError) || (error.code !== 'http_unauthorized' && error.code !== 'http_forbidden')) throw error;
      const needed = relation ? requiredPermission(relation) : undefined;
      if (error.code === 'http_forbidden' && needed && !config.scopes.includes(needed)) {
        throw new AppError('http_forbidden_permission', { permission: needed, status: 403 });
      }
      refusal = error.code;
    }
    const fresh = await deps.session.getAccessToken({
      forceRefresh: true,
      refused: first.token,
      forbidden: refusal === 'http_forbidden',
      generation: owner,
    });
    if (fresh.generation !== owner) throw sessionGone();
    try {
      const answer = await call(fresh);
      await deps.session.tokenAccepted(fresh);
      return answer;
    } catch (error) {
      if (error instanceof AppError && error.code === 'http_unauthorized') {
        await deps.session.endSession(owner);
        throw new AppError('session_ended');
      }
      throw error;
    }
  }

  function fetchOptions(request: AuthorizedRequest, token: BoundToken): FetchResourceOptions {
    return {
      url: request.url,
      accessToken: token.token,
      serviceOrigin: token.origin,
      fetch: deps.fetch,
      ...(request.mediaType ? { mediaType: request.mediaType } : {}),
      ...(request.method ? { method: request.method } : {}),
      ...(request.body === undefined ? {} : { body: request.body }),
      ...(request.timeoutMs ? { timeoutMs: request.timeoutMs } : {}),
    };
  }

  /**
   * A request the browser blocks because the user took away the extension's access to the site
   * (Chrome's "site access", Firefox's add-on permissions) fails like a network failure. Which of
   * the two it was decides what helps, so a network failure is checked against the permission.
   */
  async function explained<T>(config: ExtensionConfig, call: Promise<T>): Promise<T> {
    try {
      return await call;
    } catch (error) {
      if (error instanceof AppError && error.code === 'network') {
        const origin = new URL(config.baseUrl).origin;
        const held = await deps.hostAccessHeld([serviceHostPermission(origin)]).catch(() => true);
        if (!held) throw new AppError('host_permission_withdrawn', { detail: new URL(origin).host });
      }
      throw error;
    }
  }

  return {
    authorizedFetch: (config, request) =>
      explained(
        config,
        withToken(config, request, (token) => fetchJson(fetchOptions(request, token))),
      ),
    authorizedBinary: (config, request) =>
      explained(
        config,
        withToken(config, request, (token) => fetchBinary(fetchOptions(request, token))),
      ),
    // A 401/403 means the file was not taken, so the one retry withToken makes sends nothing twice.
    authorizedUpload: (config, request, form) =>
      explained(
        config,
        withToken(config, request, (token) => postUpload({ ...fetchOptions(request, token), form })),
      ),
  };
}
