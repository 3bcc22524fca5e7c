import { describe, expect, it } from 'vitest';
import { errorForStatus } from '../../../src/api/http-errors.ts';
import { fetchJson } from '../../../src/api/http.ts';
import type { AuthorizedRequest } from '../../../src/background/authorized-fetch.ts';
import { createMemoryLock } from '../../../src/auth/memory-lock.ts';
import { createOnce } from '../../../src/background/once.ts';
import { createWrites, type WriteRequest } from '../../../src/background/writes.ts';
import type { ExtensionConfig } from '../../../src/config/config.ts';
import { AppError } from '../../../src/shared/errors.ts';
import type { Permission } from '../../../src/shared/permissions.ts';
import { eventually } from '../../support/eventually.ts';
import { deferred, MemoryArea } from '../auth/fakes.ts';

const BASE = 'https://www.digipost.no';
const REL = `${BASE}/post/relations`;
const LETTER = `${BASE}/post/api/private/accounts/1/documents/7`;
const UPDATE = `${LETTER}/update`;
const config: ExtensionConfig = { baseUrl: BASE, clientId: 'c', clientSecret: 's', scopes: [], pollMinutes: 5, notify: false };
const FILING: Permission[] = ['READ_DOCUMENT_META_INFO', 'UPDATE_DOCUMENT', 'DELETE_DOCUMENT'];

const letter = {
  subject: 'Strøm',
  link: [
    { rel: `${REL}/self`, uri: LETTER },
    { rel: `${REL}/update_document`, uri: UPDATE },
    { rel: `${REL}/delete_document`, uri: LETTER },
  ],
  attachment: [{ link: [{ rel: `${REL}/send_opening_receipt`, uri: `${LETTER}/attachments/1/openingreceipt` }] }],
};

type Answer = (request: AuthorizedRequest) => Promise<unknown>;

/** The service as the writes see it: every call recorded, GETs of the letter answered, writes by `write`. */
function service(write: Answer = () => Promise.resolve({ subject: 'Strøm', link: [] }), read: Answer = () => Promise.resolve(letter)) {
  const calls: AuthorizedRequest[] = [];
  return {
    calls,
    sent: () => calls.filter((c) => (c.method ?? 'GET') !== 'GET'),
    authorizedFetch: (_: ExtensionConfig, request: AuthorizedRequest) => {
      calls.push(request);
      return (request.method ?? 'GET') === 'GET' ? read(request) : write(request);
    },
  };
}

/** The person signed in, as the handler names them to the worker (their userId). */
const PERSON = 'person-1';

/** A worker's writes over `session` (a worker started again is another call over the same storage). */
function writesOver(fake: ReturnType<typeof service>, session = new MemoryArea()) {
  let refreshed = 0;
  const once = createOnce({ storage: { session }, exclusive: createMemoryLock(), generation: () => Promise.resolve(1), now: () => 1 });
  const engine = createWrites({
    calls: fake,
    once,
    confirmWindowMs: 0,
    written: () => {
      refreshed++;
      return Promise.resolve();
    },
  });
  // Every test's session is generation 1, as the handler reads it.
  const writes = {
    write: (c: ExtensionConfig, scopes: readonly Permission[], request: WriteRequest, userId = PERSON) =>
      engine.write(c, { userId, scopes }, 1, request),
  };
  return { writes, session, refreshed: () => refreshed };
}

/** The person's move of the letter to folder 3 (`extra`: another action, target or body). */
const move = (extra: Partial<WriteRequest> = {}): WriteRequest => ({
  target: { url: LETTER, relation: 'self' },
  rel: 'update_document',
  body: { location: 'FOLDER', folderId: 3, subject: 'Strøm' },
  ...extra,
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'succeeded',
    (error: unknown) => (error instanceof AppError ? error.info : error),
  );

describe('a write', () => {
  it('reads the target itself and POSTs the update_document link it offers, with the body as JSON', async () => {
    const fake = service();
    const { writes, refreshed } = writesOver(fake);
    await writes.write(config, FILING, move());
    expect(fake.calls.map((c) => [c.method ?? 'GET', c.url])).toEqual([
      ['GET', LETTER],
      ['POST', UPDATE],
    ]);
    expect(JSON.parse(fake.sent()[0]?.body ?? '')).toEqual({ location: 'FOLDER', folderId: '3', subject: 'Strøm' });
    expect(refreshed()).toBe(1);
  });

  it('reads and sends only for the session the person asked in: every request names its generation, so none goes with a token of someone who signed in since', async () => {
    const fake = service();
    const { writes } = writesOver(fake);
    await writes.write(config, FILING, move());
    expect(fake.calls.map((c) => [c.method ?? 'GET', c.generation])).toEqual([
      ['GET', 1],
      ['POST', 1],
    ]);
  });

  it('takes the method from the registry: delete_document is a DELETE without a body', async () => {
    const fake = service(() => Promise.resolve(null));
    const { writes } = writesOver(fake);
    expect(await writes.write(config, FILING, move({ rel: 'delete_document', body: undefined }))).toEqual({ data: null });
    expect(fake.sent().map((c) => [c.method, c.url, c.body])).toEqual([['DELETE', LETTER, undefined]]);
  });

  it('sends once when the page asks twice at the same time (a double click), the second hearing it done', async () => {
    const answer = deferred<unknown>();
    let now: Record<string, unknown> = letter;
    // The service moves the letter as it answers.
    const fake = service(
      () => answer.promise.then((value) => ((now = { ...letter, location: 'FOLDER', folderId: 3 }), value)),
      () => Promise.resolve(now),
    );
    const { writes, refreshed } = writesOver(fake);
    const first = writes.write(config, FILING, move());
    const second = writes.write(config, FILING, move());
    await eventually(() => expect(fake.sent()).toHaveLength(1));
    answer.resolve({ subject: 'Strøm', link: [] });
    expect(await first).toEqual({ data: { subject: 'Strøm', link: [] } });
    expect(await second).toEqual(await first);
    expect(fake.sent()).toHaveLength(1);
    // What follows a write (the root, the badge) follows it once.
    expect(refreshed()).toBe(1);
    // Asked again later: done already, nothing sent.
    expect(await writes.write(config, FILING, move())).toEqual({ data: null });
    expect(fake.sent()).toHaveLength(1);
  });

  it('a worker restarted while the request was out never sends it again: the outcome is unknown', async () => {
    const session = new MemoryArea();
    const stalled = service(() => new Promise(() => undefined));
    void writesOver(stalled, session).writes.write(config, FILING, move());
    await eventually(() => expect(stalled.sent()).toHaveLength(1));

    const fresh = service();
    const restarted = writesOver(fresh, session).writes;
    expect(await failure(restarted.write(config, FILING, move()))).toMatchObject({ code: 'write_outcome_unknown' });
    expect(fresh.sent()).toEqual([]);
  });

  it('a timeout after sending, with the letter unmoved, is unknown; asking again never sends again, the explicit Send again does', async () => {
    let tries = 0;
    const fake = service(() => (tries++ === 0 ? Promise.reject(new AppError('timeout')) : Promise.resolve(null)));
    const { writes, refreshed } = writesOver(fake);
    expect(await failure(writes.write(config, FILING, move()))).toMatchObject({ code: 'write_outcome_unknown' });
    expect(await failure(writes.write(config, FILING, move()))).toMatchObject({ code: 'write_outcome_unknown' });
    expect(fake.sent()).toHaveLength(1);
    // The person chose to send it again, though it may have arrived.
    await writes.write(config, FILING, move({ resend: true }));
    expect(fake.sent()).toHaveLength(2);
    expect(refreshed()).toBe(1);
  });

  it('a refusal the service answered leaves nothing behind: the list stays, and asking again tries again', async () => {
    let tries = 0;
    const fake = service(() =>
      tries++ === 0 ? Promise.reject(errorForStatus(400, '{"error-code":"INVALID_SUBJECT"}')) : Promise.resolve(null),
    );
    const { writes } = writesOver(fake);
    expect(await failure(writes.write(config, FILING, move()))).toMatchObject({ code: 'write_rejected' });
    await writes.write(config, FILING, move());
    expect(fake.sent()).toHaveLength(2);
  });

  it('a gateway 502 or 504 is unknown, not "nothing done": the worker reads the letter, and a letter moved is done', async () => {
    for (const status of [502, 504]) {
      let moved = false;
      const fake = service(
        () => {
          moved = true;
          return Promise.reject(errorForStatus(status, '<html>Gateway Time-out</html>'));
        },
        () => Promise.resolve(moved ? { ...letter, location: 'FOLDER', folderId: 3 } : letter),
      );
      const { writes, refreshed } = writesOver(fake);
      expect(await writes.write(config, FILING, move())).toEqual({ data: null });
      expect(await writes.write(config, FILING, move())).toEqual({ data: null });
      expect(fake.sent()).toHaveLength(1);
      expect(refreshed()).toBe(1);
    }
  });

  it('a gateway 502 with the letter unmoved is unknown, and asking again sends nothing', async () => {
    const fake = service(() => Promise.reject(errorForStatus(502, '')));
    const { writes } = writesOver(fake);
    expect(await failure(writes.write(config, FILING, move()))).toMatchObject({ code: 'write_outcome_unknown' });
    expect(await failure(writes.write(config, FILING, move()))).toMatchObject({ code: 'write_outcome_unknown' });
    expect(fake.sent()).toHaveLength(1);
  });

  it('a delete whose answer was lost is done once the letter is gone', async () => {
    let deleted = false;
    const fake = service(
      () => {
        deleted = true;
        return Promise.reject(new AppError('timeout'));
      },
      () => (deleted ? Promise.reject(errorForStatus(404, '')) : Promise.resolve(letter)),
    );
    expect(await writesOver(fake).writes.write(config, FILING, move({ rel: 'delete_document', body: undefined }))).toEqual({ data: null });
  });
});

describe('writes to one letter', () => {
  it('a rename asked while a move runs is sent after it, with the folder the move left, and neither is lost', async () => {
    const moving = deferred<unknown>();
    let now: Record<string, unknown> = { ...letter, location: 'INBOX' };
    const fake = service(
      (request) => {
        const body = JSON.parse(request.body ?? '{}') as Record<string, unknown>;
        const answer = body.subject === 'Strøm' ? moving.promise : Promise.resolve(null);
        return answer.then(() => {
          now = { ...now, ...body };
          return null;
        });
      },
      () => Promise.resolve(now),
    );
    const { writes } = writesOver(fake);
    const move = writes.write(config, FILING, {
      target: { url: LETTER, relation: 'self' },
      rel: 'update_document',
      body: { location: 'FOLDER', folderId: '3' },
    });
    const rename = writes.write(config, FILING, {
      target: { url: LETTER, relation: 'self' },
      rel: 'update_document',
      body: { subject: 'Strøm desember' },
    });
    await eventually(() => expect(fake.sent()).toHaveLength(1));
    moving.resolve(null);
    await Promise.all([move, rename]);
    expect(fake.sent().map((c) => JSON.parse(c.body ?? '') as unknown)).toEqual([
      { location: 'FOLDER', folderId: '3', subject: 'Strøm' },
      { location: 'FOLDER', folderId: '3', subject: 'Strøm desember' },
    ]);
  });

  it('an undo goes only if the letter is as the change left it; renamed elsewhere, it sends nothing and says so', async () => {
    const renamedElsewhere = { ...letter, subject: 'Strøm (kopi)', location: 'FOLDER', folderId: 3 };
    const fake = service(undefined, () => Promise.resolve(renamedElsewhere));
    const { writes } = writesOver(fake);
    const undo = {
      target: { url: LETTER, relation: 'self' },
      rel: 'update_document',
      body: { subject: 'Strøm' },
      expect: { subject: 'Strøm november' },
    };
    expect(await failure(writes.write(config, FILING, undo))).toMatchObject({ code: 'write_target_changed' });
    expect(fake.sent()).toEqual([]);
    // Still as the change left it: the undo goes, keeping the place.
    await writes.write(config, FILING, { ...undo, expect: { subject: 'Strøm (kopi)', location: 'FOLDER', folderId: '3' } });
    expect(fake.sent().map((c) => JSON.parse(c.body ?? '') as unknown)).toEqual([{ location: 'FOLDER', folderId: '3', subject: 'Strøm' }]);
  });

  it('never moves or renames a letter whose subject it was not told (a confidential one)', async () => {
    const fake = service(undefined, () => Promise.resolve({ link: letter.link }));
    expect(await failure(writesOver(fake).writes.write(config, FILING, move({ body: { location: 'INBOX' } })))).toMatchObject({
      code: 'write_refused',
    });
    expect(fake.sent()).toEqual([]);
  });
});

describe('what a write refuses, before sending anything', () => {
  it('a relation that is not an action with a method (a page, an unlisted action, a read)', async () => {
    for (const rel of ['self', 'get_document_content', 'update_account', 'delete_everything', 'document_inbox']) {
      const fake = service();
      expect(await failure(writesOver(fake).writes.write(config, FILING, move({ rel })))).toMatchObject({ code: 'write_refused' });
      expect(fake.calls).toEqual([]);
    }
  });

  it('a write a request of its own performs (an upload, an opening receipt): never through `write`, whatever the permissions', async () => {
    for (const rel of ['upload_document', 'upload_document_to_inbox', 'send_opening_receipt']) {
      const fake = service();
      const asked = writesOver(fake).writes.write(config, ['UPDATE_DOCUMENT', 'UPLOAD_DOCUMENT', 'DELETE_DOCUMENT'], move({ rel }));
      expect(await failure(asked)).toMatchObject({ code: 'write_refused' });
      expect(fake.calls).toEqual([]);
    }
  });

  it('an action the session holds no permission for', async () => {
    const fake = service();
    const { writes } = writesOver(fake);
    const refused = await failure(writes.write(config, ['READ_DOCUMENT_META_INFO', 'UPDATE_DOCUMENT'], move({ rel: 'delete_document' })));
    expect(refused).toMatchObject({ code: 'write_permission_missing', permission: 'DELETE_DOCUMENT' });
    expect(fake.calls).toEqual([]);
  });

  it('an action the resource does not offer, or offers on another origin', async () => {
    const bare = service(undefined, () => Promise.resolve({ link: [{ rel: `${REL}/self`, uri: LETTER }] }));
    expect(await failure(writesOver(bare).writes.write(config, FILING, move()))).toMatchObject({ code: 'write_link_missing' });
    const foreign = service(undefined, () =>
      Promise.resolve({ link: [{ rel: `${REL}/update_document`, uri: 'https://evil.example/update' }] }),
    );
    expect(await failure(writesOver(foreign).writes.write(config, FILING, move()))).toMatchObject({ code: 'link_foreign_origin' });
    expect([...bare.sent(), ...foreign.sent()]).toEqual([]);
  });

  it('a target on another origin, or an action given as the target', async () => {
    const fake = service();
    const { writes } = writesOver(fake);
    expect(
      await failure(writes.write(config, FILING, move({ target: { url: 'https://evil.example/doc', relation: 'self' } }))),
    ).toMatchObject({ code: 'link_foreign_origin' });
    expect(await failure(writes.write(config, FILING, move({ target: { url: UPDATE, relation: 'update_document' } })))).toMatchObject({
      code: 'link_is_action',
    });
    expect(fake.calls).toEqual([]);
  });

  it('finds an attachment link only at the index given, and create_folder in the mailbox folder list', async () => {
    const folders = {
      link: [{ rel: `${REL}/self`, uri: `${BASE}/post/api` }],
      mailbox: [{ folders: { link: [{ rel: `${REL}/create_folder`, uri: `${BASE}/post/api/folders` }] } }],
    };
    const fake = service(
      () => Promise.resolve(null),
      () => Promise.resolve(folders),
    );
    await writesOver(fake).writes.write(config, FILING, {
      target: { url: `${BASE}/post/api`, relation: 'self' },
      rel: 'create_folder',
      body: { name: 'Reiser', icon: 'FOLDER' },
    });
    expect(fake.sent().map((c) => [c.method, c.url])).toEqual([['POST', `${BASE}/post/api/folders`]]);
    const other = service();
    expect(await failure(writesOver(other).writes.write(config, FILING, move({ attachment: 0 })))).toMatchObject({
      code: 'write_link_missing',
    });
  });
});

describe("a write in one of several mailboxes, and the root's notice", () => {
  const mailboxes = {
    link: [{ rel: `${REL}/self`, uri: `${BASE}/post/api` }],
    mailbox: [
      { digipostaddress: 'kari#1', folders: { link: [{ rel: `${REL}/create_folder`, uri: `${BASE}/post/api/kari/folders` }] } },
      { digipostaddress: 'ola#2', owner: false, folders: { link: [{ rel: `${REL}/create_folder`, uri: `${BASE}/post/api/ola/folders` }] } },
    ],
  };

  it("makes a new folder in the mailbox named by its link, and in the person's own without one", async () => {
    const fake = service(
      () => Promise.resolve(null),
      () => Promise.resolve(mailboxes),
    );
    const { writes } = writesOver(fake);
    await writes.write(config, FILING, {
      target: { url: `${BASE}/post/api`, relation: 'self' },
      rel: 'create_folder',
      body: { name: 'Reiser', icon: 'FOLDER' },
      mailboxLink: `${BASE}/post/api/ola/folders`,
    });
    await writes.write(config, FILING, {
      target: { url: `${BASE}/post/api`, relation: 'self' },
      rel: 'create_folder',
      body: { name: 'Hytta', icon: 'FOLDER' },
    });
    expect(fake.sent().map((c) => c.url)).toEqual([`${BASE}/post/api/ola/folders`, `${BASE}/post/api/kari/folders`]);
    // A mailbox the root does not list has no folder list to make one in: nothing is sent.
    expect(
      await failure(
        writes.write(config, FILING, {
          target: { url: `${BASE}/post/api`, relation: 'self' },
          rel: 'create_folder',
          body: { name: 'X', icon: 'FOLDER' },
          mailboxLink: `${BASE}/post/api/gone/folders`,
        }),
      ),
    ).toMatchObject({ code: 'write_link_missing' });
    expect(fake.sent()).toHaveLength(2);
  });

  it("a shared mailbox listed first with the person's own Digipost address: each new folder lands in the mailbox whose page it was made on", async () => {
    const sameAddress = { ...mailboxes, mailbox: [{ ...mailboxes.mailbox[1], digipostaddress: 'kari#1' }, mailboxes.mailbox[0]] };
    const fake = service(
      () => Promise.resolve(null),
      () => Promise.resolve(sameAddress),
    );
    const { writes } = writesOver(fake);
    const create = (name: string, mailboxLink: string) =>
      writes.write(config, FILING, {
        target: { url: `${BASE}/post/api`, relation: 'self' },
        rel: 'create_folder',
        body: { name, icon: 'FOLDER' },
        mailboxLink,
      });
    await create('Hytta', `${BASE}/post/api/kari/folders`);
    await create('Pensjon', `${BASE}/post/api/ola/folders`);
    expect(fake.sent().map((c) => c.url)).toEqual([`${BASE}/post/api/kari/folders`, `${BASE}/post/api/ola/folders`]);
  });

  it('a link two mailbox entries both claim names neither: nothing is sent', async () => {
    const twice = { ...mailboxes, mailbox: [mailboxes.mailbox[0], { ...mailboxes.mailbox[1], folders: mailboxes.mailbox[0]?.folders }] };
    const fake = service(
      () => Promise.resolve(null),
      () => Promise.resolve(twice),
    );
    const asked = writesOver(fake).writes.write(config, FILING, {
      target: { url: `${BASE}/post/api`, relation: 'self' },
      rel: 'create_folder',
      body: { name: 'X', icon: 'FOLDER' },
      mailboxLink: `${BASE}/post/api/kari/folders`,
    });
    expect(await failure(asked)).toMatchObject({ code: 'write_link_missing' });
    expect(fake.sent()).toEqual([]);
  });

  it("without a mailbox named, makes it in the person's own even when the root lists a shared one first", async () => {
    const sharedFirst = {
      ...mailboxes,
      mailbox: [...mailboxes.mailbox].reverse().map((mailbox) => ({ ...mailbox, digipostaddress: undefined })),
    };
    const fake = service(
      () => Promise.resolve(null),
      () => Promise.resolve(sharedFirst),
    );
    const { writes } = writesOver(fake);
    await writes.write(config, FILING, {
      target: { url: `${BASE}/post/api`, relation: 'self' },
      rel: 'create_folder',
      body: { name: 'Hytta', icon: 'FOLDER' },
    });
    expect(fake.sent().map((c) => c.url)).toEqual([`${BASE}/post/api/kari/folders`]);
  });

  it("a shared mailbox entry that does not read (an owner flag that is no flag, a usedStorage of null) costs only itself: a new folder is made in the person's own", async () => {
    const odd = {
      ...mailboxes,
      mailbox: [{ ...mailboxes.mailbox[1], owner: 'yes' }, { ...mailboxes.mailbox[1], usedStorage: null }, mailboxes.mailbox[0]],
    };
    const fake = service(
      () => Promise.resolve(null),
      () => Promise.resolve(odd),
    );
    await writesOver(fake).writes.write(config, FILING, {
      target: { url: `${BASE}/post/api`, relation: 'self' },
      rel: 'create_folder',
      body: { name: 'Hytta', icon: 'FOLDER' },
    });
    expect(fake.sent().map((c) => c.url)).toEqual([`${BASE}/post/api/kari/folders`]);
  });

  const DISMISS = `${BASE}/post/api/notice/dismiss`;
  const terms = {
    code: 'TERMS_UPDATED',
    messageHeader: 'Nye vilkår',
    messageText: 'Vi har oppdatert vilkårene.',
    link: [{ rel: `${REL}/dismiss_notice`, uri: DISMISS }],
  };
  const fees = { code: 'FEES', messageHeader: 'Nye priser', messageText: 'Fra mars koster det mer.', link: terms.link };
  /** The notice as the page saw it: its dismiss link and its words. */
  const seen = (notice: typeof terms) => ({
    dismiss: DISMISS,
    code: notice.code,
    messageHeader: notice.messageHeader,
    messageText: notice.messageText,
  });
  const dismissing = (notice: typeof terms, extra: Partial<WriteRequest> = {}): WriteRequest => ({
    target: { url: `${BASE}/post/api`, relation: 'self' },
    rel: 'dismiss_notice',
    notice: seen(notice),
    ...extra,
  });

  it('dismisses the notice once, with no permission asked; a lost answer is done once the root shows no notice', async () => {
    let shown = true;
    const root = () => ({ ...mailboxes, ...(shown ? { notice: terms } : {}) });
    const fake = service(
      () => {
        shown = false;
        return Promise.reject(errorForStatus(504, ''));
      },
      () => Promise.resolve(root()),
    );
    const { writes } = writesOver(fake);
    expect(await writes.write(config, [], dismissing(terms))).toEqual({ data: null });
    expect(await writes.write(config, [], dismissing(terms))).toEqual({ data: null });
    expect(fake.sent().map((c) => [c.method, c.url])).toEqual([['POST', DISMISS]]);
  });

  it('dismisses only the notice the person saw: one the service put in its place since is not dismissed unseen, and the refusal says so', async () => {
    const fake = service(
      () => Promise.resolve(null),
      () => Promise.resolve({ ...mailboxes, notice: fees }),
    );
    const { writes, refreshed } = writesOver(fake);
    expect(await failure(writes.write(config, [], dismissing(terms)))).toMatchObject({
      code: 'write_target_changed',
      detail: 'NOTICE_REPLACED',
    });
    // The root is read again, so the page, which shows the cached one, shows the new notice.
    expect(refreshed()).toBe(1);
    // New words under the same code are another notice too.
    expect(await failure(writes.write(config, [], dismissing({ ...fees, messageText: 'Fra april koster det mer.' })))).toMatchObject({
      code: 'write_target_changed',
    });
    expect(fake.sent()).toEqual([]);
    // The new one, once seen, is dismissed.
    await writes.write(config, [], dismissing(fees));
    expect(fake.sent().map((c) => c.url)).toEqual([DISMISS]);
  });

  it('a dismiss that does not say which notice is refused, and a notice already gone needs nothing sent', async () => {
    const fake = service(
      () => Promise.resolve(null),
      () => Promise.resolve({ ...mailboxes, notice: terms }),
    );
    expect(await failure(writesOver(fake).writes.write(config, [], dismissing(terms, { notice: undefined })))).toMatchObject({
      code: 'write_refused',
    });
    const gone = service(
      () => Promise.resolve(null),
      () => Promise.resolve(mailboxes),
    );
    expect(await writesOver(gone).writes.write(config, [], dismissing(terms))).toEqual({ data: null });
    expect([...fake.sent(), ...gone.sent()]).toEqual([]);
  });

  it("a new notice dismissed after an earlier one's dismissal went unanswered is its own intent: its dismissal is sent", async () => {
    let notice: typeof terms = terms;
    let posts = 0;
    const fake = service(
      () => (posts++ === 0 ? Promise.reject(new AppError('timeout')) : Promise.resolve(null)),
      () => Promise.resolve({ ...mailboxes, notice }),
    );
    const { writes } = writesOver(fake);
    expect(await failure(writes.write(config, [], dismissing(terms)))).toMatchObject({ code: 'write_outcome_unknown' });
    // The service took the first away and put up another, which the person now sees and dismisses.
    notice = fees;
    expect(await writes.write(config, [], dismissing(fees))).toEqual({ data: null });
    expect(fake.sent()).toHaveLength(2);
  });
});

describe('what a refusal says', () => {
  const cases: [string, AppError, Record<string, unknown>][] = [
    [
      '403: the permission was withdrawn',
      errorForStatus(403, '{"error-code":"INSUFFICIENT_SCOPE","required":"UPDATE_DOCUMENT"}'),
      { code: 'write_forbidden', permission: 'UPDATE_DOCUMENT' },
    ],
    ['404: the letter is gone', errorForStatus(404, ''), { code: 'write_target_gone' }],
    ['410: the letter is gone', errorForStatus(410, ''), { code: 'write_target_gone' }],
    ['400 FOLDER_NOT_EMPTY', errorForStatus(400, '{"error-code":"FOLDER_NOT_EMPTY"}'), { code: 'folder_not_empty' }],
    ['400 unknown folder', errorForStatus(400, '{"error-code":"FOLDER_NOT_FOUND"}'), { code: 'folder_not_found' }],
    ['400 something else', errorForStatus(400, '{"error-code":"INVALID_SUBJECT"}'), { code: 'write_rejected', detail: 'INVALID_SUBJECT' }],
  ];
  for (const [name, error, expected] of cases) {
    it(name, async () => {
      const fake = service(() => Promise.reject(error));
      expect(await failure(writesOver(fake).writes.write(config, FILING, move()))).toMatchObject(expected);
    });
  }

  it('a letter gone before the write is read is said the same way, and nothing is sent', async () => {
    const fake = service(undefined, () => Promise.reject(errorForStatus(404, '')));
    expect(await failure(writesOver(fake).writes.write(config, FILING, move()))).toMatchObject({ code: 'write_target_gone' });
    expect(fake.sent()).toEqual([]);
  });
});

const ROOT = `${BASE}/post/api`;
const FOLDERS = `${BASE}/post/api/private/accounts/1/folders`;

/**
 * The root as the service keeps it, with the person's folders; a create_folder POST makes one
 * when `post` calls `make` (before or instead of its answer).
 */
function folderService(existing: string[], post: (make: () => void) => Promise<unknown>) {
  const folders = existing.map((name, i) => ({ name, id: i + 1, link: [{ rel: `${REL}/self`, uri: `${FOLDERS}/${i + 1}` }] }));
  const root = () => ({
    link: [{ rel: `${REL}/self`, uri: ROOT }],
    mailbox: [{ folders: { link: [{ rel: `${REL}/create_folder`, uri: FOLDERS }], folder: structuredClone(folders) } }],
  });
  const fake = service(
    (request) =>
      post(() => {
        const { name } = JSON.parse(request.body ?? '{}') as { name: string };
        const id = folders.length + 1;
        folders.push({ name, id, link: [{ rel: `${REL}/self`, uri: `${FOLDERS}/${id}` }] });
      }),
    () => Promise.resolve(root()),
  );
  return { fake, named: (name: string) => folders.filter((folder) => folder.name === name).length };
}

const createFolder = (extra: Partial<WriteRequest> = {}): WriteRequest => ({
  target: { url: ROOT, relation: 'self' },
  rel: 'create_folder',
  body: { name: 'Reiser', icon: 'FOLDER' },
  ...extra,
});
const reads = (fake: ReturnType<typeof service>) => fake.calls.filter((c) => (c.method ?? 'GET') === 'GET').length;

describe('a write is one intent, known by the worker', () => {
  it('a new folder whose answer was lost (504) is done once a folder of its name shows that was not there before; asked again, nothing is sent', async () => {
    const { fake, named } = folderService(['Kvitteringer'], (make) => {
      make();
      return Promise.reject(errorForStatus(504, '<html>Gateway Time-out</html>'));
    });
    const { writes, refreshed } = writesOver(fake);
    expect(await writes.write(config, FILING, createFolder())).toEqual({ data: null });
    expect(fake.sent().map((c) => [c.method, c.url])).toEqual([['POST', FOLDERS]]);
    // The same form sent again (a second click, Try again, a reload): the folder is there, nothing is sent.
    expect(await writes.write(config, FILING, createFolder())).toEqual({ data: null });
    expect(fake.sent()).toHaveLength(1);
    expect(named('Reiser')).toBe(1);
    expect(refreshed()).toBe(1);
  });

  it('a folder of that name that was there before is no evidence: unknown; asking again only looks; Send again sends once more', async () => {
    let tries = 0;
    const { fake, named } = folderService(['Reiser'], (make) => {
      if (tries++ === 0) return Promise.reject(errorForStatus(504, ''));
      make();
      return Promise.resolve(null);
    });
    const { writes } = writesOver(fake);
    expect(await failure(writes.write(config, FILING, createFolder()))).toMatchObject({ code: 'write_outcome_unknown' });
    const looked = reads(fake);
    expect(await failure(writes.write(config, FILING, createFolder()))).toMatchObject({ code: 'write_outcome_unknown' });
    expect(reads(fake)).toBeGreaterThan(looked);
    expect(fake.sent()).toHaveLength(1);
    // The person chose to send it again, in words that say it may have arrived.
    expect(await writes.write(config, FILING, createFolder({ resend: true }))).toEqual({ data: null });
    expect(fake.sent()).toHaveLength(2);
    expect(named('Reiser')).toBe(2);
  });

  it("two spellings of one letter's address are one intent: a move whose outcome is unknown, asked under the other, only looks", async () => {
    const fake = service(() => Promise.reject(new AppError('timeout')));
    const { writes } = writesOver(fake);
    expect(await failure(writes.write(config, FILING, move({ target: { url: `${LETTER}?b=2&a=1`, relation: 'self' } })))).toMatchObject({
      code: 'write_outcome_unknown',
    });
    expect(await failure(writes.write(config, FILING, move({ target: { url: `${LETTER}?a=1&b=2#top`, relation: 'self' } })))).toMatchObject(
      { code: 'write_outcome_unknown' },
    );
    expect(fake.sent()).toHaveLength(1);
  });

  it("two spellings of one letter's address are one lane, and a move asked again once done under the other sends nothing", async () => {
    const moving = deferred<unknown>();
    let now: Record<string, unknown> = { ...letter, location: 'INBOX' };
    const fake = service(
      (request) => {
        const body = JSON.parse(request.body ?? '{}') as Record<string, unknown>;
        return (body.subject === 'Strøm' ? moving.promise : Promise.resolve(null)).then(() => {
          now = { ...now, ...body };
          return null;
        });
      },
      () => Promise.resolve(now),
    );
    const { writes, refreshed } = writesOver(fake);
    const spelled = (url: string) => ({ target: { url, relation: 'self' } });
    const moved = writes.write(config, FILING, {
      ...spelled(`${LETTER}?b=2&a=1`),
      rel: 'update_document',
      body: { location: 'FOLDER', folderId: '3' },
    });
    const renamed = writes.write(config, FILING, {
      ...spelled(`${LETTER}?a=1&b=2#top`),
      rel: 'update_document',
      body: { subject: 'Strøm desember' },
    });
    // The rename waits its turn behind the move: the same letter.
    await eventually(() => expect(fake.sent()).toHaveLength(1));
    moving.resolve(null);
    await Promise.all([moved, renamed]);
    expect(fake.sent().map((c) => JSON.parse(c.body ?? '') as unknown)).toEqual([
      { location: 'FOLDER', folderId: '3', subject: 'Strøm' },
      { location: 'FOLDER', folderId: '3', subject: 'Strøm desember' },
    ]);
    // Each asked again under yet another spelling, once done: the letter is as asked, nothing is sent.
    expect(
      await writes.write(config, FILING, { ...spelled(`${LETTER}#top`), rel: 'update_document', body: { subject: 'Strøm desember' } }),
    ).toEqual({ data: null });
    expect(
      await writes.write(config, FILING, {
        ...spelled(`${LETTER}?a=1&b=2`),
        rel: 'update_document',
        body: { location: 'FOLDER', folderId: '3' },
      }),
    ).toEqual({ data: null });
    expect(fake.sent()).toHaveLength(2);
    expect(refreshed()).toBe(2);
  });

  it('another person signed in, asking the same change, is another intent: theirs is sent', async () => {
    let tries = 0;
    const fake = service(() => (tries++ === 0 ? Promise.reject(new AppError('timeout')) : Promise.resolve(null)));
    const { writes } = writesOver(fake);
    expect(await failure(writes.write(config, FILING, move()))).toMatchObject({ code: 'write_outcome_unknown' });
    expect(await failure(writes.write(config, FILING, move()))).toMatchObject({ code: 'write_outcome_unknown' });
    expect(fake.sent()).toHaveLength(1);
    expect(await writes.write(config, FILING, move(), 'person-2')).toEqual({ data: null });
    expect(fake.sent()).toHaveLength(2);
  });
});

describe('fetchJson with a body', () => {
  it('sends the method and the JSON with the API media type, and takes an empty answer as none', async () => {
    const seen: RequestInit[] = [];
    const fetch = (_: RequestInfo | URL, init?: RequestInit) => {
      seen.push(init ?? {});
      return Promise.resolve(new Response(null, { status: 200 }));
    };
    const answer = await fetchJson({ url: UPDATE, accessToken: 't', serviceOrigin: BASE, fetch, method: 'PUT', body: '{"id":1}' });
    expect(answer).toBeNull();
    expect(seen[0]).toMatchObject({ method: 'PUT', body: '{"id":1}', headers: { 'Content-Type': 'application/vnd.digipost-v2+json' } });
  });
});

describe('evidence is what the person asked for', () => {
  it('a move whose answer was lost is done once the letter is in the folder, though a rename has changed its subject since', async () => {
    let now: Record<string, unknown> = letter;
    let posts = 0;
    let reads = 0;
    // The move reaches the service and its answer is lost; the next POST (a rename) is answered.
    const fake = service(
      (request) => {
        const body = JSON.parse(request.body ?? '{}') as Record<string, unknown>;
        now = { ...now, ...body };
        return posts++ === 0 ? Promise.reject(new AppError('timeout')) : Promise.resolve({ subject: body.subject, link: [] });
      },
      // The look right after the lost answer cannot reach the service either.
      () => (++reads === 2 ? Promise.reject(new AppError('network')) : Promise.resolve(now)),
    );
    const { writes } = writesOver(fake);
    const moving = { ...move(), body: { location: 'FOLDER', folderId: 3 } };
    expect(await failure(writes.write(config, FILING, moving))).toMatchObject({ code: 'write_outcome_unknown' });
    await writes.write(config, FILING, { ...move(), body: { subject: 'Strøm, mars' } });
    expect(now).toMatchObject({ location: 'FOLDER', folderId: '3', subject: 'Strøm, mars' });
    // Look again: the letter is in folder 3, whatever it is called now.
    expect(await writes.write(config, FILING, moving)).toEqual({ data: null });
    expect(fake.sent()).toHaveLength(2);
  });
});
