import { parseWith } from '../api/http.ts';
import { rootResourceSchema } from '../api/schemas.ts';
import { rootResourceUrl } from '../auth/service-config.ts';
import type { ExtensionConfig } from '../config/config.ts';
import { AppError } from '../errors.ts';
import { ROOT_CACHE_KEY, type RootSnapshot } from '../protocol/messages.ts';
import { authorizedFetch } from './authorized-fetch.ts';
import { showUnread } from './badge.ts';
import { sessionArea } from './browser-deps.ts';
import { notifyNewLetters } from './notifications.ts';
import { session } from './session-instance.ts';

/** How long a fetched root counts as fresh: popups opened within it cost no request. */
export const FRESHNESS_MS = 60_000;

export async function cachedRoot(): Promise<RootSnapshot | undefined> {
  const stored = (await sessionArea.get([ROOT_CACHE_KEY]))[ROOT_CACHE_KEY];
  return stored as RootSnapshot | undefined;
}

/**
 * The root resource, from the cache while it is fresh, otherwise from the service. Each fetch
 * refreshes the cache (storage.session only: it holds personal data) and the badge.
 */
export async function getRoot(config: ExtensionConfig, force: boolean): Promise<RootSnapshot> {
  const serviceOrigin = new URL(config.baseUrl).origin;
  const cached = await cachedRoot();
  if (!force && cached?.serviceOrigin === serviceOrigin && Date.now() - cached.fetchedAt < FRESHNESS_MS) {
    return cached;
  }
  const status = await session.status();
  if (status.state !== 'signed_in') throw new AppError('signed_out');
  const data = await authorizedFetch(config, { url: rootResourceUrl(config.baseUrl), relation: 'self' });
  const root = parseWith(rootResourceSchema, data, 'root resource');
  const snapshot: RootSnapshot = { root, fetchedAt: Date.now(), serviceOrigin, scopes: status.scopes };
  // A sign-out that happened while this request was under way wins: do not cache a dead session.
  if ((await session.status()).state !== 'signed_in') throw new AppError('signed_out');
  await sessionArea.set({ [ROOT_CACHE_KEY]: snapshot });
  // The badge and new-letter notifications follow in the background: the popup does not wait.
  showUnread(root.primaryAccount?.unreadItemsInInbox).catch((error: unknown) =>
    console.warn('Could not update the badge:', error instanceof Error ? error.message : error),
  );
  notifyNewLetters(config, root).catch((error: unknown) =>
    console.warn('Could not check for new letters:', error instanceof Error ? error.message : error),
  );
  return snapshot;
}
