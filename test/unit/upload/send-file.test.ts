import { beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * How a page hands its file to the worker: in Chromium by postMessage to the service worker (the
 * Blob itself in the message, the answer on a port), in Firefox inside the runtime message.
 */

interface FakeBrowser {
  background: Record<string, unknown>;
  sent: unknown[];
  posted: { message: unknown; transfer: unknown[] }[];
  /** What the worker answers, either way. */
  answer: unknown;
}

const browser = vi.hoisted((): FakeBrowser => ({
  background: {},
  sent: [],
  posted: [],
  answer: { ok: true, value: { letter: { url: 'https://www.digipost.no/post/api/documents/1', relation: 'self' } } },
}));
vi.stubGlobal('chrome', {
  runtime: {
    getManifest: () => ({ background: browser.background }),
    sendMessage: (message: unknown) => {
      browser.sent.push(message);
      return Promise.resolve(browser.answer);
    },
  },
});
vi.stubGlobal('navigator', {
  serviceWorker: {
    ready: Promise.resolve({
      active: {
        postMessage: (message: unknown, transfer: MessagePort[]) => {
          browser.posted.push({ message, transfer });
          transfer[0]?.postMessage(browser.answer);
        },
      },
    }),
  },
});

const { sendFile } = await import('../../../src/ui/send-file.ts');

const FILE = new Blob(['%PDF-1.4\n']);
const REQUEST = {
  type: 'upload',
  id: 'abcdefghijklmnopqrstuv',
  subject: 'Kvittering',
  place: { kind: 'inbox' },
  file: FILE,
  name: 'k.pdf',
} as const;

beforeEach(() => {
  browser.sent.length = 0;
  browser.posted.length = 0;
});

describe('handing a file to the worker', () => {
  it('in Chromium posts the Blob itself to the service worker, with a port, and reads the answer from it', async () => {
    browser.background = { service_worker: 'service-worker-loader.js' };
    const result = await sendFile(REQUEST);
    expect(result.letter?.url).toBe('https://www.digipost.no/post/api/documents/1');
    expect(browser.sent).toEqual([]);
    expect(browser.posted).toHaveLength(1);
    const [{ message, transfer }] = browser.posted as [{ message: { file: unknown }; transfer: unknown[] }];
    expect(message.file).toBe(FILE);
    expect(transfer).toHaveLength(1);
    expect(transfer[0]).toBeInstanceOf(MessagePort);
  });

  it("in Chromium throws the worker's own error", async () => {
    browser.background = { service_worker: 'service-worker-loader.js' };
    browser.answer = { ok: false, error: { code: 'upload_place_missing' } };
    await expect(sendFile(REQUEST)).rejects.toMatchObject({ code: 'upload_place_missing' });
    browser.answer = { ok: true, value: {} };
  });

  it('in Firefox (an event page) sends the Blob inside the runtime message, and posts nothing', async () => {
    browser.background = { scripts: ['service-worker.js'] };
    await sendFile(REQUEST);
    expect(browser.posted).toEqual([]);
    expect(browser.sent).toHaveLength(1);
    expect((browser.sent[0] as { file: unknown }).file).toBe(FILE);
  });
});
