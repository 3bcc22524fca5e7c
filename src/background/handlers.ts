import browser from 'webextension-polyfill';
import { parseWith } from '../api/http.ts';
import { classifyLink } from '../api/links.ts';
import { anyResourceSchema } from '../api/schemas.ts';
import { isConfigured, validateConfigInput, type ExtensionConfig } from '../config/config.ts';
import { revocationOverdue } from '../auth/pending-revocations.ts';
import { saveConfig } from '../config/config-store.ts';
import { serviceHostPermission } from '../config/host-permission.ts';
import { AppError } from '../shared/errors.ts';
import { dispatch, type Handlers } from '../protocol/dispatch.ts';
import type { Answer, Request, RevocationView, StatusView, StoredConfigView } from '../protocol/messages.ts';
import { authorizedFetch } from './authorized-fetch.ts';
import { currentConfig, localArea } from './composition-root.ts';
import { giveBackAccess } from './host-access.ts';
import { getContent, sendOpeningReceipt } from './letter-content.ts';
import { notificationsAllowed, notifySettingSaved, resetNotificationBaseline } from './notifications.ts';
import { refreshBadge, schedulePoll } from './poll.ts';
import { retryRevocations } from './revocation-retry.ts';
import { getRootAndAnnounce } from './root-cache.ts';
import { session } from './composition-root.ts';
import { signOut } from './sign-out.ts';

async function statusView(config: ExtensionConfig): Promise<StatusView> {
  if (!isConfigured(config)) return { state: 'not_configured' };
  const status = await session.status();
  if (status.state === 'signed_in') return { state: 'signed_in', scopes: status.scopes };
  return status.reason ? { state: 'signed_out', reason: status.reason } : { state: 'signed_out' };
}

function configView(config: ExtensionConfig): StoredConfigView {
  return { ...config, redirectUri: browser.identity.getRedirectURL() };
}

async function requireConfigured(): Promise<ExtensionConfig> {
  const config = await currentConfig();
  if (!isConfigured(config)) throw new AppError('not_configured');
  return config;
}

/**
 * A page's answer that was fetched with the session: handed over only if the session it was
 * fetched under is still the current one (a sign-out while it was on its way drops it).
 */
async function fenced<T>(fetchIt: () => Promise<T>): Promise<T> {
  const generation = await session.generation();
  const answer = await fetchIt();
  if ((await session.generation()) !== generation) throw new AppError('signed_out');
  return answer;
}

async function revocationView(): Promise<RevocationView> {
  return { pending: await revocationOverdue(localArea) };
}

async function saveFromOptions(input: Extract<Request, { type: 'saveConfig' }>['config']): Promise<StoredConfigView> {
  const checked = validateConfigInput(input);
  if (!checked.ok) {
    throw new AppError('bad_request', { detail: checked.problems.map((p) => `${p.field}: ${p.problem}`).join(', ') });
  }
  // The page asks for the host permission (it needs the user's click); the worker only checks it.
  const origins = [serviceHostPermission(new URL(checked.config.baseUrl).origin)];
  if (!(await browser.permissions.contains({ origins }))) throw new AppError('host_permission_refused');
  if (checked.config.notify && !(await notificationsAllowed())) throw new AppError('notifications_permission_refused');
  const before = await currentConfig();
  const changedService =
    before.baseUrl !== checked.config.baseUrl || before.clientId !== checked.config.clientId ||
    [...before.scopes].sort().join() !== [...checked.config.scopes].sort().join();
  // Tokens belong to one service, client and set of permissions: a change of any means connecting again.
  // The old service is told, as Sign out does: its grant must not outlive the session here. A sign-in
  // still waiting for consent ends too, or it would complete under the old settings; signOut asks the
  // network nothing when nobody is signed in.
  if (changedService) await signOut();
  await saveConfig(localArea, checked.config);
  await giveBackAccess(before.baseUrl, checked.config.baseUrl);
  await schedulePoll(checked.config);
  await notifySettingSaved(before, checked.config, () => getRootAndAnnounce(checked.config, false));
  return configView(checked.config);
}

export const handlers: Handlers = {
  getStatus: async () => statusView(await currentConfig()),
  connect: async () => {
    const config = await requireConfigured();
    await session.connect();
    // Whoever signed in, the letters already unread are not news.
    await resetNotificationBaseline();
    await refreshBadge(true);
    return statusView(config);
  },
  signOut: async () => {
    await signOut();
    return statusView(await currentConfig());
  },
  getRoot: async (request) => getRootAndAnnounce(await requireConfigured(), request.force ?? false, request.inbox ?? false),
  getResource: async (request) => {
    const config = await requireConfigured();
    const serviceOrigin = new URL(config.baseUrl).origin;
    const verdict = classifyLink({ rel: request.relation ?? '', uri: request.url }, serviceOrigin);
    if (!verdict.followable) throw new AppError(verdict.reason);
    return fenced(async () => {
      const status = await session.status();
      if (status.state !== 'signed_in') throw new AppError('signed_out');
      const answer = await authorizedFetch(config, { url: request.url, mediaType: request.mediaType, relation: request.relation });
      // Pages render what comes back: it must be an object whose links, if any, are links.
      const data = parseWith(anyResourceSchema, answer, 'resource');
      return { data, url: request.url, fetchedAt: Date.now(), serviceOrigin, scopes: status.scopes };
    });
  },
  getConfig: async () => configView(await currentConfig()),
  getPageConfig: async () => ({ scopes: (await currentConfig()).scopes }),
  saveConfig: async (request) => saveFromOptions(request.config),
  getContent: async (request) => {
    const config = await requireConfigured();
    return fenced(() => getContent(config, request));
  },
  sendOpeningReceipt: async (request) => {
    const config = await requireConfigured();
    return fenced(() => sendOpeningReceipt(config, request.letter, request.attachment));
  },
  getRevocation: revocationView,
  retryRevocation: async () => {
    const round = await retryRevocations();
    return round.error && round.pending > 0 ? { pending: true, error: round.error } : revocationView();
  },
};

/** Every message from a page: checked by dispatch (sender, page, shape), then answered by its handler. */
export function route(message: unknown, sender: browser.Runtime.MessageSender): Promise<Answer<unknown>> {
  return dispatch(message, sender, { handlers, ownId: browser.runtime.id, pagesOrigin: browser.runtime.getURL('') });
}
