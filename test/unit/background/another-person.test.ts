import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BuildDefaults } from '../../../src/config/build-defaults.ts';
import type { ExtensionConfig } from '../../../src/config/config.ts';
import { notificationTargetsItem, writeRecords } from '../../../src/storage/items.ts';
import { needsItem, rootCacheItem, viewerPages } from '../../../src/storage/page-items.ts';
import { saveRequests } from '../../../src/storage/upload-items.ts';
import { FakeNetwork, fakeBrowser, REDIRECT_URI, resetFakeBrowser } from './fake-browser.ts';
import { fakeMailbox, fakeService } from './fake-service.ts';

/*
 * Another person signing in without a sign-out first (issue #33, point 6), through the worker's
 * real handlers over the fake browser: the first person's records go as at a sign-out (the cached
 * root and open invoices, notification targets, viewer pages, save requests, write records, and
 * the open pages told to drop what they hold) before the second person's session is used; and one
 * step of that cleanup failing does not keep the others from running.
 */

const A = 'https://a.example.org';
const CLIENT = { clientId: 'client-1', clientSecret: 's3cr3t-value' };
const config: ExtensionConfig = {
  baseUrl: A,
  ...CLIENT,
  scopes: ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO'],
  pollMinutes: 5,
  notify: false,
};
const FIRST = { userId: '111111', name: 'Kari Nordmann' };
const SECOND = { userId: '222222', name: 'Ola Nordmann' };

const network = new FakeNetwork();
vi.stubGlobal('chrome', fakeBrowser);
const BUILD_DEFAULTS: BuildDefaults = { baseUrl: A, ...CLIENT, scopes: ['READ_ACCOUNT_INFO'] };

// Imported after the stub: the worker, made over the fake browser.
const { fakeWorker } = await import('./fake-worker.ts');
const { rememberTarget } = await import('../../../src/storage/viewer-pages.ts');
const { removeFamilies } = await import('../../../src/storage/browser-areas.ts');
type WorkerDeps = import('../../../src/background/worker.ts').WorkerDeps;

/** Who the consent window signs in next. */
let person = FIRST;

function service(): void {
  const mailboxes = new Map(
    [FIRST, SECOND].map((p) => [p.userId, fakeMailbox(A, [{ id: 1, subject: `Brev til ${p.name}`, read: false }], p.name)]),
  );
  fakeService(
    network,
    A,
    'A',
    (request) => mailboxes.get(person.userId)?.(request) ?? Response.json({}, { status: 500 }),
    () => person.userId,
  );
}

/** A worker whose save requests and write records go as the composition root's do. */
function worker(overrides: Partial<WorkerDeps> = {}) {
  return fakeWorker(network, BUILD_DEFAULTS, { forgetWrites: () => removeFamilies(saveRequests, writeRecords), ...overrides });
}

/** What the first person left behind while signed in: a page's letter, a save, a write, a notification, open invoices. */
async function firstPersonsRecords(): Promise<void> {
  await rememberTarget('AAAAAAAAAAAAAAAAAAAAAA', { url: `${A}/post/api/docs/1`, relation: 'self' });
  await fakeBrowser.storage.session.set({
    [saveRequests.item('abcdefghijklmnopqrstuv').key]: { url: 'https://bank.example/a.pdf' },
    [writeRecords.item('op-1').key]: { state: 'done', at: Date.now() },
    [notificationTargetsItem.key]: { 'letter-1': 'chrome-extension://x/viewer.html?page=AAAAAAAAAAAAAAAAAAAAAA' },
    [needsItem.key]: { generation: 1, invoices: [{ subject: `Faktura til ${FIRST.name}` }] },
  });
}

const sessionStorage = () => fakeBrowser.storage.session.data;

/**
 * The keys in storage.session that stand for what one person did or saw. (The cached root and open
 * invoices are not among them: the second person's own are fetched at once; the tests look for
 * the first person's name in them instead.)
 */
function personalKeys(): string[] {
  return Object.keys(sessionStorage()).filter(
    (key) => viewerPages.owns(key) || saveRequests.owns(key) || writeRecords.owns(key) || key === notificationTargetsItem.key,
  );
}

async function signIn(w: ReturnType<typeof worker>, who: typeof FIRST): Promise<void> {
  person = who;
  await w.handlers.connect({ type: 'connect' });
  // What follows a fetch of the root (the check for new letters, the open invoices) runs in the background.
  await w.idle();
}

beforeEach(async () => {
  resetFakeBrowser();
  network.seen.length = 0;
  network.handlers.clear();
  person = FIRST;
  fakeBrowser.identity.launchWebAuthFlow = ({ url }) =>
    Promise.resolve(`${REDIRECT_URI}?code=CODE&state=${encodeURIComponent(new URL(url).searchParams.get('state') ?? '')}`);
  await fakeBrowser.storage.local.set({ config });
  service();
});

describe('another person signing in without a sign-out first', () => {
  it('leaves none of the first person’s records, and the open pages are told before the new session is announced', async () => {
    const w = worker();
    await signIn(w, FIRST);
    await firstPersonsRecords();
    expect(JSON.stringify(sessionStorage()[rootCacheItem.key])).toContain(FIRST.name);
    expect(personalKeys()).toHaveLength(4);
    fakeBrowser.runtime.told = [];

    await signIn(w, SECOND);

    expect(personalKeys()).toEqual([]);
    expect(JSON.stringify(sessionStorage())).not.toContain(FIRST.name);
    expect(await w.session.status()).toMatchObject({ state: 'signed_in', userId: SECOND.userId });
    const told = fakeBrowser.runtime.told as { event: string }[];
    // The consent came back approved (said at once), then the first person's pages were told, then the new session announced.
    expect(told.map((e) => e.event)).toEqual(['signInApproved', 'sessionEnded', 'sessionChanged']);
    // The second person's mailbox is the one shown now.
    expect(JSON.stringify((await w.handlers.getRoot({ type: 'getRoot' })).root)).toContain(SECOND.name);
  });

  it('the same person signing in again keeps what is theirs (a write record still guards its write)', async () => {
    const w = worker();
    await signIn(w, FIRST);
    await firstPersonsRecords();
    fakeBrowser.runtime.told = [];

    await signIn(w, FIRST);

    expect(personalKeys()).toHaveLength(4);
    expect((fakeBrowser.runtime.told as { event: string }[]).map((e) => e.event)).toEqual(['signInApproved', 'sessionChanged']);
  });

  it('one failing step of the cleanup does not keep the others from running', async () => {
    const w = worker({
      forgetWrites: () => Promise.reject(new Error('storage is busy')),
      viewerPages: {
        remember: rememberTarget,
        forgetNamed: () => Promise.resolve(),
        forgetAll: () => Promise.reject(new Error('storage is busy')),
      },
    });
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await signIn(w, FIRST);
    await firstPersonsRecords();
    fakeBrowser.runtime.told = [];

    await signIn(w, SECOND);

    // What the failing steps would have removed is there; every step after them ran.
    expect(personalKeys().filter((key) => viewerPages.owns(key) || saveRequests.owns(key) || writeRecords.owns(key))).toHaveLength(3);
    expect(sessionStorage()).not.toHaveProperty(notificationTargetsItem.key);
    expect(JSON.stringify(sessionStorage()[needsItem.key] ?? null)).not.toContain(FIRST.name);
    expect(JSON.stringify(sessionStorage()[rootCacheItem.key] ?? null)).not.toContain(FIRST.name);
    expect((fakeBrowser.runtime.told as { event: string }[]).map((e) => e.event)).toEqual([
      'signInApproved',
      'sessionEnded',
      'sessionChanged',
    ]);
    expect(await w.session.status()).toMatchObject({ state: 'signed_in', userId: SECOND.userId });
    const warnings = warned.mock.calls.map((call) => String(call[0]));
    expect(warnings.some((text) => text.includes('viewer pages'))).toBe(true);
    expect(warnings.some((text) => text.includes('write records'))).toBe(true);
    warned.mockRestore();
  });
});

describe('a sign-out whose cleanup meets a failing step', () => {
  it('still forgets everything else and tells the open pages', async () => {
    const w = worker();
    await signIn(w, FIRST);
    await firstPersonsRecords();
    fakeBrowser.runtime.told = [];
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // The cached root cannot be removed (the first step of the cleanup).
    const remove = fakeBrowser.storage.session.remove.bind(fakeBrowser.storage.session);
    fakeBrowser.storage.session.remove = (keys) =>
      keys.includes(rootCacheItem.key) ? Promise.reject(new Error('storage is busy')) : remove(keys);

    try {
      expect((await w.handlers.signOut({ type: 'signOut' })).state).toBe('signed_out');
    } finally {
      fakeBrowser.storage.session.remove = remove;
      warned.mockRestore();
    }

    // Only what the failing step held is left (the cached root and open invoices go together).
    expect(personalKeys()).toEqual([]);
    expect(sessionStorage()).toHaveProperty(needsItem.key);
    expect(fakeBrowser.runtime.told).toContainEqual({ event: 'sessionEnded', reason: 'user' });
  });
});
