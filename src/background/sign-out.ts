import { findLink } from '../api/links.ts';
import { revokeEndpoint } from '../auth/service-config.ts';
import type { ExtensionConfig } from '../config/config.ts';
import { authorizedFetch } from './authorized-fetch.ts';
import { cachedRoot } from './root-cache.ts';
import { session } from './composition-root.ts';

const LOGOUT_TIMEOUT_MS = 3000;

/**
 * Tells the service, best effort and briefly (a slow or absent service must not keep the user
 * signed in): the grant is revoked, so the refresh token stops working wherever a copy of it may
 * be, and the root's `logout` relation, when the cached root names one, ends the web session too
 * (contract §3.4: logout alone leaves the grant). Then forgets every token and all personal data.
 * `config` is the configuration the session belongs to: when the service address changes, the
 * old service is told before the new one is saved.
 */
export async function signOut(config: ExtensionConfig): Promise<void> {
  if ((await session.status()).state === 'signed_in') {
    const cached = await cachedRoot();
    const logout = cached?.serviceOrigin === new URL(config.baseUrl).origin ? findLink(cached.root.link, 'logout') : undefined;
    const tell = (url: string, mediaType: string | undefined) =>
      authorizedFetch(config, { url, mediaType, method: 'POST', timeoutMs: LOGOUT_TIMEOUT_MS }).catch(() => undefined);
    // Logout first: once the grant is revoked, the token that logout needs is refused.
    const told = (logout ? tell(logout.uri, logout['media-type']) : Promise.resolve()).then(() => tell(revokeEndpoint(config.baseUrl), undefined));
    // Each call's own deadline bounds its request; this one bounds the whole, a token refresh included.
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([told, new Promise((resolve) => (timer = setTimeout(resolve, 2 * LOGOUT_TIMEOUT_MS)))]);
    clearTimeout(timer);
  }
  await session.signOut();
}
