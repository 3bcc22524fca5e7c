import { parseWith } from '../api/http.ts';
import { inboxLinkOf } from '../api/inbox-link.ts';
import { rootResourceSchema } from '../api/schemas.ts';
import { rootResourceUrl } from '../auth/service-config.ts';
import type { ExtensionConfig } from '../config/config.ts';
import { AppError } from '../errors.ts';
import { ROOT_CACHE_KEY, type RootSnapshot } from '../protocol/messages.ts';
import { authorizedFetch } from './authorized-fetch.ts';
import { showUnread } from './badge.ts';
import { sessionArea } from './browser-deps.ts';
import { fetchInboxGlance } from './inbox-page.ts';
import { notifyNewLetters } from './notifications.ts';
import { session } from './session-instance.ts';

/** How long a fetched root counts as fresh: popups opened within it cost no request. */
export const FRESHNESS_MS = 60_000;

export async function cachedRoot(): Promise<RootSnapshot | undefined> {
  const stored = (await sessionArea.get([ROOT_CACHE_KEY]))[ROOT_CACHE_KEY];
  return stored as RootSnapshot | undefined;
}

/**
 * The root resource and the newest letters, from the cache while it is fresh, otherwise from the
 * service. The inbox's address is known from the last root, so the root and the inbox page are
 * fetched side by side; only without a cached root does the inbox wait for the root to name it.
 * Each fetch refreshes the cache (storage.session only: it holds personal data) and the badge.
 */
export async function getRoot(config: ExtensionConfig, force: boolean): Promise<RootSnapshot> {
  const serviceOrigin = new URL(config.baseUrl).origin;
  const cached = await cachedRoot();
  if (!force && cached?.serviceOrigin === serviceOrigin && Date.now() - cached.fetchedAt < FRESHNESS_MS) {
    return cached;
  }
  const status = await session.status();
  if (status.state !== 'signed_in') throw new AppError('signed_out');
  const knownInbox = cached?.serviceOrigin === serviceOrigin ? inboxLinkOf(cached.root) : undefined;
  const early = knownInbox ? fetchInboxGlance(config, knownInbox) : undefined;
  const data = await authorizedFetch(config, { url: rootResourceUrl(config.baseUrl), relation: 'self' });
  const root = parseWith(rootResourceSchema, data, 'root resource');
  const inboxLink = inboxLinkOf(root);
  // The inbox moved (or there was none before): the page fetched early is not this root's.
  const inbox = !inboxLink ? undefined : knownInbox?.uri === inboxLink.uri && early ? await early : await fetchInboxGlance(config, inboxLink);
  const snapshot: RootSnapshot = { root, fetchedAt: Date.now(), serviceOrigin, scopes: status.scopes, ...(inbox ? { inbox } : {}) };
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
