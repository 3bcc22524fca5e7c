import { AppError } from '../shared/errors.ts';
import { shortDetail } from './oauth-errors.ts';

/** How long the look at the sign-in page may take; the user is waiting for the answer. */
const PROBE_TIMEOUT_MS = 5_000;

/**
 * Chrome's message when the sign-in window could not load its page (a network failure, or an
 * HTTP error status, which Chrome does not show); Firefox's says "load" too.
 */
const NOT_LOADED = /could not be loaded|couldn't be loaded|failed to load|could not load/i;

/**
 * Why the sign-in window ended without an answer. Browsers say little: Chrome reports an error
 * page of the service as "could not be loaded", Firefox shows it and reports the user closing it
 * as a cancel. So the sign-in page is looked at once more, without cookies: a service that
 * refuses it (4xx) refuses this client ID or return address; one that does not answer was never
 * reached; otherwise the window failed to load (the service was not reached) or the user cancelled.
 */
export async function authWindowFailure(error: unknown, authorizeUrl: string, send: typeof fetch): Promise<AppError> {
  const message = error instanceof Error ? error.message : String(error);
  const detail = shortDetail(message);
  let status: number;
  try {
    const response = await send(authorizeUrl, {
      credentials: 'omit',
      redirect: 'manual',
      cache: 'no-store',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    status = response.status;
    await response.body?.cancel().catch(() => undefined);
  } catch (probeError) {
    return new AppError('network', { detail: probeError instanceof Error ? shortDetail(probeError.message) : detail });
  }
  if (status >= 400 && status < 500) return new AppError('signin_client_unknown', { status, detail: `${detail} (HTTP ${status})` });
  if (NOT_LOADED.test(message)) return new AppError('network', { detail });
  return new AppError('signin_cancelled', { detail });
}
