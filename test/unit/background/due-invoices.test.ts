import { catalogueMessage } from '../../support/catalogue-i18n.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RootResource } from '../../../src/api/schemas.ts';
import type { AuthorizedRequest } from '../../../src/background/authorized-fetch.ts';
import type { DueInvoicesReader } from '../../../src/background/due-invoices.ts';
import type { ExtensionConfig } from '../../../src/config/config.ts';
import { getItem } from '../../../src/storage/item.ts';
import { needsItem, type Needs } from '../../../src/storage/page-items.ts';
import { eventually } from '../../support/eventually.ts';
import { FakeClock, MemoryArea } from '../auth/fakes.ts';

// The worker's rows are in words (the catalogue's English), through `chrome.i18n` as in the worker.
vi.stubGlobal('chrome', { i18n: { getMessage: (key: string, subs?: string | string[]) => catalogueMessage('en', key, subs) } });
const { createDueInvoices, DUE_BYTES_BUDGET, DUE_PER_PLACE, LETTERS_PER_LIST, READS_IN_FLIGHT } =
  await import('../../../src/background/due-invoices.ts');
const { needRowsOf } = await import('../../../src/background/needs-rows.ts');

/*
 * The open invoices beyond the newest letters: which lists a round reads (the inbox and every
 * folder, never more than two at once, one round at a time), what it keeps of them (what the popup
 * shows, bounded), and that what a round read stays until its list is read again, however many
 * letters arrive meanwhile. The fake service answers when the test says, never by time.
 */

const A = 'https://a.example.org';
const INBOX = `${A}/post/api/private/mailbox/1/documents/inbox`;
const folderUri = (id: number) => `${A}/post/api/private/mailbox/1/folders/${id}`;
const rel = (name: string) => `${A}/post/relations/${name}`;
const config: ExtensionConfig = {
  baseUrl: A,
  clientId: 'c',
  clientSecret: 's',
  scopes: ['READ_DOCUMENT_META_INFO'],
  pollMinutes: 5,
  notify: false,
};

function rootWith(folders: number[]): RootResource {
  return {
    primaryAccount: { link: [{ rel: rel('document_inbox'), uri: INBOX }] },
    mailbox: [
      {
        folders: { folder: folders.map((id) => ({ name: `F${id}`, link: [{ rel: rel('self'), uri: folderUri(id) }] })), link: [] },
        link: [],
      },
    ],
    link: [],
  };
}

function letter(id: string, invoice?: { dueDate: string; paid?: boolean; payment?: object }, fields: Record<string, unknown> = {}) {
  return {
    subject: `Brev ${id}`,
    creatorName: 'Fjordkraft',
    ...fields,
    created: '2024-04-20T10:00:00+02:00',
    attachment: [
      {
        subject: `Brev ${id}`,
        mainDocument: true,
        read: true,
        ...(invoice ? { invoice: { amount: 100, kid: '1', accountNumber: '1', paid: false, ...invoice } } : {}),
      },
    ],
    link: [{ rel: rel('self'), uri: `${A}/post/api/private/documents/${id}` }],
  };
}

class FakeService {
  readonly requests: string[] = [];
  inbox: unknown[] = [];
  folders = new Map<string, unknown[]>();
  failing = new Set<string>();
  /** While set, each read waits until the test answers it (`held`). */
  holding = false;
  readonly held: { list: string; answer: () => void }[] = [];
  /** Reads sent and not yet answered, now and at most. */
  out = 0;
  mostOut = 0;

  authorizedFetch = (_config: ExtensionConfig, request: AuthorizedRequest): Promise<unknown> => {
    this.requests.push(request.url);
    const url = new URL(request.url);
    const list = `${url.origin}${url.pathname}`;
    this.out++;
    this.mostOut = Math.max(this.mostOut, this.out);
    const answered = this.holding ? new Promise<void>((resolve) => this.held.push({ list, answer: resolve })) : Promise.resolve();
    return answered.then(() => {
      this.out--;
      if (this.failing.has(list)) throw new Error('network');
      if (list === INBOX) return { document: this.inbox, link: [] };
      return { name: 'F', documents: { document: this.folders.get(list) ?? [] }, link: [] };
    });
  };

  /** Answers the oldest read still waiting. */
  answerOne(): void {
    this.held.shift()?.answer();
  }
}

let storage: { session: MemoryArea };
let service: FakeService;
let generation: number;
let reader: DueInvoicesReader;
let clock: FakeClock;

beforeEach(() => {
  storage = { session: new MemoryArea() };
  service = new FakeService();
  generation = 1;
  clock = new FakeClock();
  reader = createDueInvoices({
    storage,
    session: { generation: () => Promise.resolve(generation) },
    calls: service,
    now: clock.now,
    rowsOf: needRowsOf,
  });
});

const stored = () => storage.session.data.needsYou as Needs | undefined;
/** The letters kept, by the id in their address. */
const keptIds = () =>
  Object.values(stored()?.places ?? {}).flatMap((place) => place.rows.map((kept) => kept.key.replace(/.*\//, '').replace(/#.*/, '')));

/** Until every read the round could send now is sent (the reads answer only when the test says). */
const sent = (count: number) => eventually(() => expect(service.requests).toHaveLength(count));

describe('a round of the open invoices', () => {
  it('reads the inbox and every folder, the newest hundred letters of each, never more than two at once', async () => {
    service.folders.set(folderUri(3), [letter('f3', { dueDate: '2024-05-07' })]);
    service.holding = true;
    const round = reader.readRound(config, rootWith([1, 2, 3, 4, 5]), generation);
    await sent(READS_IN_FLIGHT);
    // Each answer lets the next read go, one for one.
    for (let answered = 1; answered <= 6; answered++) {
      expect(service.out).toBeLessThanOrEqual(READS_IN_FLIGHT);
      service.answerOne();
      await sent(Math.min(6, READS_IN_FLIGHT + answered));
    }
    await round;
    expect(service.mostOut).toBe(READS_IN_FLIGHT);
    expect(service.requests.map((url) => new URL(url).pathname)).toEqual(
      [INBOX, ...[1, 2, 3, 4, 5].map(folderUri)].map((u) => new URL(u).pathname),
    );
    expect(service.requests.every((url) => new URL(url).searchParams.get('limit') === String(LETTERS_PER_LIST))).toBe(true);
    expect(keptIds()).toEqual(['f3']);
  });

  it('reads a folder the root names twice once', async () => {
    await reader.readRound(config, rootWith([1, 1]), generation);
    expect(service.requests.map((url) => new URL(url).pathname)).toEqual([INBOX, folderUri(1)].map((u) => new URL(u).pathname));
  });

  it('starts no round while one runs: a call meanwhile joins the running round', async () => {
    service.holding = true;
    const first = reader.readRound(config, rootWith([1, 2]), generation);
    await sent(2);
    const second = reader.readRound(config, rootWith([1, 2]), generation);
    service.answerOne();
    await sent(3);
    service.answerOne();
    service.answerOne();
    await Promise.all([first, second]);
    expect(service.requests).toHaveLength(3);
    // Once it has ended, the next call is a round of its own.
    service.holding = false;
    await reader.readRound(config, rootWith([1, 2]), generation);
    expect(service.requests).toHaveLength(6);
  });

  it('marks each place read or failed: one that failed keeps what it had, one never read has nothing', async () => {
    /** Each place as read, fetched at, and the ids of its letters. */
    const places = () =>
      Object.fromEntries(
        Object.entries(stored()?.places ?? {}).map(([uri, place]) => [
          uri,
          [place.state, place.fetchedAt, place.rows.map((kept) => kept.key.replace(/.*\//, '').replace(/#.*/, ''))],
        ]),
      );
    const at = clock.now();
    service.inbox = [letter('i1', { dueDate: '2024-05-04' })];
    service.folders.set(folderUri(1), [letter('f1', { dueDate: '2024-05-05' })]);
    service.failing.add(folderUri(2));
    await reader.readRound(config, rootWith([1, 2]), generation);
    expect(places()).toEqual({
      [INBOX]: ['read', at, ['i1']],
      [folderUri(1)]: ['read', at, ['f1']],
      [folderUri(2)]: ['failed', undefined, []],
    });
    clock.advance(60_000);
    service.failing.add(folderUri(1));
    service.folders.set(folderUri(1), []);
    await reader.readRound(config, rootWith([1, 2]), generation);
    expect(places()).toEqual({
      [INBOX]: ['read', at + 60_000, ['i1']],
      [folderUri(1)]: ['failed', at, ['f1']],
      [folderUri(2)]: ['failed', undefined, []],
    });
  });

  /** Each place's state as stored now. */
  const states = () => Object.fromEntries(Object.entries(stored()?.places ?? {}).map(([uri, place]) => [uri, place.state]));

  it('says from the start which places it has yet to read, and each place as its read ends: the popup knows when the list is whole', async () => {
    service.folders.set(folderUri(2), [letter('f2', { dueDate: '2024-05-05' })]);
    service.holding = true;
    const round = reader.readRound(config, rootWith([1, 2]), generation);
    await sent(READS_IN_FLIGHT);
    // Before any read has answered, every place is stored as pending.
    await eventually(() => expect(states()).toEqual({ [INBOX]: 'pending', [folderUri(1)]: 'pending', [folderUri(2)]: 'pending' }));
    service.answerOne();
    await eventually(() => expect(states()).toEqual({ [INBOX]: 'read', [folderUri(1)]: 'pending', [folderUri(2)]: 'pending' }));
    service.answerOne();
    await eventually(() => expect(states()[folderUri(1)]).toBe('read'));
    expect(states()[folderUri(2)]).toBe('pending');
    expect(keptIds()).toEqual([]);
    // The last place, while the round has not ended: its invoice is stored as soon as it is read.
    service.answerOne();
    await eventually(() => expect(states()).toEqual({ [INBOX]: 'read', [folderUri(1)]: 'read', [folderUri(2)]: 'read' }));
    expect(keptIds()).toEqual(['f2']);
    await round;
  });

  it('keeps a place read before as read while it is read again, and looks again where it failed (pending until its read ends)', async () => {
    service.folders.set(folderUri(1), [letter('f1', { dueDate: '2024-05-05' })]);
    service.failing.add(folderUri(2));
    await reader.readRound(config, rootWith([1, 2]), generation);
    expect(states()).toEqual({ [INBOX]: 'read', [folderUri(1)]: 'read', [folderUri(2)]: 'failed' });
    service.failing.clear();
    service.holding = true;
    const round = reader.readRound(config, rootWith([1, 2, 3]), generation);
    await sent(3 + READS_IN_FLIGHT);
    await eventually(() =>
      expect(states()).toEqual({ [INBOX]: 'read', [folderUri(1)]: 'read', [folderUri(2)]: 'pending', [folderUri(3)]: 'pending' }),
    );
    expect(keptIds()).toEqual(['f1']);
    // The rest answer as soon as they are sent.
    service.holding = false;
    while (service.held.length > 0) service.answerOne();
    await round;
    expect(states()).toEqual({ [INBOX]: 'read', [folderUri(1)]: 'read', [folderUri(2)]: 'read', [folderUri(3)]: 'read' });
  });

  it("takes back a write made while it read once the session has ended, and leaves the next session's record alone", async () => {
    service.holding = true;
    const round = reader.readRound(config, rootWith([1]), generation);
    await sent(2);
    await eventually(() => expect(states()[INBOX]).toBe('pending'));
    generation = 2;
    service.answerOne();
    service.answerOne();
    await round;
    expect(stored()).toBeUndefined();
  });

  it('keeps only letters with an invoice neither paid nor sent to the bank', async () => {
    service.inbox = [
      letter('open', { dueDate: '2024-05-03' }),
      letter('paid', { dueDate: '2024-05-03', paid: true }),
      letter('sent', { dueDate: '2024-05-03', payment: { status: 'SENT' } }),
      letter('plain'),
      ...Array.from({ length: 9 }, (_, i) => letter(`old${i}`)),
      letter('deep', { dueDate: '2024-05-10' }),
    ];
    await reader.readRound(config, rootWith([]), generation);
    expect(keptIds()).toEqual(['open', 'deep']);
  });

  it('keeps what it read across new letters, and a list that fails keeps what it had', async () => {
    service.folders.set(folderUri(1), [letter('f1', { dueDate: '2024-05-05' })]);
    service.inbox = [letter('i1', { dueDate: '2024-05-04' })];
    await reader.readRound(config, rootWith([1, 2]), generation);
    expect(keptIds().sort()).toEqual(['f1', 'i1']);
    // New letters arrive on top; the invoice below them stays.
    service.inbox = [
      letter('n1'),
      letter('n2'),
      letter('n3'),
      letter('n4'),
      letter('n5'),
      letter('n6'),
      letter('i1', { dueDate: '2024-05-04' }),
    ];
    await reader.readRound(config, rootWith([1, 2]), generation);
    expect(keptIds().sort()).toEqual(['f1', 'i1']);
    service.failing.add(INBOX);
    await reader.readRound(config, rootWith([1, 2]), generation);
    expect(keptIds().sort()).toEqual(['f1', 'i1']);
  });

  it('drops a folder the root no longer names, and what another session read', async () => {
    service.folders.set(folderUri(1), [letter('f1', { dueDate: '2024-05-05' })]);
    await reader.readRound(config, rootWith([1]), generation);
    expect(keptIds()).toEqual(['f1']);
    await reader.readRound(config, rootWith([2]), generation);
    expect(keptIds()).toEqual([]);
    service.folders.set(folderUri(2), []);
    service.inbox = [letter('i1', { dueDate: '2024-05-04' })];
    await reader.readRound(config, rootWith([2]), generation);
    generation = 2;
    service.inbox = [];
    await reader.readRound(config, rootWith([2]), 2);
    expect(stored()?.generation).toBe(2);
    expect(keptIds()).toEqual([]);
  });

  it('takes back its write when the session ended while it read', async () => {
    service.inbox = [letter('i1', { dueDate: '2024-05-04' })];
    const reading = reader.readRound(config, rootWith([]), generation);
    generation = 2;
    await reading;
    expect(stored()).toBeUndefined();
  });
});

describe('what a round keeps: what the popup shows, bounded', () => {
  // The clock stands at 1 May 2024, noon UTC (the same day in every time zone the tests run in).
  it('keeps of each letter only the row the popup draws: what it opens, its sender, the amount and the due day', async () => {
    service.inbox = [
      letter('i1', { dueDate: '2024-05-04' }),
      letter('up', { dueDate: '2024-05-05' }, { creatorName: undefined, origin: 'UPLOADED' }),
    ];
    await reader.readRound(config, rootWith([]), generation);
    // When it is due by and urgent from are the browser's local midnights: the due day is what the popup counts from.
    expect(stored()?.places[INBOX]?.rows.map((row) => ({ ...row, by: undefined, urgentFrom: undefined }))).toEqual([
      {
        key: `${A}/post/api/private/documents/i1#invoice`,
        self: { rel: rel('self'), uri: `${A}/post/api/private/documents/i1` },
        icon: 'invoice',
        title: 'Fjordkraft',
        aside: 'NOK\u00a0100.00',
        line: '',
        due: '2024-05-04',
        by: undefined,
        urgentFrom: undefined,
      },
      {
        key: `${A}/post/api/private/documents/up#invoice`,
        self: { rel: rel('self'), uri: `${A}/post/api/private/documents/up` },
        icon: 'invoice',
        // The person's own upload has no sender's name: it says so.
        title: 'Uploaded by you',
        aside: 'NOK\u00a0100.00',
        line: '',
        due: '2024-05-05',
        by: undefined,
        urgentFrom: undefined,
      },
    ]);
  });

  it('reads a mailbox shared with the person too, after the own places, and says of each of its letters whose it is', async () => {
    const SHARED_INBOX = `${A}/post/api/private/mailbox/2/documents/inbox`;
    const sharedFolder = `${A}/post/api/private/mailbox/2/folders/101`;
    const root: RootResource = {
      ...rootWith([1]),
      mailbox: [
        ...(rootWith([1]).mailbox ?? []),
        {
          name: 'Ola Nordmann',
          owner: false,
          digipostaddress: 'ola#2',
          link: [{ rel: rel('document_inbox'), uri: SHARED_INBOX }],
          folders: { folder: [{ name: 'Pensjon', link: [{ rel: rel('self'), uri: sharedFolder }] }], link: [] },
        },
      ],
    };
    service.folders.set(SHARED_INBOX, []);
    service.folders.set(sharedFolder, [letter('ola1', { dueDate: '2024-05-04' })]);
    service.inbox = [letter('own1', { dueDate: '2024-05-03' })];
    await reader.readRound(config, root, generation);
    expect(Object.keys(stored()?.places ?? {})).toEqual([INBOX, folderUri(1), SHARED_INBOX, sharedFolder]);
    expect(stored()?.places[INBOX]?.rows[0]?.shared).toBeUndefined();
    expect(stored()?.places[sharedFolder]?.rows.map((kept) => kept.shared)).toEqual([{ mailbox: SHARED_INBOX, whose: 'Ola Nordmann' }]);
  });

  it("keeps only invoices due within the popup's two weeks, or overdue (the worker decides: the popup draws what it keeps)", async () => {
    service.inbox = [
      letter('overdue', { dueDate: '2024-03-01' }),
      letter('today', { dueDate: '2024-05-01' }),
      letter('in14', { dueDate: '2024-05-15' }),
      letter('in15', { dueDate: '2024-05-16' }),
      letter('in16', { dueDate: '2024-05-17' }),
      letter('later', { dueDate: '2024-08-01' }),
      letter('undated', { dueDate: 'soon' }),
    ];
    await reader.readRound(config, rootWith([]), generation);
    expect(keptIds()).toEqual(['overdue', 'today', 'in14']);
  });

  it('keeps at most DUE_PER_PLACE letters of a place, the soonest due', async () => {
    const days = Array.from({ length: DUE_PER_PLACE + 5 }, (_, i) => i);
    // Due on 1 to 25 May less one day each, listed latest first.
    service.inbox = days.map((i) => letter(`d${i}`, { dueDate: `2024-04-${String(30 - i).padStart(2, '0')}` }));
    await reader.readRound(config, rootWith([]), generation);
    expect(keptIds()).toEqual(
      days
        .slice(5)
        .map((i) => `d${i}`)
        .reverse(),
    );
  });

  it('reads no more of a list than it asked for, however many letters the answer holds', async () => {
    service.inbox = [
      ...Array.from({ length: LETTERS_PER_LIST }, (_, i) => letter(`plain${i}`)),
      letter('beyond', { dueDate: '2024-05-04' }),
    ];
    await reader.readRound(config, rootWith([]), generation);
    expect(keptIds()).toEqual([]);
  });

  it('stores at most DUE_BYTES_BUDGET bytes, dropping the farthest due first', async () => {
    // Senders' names long enough that the two places' letters are well over the budget.
    const long = 'Æ'.repeat(5000);
    service.inbox = Array.from({ length: DUE_PER_PLACE }, (_, i) =>
      letter(`i${i}`, { dueDate: `2024-05-${String(1 + (i % 14)).padStart(2, '0')}` }, { creatorName: long }),
    );
    service.folders.set(
      folderUri(1),
      Array.from({ length: DUE_PER_PLACE }, (_, i) =>
        letter(`f${i}`, { dueDate: `2024-04-${String(1 + i).padStart(2, '0')}` }, { creatorName: long }),
      ),
    );
    await reader.readRound(config, rootWith([1]), generation);
    const bytes = new TextEncoder().encode(JSON.stringify(stored())).length;
    expect(bytes).toBeLessThanOrEqual(DUE_BYTES_BUDGET);
    expect(bytes).toBeGreaterThan(DUE_BYTES_BUDGET / 2);
    const kept = Object.values(stored()?.places ?? {}).flatMap((place) => place.rows.map((l) => l.due ?? ''));
    const all = [...service.inbox, ...(service.folders.get(folderUri(1)) ?? [])].map(
      (l) => (l as ReturnType<typeof letter>).attachment[0]?.invoice?.dueDate ?? '',
    );
    const dropped = [...all].sort();
    for (const date of kept) dropped.splice(dropped.indexOf(date), 1);
    expect(kept.length).toBeGreaterThan(0);
    expect(dropped.length).toBeGreaterThan(0);
    // Every letter dropped is due no sooner than every letter kept.
    expect(dropped.every((late) => kept.every((early) => early <= late))).toBe(true);
  });

  it('reads a record of the earlier layout (whole letters, folders in turn) as none, and replaces it', async () => {
    storage.session.data.needsYou = {
      generation,
      nextFolder: 1,
      sources: { [INBOX]: { fetchedAt: 0, documents: [letter('old', { dueDate: '2024-05-04' })] } },
    };
    expect(await getItem(storage, needsItem)).toBeUndefined();
    service.inbox = [letter('i1', { dueDate: '2024-05-04' })];
    await reader.readRound(config, rootWith([]), generation);
    expect(keptIds()).toEqual(['i1']);
    expect(stored()).not.toHaveProperty('sources');
  });
});
