import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RootResource } from '../../../src/api/schemas.ts';
import type { AuthorizedRequest } from '../../../src/background/authorized-fetch.ts';
import { createBackgroundWork, type BackgroundWork } from '../../../src/background/background-work.ts';
import { createRootCache, FRESHNESS_MS, type CachedRoot, type RootCache } from '../../../src/background/root-cache.ts';
import type { ExtensionConfig } from '../../../src/config/config.ts';
import type { Permission } from '../../../src/shared/permissions.ts';
import { AppError } from '../../../src/shared/errors.ts';
import { appErrorOf } from '../app-error.ts';
import { deferred, FakeClock, MemoryArea } from '../auth/fakes.ts';

/*
 * The root cache alone, over plain fakes handed to createRootCache: a storage area in memory, a
 * session that is only a generation and a status, the service as a function from request to
 * answer, and a clock. What is served from the cache, what is fetched, and what a sign-out in the
 * middle of a fetch leaves behind.
 */

const A = 'https://a.example.org';
const B = 'https://b.example.org';
const SCOPES: Permission[] = ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO'];
const INBOX = `${A}/post/api/private/mailbox/1/documents/inbox`;
const ROOT_URL = `${A}/post/api`;

const configFor = (baseUrl: string): ExtensionConfig => ({
  baseUrl,
  clientId: 'client-1',
  clientSecret: 's3cr3t',
  scopes: SCOPES,
  pollMinutes: 5,
  notify: false,
});

function root(name: string, unread: number, inbox = INBOX) {
  return {
    primaryAccount: { fullName: name, unreadItemsInInbox: unread, link: [{ rel: `${A}/post/relations/document_inbox`, uri: inbox }] },
    link: [],
  };
}

function inboxPage(subject: string) {
  return {
    document: [
      {
        subject,
        creatorName: 'Skatteetaten',
        created: '2026-11-22T10:00:00+01:00',
        attachment: [{ subject, mainDocument: true, read: false }],
        link: [{ rel: `${A}/post/relations/self`, uri: `${A}/post/api/private/documents/1` }],
      },
    ],
  };
}

/** The session as the cache sees it: a generation that a sign-out moves on, and a status. */
class FakeSession {
  current = 1;
  signedIn = true;
  generation = (): Promise<number> => Promise.resolve(this.current);
  status = () =>
    Promise.resolve(
      this.signedIn
        ? ({ state: 'signed_in', userId: 'u1', scopes: SCOPES, expiresAt: Number.MAX_SAFE_INTEGER } as const)
        : ({ state: 'signed_out' } as const),
    );
}

/** The service: each request is recorded, then answered by `answer` (the root and the inbox page by default). */
class FakeService {
  readonly requests: string[] = [];
  rootAnswer: unknown = root('Kari Nordmann', 2);
  inboxAnswer: unknown = inboxPage('Skattemelding');
  /** Called before a request is answered (a sign-out "while it is on its way"). */
  onRequest: ((url: string) => Promise<void>) | undefined;

  authorizedFetch = async (_config: ExtensionConfig, request: AuthorizedRequest): Promise<unknown> => {
    this.requests.push(request.url);
    await this.onRequest?.(request.url);
    return new URL(request.url).pathname.endsWith('/documents/inbox') ? this.inboxAnswer : this.rootAnswer;
  };
}

let storage: { session: MemoryArea };
let session: FakeSession;
let service: FakeService;
let clock: FakeClock;
let badge: string[];
let notified: number[];
let dueRounds: number[];
/** Where the cache starts what follows a fetch (the badge, notifications, open invoices): the tests wait for it to be done. */
let background: BackgroundWork;
let cache: RootCache;

beforeEach(() => {
  storage = { session: new MemoryArea() };
  session = new FakeSession();
  service = new FakeService();
  clock = new FakeClock();
  badge = [];
  notified = [];
  dueRounds = [];
  background = createBackgroundWork();
  cache = createRootCache({
    storage,
    session,
    calls: service,
    now: clock.now,
    badge: {
      showUnread: ({ counts }) => Promise.resolve(void badge.push(String(counts.total))),
      showSignedOut: () => Promise.resolve(void badge.push('signed out')),
      showNoAnswer: (last) => Promise.resolve(void badge.push(`not current: ${String(last?.counts.total)}`)),
      showPermissionNeeded: () => Promise.resolve(void badge.push('permission needed')),
    },
    notifyNewLetters: (_config: ExtensionConfig, _root: RootResource, generation: number) =>
      Promise.resolve(void notified.push(generation)),
    // The open invoices' reads have their own tests (due-invoices.test.ts): here only that each fetch of the root starts a round.
    dueInvoices: { readRound: (_config, _root, generation) => Promise.resolve(void dueRounds.push(generation)) },
    background,
  });
});

const stored = () => storage.session.data.rootCache as CachedRoot | undefined;
const nameIn = (snapshot: CachedRoot | undefined) => snapshot?.root.primaryAccount?.fullName;
const subjectsIn = (snapshot: CachedRoot | undefined) => snapshot?.inbox?.documents?.map((d) => d.subject);

describe('freshness: what the cache serves without asking the service', () => {
  it('a root fetched less than a minute ago is served from the cache, with no request', async () => {
    await cache.getRootAndAnnounce(configFor(A), false);
    expect(service.requests).toEqual([ROOT_URL]);
    service.rootAnswer = root('Someone Else', 9);
    clock.ms += FRESHNESS_MS - 1;

    const again = await cache.getRootAndAnnounce(configFor(A), false);

    expect(service.requests).toEqual([ROOT_URL]);
    expect(nameIn(again)).toBe('Kari Nordmann');
  });

  it('a root a minute old is fetched again, and the new one is cached and counted on the badge', async () => {
    await cache.getRootAndAnnounce(configFor(A), false);
    service.rootAnswer = root('Kari Nordmann', 5);
    clock.ms += FRESHNESS_MS;

    const again = await cache.getRootAndAnnounce(configFor(A), false);
    await background.idle();

    expect(service.requests).toEqual([ROOT_URL, ROOT_URL]);
    expect(again.root.primaryAccount?.unreadItemsInInbox).toBe(5);
    expect(stored()?.root.primaryAccount?.unreadItemsInInbox).toBe(5);
    expect(badge.at(-1)).toBe('5');
    // Each fetch of the root starts one round of the open invoices' reads, under its session.
    expect(dueRounds).toEqual([1, 1]);
  });

  it('reads the open invoices again with a fetch of the root, but not after a letter was read (which changes none)', async () => {
    await cache.getRootAndAnnounce(configFor(A), true, true, false);
    expect(service.requests).toContain(ROOT_URL);
    expect(dueRounds).toEqual([]);
    await cache.getRootAndAnnounce(configFor(A), true, true);
    expect(dueRounds).toEqual([1]);
  });

  it('force fetches a fresh root again', async () => {
    await cache.getRootAndAnnounce(configFor(A), false);
    await cache.getRootAndAnnounce(configFor(A), true);
    expect(service.requests).toEqual([ROOT_URL, ROOT_URL]);
  });

  it('a fresh root with stale letters refetches only the letters (the popup after the alarm)', async () => {
    await cache.getRootAndAnnounce(configFor(A), false, true);
    expect(service.requests.map((url) => new URL(url).pathname)).toEqual(['/post/api', '/post/api/private/mailbox/1/documents/inbox']);
    // The alarm refreshes the root a while later; the letters keep their own, older time.
    clock.ms += FRESHNESS_MS;
    await cache.getRootAndAnnounce(configFor(A), false);
    clock.ms += 1000;
    service.inboxAnswer = inboxPage('Faktura');
    service.requests.length = 0;

    const popup = await cache.getRootAndAnnounce(configFor(A), false, true);

    expect(service.requests.map((url) => new URL(url).pathname)).toEqual(['/post/api/private/mailbox/1/documents/inbox']);
    expect(subjectsIn(popup)).toEqual(['Faktura']);
    expect(subjectsIn(stored())).toEqual(['Faktura']);
  });

  it('a stale root with stale letters: both are fetched side by side, each asked before the other is answered, and the letters are kept with the root', async () => {
    await cache.getRootAndAnnounce(configFor(A), false, true);
    clock.ms += FRESHNESS_MS;
    service.requests.length = 0;
    service.inboxAnswer = inboxPage('Faktura');
    // The service holds every answer until both requests have reached it: a fetch that waited for
    // the other's answer is never sent, and the wait fails (its bound is for that, not a speed).
    const answers = deferred<undefined>();
    service.onRequest = () => answers.promise;
    const asked = () => service.requests.map((url) => new URL(url).pathname).sort();

    const popup = cache.getRootAndAnnounce(configFor(A), false, true);
    try {
      await vi.waitFor(() => expect(asked()).toEqual(['/post/api', '/post/api/private/mailbox/1/documents/inbox']), { timeout: 10_000 });
    } finally {
      answers.resolve(undefined);
    }

    expect(subjectsIn(await popup)).toEqual(['Faktura']);
    // Kept with the root, so the next open needs neither.
    expect(subjectsIn(stored())).toEqual(['Faktura']);
    service.requests.length = 0;
    await cache.getRootAndAnnounce(configFor(A), false, true);
    expect(service.requests).toEqual([]);
  });

  it('the alarm’s fetch of the root keeps the letters already cached', async () => {
    await cache.getRootAndAnnounce(configFor(A), false, true);
    clock.ms += FRESHNESS_MS;
    const alarm = await cache.getRootAndAnnounce(configFor(A), false);
    expect(subjectsIn(alarm)).toEqual(['Skattemelding']);
  });

  it('a cache of another service’s address is not served: the root is fetched from the configured one', async () => {
    await cache.getRootAndAnnounce(configFor(A), false);
    service.requests.length = 0;

    await cache.getRootAndAnnounce(configFor(B), false).catch(() => undefined);

    expect(service.requests).toEqual([`${B}/post/api`]);
  });

  it('a cache of another session (generation) is not served, even while fresh', async () => {
    await cache.getRootAndAnnounce(configFor(A), false);
    // Signed out and in again: a new generation; the old cache's cleanup lost a race.
    session.current = 2;
    service.rootAnswer = root('Ola Nordmann', 0);

    const again = await cache.getRootAndAnnounce(configFor(A), false);

    expect(service.requests).toEqual([ROOT_URL, ROOT_URL]);
    expect(nameIn(again)).toBe('Ola Nordmann');
    expect(stored()?.generation).toBe(2);
  });

  it('a stale root is not fetched while signed out', async () => {
    session.signedIn = false;
    expect((await appErrorOf(cache.getRootAndAnnounce(configFor(A), false)))?.code).toBe('signed_out');
    expect(service.requests).toEqual([]);
  });
});

describe('fencing: a sign-out between the fetch and the write', () => {
  it('the root fetched for the ended session is not left in the cache, and the caller hears signed out', async () => {
    service.onRequest = () => {
      // The sign-out and its cleanup, while the root is on its way.
      session.current = 2;
      session.signedIn = false;
      return storage.session.remove(['rootCache']);
    };

    const failure = await appErrorOf(cache.getRootAndAnnounce(configFor(A), false));
    await background.idle();

    expect(failure?.code).toBe('signed_out');
    expect(storage.session.data).toEqual({});
    expect(badge).toEqual([]);
    expect(notified).toEqual([]);
  });

  it('a sign-out whose cleanup ran before the write lands: the write is taken back', async () => {
    const held = deferred<undefined>();
    const asked = deferred<undefined>();
    service.onRequest = () => {
      asked.resolve(undefined);
      return held.promise;
    };
    const fetching = appErrorOf(cache.getRootAndAnnounce(configFor(A), false));
    await asked.promise;
    // The cleanup found nothing to remove; the fetch lands after it.
    session.current = 2;
    await storage.session.remove(['rootCache']);
    held.resolve(undefined);

    expect((await fetching)?.code).toBe('signed_out');
    expect(storage.session.data).toEqual({});
  });

  it('the letters fetched for the ended session are not left either (a popup during the sign-out)', async () => {
    await cache.getRootAndAnnounce(configFor(A), false, true);
    clock.ms += FRESHNESS_MS;
    service.onRequest = (url) => {
      if (!new URL(url).pathname.endsWith('/documents/inbox')) return Promise.resolve();
      session.current = 2;
      return storage.session.remove(['rootCache']);
    };

    expect((await appErrorOf(cache.getRootAndAnnounce(configFor(A), false, true)))?.code).toBe('signed_out');
    await background.idle();

    expect(storage.session.data).toEqual({});
  });

  it('a new session’s cache, written between the old write and its check, stays', async () => {
    const write = storage.session.set.bind(storage.session);
    storage.session.set = async (items) => {
      await write(items);
      if ((items.rootCache as CachedRoot | undefined)?.generation !== 1) return;
      // Right after the old session's write lands: signed out and in again, and the new session caches its root.
      session.current = 2;
      await write({ rootCache: { ...(items.rootCache as CachedRoot), root: root('Ola Nordmann', 0), generation: 2 } });
    };

    expect((await appErrorOf(cache.getRootAndAnnounce(configFor(A), false)))?.code).toBe('signed_out');

    expect(stored()?.generation).toBe(2);
    expect(nameIn(stored())).toBe('Ola Nordmann');
  });
});

describe('the newest letters of every mailbox the person can read', () => {
  const SHARED_INBOX = `${A}/post/api/private/mailbox/2/documents/inbox`;
  const withSharedMailbox = () => ({
    ...root('Kari Nordmann', 2),
    mailbox: [
      {
        name: 'Ola Nordmann',
        digipostaddress: 'ola.nordmann#2',
        owner: false,
        unreadItemsInInbox: 1,
        link: [{ rel: `${A}/post/relations/document_inbox`, uri: SHARED_INBOX }],
      },
    ],
  });

  it('reads a shared mailbox’s inbox beside the person’s own, and keeps its letters apart, saying whose they are', async () => {
    service.rootAnswer = withSharedMailbox();
    const answer = service.authorizedFetch;
    service.authorizedFetch = async (config, request) => {
      const data = await answer(config, request);
      return request.url.startsWith(SHARED_INBOX) ? inboxPage('Pensjon') : data;
    };

    await cache.getRootAndAnnounce(configFor(A), false, true);

    expect(subjectsIn(stored())).toEqual(['Skattemelding']);
    expect(stored()?.inbox?.others).toEqual([
      { shared: { mailbox: SHARED_INBOX, whose: 'Ola Nordmann' }, documents: [expect.objectContaining({ subject: 'Pensjon' })] },
    ]);
    // Each asked for as many letters as the popup shows, no more.
    expect(service.requests.filter((url) => url.includes('/documents/inbox'))).toEqual([`${INBOX}?limit=5`, `${SHARED_INBOX}?limit=5`]);
  });

  it('a shared inbox that cannot be read keeps why, and the person’s own letters still show', async () => {
    service.rootAnswer = withSharedMailbox();
    const answer = service.authorizedFetch;
    service.authorizedFetch = async (config, request) => {
      const data = await answer(config, request);
      if (request.url.startsWith(SHARED_INBOX)) throw new Error('network down');
      return data;
    };

    await cache.getRootAndAnnounce(configFor(A), false, true);

    expect(subjectsIn(stored())).toEqual(['Skattemelding']);
    expect(stored()?.inbox?.error).toBeUndefined();
    expect(stored()?.inbox?.others?.[0]?.documents).toBeUndefined();
    expect(stored()?.inbox?.others?.[0]?.error?.detail).toBe('network down');
  });

  it('a shared mailbox with an odd figure (usedStorage null or -1) costs only that figure: the root, the person’s letters and the badge stay', async () => {
    for (const odd of [null, -1]) {
      const shared = withSharedMailbox();
      service.rootAnswer = {
        ...shared,
        mailbox: shared.mailbox.map((mailbox) => ({ ...mailbox, usedStorage: odd, totalAvailableStorage: 1_000 })),
      };
      badge.length = 0;

      const snapshot = await cache.getRootAndAnnounce(configFor(A), true, true);
      await background.idle();

      expect(subjectsIn(stored())).toEqual(['Skattemelding']);
      expect(snapshot.root.mailbox?.map((mailbox) => [mailbox.name, mailbox.usedStorage, mailbox.totalAvailableStorage])).toEqual([
        ['Ola Nordmann', undefined, 1_000],
      ]);
      // The person's own 2 and the parent's 1, as before.
      expect(badge).toEqual(['3']);
    }
  });

  it('a shared mailbox entry that cannot be read at all (its links malformed, or not an object) is left out, and the person’s own root stays', async () => {
    const shared = withSharedMailbox();
    service.rootAnswer = {
      ...shared,
      mailbox: [...shared.mailbox.map((mailbox) => ({ ...mailbox, link: [{ rel: 'x', uri: 42 }] })), 'Ola', ...shared.mailbox],
    };

    const snapshot = await cache.getRootAndAnnounce(configFor(A), false, true);
    await background.idle();

    expect(nameIn(snapshot)).toBe('Kari Nordmann');
    expect(subjectsIn(stored())).toEqual(['Skattemelding']);
    expect(snapshot.root.mailbox).toHaveLength(1);
    expect(badge).toEqual(['3']);
  });

  it('with only the person’s own mailbox, no other inbox is read', async () => {
    await cache.getRootAndAnnounce(configFor(A), false, true);

    expect(stored()?.inbox?.others).toEqual([]);
    expect(service.requests).toEqual([ROOT_URL, `${INBOX}?limit=5`]);
  });
});

describe('the badge when the root cannot be read (issue #48 point 2): never a stale count presented as current', () => {
  const failWith = (code: 'network' | 'timeout' | 'http_server' | 'host_permission_withdrawn' | 'response_malformed' | 'signed_out') => {
    service.onRequest = () => Promise.reject(new AppError(code));
  };

  it('Digipost not answering: the last count stays, said not current, and comes back as current at the next answer', async () => {
    await cache.getRootAndAnnounce(configFor(A), false);
    await background.idle();
    expect(badge).toEqual(['2']);
    clock.ms += FRESHNESS_MS;
    for (const code of ['network', 'timeout', 'http_server', 'response_malformed'] as const) {
      failWith(code);
      await expect(cache.getRootAndAnnounce(configFor(A), true)).rejects.toThrow(code);
    }
    expect(badge).toEqual(['2', 'not current: 2', 'not current: 2', 'not current: 2', 'not current: 2']);
    service.onRequest = undefined;
    service.rootAnswer = root('Kari Nordmann', 4);
    await cache.getRootAndAnnounce(configFor(A), true);
    await background.idle();
    expect(badge.at(-1)).toBe('4');
  });

  it('not answering with no count read yet in this session: not current, with no count to show', async () => {
    failWith('network');
    await expect(cache.getRootAndAnnounce(configFor(A), false)).rejects.toThrow('network');
    expect(badge).toEqual(['not current: undefined']);
  });

  it('the permission to reach the service missing: said so, not as a count', async () => {
    await cache.getRootAndAnnounce(configFor(A), false);
    await background.idle();
    failWith('host_permission_withdrawn');
    await expect(cache.getRootAndAnnounce(configFor(A), true)).rejects.toThrow('host_permission_withdrawn');
    expect(badge).toEqual(['2', 'permission needed']);
  });

  it('signed out meanwhile: the sign-out greys the badge itself, and this failure adds nothing', async () => {
    await cache.getRootAndAnnounce(configFor(A), false);
    await background.idle();
    failWith('signed_out');
    await expect(cache.getRootAndAnnounce(configFor(A), true)).rejects.toThrow('signed_out');
    service.onRequest = () => {
      session.current += 1;
      return Promise.reject(new AppError('network'));
    };
    await expect(cache.getRootAndAnnounce(configFor(A), true)).rejects.toThrow('network');
    expect(badge).toEqual(['2']);
  });
});
