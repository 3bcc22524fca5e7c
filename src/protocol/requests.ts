import { CONFIRM_WINDOW_MS, CONTENT_TIMEOUT_MS, NETWORK_TIMEOUT_MS } from '../api/timeouts.ts';
import { MAX_UPLOAD_BYTES, uploadDeadlineMs } from '../api/upload-rules.ts';
import type { Request } from './messages.ts';
import type { PageName } from './pages.ts';

/** Room for the worker's own bookkeeping (waking up, storage, the auth lock) on a slow machine. */
const WORKER_SLACK_MS = 10_000;

/** A call to the service: a token refresh, the call, and after a 401 one more refresh and the retry, each under its own deadline. */
const SERVICE_CALL_MS = 4 * NETWORK_TIMEOUT_MS + WORKER_SLACK_MS;
/** A letter's content: two calls to the service and two downloads of the content, each under its own deadline. */
const CONTENT_CALL_MS = 2 * NETWORK_TIMEOUT_MS + 2 * CONTENT_TIMEOUT_MS + WORKER_SLACK_MS;
/** The target read, the request, and the worker's bounded look for evidence after an unknown outcome (an invoice's payment). */
const WRITE_CALL_MS = 4 * NETWORK_TIMEOUT_MS + CONFIRM_WINDOW_MS + WORKER_SLACK_MS;
/** The root, a look in the list, the largest file's own deadline, and the look after it. */
const UPLOAD_CALL_MS = 4 * NETWORK_TIMEOUT_MS + uploadDeadlineMs(MAX_UPLOAD_BYTES) + WORKER_SLACK_MS;

interface RequestRule {
  /** The pages that may send it ('any': any of our pages, for a request that reads what every page may know). */
  pages: 'any' | readonly PageName[];
  /**
   * 'runtime': runtime messaging. 'post': a page's postMessage to the service worker in Chromium
   * (it carries a file, which Chromium's JSON runtime messaging cannot; src/ui/send-file.ts and
   * page-messages.ts), runtime messaging in Firefox, whose messaging is a structured clone.
   */
  transport: 'runtime' | 'post';
}

/**
 * Every request a page may send, and how (its deadline is in ANSWER_WITHIN_MS below). A type in
 * the Request union (messages.ts) without a row here does not compile; its shape is checked in the worker by its row in REQUEST_SCHEMAS
 * (request-schema.ts, kept apart so the pages do not ship zod), which is held to the same keys.
 * Adding a request type: the union and ResponseMap (messages.ts), a row here and in
 * ANSWER_WITHIN_MS, a schema there, a handler (background/handlers.ts).
 *
 * The viewer renders the service's data, so it may not change the settings or sign out; it may
 * connect, which only opens the service's own consent window after a click on its Connect button.
 * Only the options page, which edits it, reads the client secret (getConfig).
 */
export const REQUESTS = {
  getStatus: { pages: 'any', transport: 'runtime' },
  connect: { pages: ['popup', 'options', 'viewer'], transport: 'runtime' },
  signOut: { pages: ['popup', 'options'], transport: 'runtime' },
  getRoot: { pages: 'any', transport: 'runtime' },
  getResource: { pages: 'any', transport: 'runtime' },
  getConfig: { pages: ['options'], transport: 'runtime' },
  getPageConfig: { pages: 'any', transport: 'runtime' },
  saveConfig: { pages: ['options'], transport: 'runtime' },
  changePermissions: { pages: ['options'], transport: 'runtime' },
  getContent: { pages: 'any', transport: 'runtime' },
  sendOpeningReceipt: { pages: 'any', transport: 'runtime' },
  // Changes to the mailbox come only from the viewer's buttons, never from the popup or options.
  write: { pages: ['viewer'], transport: 'runtime' },
  getRevocation: { pages: 'any', transport: 'runtime' },
  retryRevocation: { pages: ['popup', 'options'], transport: 'runtime' },
  // Only where a person chose a file and pressed Save or Upload.
  upload: { pages: ['save', 'viewer'], transport: 'post' },
} as const satisfies Record<Request['type'], RequestRule>;

/**
 * How long a page waits for each answer (src/ui/worker-client.ts): longer than the most the worker
 * may spend on it, so the worker's specific error always comes first. 'person': it waits for the
 * person on the service's consent page, which has no deadline. A table of its own because it is
 * the one column the pages read: the popup ships it without the worker's rules above.
 */
export const ANSWER_WITHIN_MS = {
  getStatus: SERVICE_CALL_MS,
  connect: 'person',
  signOut: SERVICE_CALL_MS,
  getRoot: SERVICE_CALL_MS,
  getResource: SERVICE_CALL_MS,
  getConfig: SERVICE_CALL_MS,
  getPageConfig: SERVICE_CALL_MS,
  saveConfig: SERVICE_CALL_MS,
  changePermissions: 'person',
  getContent: CONTENT_CALL_MS,
  sendOpeningReceipt: CONTENT_CALL_MS,
  write: WRITE_CALL_MS,
  getRevocation: SERVICE_CALL_MS,
  retryRevocation: SERVICE_CALL_MS,
  upload: UPLOAD_CALL_MS,
} as const satisfies Record<Request['type'], number | 'person'>;

/** The row of a type a page named, or undefined when there is no such request (the schema refuses it). */
export function requestRule(type: string): RequestRule | undefined {
  return Object.hasOwn(REQUESTS, type) ? REQUESTS[type as Request['type']] : undefined;
}
