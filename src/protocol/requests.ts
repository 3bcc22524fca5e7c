import { CONFIRM_WINDOW_MS, CONTENT_TIMEOUT_MS, NETWORK_TIMEOUT_MS } from '../api/timeouts.ts';
import { MAX_UPLOAD_BYTES, uploadDeadlineMs } from '../api/upload-rules.ts';
import type { Request } from './messages.ts';
import type { PageName } from './sender.ts';

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
   * How long a page waits for the answer (src/ui/worker-client.ts): longer than the most the worker
   * may spend on it, so the worker's specific error always comes first. 'person': it waits for the
   * person on the service's consent page, which has no deadline.
   */
  answerWithinMs: number | 'person';
  /**
   * 'runtime': runtime messaging. 'post': a page's postMessage to the service worker in Chromium
   * (it carries a file, which Chromium's JSON runtime messaging cannot; src/ui/send-file.ts and
   * page-messages.ts), runtime messaging in Firefox, whose messaging is a structured clone.
   */
  transport: 'runtime' | 'post';
}

/**
 * Every request a page may send, and how. A type in the Request union (messages.ts) without a row
 * here does not compile; its shape is checked in the worker by its row in REQUEST_SCHEMAS
 * (request-schema.ts, kept apart so the pages do not ship zod), which is held to the same keys.
 * Adding a request type: the union and ResponseMap (messages.ts), a row here, a schema there, a
 * handler (background/handlers.ts).
 *
 * The viewer renders the service's data, so it may not change the settings or sign out; it may
 * connect, which only opens the service's own consent window after a click on its Connect button.
 * Only the options page, which edits it, reads the client secret (getConfig).
 */
export const REQUESTS = {
  getStatus: { pages: 'any', answerWithinMs: SERVICE_CALL_MS, transport: 'runtime' },
  connect: { pages: ['popup', 'options', 'viewer'], answerWithinMs: 'person', transport: 'runtime' },
  signOut: { pages: ['popup', 'options'], answerWithinMs: SERVICE_CALL_MS, transport: 'runtime' },
  getRoot: { pages: 'any', answerWithinMs: SERVICE_CALL_MS, transport: 'runtime' },
  getResource: { pages: 'any', answerWithinMs: SERVICE_CALL_MS, transport: 'runtime' },
  getConfig: { pages: ['options'], answerWithinMs: SERVICE_CALL_MS, transport: 'runtime' },
  getPageConfig: { pages: 'any', answerWithinMs: SERVICE_CALL_MS, transport: 'runtime' },
  saveConfig: { pages: ['options'], answerWithinMs: SERVICE_CALL_MS, transport: 'runtime' },
  changePermissions: { pages: ['options'], answerWithinMs: 'person', transport: 'runtime' },
  getContent: { pages: 'any', answerWithinMs: CONTENT_CALL_MS, transport: 'runtime' },
  sendOpeningReceipt: { pages: 'any', answerWithinMs: CONTENT_CALL_MS, transport: 'runtime' },
  // Changes to the mailbox come only from the viewer's buttons, never from the popup or options.
  write: { pages: ['viewer'], answerWithinMs: WRITE_CALL_MS, transport: 'runtime' },
  getRevocation: { pages: 'any', answerWithinMs: SERVICE_CALL_MS, transport: 'runtime' },
  retryRevocation: { pages: ['popup', 'options'], answerWithinMs: SERVICE_CALL_MS, transport: 'runtime' },
  // Only where a person chose a file and pressed Save or Upload.
  upload: { pages: ['save', 'viewer'], answerWithinMs: UPLOAD_CALL_MS, transport: 'post' },
} as const satisfies Record<Request['type'], RequestRule>;

/** The row of a type a page named, or undefined when there is no such request (the schema refuses it). */
export function requestRule(type: string): RequestRule | undefined {
  return Object.hasOwn(REQUESTS, type) ? REQUESTS[type as Request['type']] : undefined;
}
