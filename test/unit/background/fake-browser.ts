/**
 * The parts of the WebExtension API the worker's modules use, over in-memory storage, for unit
 * tests that run the real handlers (vi.mock('webextension-polyfill') hands this out). The network
 * is a FakeNetwork standing in for `fetch`, with one handler per origin.
 */
import { MemoryArea } from '../auth/fakes.ts';

export const EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop';
export const REDIRECT_URI = `https://${EXTENSION_ID}.chromiumapp.org/`;

const noop = () => Promise.resolve();
const listeners = { addListener: () => undefined };

export const fakeBrowser = {
  storage: { local: new MemoryArea(), session: new MemoryArea() },
  runtime: {
    id: EXTENSION_ID,
    getURL: (path: string) => `chrome-extension://${EXTENSION_ID}/${path.replace(/^\//, '')}`,
    onMessage: listeners,
    /** What the worker told the pages (WorkerEvent), in order (the tests read it). */
    told: [] as unknown[],
    sendMessage(message: unknown): Promise<undefined> {
      this.told.push(message);
      return Promise.resolve(undefined);
    },
    onInstalled: listeners,
    onStartup: listeners,
  },
  identity: {
    getRedirectURL: () => REDIRECT_URI,
    /** Set by the test: what the consent window answers. */
    launchWebAuthFlow: (() => Promise.reject(new Error('no consent window in this test'))) as (details: {
      url: string;
      interactive: boolean;
    }) => Promise<string>,
  },
  permissions: {
    contains: ((): Promise<boolean> => Promise.resolve(true)) as (permissions: { origins?: string[] }) => Promise<boolean>,
    /** What was given back, in order (the tests read it). */
    removed: [] as string[][],
    remove(permissions: { origins?: string[] }): Promise<boolean> {
      this.removed.push(permissions.origins ?? []);
      return Promise.resolve(true);
    },
    onAdded: listeners,
  },
  alarms: { get: () => Promise.resolve(undefined), create: noop, clear: () => Promise.resolve(true), onAlarm: listeners },
  action: { setIcon: noop, setBadgeText: noop, setBadgeBackgroundColor: noop, setTitle: noop },
  i18n: { getMessage: (key: string) => key, getUILanguage: () => 'en' },
  tabs: { query: () => Promise.resolve([]), create: noop },
};

/** Empty storage for each test (the same objects: the worker's modules hold on to them). */
export function resetFakeBrowser(): void {
  fakeBrowser.permissions.contains = () => Promise.resolve(true);
  fakeBrowser.permissions.removed = [];
  fakeBrowser.runtime.told = [];
  fakeBrowser.storage.local.data = {};
  fakeBrowser.storage.session.data = {};
}

export interface SeenRequest {
  url: URL;
  method: string;
  authorization: string | undefined;
  body: string;
}

type Handler = (request: SeenRequest) => Response | Promise<Response>;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * `fetch` for the tests: every request is recorded, then answered by its origin's handler. With
 * redirect 'follow' (fetch's default) a redirect is followed as the Fetch standard does: the
 * Authorization header is dropped on a change of origin, and the answer says it was redirected
 * and where it came from. With 'manual' the 3xx itself comes back, as in Node.
 */
export class FakeNetwork {
  readonly seen: SeenRequest[] = [];
  readonly handlers = new Map<string, Handler>();

  fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = new Headers(init?.headers);
    const response = await this.#answer({
      url,
      method: init?.method ?? 'GET',
      authorization: headers.get('authorization') ?? undefined,
      body: typeof init?.body === 'string' ? init.body : '',
    });
    const location = response.headers.get('location');
    if ((init?.redirect ?? 'follow') !== 'follow' || !REDIRECT_STATUSES.has(response.status) || location === null) return response;
    const next = new URL(location, url);
    if (next.origin !== url.origin) headers.delete('authorization');
    const final = await this.fetch(next.href, { ...init, headers });
    Object.defineProperties(final, { redirected: { value: true }, url: { value: final.url || next.href } });
    return final;
  };

  async #answer(request: SeenRequest): Promise<Response> {
    this.seen.push(request);
    const handler = this.handlers.get(request.url.origin);
    if (!handler) throw new TypeError(`Failed to fetch ${request.url.origin}`);
    return handler(request);
  }

  /** Requests that carried a bearer token, as [origin, token]. */
  bearers(): [string, string][] {
    return this.seen
      .filter((r) => r.authorization?.startsWith('Bearer '))
      .map((r) => [r.url.origin, r.authorization?.slice('Bearer '.length) ?? '']);
  }
}
