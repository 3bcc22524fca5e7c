import { describe, expect, expectTypeOf, it } from 'vitest';
import type { LinkTarget } from '../../../src/api/links.ts';
import type { UploadPlace } from '../../../src/api/upload-places.ts';
import type { ConfigInput } from '../../../src/config/config.ts';
import { answerDeadlineMs } from '../../../src/protocol/answer-within.ts';
import type { Request, ResponseMap } from '../../../src/protocol/messages.ts';
import { answerPageMessage, type PageMessageEvent } from '../../../src/protocol/page-messages.ts';
import { PAGE_PATHS, type PageName } from '../../../src/protocol/pages.ts';
import type { Handlers } from '../../../src/protocol/dispatch.ts';
import { REQUESTS, requestRule, requestSchema, requestWaits, type RequestRow, type RequestType } from '../../../src/protocol/requests.ts';
import { mayRequest } from '../../../src/protocol/sender.ts';
import type { RootSnapshot } from '../../../src/api/root-snapshot.ts';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const PAGES = `chrome-extension://${ID}/`;
const PAGE_NAMES = Object.keys(PAGE_PATHS) as PageName[];
const fromPage = (page: PageName) => ({ id: ID, url: `${PAGES}${PAGE_PATHS[page].slice(1)}` });
const link = { url: 'https://www.digipost.no/post/api/docs/1', relation: 'self' };

/** One well-formed request of every type; a type missing here does not compile. */
const SAMPLES = {
  getStatus: { type: 'getStatus' },
  connect: { type: 'connect' },
  signOut: { type: 'signOut' },
  getRoot: { type: 'getRoot', inbox: true },
  getResource: { type: 'getResource', ...link },
  getConfig: { type: 'getConfig' },
  getPageConfig: { type: 'getPageConfig' },
  saveConfig: {
    type: 'saveConfig',
    config: {
      baseUrl: 'https://www.digipost.no/post/api',
      clientId: 'a',
      clientSecret: 'b',
      scopes: ['READ_ACCOUNT_INFO'],
      pollMinutes: 5,
    },
  },
  changePermissions: { type: 'changePermissions', scopes: ['READ_ACCOUNT_INFO'] },
  changeLetterSettings: { type: 'changeLetterSettings', notify: true },
  changeAlerts: { type: 'changeAlerts', kindsOff: ['letters'], pause: 'hour' },
  getContent: { type: 'getContent', ...link },
  sendOpeningReceipt: { type: 'sendOpeningReceipt', letter: link, attachment: 0 },
  write: { type: 'write', target: link, rel: 'delete_document' },
  getOwnBankAccount: { type: 'getOwnBankAccount' },
  getRevocation: { type: 'getRevocation' },
  retryRevocation: { type: 'retryRevocation' },
  upload: { type: 'upload', subject: 'Kvittering', place: { kind: 'inbox' }, file: new Blob(['%PDF-1.4']), name: 'kvittering.pdf' },
} satisfies { [K in Request['type']]: Extract<Request, { type: K }> };

describe('the table of requests', () => {
  it('has a row for every request the worker parses, and the worker parses every row', () => {
    expect(Object.keys(REQUESTS).sort()).toEqual(Object.keys(SAMPLES).sort());
    for (const request of Object.values(SAMPLES)) expect(requestSchema.safeParse(request).success, request.type).toBe(true);
    expect(requestSchema.safeParse({ type: 'deleteEverything' }).success).toBe(false);
  });

  it('lets only the pages that need them change the settings or the session, or write', () => {
    const allowed = Object.fromEntries(
      Object.keys(REQUESTS)
        .map((type): [string, PageName[]] => [type, PAGE_NAMES.filter((page) => mayRequest(fromPage(page), type))])
        .filter(([, pages]) => pages.length < PAGE_NAMES.length),
    );
    expect(allowed).toEqual({
      getConfig: ['options'],
      saveConfig: ['options'],
      // The viewer's Allow… on a locked place or letter (#49 points 2 and 3).
      changePermissions: ['options', 'viewer'],
      changeLetterSettings: ['options'],
      changeAlerts: ['options'],
      signOut: ['popup', 'options'],
      connect: ['popup', 'options', 'viewer'],
      retryRevocation: ['popup', 'options'],
      write: ['viewer'],
      upload: ['viewer', 'save'],
    });
  });

  it('refuses a restricted request from a page of ours it does not know (a test’s blank page)', () => {
    expect(mayRequest({ id: ID, url: `${PAGES}blank.html` }, 'write')).toBe(false);
    expect(mayRequest({ id: ID, url: `${PAGES}blank.html` }, 'getRoot')).toBe(true);
  });

  it('takes only the upload by postMessage', async () => {
    const byPost = await Promise.all(
      Object.values(SAMPLES).map(async (request) => {
        const answers: unknown[] = [];
        const waits: Promise<unknown>[] = [];
        const event: PageMessageEvent = {
          data: request,
          source: { type: 'window', url: `${PAGES}src/save/save.html` },
          ports: [{ postMessage: (answer) => answers.push(answer) }],
          waitUntil: (work) => waits.push(work),
        };
        answerPageMessage(event, () => Promise.resolve({ ok: true, value: 'routed' }), ID);
        await Promise.all(waits);
        return (answers[0] as { ok: boolean }).ok ? [request.type] : [];
      }),
    );
    expect(byPost.flat()).toEqual(['upload']);
  });

  it('gives every answer a deadline but for those that wait on the consent page', () => {
    const types = Object.keys(REQUESTS) as RequestType[];
    expect(types.filter((type) => answerDeadlineMs(type) === undefined).sort()).toEqual(['changePermissions', 'connect']);
    for (const type of types) {
      const deadline = answerDeadlineMs(type);
      if (deadline !== undefined) expect(Number.isFinite(deadline) && deadline > 0, type).toBe(true);
    }
  });

  it('hands the pages each row’s wait through the build, the common one by default', () => {
    // What vite.config.ts defines for the pages (vitest builds with it too) is the table's column.
    expect(__REQUEST_WAITS__).toEqual(requestWaits());
    expect(requestWaits()).toEqual({
      connect: 'person',
      changePermissions: 'person',
      getContent: 'contentCall',
      sendOpeningReceipt: 'contentCall',
      write: 'writeCall',
      upload: 'uploadCall',
    });
    for (const [type, row] of Object.entries(REQUESTS)) {
      const like = Object.entries(REQUESTS).find(([, other]) => other.within === row.within && other !== row);
      if (like) expect(answerDeadlineMs(type as RequestType), `${type} waits as ${like[0]}`).toBe(answerDeadlineMs(like[0] as RequestType));
    }
    expect(answerDeadlineMs('getRoot')).toBe(4 * 20_000 + 10_000);
  });

  it('knows no row for a type that is not a request, nor for what every object has', () => {
    expect(requestRule('upload')?.transport).toBe('post');
    expect(requestRule('deleteEverything')).toBeUndefined();
    expect(requestRule('toString')).toBeUndefined();
    expect(requestRule('__proto__')).toBeUndefined();
  });

  it('types each request and its answer from its row', () => {
    expectTypeOf<Extract<Request, { type: 'getStatus' }>>().toEqualTypeOf<{ type: 'getStatus' }>();
    expectTypeOf<Extract<Request, { type: 'getRoot' }>>().toEqualTypeOf<{
      type: 'getRoot';
      force?: boolean | undefined;
      inbox?: boolean | undefined;
    }>();
    expectTypeOf<Extract<Request, { type: 'getResource' }>>().toEqualTypeOf<{
      type: 'getResource';
      url: string;
      mediaType?: string | undefined;
      relation?: string | undefined;
    }>();
    expectTypeOf<Extract<Request, { type: 'write' }>['target']>().toEqualTypeOf<{
      url: string;
      mediaType?: string | undefined;
      relation?: string | undefined;
    }>();
    expectTypeOf<Extract<Request, { type: 'write' }>['target']>().toExtend<LinkTarget>();
    expectTypeOf<Extract<Request, { type: 'saveConfig' }>['config']>().toExtend<ConfigInput>();
    expectTypeOf<ConfigInput>().toExtend<Extract<Request, { type: 'saveConfig' }>['config']>();
    expectTypeOf<Extract<Request, { type: 'upload' }>['place']>().toEqualTypeOf<UploadPlace>();
    expectTypeOf<Extract<Request, { type: 'upload' }>['file']>().toEqualTypeOf<Blob>();
    expectTypeOf<ResponseMap['getRoot']>().toEqualTypeOf<RootSnapshot>();
    expectTypeOf<ResponseMap['upload']>().toEqualTypeOf<{ letter?: LinkTarget }>();
  });

  it('refuses to compile a row without one of its columns, or a request without a handler', () => {
    const answer = (root: RootSnapshot) => root;
    const rows = {
      whole: { fields: {}, answer, within: 'serviceCall', pages: 'any', transport: 'runtime' },
      // @ts-expect-error: a row without its fields
      noFields: { answer, within: 'serviceCall', pages: 'any', transport: 'runtime' },
      // @ts-expect-error: a row without its answer
      noAnswer: { fields: {}, within: 'serviceCall', pages: 'any', transport: 'runtime' },
      // @ts-expect-error: a row without its wait
      noWait: { fields: {}, answer, pages: 'any', transport: 'runtime' },
      // @ts-expect-error: a row without the pages that may send it
      noPages: { fields: {}, answer, within: 'serviceCall', transport: 'runtime' },
      // @ts-expect-error: a row without its transport
      noTransport: { fields: {}, answer, within: 'serviceCall', pages: 'any' },
    } satisfies Record<string, RequestRow>;
    expect(Object.keys(rows)).toHaveLength(6);
    expectTypeOf<keyof Handlers>().toEqualTypeOf<RequestType>();
    expectTypeOf<Omit<Handlers, 'upload'>>().not.toExtend<Handlers>();
  });
});
