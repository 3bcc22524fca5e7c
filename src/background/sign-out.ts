import { revokeEndpoint } from '../auth/service-config.ts';
import type { ExtensionConfig } from '../config/config.ts';
import { authorizedFetch } from './authorized-fetch.ts';
import { session } from './composition-root.ts';

const LOGOUT_TIMEOUT_MS = 3000;

/**
 * Tells the service, best effort and briefly (a slow or absent service must not keep the user
 * signed in), by revoking the grant (contract §3.4): every token of this sign-in stops working,
 * including a refresh token wherever a copy of it may be. The root's `logout` relation would end
 * only the web session and leave the grant. Then forgets every token and all personal data.
 * `config` is the configuration the session belongs to: when the service address changes, the
 * old service is told before the new one is saved.
 */
export async function signOut(config: ExtensionConfig): Promise<void> {
  if ((await session.status()).state === 'signed_in') {
    const told = authorizedFetch(config, { url: revokeEndpoint(config.baseUrl), method: 'POST', timeoutMs: LOGOUT_TIMEOUT_MS });
    // The call's own deadline bounds the request; this one bounds a token refresh before it too.
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([told.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, LOGOUT_TIMEOUT_MS)))]);
    clearTimeout(timer);
  }
  await session.signOut();
}
