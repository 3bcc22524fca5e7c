import { describe, expect, it } from 'vitest';
import { dispatch, type Handlers } from '../../../src/protocol/dispatch.ts';
import type { Answer, Request } from '../../../src/protocol/messages.ts';
import { answerPageMessage, type PageMessageEvent } from '../../../src/protocol/page-messages.ts';
import type { SenderInfo } from '../../../src/protocol/sender.ts';

/*
 * The service worker's postMessage channel (Chromium), through the real dispatch: only our save page
 * and viewer may hand it a file, and only a request that parses, with a Blob in it.
 */

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const PAGES = `chrome-extension://${ID}`;
const FILE = new Blob(['%PDF-1.4\n']);
const UPLOAD = { type: 'upload', subject: 'Kvittering', place: { kind: 'inbox' }, file: FILE, name: 'kvittering.pdf' };

function channel(data: unknown, source: unknown) {
  const reached: Request[] = [];
  const handlers = { upload: (request: Request) => (reached.push(request), Promise.resolve({})) } as unknown as Handlers;
  const route = (message: unknown, sender: SenderInfo) => dispatch(message, sender, { handlers, ownId: ID, pagesOrigin: `${PAGES}/` });
  const posted: Answer<unknown>[] = [];
  let waited: Promise<unknown> | undefined;
  const event: PageMessageEvent = {
    data,
    source,
    ports: [{ postMessage: (answer: unknown) => posted.push(answer as Answer<unknown>) }],
    waitUntil: (work) => {
      waited = work;
    },
  };
  answerPageMessage(event, route, ID);
  return {
    reached,
    /** The answer on the page's port, once the worker, kept alive by waitUntil, has sent it. */
    answer: async () => {
      await waited;
      return posted;
    },
  };
}

const windowOf = (path: string, origin = PAGES) => ({ type: 'window', url: `${origin}${path}` });

describe("the worker's postMessage channel for files", () => {
  it('takes an upload from the save page and the viewer, with the Blob itself, and answers on the port', async () => {
    for (const page of ['/src/save/save.html?save=x', '/src/viewer/viewer.html?page=y']) {
      const { reached, answer } = channel(UPLOAD, windowOf(page));
      expect(await answer()).toEqual([{ ok: true, value: {} }]);
      expect(reached).toHaveLength(1);
      expect((reached[0] as { file?: unknown }).file).toBe(FILE);
    }
  });

  it('refuses the popup, another origin, a sender that is no window, and a request of another kind, before any handler', async () => {
    const refusals = [
      channel(UPLOAD, windowOf('/src/popup/popup.html')),
      channel(UPLOAD, windowOf('/src/save/save.html', 'chrome-extension://anotherextensionidxxxxxxxxxxxxxx')),
      channel(UPLOAD, { type: 'worker', url: `${PAGES}/src/save/save.html` }),
      channel(UPLOAD, null),
      channel({ type: 'getStatus' }, windowOf('/src/save/save.html')),
    ];
    for (const { reached, answer } of refusals) {
      const [refusal] = await answer();
      expect(refusal?.ok === false && refusal.error.code).toBe('bad_request');
      expect(reached).toHaveLength(0);
    }
  });

  it('refuses an upload whose file is not a Blob (as JSON messaging would make it), has no subject, or says send again in other than yes or no', async () => {
    for (const data of [
      { ...UPLOAD, file: {} },
      { ...UPLOAD, file: 'JVBERi0xLjQK' },
      { ...UPLOAD, subject: undefined },
      { ...UPLOAD, resend: 'yes' },
    ]) {
      const { reached, answer } = channel(data, windowOf('/src/save/save.html'));
      const [refusal] = await answer();
      expect(refusal?.ok === false && refusal.error.code).toBe('bad_request');
      expect(reached).toHaveLength(0);
    }
  });
});
