import { describe, expect, it } from 'vitest';
import type { Request } from '../../../src/protocol/messages.ts';
import { answerPageMessage, type PageMessageEvent } from '../../../src/protocol/page-messages.ts';
import { requestSchema } from '../../../src/protocol/request-schema.ts';
import { ANSWER_WITHIN_MS, REQUESTS } from '../../../src/protocol/requests.ts';
import { PAGE_PATHS, type PageName } from '../../../src/protocol/pages.ts';
import { mayRequest } from '../../../src/protocol/sender.ts';

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
  saveConfig: { type: 'saveConfig', config: { baseUrl: 'https://www.digipost.no/post/api', clientId: 'a', clientSecret: 'b', scopes: ['READ_ACCOUNT_INFO'], pollMinutes: 5 } },
  changePermissions: { type: 'changePermissions', scopes: ['READ_ACCOUNT_INFO'] },
  getContent: { type: 'getContent', ...link },
  sendOpeningReceipt: { type: 'sendOpeningReceipt', letter: link, attachment: 0 },
  write: { type: 'write', target: link, rel: 'delete_document' },
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
      changePermissions: ['options'],
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
    const rows = Object.entries<number | 'person'>(ANSWER_WITHIN_MS);
    expect(rows.map(([type]) => type)).toEqual(Object.keys(REQUESTS));
    expect(rows.filter(([, answerWithinMs]) => answerWithinMs === 'person').map(([type]) => type).sort()).toEqual(['changePermissions', 'connect']);
    for (const [type, answerWithinMs] of rows) {
      if (answerWithinMs !== 'person') expect(Number.isFinite(answerWithinMs) && answerWithinMs > 0, type).toBe(true);
    }
  });
});
