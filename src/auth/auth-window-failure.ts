import { AppError } from '../errors.ts';
import { shortDetail } from './oauth-errors.ts';

/** How long the look at the sign-in page may take; the user is waiting for the answer. */
const PROBE_TIMEOUT_MS = 5_000;

/**
 * Chrome's message when the sign-in window could not load its page at all (Firefox's says "load"
 * too); the browser shows its own error page, and nothing reached the service.
 */
const NOT_LOADED = /could not be loaded|couldn't be loaded|failed to load|could not load/i;

/**
 * Why the sign-in window closed without an answer. Browsers report every such end the same way
 * ("the user did not approve access"), whether the user closed the consent page or an error page
 * of the service, so the sign-in page is looked at once more, without cookies: a service that
 * refuses it (4xx) showed its own error page for an unknown client ID or return address, and one
 * that cannot be reached was never seen. Otherwise the user cancelled.
 */
export async function authWindowFailure(error: unknown, authorizeUrl: string, send: typeof fetch): Promise<AppError> {
  const message = error instanceof Error ? error.message : String(error);
  const detail = shortDetail(message);
  if (NOT_LOADED.test(message)) return new AppError('network', { detail });
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
  return new AppError('signin_cancelled', { detail });
}
