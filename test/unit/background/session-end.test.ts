import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BuildDefaults } from '../../../src/config/build-defaults.ts';
import type { ExtensionConfig } from '../../../src/config/config.ts';
import { notificationCheckItem, notificationTargetsItem, notifiedLettersItem } from '../../../src/storage/items.ts';
import { rootCacheItem, viewerPages } from '../../../src/storage/page-items.ts';
import { appErrorOf } from '../app-error.ts';
import { deferred } from '../auth/fakes.ts';
import { FakeNetwork, fakeBrowser, REDIRECT_URI, resetFakeBrowser } from './fake-browser.ts';
import { fakeMailbox, fakeService, type FakeLetter } from './fake-service.ts';

/*
 * What a sign-out leaves behind, through the worker's real handlers over the fake browser: the
 * caches and notifications a fetch under way writes (fenced by the session's generation), and the
 * revoke the service may not have heard (a pending revocation, retried until it is told).
 */

const A = 'https://a.example.org';
const B = 'https://b.example.org';
const NAME = 'Kari Nordmann';
const CLIENT = { clientId: 'client-1', clientSecret: 's3cr3t-value' };
const REVOKE_PATH = '/post/api/oauth/revoke';

const configFor = (baseUrl: string, notify = false): ExtensionConfig => ({
  baseUrl,
  ...CLIENT,
  scopes: ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO'],
  pollMinutes: 5,
  notify,
});

const network = new FakeNetwork();
// Modules shared with the pages (viewer addresses, i18n) reach the API through `chrome`.
vi.stubGlobal('chrome', fakeBrowser);
const BUILD_DEFAULTS: BuildDefaults = { baseUrl: A, ...CLIENT, scopes: ['READ_ACCOUNT_INFO'] };

// Imported after the stub: the worker, made over the fake browser.
const { fakeWorker } = await import('./fake-worker.ts');
const worker = fakeWorker(network, BUILD_DEFAULTS);
const { handlers } = worker;

/** The notifications on screen, as the browser's notifications API keeps them. */
const screen = new Map<string, { title: string; message: string }>();
/** Runs once before the next notification is shown (a sign-out "at that moment"). */
let beforeShow: (() => Promise<void>) | undefined;
const notifications = {
  getAll: () => Promise.resolve(Object.fromEntries(screen)),
  create: async (id: string, options: { title: string; message: string }) => {
    const hook = beforeShow;
    beforeShow = undefined;
    await hook?.();
    screen.set(id, options);
    return id;
  },
  clear: (id: string) => Promise.resolve(screen.delete(id)),
  onClicked: { addListener: () => undefined },
};

let letters: FakeLetter[];
/** Whether the service's revoke endpoint is down (503). */
let revokeDown: boolean;

function serviceAt(origin: string, label: string) {
  const mailbox = fakeMailbox(origin, letters, NAME);
  return fakeService(network, origin, label, (request) =>
    request.url.pathname === REVOKE_PATH && revokeDown
      ? Response.json({ 'error-code': 'SERVICE_UNAVAILABLE' }, { status: 503 })
      : mailbox(request),
  );
}

async function signIn(config: ExtensionConfig): Promise<void> {
  await fakeBrowser.storage.local.set({ config });
  await handlers.connect({ type: 'connect' });
  // What follows a fetch of the root (the check for new letters, the open invoices) runs in the background.
  await worker.idle();
}

const sessionStorage = () => fakeBrowser.storage.session.data;
const revokes = () => network.seen.filter((r) => r.url.pathname === REVOKE_PATH);

async function failureOf(promise: Promise<unknown>): Promise<string> {
  return (await appErrorOf(promise))?.code ?? 'no error';
}

beforeEach(() => {
  resetFakeBrowser();
  network.seen.length = 0;
  network.handlers.clear();
  screen.clear();
  beforeShow = undefined;
  letters = [{ id: 1, subject: 'Strømregning', read: false }];
  revokeDown = false;
  fakeBrowser.identity.launchWebAuthFlow = ({ url }) =>
    Promise.resolve(`${REDIRECT_URI}?code=CODE&state=${encodeURIComponent(new URL(url).searchParams.get('state') ?? '')}`);
  Reflect.deleteProperty(fakeBrowser, 'notifications');
});

describe('a sign-out while the popup’s cache is being written', () => {
  it('between the check and the write: the cache is taken back, and the fetch says signed out', async () => {
    serviceAt(A, 'A');
    await signIn(configFor(A));
    const write = fakeBrowser.storage.session.set.bind(fakeBrowser.storage.session);
    let armed = true;
    fakeBrowser.storage.session.set = async (items) => {
      if (armed && rootCacheItem.key in items) {
        armed = false;
        await handlers.signOut({ type: 'signOut' });
      }
      await write(items);
    };

    expect(await failureOf(handlers.getRoot({ type: 'getRoot', force: true }))).toBe('signed_out');

    expect(sessionStorage()[rootCacheItem.key]).toBeUndefined();
    expect(JSON.stringify(sessionStorage())).not.toContain(NAME);
  });

  it('a fresh cache left from another session is not served: the cache path asks whether anyone is signed in', async () => {
    serviceAt(A, 'A');
    await signIn(configFor(A));
    const leftOver = sessionStorage()[rootCacheItem.key];
    expect(JSON.stringify(leftOver)).toContain(NAME);
    await handlers.signOut({ type: 'signOut' });
    // As if the write had landed after the sign-out's cleanup.
    await fakeBrowser.storage.session.set({ [rootCacheItem.key]: { ...(leftOver as object), fetchedAt: Date.now() } });
    network.seen.length = 0;

    // As the viewer asks (the root alone), and as the popup does (with its letters).
    expect(await failureOf(handlers.getRoot({ type: 'getRoot' }))).toBe('signed_out');
    expect(await failureOf(handlers.getRoot({ type: 'getRoot', inbox: true }))).toBe('signed_out');
    expect(network.seen).toEqual([]);
  });

  it('an answer for a page that was on its way during a sign-out is not handed over', async () => {
    const held = deferred<Response>();
    const asked = deferred<undefined>();
    const mailbox = fakeMailbox(A, letters, NAME);
    fakeService(network, A, 'A', (request) => {
      if (request.url.pathname !== '/post/api/docs/1') return mailbox(request);
      asked.resolve(undefined);
      return held.promise;
    });
    await signIn(configFor(A));

    const answer = failureOf(handlers.getResource({ type: 'getResource', url: `${A}/post/api/docs/1`, relation: 'self' }));
    await asked.promise;
    await handlers.signOut({ type: 'signOut' });
    held.resolve(await mailbox({ url: new URL(`${A}/post/api/docs/1`), method: 'GET', authorization: undefined, body: '' }));

    expect(await answer).toBe('signed_out');
  });
});

describe('a sign-out while new letters are being announced', () => {
  it('between the check and the notification: the notification and what it would open are taken back', async () => {
    Object.assign(fakeBrowser, { notifications });
    serviceAt(A, 'A');
    // Signing in takes note of the letter already unread; the next one is news.
    await signIn(configFor(A, true));
    expect((fakeBrowser.storage.local.data[notifiedLettersItem.key] as { primed: boolean }).primed).toBe(true);
    letters.unshift({ id: 2, subject: 'Ny faktura fra Telenor', read: false });
    beforeShow = () => handlers.signOut({ type: 'signOut' }).then(() => undefined);

    await handlers.getRoot({ type: 'getRoot', force: true });
    await worker.idle();

    expect(beforeShow).toBeUndefined();
    expect([...screen.values()]).toEqual([]);
    expect(JSON.stringify(sessionStorage())).not.toContain('docs/2');
    expect(Object.keys(sessionStorage()).filter((key) => viewerPages.owns(key) || key === notificationCheckItem.key)).toEqual([]);
    expect(Object.keys((sessionStorage()[notificationTargetsItem.key] as object | undefined) ?? {})).toEqual([]);
    // The next session starts by taking note again, not by announcing what is unread.
    expect((fakeBrowser.storage.local.data[notifiedLettersItem.key] as { primed: boolean }).primed).toBe(false);
  });

  it('with no sign-out, the same letter is announced (the test above can fail)', async () => {
    Object.assign(fakeBrowser, { notifications });
    serviceAt(A, 'A');
    await signIn(configFor(A, true));
    letters.unshift({ id: 2, subject: 'Ny faktura fra Telenor', read: false });
    await handlers.getRoot({ type: 'getRoot', force: true });
    await worker.idle();
    expect([...screen.values()]).toEqual([expect.objectContaining({ title: 'Avsender AS', message: 'Ny faktura fra Telenor' })]);
  });
});

describe('signing out', () => {
  it('tells the open pages, so they drop what they show', async () => {
    serviceAt(A, 'A');
    await signIn(configFor(A));
    await handlers.signOut({ type: 'signOut' });
    expect(fakeBrowser.runtime.told).toContainEqual({ event: 'sessionEnded', reason: 'user' });
  });

  it('revokes the grant: nothing is left to retry', async () => {
    serviceAt(A, 'A');
    await signIn(configFor(A));
    await handlers.signOut({ type: 'signOut' });
    expect(revokes().map((r) => [r.method, r.authorization])).toEqual([['POST', 'Bearer A-AT-1']]);
    expect(await handlers.getRevocation({ type: 'getRevocation' })).toEqual({ pending: false });
  });
});

describe('a session the service ended (its grant withdrawn on the website, or forgotten)', () => {
  /** The service of A, which from `ended.now` on refuses the refresh token and every access token, as after a withdrawn grant. */
  function withdrawableServiceAt(origin: string) {
    serviceAt(origin, 'A');
    const serve = network.handlers.get(origin);
    if (!serve) throw new Error('no service at ' + origin);
    const ended = { now: false };
    network.handlers.set(origin, (request) => {
      if (!ended.now) return serve(request);
      return request.url.pathname === '/post/api/oauth/accesstoken'
        ? Response.json({ error: 'invalid_grant' }, { status: 400 })
        : Response.json({ 'error-code': 'UNAUTHORIZED' }, { status: 401 });
    });
    return ended;
  }

  it('says why to every page that asks later, also after the browser forgot its memory, until the person connects again', async () => {
    const ended = withdrawableServiceAt(A);
    await signIn(configFor(A));
    ended.now = true;
    expect(await failureOf(handlers.getRoot({ type: 'getRoot', force: true, inbox: true }))).toBe('session_ended');
    expect(fakeBrowser.runtime.told).toContainEqual({ event: 'sessionEnded', reason: 'ended' });

    // A popup opened again, a viewer tab, the options page: each hears why, not a bare "not connected".
    expect(await failureOf(handlers.getRoot({ type: 'getRoot', inbox: true }))).toBe('session_ended');
    expect(await failureOf(handlers.getResource({ type: 'getResource', url: `${A}/post/api/docs/1`, relation: 'self' }))).toBe(
      'session_ended',
    );
    expect(await handlers.getStatus({ type: 'getStatus' })).toEqual({ state: 'signed_out', reason: { code: 'session_ended' } });

    // A browser restart empties storage.session: the reason is on disk, and still said.
    fakeBrowser.storage.session.data = {};
    expect(await failureOf(handlers.getRoot({ type: 'getRoot', inbox: true }))).toBe('session_ended');

    // Connecting again ends it: signed in, and once signed out, plainly signed out.
    ended.now = false;
    await handlers.connect({ type: 'connect' });
    expect((await handlers.getRoot({ type: 'getRoot', inbox: true })).root.primaryAccount?.fullName).toBe(NAME);
    await handlers.signOut({ type: 'signOut' });
    expect(await failureOf(handlers.getRoot({ type: 'getRoot', inbox: true }))).toBe('signed_out');
  });

  it('is forgotten when the person dismisses it (a sign-out of what is left), and every open page hears so', async () => {
    const ended = withdrawableServiceAt(A);
    await signIn(configFor(A));
    ended.now = true;
    await failureOf(handlers.getRoot({ type: 'getRoot', force: true }));
    fakeBrowser.runtime.told = [];

    expect(await handlers.signOut({ type: 'signOut' })).toEqual({ state: 'signed_out' });

    expect(fakeBrowser.runtime.told).toEqual([{ event: 'sessionEnded', reason: 'user' }]);
    expect(await failureOf(handlers.getRoot({ type: 'getRoot', inbox: true }))).toBe('signed_out');
    // Nothing was left to tell the service: the grant had already ended there.
    expect(revokes()).toEqual([]);
  });
});

describe('a revoke that failed', () => {
  it('is not called pending while the first try, made at sign-out, is still on its way; it is once that try failed', async () => {
    const held = deferred<Response>();
    const asked = deferred<undefined>();
    const mailbox = fakeMailbox(A, letters, NAME);
    fakeService(network, A, 'A', (request) => {
      if (request.url.pathname !== REVOKE_PATH) return mailbox(request);
      asked.resolve(undefined);
      return held.promise;
    });
    await signIn(configFor(A));
    fakeBrowser.runtime.told = [];

    const signingOut = handlers.signOut({ type: 'signOut' });
    // The revoke is on its way (the pages were told of the sign-out before it left).
    await asked.promise;
    expect(fakeBrowser.runtime.told).toEqual([{ event: 'sessionEnded', reason: 'user' }]);
    // What a page that heard the sign-out asks now: no warning that would vanish a moment later.
    expect(await handlers.getRevocation({ type: 'getRevocation' })).toEqual({ pending: false });

    held.resolve(Response.json({ 'error-code': 'SERVICE_UNAVAILABLE' }, { status: 503 }));
    await signingOut;
    await worker.idle();
    expect(await handlers.getRevocation({ type: 'getRevocation' })).toEqual({ pending: true });
    expect(fakeBrowser.runtime.told).toEqual([{ event: 'sessionEnded', reason: 'user' }, { event: 'revocationChanged' }]);
  });

  it('is remembered as pending, lets no call be made, and is sent once when the service is back', async () => {
    const a = serviceAt(A, 'A');
    await signIn(configFor(A));
    revokeDown = true;
    network.seen.length = 0;

    expect((await handlers.signOut({ type: 'signOut' })).state).toBe('signed_out');
    expect(await handlers.getRevocation({ type: 'getRevocation' })).toEqual({ pending: true });

    // What is kept for the revoke signs nobody in: every call is refused before the network.
    expect(await failureOf(handlers.getRoot({ type: 'getRoot', force: true }))).toBe('signed_out');
    expect(await failureOf(handlers.getResource({ type: 'getResource', url: `${A}/post/api/docs/1`, relation: 'self' }))).toBe(
      'signed_out',
    );
    expect(
      await failureOf(handlers.getContent({ type: 'getContent', url: `${A}/post/api/docs/1/content`, relation: 'get_document_content' })),
    ).toBe('signed_out');
    expect((await handlers.getStatus({ type: 'getStatus' })).state).toBe('signed_out');
    expect(network.seen.map((r) => r.url.pathname)).toEqual([REVOKE_PATH]);
    expect(a.tokenRequests).toHaveLength(1);

    // Still down: a retry says why, and keeps it.
    expect(await handlers.retryRevocation({ type: 'retryRevocation' })).toMatchObject({ pending: true, error: { code: 'http_server' } });

    revokeDown = false;
    fakeBrowser.runtime.told = [];
    expect(await handlers.retryRevocation({ type: 'retryRevocation' })).toEqual({ pending: false });
    expect(revokes().map((r) => r.authorization)).toEqual(['Bearer A-AT-1', 'Bearer A-AT-1', 'Bearer A-AT-1']);
    expect(fakeBrowser.runtime.told).toEqual([{ event: 'revocationChanged' }]);
    // Nothing is left to try: another round sends nothing.
    await handlers.retryRevocation({ type: 'retryRevocation' });
    expect(revokes()).toHaveLength(3);
    expect(fakeBrowser.storage.local.data['auth.pendingRevocations']).toBeUndefined();
  });

  it('a new sign-in does not use it, and its retry ends only the old grant', async () => {
    serviceAt(A, 'A');
    await signIn(configFor(A));
    revokeDown = true;
    await handlers.signOut({ type: 'signOut' });
    await handlers.connect({ type: 'connect' });
    revokeDown = false;
    network.seen.length = 0;

    await handlers.retryRevocation({ type: 'retryRevocation' });

    expect(revokes().map((r) => r.authorization)).toEqual(['Bearer A-AT-1']);
    expect((await handlers.getStatus({ type: 'getStatus' })).state).toBe('signed_in');
    expect(network.bearers().filter(([, token]) => token === 'A-AT-1')).toHaveLength(1);
  });

  it('keeps the access to the old service’s site after the address changed, until the old service is told', async () => {
    serviceAt(A, 'A');
    serviceAt(B, 'B');
    await signIn(configFor(A));
    revokeDown = true;

    await handlers.saveConfig({ type: 'saveConfig', config: configFor(B) });
    expect(fakeBrowser.permissions.removed).toEqual([]);
    expect(await handlers.getRevocation({ type: 'getRevocation' })).toEqual({ pending: true });

    revokeDown = false;
    expect(await handlers.retryRevocation({ type: 'retryRevocation' })).toEqual({ pending: false });
    expect(revokes().map((r) => [r.url.origin, r.authorization])).toEqual([
      [A, 'Bearer A-AT-1'],
      [A, 'Bearer A-AT-1'],
    ]);
    expect(fakeBrowser.permissions.removed).toEqual([[`${A}/*`]]);
  });
});
