import { findLink } from '../api/links.ts';
import { revokeEndpoint } from '../auth/service-config.ts';
import type { ExtensionConfig } from '../config/config.ts';
import { authorizedFetch } from './authorized-fetch.ts';
import { cachedRoot } from './root-cache.ts';
import { session } from './composition-root.ts';

const LOGOUT_TIMEOUT_MS = 3000;

/**
 * Tells the service (the root's `logout` relation, or the token's revocation address when no root
 * was fetched), best effort and briefly: a slow or absent service must not keep the user signed
 * in. Then forgets every token and all personal data. `config` is the configuration the session
 * belongs to: when the service address changes, the old service is told before the new one is saved.
 */
export async function signOut(config: ExtensionConfig): Promise<void> {
  if ((await session.status()).state === 'signed_in') {
    const cached = await cachedRoot();
    const logout = cached?.serviceOrigin === new URL(config.baseUrl).origin ? findLink(cached.root.link, 'logout') : undefined;
    const told = authorizedFetch(config, {
      url: logout?.uri ?? revokeEndpoint(config.baseUrl),
      mediaType: logout?.['media-type'],
      method: 'POST',
      timeoutMs: LOGOUT_TIMEOUT_MS,
    });
    // The call's own deadline bounds the request; this one bounds a token refresh before it too.
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([told.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, LOGOUT_TIMEOUT_MS)))]);
    clearTimeout(timer);
  }
  await session.signOut();
}
