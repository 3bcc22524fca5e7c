/**
 * The extension as its pages see it, for component tests: the `chrome` object src/shared/ext.ts
 * reads (storage, i18n, permissions, tabs, runtime) and, behind runtime.sendMessage, a worker that
 * answers the typed protocol of src/protocol/messages.ts with what each test tells it. Requests go
 * through the worker's real dispatch (src/protocol/dispatch.ts), so a page that sent a malformed
 * request, or one its page may not send, gets the same refusal as from the real worker.
 */
import { dispatch, type Handlers } from '../../src/protocol/dispatch.ts';
import type { Request, ResponseMap, WorkerEvent } from '../../src/protocol/messages.ts';
import { PAGE_PATHS, type PageName } from '../../src/protocol/pages.ts';
import { AppError, type ErrorInfo } from '../../src/shared/errors.ts';
import { catalogueMessage, type Language } from './catalogue-i18n.ts';

export const EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop';
const EXTENSION_ORIGIN = `chrome-extension://${EXTENSION_ID}`;

type RequestType = Request['type'];
type RequestOf<K extends RequestType> = Extract<Request, { type: K }>;
type Reply<K extends RequestType> = (request: RequestOf<K>) => ResponseMap[K] | Promise<ResponseMap[K]>;
/** A reply as the worker's table keeps it: each is only ever called with requests of its own type. */
type AnyReply = (request: Request) => unknown;

/** A request the test answers when it chooses: the page waits (a spinner, a skeleton) until then. */
interface Held<K extends RequestType> {
  /** Resolves once the page has sent the request. */
  readonly asked: Promise<RequestOf<K>>;
  answer(value: ResponseMap[K]): void;
  fail(error: ErrorInfo): void;
}

/** The worker behind the pages: each request type answers as the test said, and every request is kept. */
class FakeWorker {
  readonly requests: Request[] = [];
  readonly #standing = new Map<RequestType, AnyReply>();
  /** Answers for the next requests of a type, first come first served, before the standing one. */
  readonly #held = new Map<RequestType, AnyReply[]>();

  /** From now on, `type` is answered with `value` (or what `reply` returns for the request). */
  answer<K extends RequestType>(type: K, reply: ResponseMap[K] | Reply<K>): void {
    const always: Reply<K> = typeof reply === 'function' ? reply : () => structuredClone(reply);
    this.#standing.set(type, always as unknown as AnyReply);
  }

  /** From now on, `type` fails with `error`, as the worker's dispatch sends a failure back. */
  fail(type: RequestType, error: ErrorInfo): void {
    this.answer(type, () => Promise.reject(new AppError(error.code, error)));
  }

  /** The next `type` request waits for the test; later ones are answered as before. */
  hold<K extends RequestType>(type: K): Held<K> {
    let asked!: (request: RequestOf<K>) => void;
    let settle!: (outcome: { value: ResponseMap[K] } | { error: ErrorInfo }) => void;
    const outcome = new Promise<{ value: ResponseMap[K] } | { error: ErrorInfo }>((resolve) => (settle = resolve));
    const once: Reply<K> = async (request) => {
      asked(request);
      const result = await outcome;
      if ('error' in result) throw new AppError(result.error.code, result.error);
      return result.value;
    };
    this.#held.set(type, [...(this.#held.get(type) ?? []), once as unknown as AnyReply]);
    return {
      asked: new Promise<RequestOf<K>>((resolve) => (asked = resolve)),
      answer: (value) => settle({ value }),
      fail: (error) => settle({ error }),
    };
  }

  /** The requests of one type the pages sent, oldest first. */
  asked<K extends RequestType>(type: K): RequestOf<K>[] {
    return this.requests.filter((request): request is RequestOf<K> => request.type === type);
  }

  constructor() {
    this.reset();
  }

  reset(): void {
    this.requests.length = 0;
    this.#standing.clear();
    this.#held.clear();
    // As a worker with no sign-out waiting to reach the service: pages ask on every open.
    this.answer('getRevocation', { pending: false });
  }

  /** The handlers the real dispatch calls: a held answer first, else the standing one. */
  handlers(): Handlers {
    const handle = async (request: Request): Promise<unknown> => {
      this.requests.push(request);
      const reply = this.#held.get(request.type)?.shift() ?? this.#standing.get(request.type);
      if (!reply) throw new AppError('internal', { detail: `the test did not say how the worker answers ${request.type}` });
      return await reply(request);
    };
    return new Proxy({}, { get: () => handle }) as Handlers;
  }
}

type MessageListener = (message: unknown, sender: { id?: string }) => unknown;

type Listener = (changes: Record<string, { oldValue?: unknown; newValue?: unknown }>, area: string) => void;

/** A storage area that copies values, as the browser's does, and tells storage.onChanged. */
class FakeArea {
  data: Record<string, unknown> = {};

  constructor(
    private readonly name: 'local' | 'session',
    private readonly changed: Listener,
  ) {}

  get(keys?: string | string[] | null): Promise<Record<string, unknown>> {
    const wanted = keys === null || keys === undefined ? Object.keys(this.data) : typeof keys === 'string' ? [keys] : keys;
    return Promise.resolve(
      structuredClone(Object.fromEntries(wanted.filter((key) => key in this.data).map((key) => [key, this.data[key]]))),
    );
  }

  set(items: Record<string, unknown>): Promise<void> {
    const changes: Record<string, { oldValue?: unknown; newValue?: unknown }> = {};
    for (const [key, value] of Object.entries(structuredClone(items))) {
      changes[key] = { oldValue: this.data[key], newValue: value };
      this.data[key] = value;
    }
    this.changed(structuredClone(changes), this.name);
    return Promise.resolve();
  }

  remove(keys: string | string[]): Promise<void> {
    const changes: Record<string, { oldValue?: unknown }> = {};
    for (const key of typeof keys === 'string' ? [keys] : keys) {
      if (!(key in this.data)) continue;
      changes[key] = { oldValue: this.data[key] };
      Reflect.deleteProperty(this.data, key);
    }
    this.changed(changes, this.name);
    return Promise.resolve();
  }
}

interface PermissionSet {
  origins?: string[];
  permissions?: string[];
}

/**
 * A page's message as the worker receives it: cloned, but a file in it as itself, as Firefox's
 * structured clone hands a Blob over by reference (Node's clone knows no test DOM's Blob).
 */
function crossing(message: unknown): unknown {
  if (typeof message !== 'object' || message === null || !('file' in message) || !(message.file instanceof Blob))
    return structuredClone(message);
  const { file, ...rest } = message;
  return { ...structuredClone(rest), file };
}

const namesOf = (set: PermissionSet) => [...(set.origins ?? []), ...(set.permissions ?? [])];

/** The fake extension: its state, which the tests set and read, and `api`, the object pages call. */
class FakeExtension {
  readonly worker = new FakeWorker();
  /** The page that is open: its address is the sender of its requests. */
  page: PageName = 'popup';
  /** The language the browser chose for the extension's catalogue. */
  language: Language = 'en';
  /** What the browser's permission prompt answers. */
  grantsPermissions = true;
  /** The browser's permission prompt is never answered: its promise never settles (the person never sees or answers it). */
  promptUnanswered = false;
  /** Permissions held now: origins and API permissions by name. */
  readonly held = new Set<string>();
  /** Each permission request, as the page made it. */
  readonly permissionRequests: PermissionSet[] = [];
  /** Each tab the page asked the browser to open. */
  readonly openedTabs: { url?: string; index?: number; openerTabId?: number; active?: boolean }[] = [];
  optionsPagesOpened = 0;
  readonly #listeners = new Set<Listener>();
  readonly #local = new FakeArea('local', (changes, area) => this.#tell(changes, area));
  readonly #session = new FakeArea('session', (changes, area) => this.#tell(changes, area));

  #tell(changes: Parameters<Listener>[0], area: string): void {
    if (Object.keys(changes).length === 0) return;
    for (const listener of this.#listeners) listener(changes, area);
  }

  get storage() {
    return { local: this.#local, session: this.#session };
  }

  /** How many storage.onChanged listeners the page has registered. */
  get storageListeners(): number {
    return this.#listeners.size;
  }

  /** The address of the open page. */
  pageUrl(): string {
    return `${EXTENSION_ORIGIN}${PAGE_PATHS[this.page]}`;
  }

  reset(): void {
    this.worker.reset();
    this.page = 'popup';
    this.language = 'en';
    this.grantsPermissions = true;
    this.promptUnanswered = false;
    this.held.clear();
    this.permissionRequests.length = 0;
    this.openedTabs.length = 0;
    this.optionsPagesOpened = 0;
    this.#listeners.clear();
    this.#messageListeners.clear();
    this.#local.data = {};
    this.#session.data = {};
  }

  readonly #messageListeners = new Set<MessageListener>();

  /** What the worker tells every open page unasked (protocol/messages.ts WorkerEvent), as runtime.sendMessage from the worker would. */
  tellPages(event: WorkerEvent): void {
    for (const listener of this.#messageListeners) listener(structuredClone(event), { id: EXTENSION_ID });
  }

  /** Chrome's promise-returning extension API, as far as the pages use it. */
  readonly api = {
    runtime: {
      id: EXTENSION_ID,
      onMessage: {
        addListener: (listener: MessageListener) => void this.#messageListeners.add(listener),
        removeListener: (listener: MessageListener) => void this.#messageListeners.delete(listener),
      },
      getURL: (path: string) => `${EXTENSION_ORIGIN}/${path.replace(/^\//, '')}`,
      // A message crosses as a structured clone both ways; the sender is the open page.
      sendMessage: async (message: unknown) =>
        structuredClone(
          await dispatch(
            crossing(message),
            { id: EXTENSION_ID, url: this.pageUrl() },
            { handlers: this.worker.handlers(), ownId: EXTENSION_ID, pagesOrigin: `${EXTENSION_ORIGIN}/` },
          ),
        ),
      openOptionsPage: () => {
        this.optionsPagesOpened++;
        return Promise.resolve();
      },
      getPlatformInfo: () => Promise.resolve({ os: 'linux', arch: 'x86-64' }),
      // An event page's manifest, as Firefox's: a page hands a file to the worker in a runtime message (src/ui/send-file.ts).
      getManifest: () => ({ manifest_version: 3, background: { scripts: ['src/background/service-worker.ts'], type: 'module' } }),
      // No viewer tab is open beside these pages: reusing one is for the real browsers (test/e2e) and create-tab.test.ts.
      getContexts: () => Promise.resolve([]),
    },
    // The shortcut as the manifest suggests it (the options page shows it).
    commands: { getAll: () => Promise.resolve([{ name: '_execute_action', shortcut: 'Alt+Shift+D' }]) },
    i18n: {
      getMessage: (key: string, substitutions?: string | string[]) => catalogueMessage(this.language, key, substitutions),
      getUILanguage: () => this.language,
    },
    storage: {
      local: this.#local,
      session: this.#session,
      onChanged: {
        addListener: (listener: Listener) => void this.#listeners.add(listener),
        removeListener: (listener: Listener) => void this.#listeners.delete(listener),
      },
    },
    permissions: {
      request: (set: PermissionSet) => {
        this.permissionRequests.push(structuredClone(set));
        if (this.promptUnanswered) return new Promise<boolean>(() => undefined);
        if (this.grantsPermissions) for (const name of namesOf(set)) this.held.add(name);
        return Promise.resolve(this.grantsPermissions);
      },
      contains: (set: PermissionSet) => Promise.resolve(namesOf(set).every((name) => this.held.has(name))),
      remove: (set: PermissionSet) => {
        for (const name of namesOf(set)) this.held.delete(name);
        return Promise.resolve(true);
      },
    },
    tabs: {
      create: (properties: FakeExtension['openedTabs'][number]) => {
        this.openedTabs.push(structuredClone(properties));
        return Promise.resolve({ id: 100 + this.openedTabs.length, index: properties.index ?? 0, ...properties });
      },
      query: () => Promise.resolve([{ id: 1, index: 0, active: true }]),
      getCurrent: () => Promise.resolve({ id: 1, index: 0 }),
    },
  };
}

/*
 * One fake for the whole worker, however often its module is loaded again: a page opened in a test
 * loads the project's modules afresh (test/component/page.ts, vi.resetModules), and test files may
 * share one module registry (vitest.config.ts), so a second instance would leave the pages talking
 * to one fake and the test to another.
 */
const scope = globalThis as { fakeExtension?: FakeExtension };
export const extension: FakeExtension = (scope.fakeExtension ??= new FakeExtension());
