import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogueMessage } from '../../support/catalogue-i18n.ts';
import { LETTERS_PER_LIST } from '../../../src/background/due-invoices.ts';
import { rootResourceSchema, type RootResource } from '../../../src/api/schemas.ts';
import type { BuildDefaults } from '../../../src/config/build-defaults.ts';
import type { ExtensionConfig } from '../../../src/config/config.ts';
import { makeIdToken } from '../auth/fakes.ts';
import type { LinkTarget } from '../../../src/api/links.ts';
import { viewerPages } from '../../../src/storage/page-items.ts';
import { FakeNetwork, fakeBrowser, resetFakeBrowser, REDIRECT_URI } from './fake-browser.ts';

const A = 'https://a.example.org';
const INBOX_PATH = '/post/api/private/mailbox/2939/documents/inbox';
/** A look at the inbox for new letters: not the open invoices' read of its newest hundred (due-invoices.ts), which each fetch of the root starts too. */
const notificationLook = (r: { url: URL }) => r.url.pathname === INBOX_PATH && r.url.searchParams.get('limit') !== String(LETTERS_PER_LIST);
const config: ExtensionConfig = {
  baseUrl: A,
  clientId: 'client-1',
  clientSecret: 's3cr3t-value',
  scopes: ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO'],
  pollMinutes: 5,
  notify: false,
};

/** The notifications the worker put on screen, as the browser would show them. */
const shown: { id: string; title: string; message: string; buttons?: boolean }[] = [];
Object.assign(fakeBrowser, {
  notifications: {
    create: (id: string, options: { title: string; message: string; buttons?: unknown }) => {
      shown.push({ id, title: options.title, message: options.message, buttons: 'buttons' in options });
      return Promise.resolve(id);
    },
    getAll: () => Promise.resolve({}),
    clear: () => Promise.resolve(true),
    onClicked: { addListener: () => undefined },
  },
});

const network = new FakeNetwork();
// Modules shared with the pages (viewer addresses, i18n) reach the API through `chrome`.
vi.stubGlobal('chrome', fakeBrowser);
const BUILD_DEFAULTS: BuildDefaults = { baseUrl: A, clientId: config.clientId, clientSecret: config.clientSecret, scopes: config.scopes };

// Imported after the stub: the worker, made over the fake browser.
const { fakeWorker } = await import('./fake-worker.ts');
const worker = fakeWorker(network, BUILD_DEFAULTS);
const { handlers, session } = worker;

function letter(id: number, sender: string, subject: string) {
  return {
    subject,
    creatorName: sender,
    created: '2026-11-22T10:00:00+01:00',
    attachment: [{ subject, mainDocument: true, read: false }],
    link: [{ rel: `${A}/post/relations/self`, uri: `${A}/post/api/private/documents/${id}` }],
  };
}

/** The inbox page the service answers with: the letters in it now, newest first. */
let inboxLetters: ReturnType<typeof letter>[] = [];
/** The inbox of the mailbox Ola Nordmann shares with the person, when the root lists it. */
const SHARED_INBOX_PATH = '/post/api/private/mailbox/77/documents/inbox';
let sharedLetters: ReturnType<typeof letter>[] = [];
let sharedInboxFails = false;

/** A root as the real service may send it: no inbox at the account, one under `mailbox[]`. */
function rootWithInboxOnlyInMailbox(unread: number): RootResource {
  return rootResourceSchema.parse({
    primaryAccount: { fullName: 'Kari Nordmann', link: [{ rel: `${A}/post/relations/receipts`, uri: `${A}/post/api/private/receipts` }] },
    mailbox: [
      {
        name: 'Kari Nordmann',
        unreadItemsInInbox: unread,
        link: [{ rel: `${A}/post/relations/document_inbox`, uri: `${A}${INBOX_PATH}` }],
      },
    ],
    link: [],
  });
}

beforeEach(async () => {
  resetFakeBrowser();
  shown.length = 0;
  inboxLetters = [];
  sharedLetters = [];
  sharedInboxFails = false;
  network.seen.length = 0;
  network.handlers.set(A, (request) => {
    if (request.url.pathname === '/post/api/oauth/accesstoken') {
      const nonce = new URLSearchParams(request.body).get('nonce') ?? 'null';
      return Response.json({
        access_token: 'AT',
        refresh_token: 'RT',
        expires_in: 900,
        token_type: 'bearer',
        id_token: makeIdToken(Date.now(), nonce, { iss: `${A}/` }),
      });
    }
    if (request.url.pathname === INBOX_PATH) return Response.json({ document: inboxLetters, link: [] });
    if (request.url.pathname === SHARED_INBOX_PATH)
      return sharedInboxFails ? Response.json({}, { status: 503 }) : Response.json({ document: sharedLetters, link: [] });
    return Response.json(rootWithInboxOnlyInMailbox(inboxLetters.length));
  });
  fakeBrowser.identity.launchWebAuthFlow = ({ url }) =>
    Promise.resolve(`${REDIRECT_URI}?code=CODE&state=${encodeURIComponent(new URL(url).searchParams.get('state') ?? '')}`);
  // Signed in with notifications off, so no check runs behind the test's back; then switched on.
  await fakeBrowser.storage.local.set({ config });
  await handlers.connect({ type: 'connect' });
  await fakeBrowser.storage.local.set({ config: { ...config, notify: true } });
});

describe('notifications of new letters', () => {
  it('find a new letter when the root lists the inbox only under mailbox[]', async () => {
    const on = { ...config, notify: true };
    inboxLetters = [letter(1, 'Skatteetaten', 'Skattemelding')];
    // The first check takes note of what is already unread.
    await worker.notifications.notifyNewLetters(on, rootWithInboxOnlyInMailbox(1), await session.generation());
    expect(shown).toEqual([]);

    inboxLetters = [letter(2, 'Fjordkraft', 'Faktura for november'), ...inboxLetters];
    await worker.notifications.notifyNewLetters(on, rootWithInboxOnlyInMailbox(2), await session.generation());

    expect(shown.map(({ title, message }) => ({ title, message }))).toEqual([{ title: 'Fjordkraft', message: 'Faktura for november' }]);
    expect(network.seen.filter(notificationLook)).toHaveLength(2);
  });

  it('take the count beside that inbox: a mailbox with nothing unread costs no look at it', async () => {
    const on = { ...config, notify: true };
    inboxLetters = [];
    await worker.notifications.notifyNewLetters(on, rootWithInboxOnlyInMailbox(0), await session.generation());
    await worker.notifications.notifyNewLetters(on, rootWithInboxOnlyInMailbox(0), await session.generation());
    expect(network.seen.filter(notificationLook)).toEqual([]);
    expect(shown).toEqual([]);
  });
});

describe('notifications of new letters in a mailbox shared with the person', () => {
  /** The person's root with Ola Nordmann's mailbox beside their own, each with its unread count. */
  function rootWithSharedMailbox(): RootResource {
    const own = rootWithInboxOnlyInMailbox(inboxLetters.length);
    return rootResourceSchema.parse({
      ...own,
      mailbox: [
        ...(own.mailbox ?? []),
        {
          name: 'Ola Nordmann',
          digipostaddress: 'ola.nordmann#77',
          owner: false,
          unreadItemsInInbox: sharedLetters.length,
          link: [{ rel: `${A}/post/relations/document_inbox`, uri: `${A}${SHARED_INBOX_PATH}` }],
        },
      ],
    });
  }
  const on = { ...config, notify: true };
  // The notifications' words as the browser would give them, from the English catalogue.
  const keysOnly = fakeBrowser.i18n.getMessage;
  beforeEach(() => {
    fakeBrowser.i18n.getMessage = (key: string, substitutions?: string | string[]) => catalogueMessage('en', key, substitutions);
  });
  afterEach(() => {
    fakeBrowser.i18n.getMessage = keysOnly;
  });
  const check = async () => worker.notifications.notifyNewLetters(on, rootWithSharedMailbox(), await session.generation());
  const viewerTargets = async () =>
    Object.entries(await fakeBrowser.storage.session.get(null))
      .filter(([key]) => viewerPages.owns(key))
      .map(([, value]) => value as LinkTarget);

  it('name whose mailbox a new letter came to, and open it in that mailbox', async () => {
    inboxLetters = [letter(1, 'Skatteetaten', 'Skattemelding')];
    await check();
    expect(shown).toEqual([]);

    sharedLetters = [letter(10, 'KLP', 'Pensjonsutbetaling')];
    await check();

    expect(shown.map(({ title, message }) => ({ title, message }))).toEqual([
      { title: 'KLP', message: 'Pensjonsutbetaling\nTo Ola Nordmann' },
    ]);
    expect(await viewerTargets()).toEqual([
      expect.objectContaining({ url: `${A}/post/api/private/documents/10`, mailbox: `${A}${SHARED_INBOX_PATH}` }),
    ]);
  });

  it('a new letter of the person’s own still says nothing of whose it is', async () => {
    await check();
    inboxLetters = [letter(2, 'Fjordkraft', 'Faktura for november')];
    await check();
    expect(shown.map(({ title, message }) => ({ title, message }))).toEqual([{ title: 'Fjordkraft', message: 'Faktura for november' }]);
  });

  it('a mailbox shared later: what was unread in it before is taken note of, not alerted; its next new letter is', async () => {
    await worker.notifications.notifyNewLetters(on, rootWithInboxOnlyInMailbox(inboxLetters.length), await session.generation());
    inboxLetters = [letter(1, 'Skatteetaten', 'Skattemelding')];
    sharedLetters = [letter(10, 'KLP', 'Pensjonsutbetaling'), letter(11, 'NAV', 'Vedtak')];
    await check();
    expect(shown.map(({ title }) => title)).toEqual(['Skatteetaten']);
    sharedLetters = [letter(12, 'Telenor', 'Faktura'), ...sharedLetters];
    await check();
    expect(shown.map(({ title }) => title)).toEqual(['Skatteetaten', 'Telenor']);
  });

  it('a shared inbox that could not be read when alerts were switched on is taken note of once it can be', async () => {
    sharedInboxFails = true;
    sharedLetters = [letter(10, 'KLP', 'Pensjonsutbetaling'), letter(11, 'NAV', 'Vedtak')];
    await check();
    sharedInboxFails = false;
    await check();
    expect(shown).toEqual([]);
    sharedLetters = [letter(12, 'Telenor', 'Faktura'), ...sharedLetters];
    await check();
    expect(shown.map(({ title }) => title)).toEqual(['Telenor']);
  });

  it('what was remembered before shared mailboxes were kept still alerts their new letters, as it did', async () => {
    sharedLetters = [letter(10, 'KLP', 'Pensjonsutbetaling')];
    await check();
    const { notifiedLetters } = await fakeBrowser.storage.local.get(['notifiedLetters']);
    await fakeBrowser.storage.local.set({ notifiedLetters: { keys: (notifiedLetters as { keys: string[] }).keys, primed: true } });
    sharedLetters = [letter(11, 'NAV', 'Vedtak'), ...sharedLetters];
    await check();
    expect(shown.map(({ title }) => title)).toEqual(['NAV']);
  });

  it('a shared inbox that cannot be read does not keep the person’s own new letters from being notified', async () => {
    await check();
    sharedInboxFails = true;
    sharedLetters = [letter(10, 'KLP', 'Pensjonsutbetaling')];
    inboxLetters = [letter(2, 'Fjordkraft', 'Faktura for november')];
    await check();
    expect(shown.map(({ title }) => title)).toEqual(['Fjordkraft']);
  });
});

describe('alerts the person shapes (issue #48)', () => {
  const on = { ...config, notify: true };
  let state: 'active' | 'idle' | 'locked' = 'active';
  const shaped = fakeWorker(network, BUILD_DEFAULTS, { idleState: () => Promise.resolve(state) });
  const check = async (unread: number) =>
    shaped.notifications.notifyNewLetters(on, rootWithInboxOnlyInMailbox(unread), await shaped.session.generation());

  const keysOnly = fakeBrowser.i18n.getMessage;
  afterEach(() => {
    fakeBrowser.i18n.getMessage = keysOnly;
  });
  beforeEach(async () => {
    fakeBrowser.i18n.getMessage = (key: string, substitutions?: string | string[]) => catalogueMessage('en', key, substitutions);
    state = 'active';
    inboxLetters = [letter(1, 'Skatteetaten', 'Skattemelding')];
    await check(1);
    expect(shown).toEqual([]);
  });

  it('quiet while the computer is idle or locked; back, what came meanwhile is one alert, without what was read meanwhile, and never again', async () => {
    state = 'locked';
    inboxLetters = [letter(2, 'NAV', 'Vedtak'), ...inboxLetters];
    await check(2);
    state = 'idle';
    inboxLetters = [letter(3, 'Posten', 'Hentemelding'), letter(4, 'Telenor', 'Faktura'), ...inboxLetters];
    await check(4);
    expect(shown).toEqual([]);
    // Telenor's letter was read on the phone meanwhile: it is no longer unread, and not alerted.
    inboxLetters = inboxLetters.filter((one) => one.creatorName !== 'Telenor');
    state = 'active';
    await check(3);
    expect(shown.map(({ title, message }) => ({ title, message }))).toEqual([
      // Newest first, as the inbox lists them.
      { title: '2 new letters while you were away', message: 'From Posten and NAV' },
    ]);
    await check(3);
    expect(shown).toHaveLength(1);
  });

  it('what waited for the person and was read meanwhile leaves nothing behind: a later letter is its own alert, not one “while you were away”', async () => {
    state = 'locked';
    inboxLetters = [letter(2, 'NAV', 'Vedtak'), ...inboxLetters];
    await check(2);
    // Both read on the phone: nothing is unread when the computer is next looked at.
    inboxLetters = [];
    await check(0);
    state = 'active';
    await check(0);
    inboxLetters = [letter(3, 'Posten', 'Hentemelding')];
    await check(1);
    expect(shown.map(({ title, message }) => [title, message])).toEqual([['Posten', 'Hentemelding']]);
  });

  it('a new start (switched on again, a sign-in) forgets letters that waited for the person: no “while you were away” for them', async () => {
    state = 'locked';
    inboxLetters = [letter(2, 'NAV', 'Vedtak'), ...inboxLetters];
    await check(2);
    await shaped.notifications.resetNotificationBaseline();
    state = 'active';
    await check(2);
    expect(shown).toEqual([]);
    inboxLetters = [letter(3, 'Posten', 'Hentemelding'), ...inboxLetters];
    await check(3);
    expect(shown.map(({ title, message }) => [title, message])).toEqual([['Posten', 'Hentemelding']]);
  });

  it('never the same alert again after the worker stopped, nor after the browser restarted (its session storage gone)', async () => {
    inboxLetters = [letter(2, 'NAV', 'Vedtak'), ...inboxLetters];
    await check(2);
    expect(shown.map(({ title }) => title)).toEqual(['NAV']);
    // The worker stopped and started again: a new worker over the same storage.
    const restarted = fakeWorker(network, BUILD_DEFAULTS, { idleState: () => Promise.resolve(state) });
    inboxLetters = [letter(3, 'Posten', 'Hentemelding'), ...inboxLetters];
    await restarted.notifications.notifyNewLetters(on, rootWithInboxOnlyInMailbox(3), await restarted.session.generation());
    expect(shown.map(({ title }) => title)).toEqual(['NAV', 'Posten']);
    // The browser closed and opened again: what it kept in memory is gone, storage.local is not.
    fakeBrowser.storage.session.data = {};
    const reopened = fakeWorker(network, BUILD_DEFAULTS, { idleState: () => Promise.resolve(state) });
    inboxLetters = [letter(4, 'Telenor', 'Faktura'), ...inboxLetters];
    await reopened.notifications.notifyNewLetters(on, rootWithInboxOnlyInMailbox(4), await reopened.session.generation());
    expect(shown.map(({ title }) => title)).toEqual(['NAV', 'Posten', 'Telenor']);
  });

  it('paused from the toolbar button’s menu: nothing, not even after the pause; resumed, the next new letter is alerted', async () => {
    expect(await shaped.alerts.menuClicked('alerts-pause-hour')).toBe(true);
    inboxLetters = [letter(2, 'NAV', 'Vedtak'), ...inboxLetters];
    await check(2);
    expect(shown).toEqual([]);
    expect(await shaped.alerts.menuClicked('alerts-resume')).toBe(true);
    await check(2);
    expect(shown).toEqual([]);
    inboxLetters = [letter(3, 'Posten', 'Hentemelding'), ...inboxLetters];
    await check(3);
    expect(shown.map(({ title }) => title)).toEqual(['Posten']);
  });

  it('several new letters in one check: one summary that opens the inbox', async () => {
    inboxLetters = [letter(2, 'NAV', 'Vedtak'), letter(3, 'Posten', 'Hentemelding'), ...inboxLetters];
    await check(3);
    expect(shown.map(({ id, title, message }) => [id.split('-')[0], title, message])).toEqual([
      ['more', '2 new letters', 'From NAV and Posten'],
    ]);
  });

  it('never an alert about being offline: a look that fails shows nothing, and the letter is alerted once Digipost answers', async () => {
    inboxLetters = [letter(2, 'NAV', 'Vedtak'), ...inboxLetters];
    const answering = network.handlers.get(A);
    network.handlers.set(A, (request) =>
      request.url.pathname === INBOX_PATH ? Promise.reject(new TypeError('Failed to fetch')) : (answering?.(request) ?? Response.error()),
    );
    await expect(check(2)).rejects.toThrow();
    expect(shown).toEqual([]);
    if (answering) network.handlers.set(A, answering);
    await check(2);
    expect(shown.map(({ title }) => title)).toEqual(['NAV']);
  });

  it('offer nothing but their click, in Chromium as in Firefox (which has no buttons): no buttons', async () => {
    inboxLetters = [letter(2, 'NAV', 'Vedtak'), ...inboxLetters];
    await check(2);
    expect(shown).toHaveLength(1);
    expect(shown[0]?.buttons).toBe(false);
  });
});
