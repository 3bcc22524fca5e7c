import { findLink } from '../api/links.ts';
import type { ExtensionConfig } from '../config/config.ts';
import { authorizedFetch } from './authorized-fetch.ts';
import { cachedRoot } from './root-cache.ts';
import { session } from './session-instance.ts';

const LOGOUT_TIMEOUT_MS = 3000;

/**
 * Tells the service (the root's `logout` relation, best effort and briefly: a slow or absent
 * service must not keep the user signed in), then forgets every token and all personal data.
 */
export async function signOut(config: ExtensionConfig): Promise<void> {
  const logout = findLink((await cachedRoot())?.root.link, 'logout');
  if (logout && (await session.status()).state === 'signed_in') {
    const told = authorizedFetch(config, { url: logout.uri, mediaType: logout['media-type'], method: 'POST' });
    await Promise.race([told.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, LOGOUT_TIMEOUT_MS))]);
  }
  await session.signOut();
}
