import { fetchBinary, fetchJson, type BinaryContent, type FetchResourceOptions } from '../api/http.ts';
import { requiredPermission } from '../api/links.ts';
import { AppError } from '../errors.ts';
import type { ExtensionConfig } from '../config/config.ts';
import { session } from './session-instance.ts';

const RETRYABLE = new Set(['http_unauthorized', 'http_forbidden']);

export interface AuthorizedRequest {
  url: string;
  mediaType?: string | undefined;
  /** The relation that led here, to name the permission a 403 is about. */
  relation?: string | undefined;
  method?: 'GET' | 'POST';
}

/**
 * Calls the service with the bearer token. A 401 or 403 may mean the token went stale or was
 * revoked, so it earns one forced refresh and one retry; if that refresh is refused the session
 * has ended (the Session signs out). A 403 that persists with a working token is about a
 * permission, named when we can tell which.
 */
async function withToken<T>(config: ExtensionConfig, relation: string | undefined, call: (accessToken: string) => Promise<T>): Promise<T> {
  try {
    return await call(await session.getAccessToken());
  } catch (error) {
    if (!(error instanceof AppError) || !RETRYABLE.has(error.code)) throw error;
    const needed = relation ? requiredPermission(relation) : undefined;
    if (error.code === 'http_forbidden' && needed && !config.scopes.includes(needed)) {
      throw new AppError('http_forbidden_permission', { permission: needed, status: 403 });
    }
  }
  const fresh = await session.getAccessToken({ forceRefresh: true });
  try {
    return await call(fresh);
  } catch (error) {
    if (error instanceof AppError && error.code === 'http_unauthorized') {
      await session.endSession();
      throw new AppError('session_ended');
    }
    throw error;
  }
}

function fetchOptions(config: ExtensionConfig, request: AuthorizedRequest, accessToken: string): FetchResourceOptions {
  return {
    url: request.url,
    accessToken,
    serviceOrigin: new URL(config.baseUrl).origin,
    fetch: (input, init) => fetch(input, init),
    ...(request.mediaType ? { mediaType: request.mediaType } : {}),
    ...(request.method ? { method: request.method } : {}),
  };
}

/** A JSON resource of the service (GET), or one of the few actions we perform (POST). */
export async function authorizedFetch(config: ExtensionConfig, request: AuthorizedRequest): Promise<unknown> {
  return withToken(config, request.relation, (accessToken) => fetchJson(fetchOptions(config, request, accessToken)));
}

/** A letter's content: binary, and possibly behind a redirect to another host (see fetchBinary). */
export async function authorizedBinary(config: ExtensionConfig, request: AuthorizedRequest): Promise<BinaryContent> {
  return withToken(config, request.relation, (accessToken) => fetchBinary(fetchOptions(config, request, accessToken)));
}
