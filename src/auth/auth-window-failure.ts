import { hardenedFetch, type HttpAnswer, type HttpRequest } from '../api/http-core.ts';
import { shortDetail } from '../api/http-errors.ts';
import { AppError } from '../shared/errors.ts';

/** How long the look at the sign-in page may take; the user is waiting for the answer. */
const PROBE_TIMEOUT_MS = 5_000;

/**
 * Chrome's message when the sign-in window could not load its page (a network failure, or an
 * HTTP error status, which Chrome does not show); Firefox's says "load" too.
 */
const NOT_LOADED = /could not be loaded|couldn't be loaded|failed to load|could not load/i;

/**
 * The look at the sign-in page: the same address, without the user's cookies. A redirect (to a
 * login page, say) is an answer like any other and is not followed.
 */
function probeRequest(authorizeUrl: string): HttpRequest {
  return { url: authorizeUrl, method: 'GET', redirects: 'report', timeoutMs: PROBE_TIMEOUT_MS };
}

/** Only the status counts; the page itself is not read. */
async function processProbeResponse(answer: HttpAnswer): Promise<number> {
  await answer.discard();
  return answer.status;
}

/**
 * Why the sign-in window ended without an answer. Browsers say little: Chrome reports an error
 * page of the service as "could not be loaded", Firefox shows it and reports the user closing it
 * as a cancel. So the sign-in page is looked at once more: a service that refuses it (4xx) refuses
 * this client ID or return address; one that does not answer was never reached; otherwise the
 * window failed to load (the service was not reached) or the user cancelled.
 */
export async function authWindowFailure(error: unknown, authorizeUrl: string, send: typeof fetch): Promise<AppError> {
  const message = error instanceof Error ? error.message : String(error);
  const detail = shortDetail(message);
  let status: number;
  try {
    status = await hardenedFetch(send, probeRequest(authorizeUrl), processProbeResponse);
  } catch (probeError) {
    // Not reached, or not in time: either way the service could not be reached.
    return new AppError('network', { detail: probeError instanceof AppError ? (probeError.info.detail ?? detail) : detail });
  }
  if (status >= 400 && status < 500) return new AppError('signin_client_unknown', { status, detail: `${detail} (HTTP ${status})` });
  if (NOT_LOADED.test(message)) return new AppError('network', { detail });
  return new AppError('signin_cancelled', { detail });
}
