import { describe, expect, it, vi } from 'vitest';
import { rootResourceSchema, type RootResource } from '../../../src/api/schemas.ts';
import type { AuthorizedRequest } from '../../../src/background/authorized-fetch.ts';
import { fetchInboxGlance, INBOXES_IN_FLIGHT } from '../../../src/background/inbox-page.ts';
import type { ExtensionConfig } from '../../../src/config/config.ts';
import { createMemoryLock } from '../../../src/auth/memory-lock.ts';
import { eventually } from '../../support/eventually.ts';
import { MemoryArea } from '../auth/fakes.ts';
import { fakeBrowser } from './fake-browser.ts';

// The notifications module reaches the browser's API (i18n, the extension's address) through `chrome`.
vi.stubGlobal('chrome', fakeBrowser);
const { createLetterNotifications } = await import('../../../src/background/notifications.ts');

/*
 * The popup's newest letters and the new-letter check read the person's inbox and the inbox of
 * every mailbox shared with them (issue 44, point 9): with 40 shared mailboxes, a few at a time as
 * the open invoices are read, never 41 requests at once. The fake service answers when the test
 * says, never by time.
 */

const A = 'https://a.example.org';
const rel = (name: string) => `${A}/post/relations/${name}`;
const OWN_INBOX = `${A}/post/api/private/mailbox/1/documents/inbox`;
const sharedInbox = (i: number) => `${A}/post/api/private/mailbox/${100 + i}/documents/inbox`;
const SHARED = 40;
const config: ExtensionConfig = {
  baseUrl: A,
  clientId: 'c',
  clientSecret: 's',
  scopes: ['READ_DOCUMENT_META_INFO'],
  pollMinutes: 5,
  notify: true,
};

/** Kari's root, with the mailboxes of 40 people who share theirs with her, each with an unread letter. */
const root: RootResource = rootResourceSchema.parse({
  primaryAccount: { link: [{ rel: rel('document_inbox'), uri: OWN_INBOX }] },
  mailbox: [
    { owner: true, unreadItemsInInbox: 1, link: [{ rel: rel('document_inbox'), uri: OWN_INBOX }] },
    ...Array.from({ length: SHARED }, (_, i) => ({
      owner: false,
      name: `Person ${i}`,
      digipostaddress: `person.${i}#${1000 + i}`,
      unreadItemsInInbox: 1,
      link: [{ rel: rel('document_inbox'), uri: sharedInbox(i) }],
    })),
  ],
  link: [],
});

const letterIn = (inbox: string) => ({
  subject: `Brev i ${inbox}`,
  creatorName: 'Skatteetaten',
  created: '2024-04-20T10:00:00+02:00',
  attachment: [{ subject: 'Brev', mainDocument: true, read: false }],
  link: [{ rel: rel('self'), uri: `${inbox}/letter` }],
});

/** A service whose reads wait until the test answers them, counting those on their way. */
class HeldService {
  readonly read: string[] = [];
  readonly waiting: (() => void)[] = [];
  out = 0;
  mostOut = 0;

  authorizedFetch = (_config: ExtensionConfig, request: AuthorizedRequest): Promise<unknown> => {
    const url = new URL(request.url);
    const inbox = `${url.origin}${url.pathname}`;
    this.read.push(inbox);
    this.out++;
    this.mostOut = Math.max(this.mostOut, this.out);
    return new Promise<void>((resolve) => this.waiting.push(resolve)).then(() => {
      this.out--;
      return { document: [letterIn(inbox)], link: [] };
    });
  };

  /** Answers every read until `done` settles, one at a time in the order they were sent. */
  async answerUntil(done: Promise<unknown>): Promise<void> {
    const state = { settled: false };
    void done.finally(() => (state.settled = true));
    for (;;) {
      await eventually(() => expect(state.settled || this.waiting.length > 0).toBe(true));
      if (state.settled) return;
      this.waiting.shift()?.();
      await Promise.resolve();
    }
  }
}

const everyInbox = [OWN_INBOX, ...Array.from({ length: SHARED }, (_, i) => sharedInbox(i))];

describe('the newest letters of 40 shared mailboxes', () => {
  it(`are read at most ${INBOXES_IN_FLIGHT} at once, the person's own first, and each shows beside the person's`, async () => {
    const service = new HeldService();
    const glance = fetchInboxGlance({ calls: service, now: () => 0 }, config, { rel: rel('document_inbox'), uri: OWN_INBOX }, root);
    await service.answerUntil(glance);
    const { documents, others } = await glance;
    expect(service.mostOut).toBeLessThanOrEqual(INBOXES_IN_FLIGHT);
    expect(service.read[0]).toBe(OWN_INBOX);
    expect([...service.read].sort()).toEqual([...everyInbox].sort());
    expect(documents?.map((letter) => letter.subject)).toEqual([`Brev i ${OWN_INBOX}`]);
    expect(others?.map((other) => [other.shared.whose, other.documents?.[0]?.subject])).toEqual(
      Array.from({ length: SHARED }, (_, i) => [`Person ${i}`, `Brev i ${sharedInbox(i)}`]),
    );
  });
});

describe('the new-letter check over 40 shared mailboxes', () => {
  it(`reads their inboxes at most ${INBOXES_IN_FLIGHT} at once, and every one of them`, async () => {
    const service = new HeldService();
    const areas = { local: new MemoryArea(), session: new MemoryArea(), sync: new MemoryArea() };
    const notifications = createLetterNotifications({
      storage: areas,
      session: { generation: () => Promise.resolve(1), status: () => Promise.resolve({ state: 'signed_out' as const }) },
      currentConfig: () => Promise.resolve(config),
      calls: service,
      now: () => Date.UTC(2024, 4, 1),
      notificationsApi: () => undefined,
      permissions: { contains: () => Promise.resolve(true) },
      extensionUrl: (path) => path,
      exclusive: createMemoryLock(),
      viewerPages: { remember: () => Promise.resolve(), forgetNamed: () => Promise.resolve() },
      openViewer: () => Promise.resolve(),
      idleState: () => Promise.resolve('active'),
    });
    const check = notifications.notifyNewLetters(config, root, 1);
    await service.answerUntil(check);
    await check;
    expect(service.mostOut).toBeLessThanOrEqual(INBOXES_IN_FLIGHT);
    expect([...service.read].sort()).toEqual([...everyInbox].sort());
  });
});
