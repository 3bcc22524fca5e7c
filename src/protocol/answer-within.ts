import { CONFIRM_WINDOW_MS, CONTENT_TIMEOUT_MS, NETWORK_TIMEOUT_MS } from '../api/timeouts.ts';
import { MAX_UPLOAD_BYTES, uploadDeadlineMs } from '../api/upload-rules.ts';

/** Room for the worker's own bookkeeping (waking up, storage, the auth lock) on a slow machine. */
const WORKER_SLACK_MS = 10_000;

/**
 * How long a page waits for an answer, by what the worker does for it: longer than the most the
 * worker may spend, so the worker's specific error always comes first. Each request names its wait
 * in its row of REQUESTS (requests.ts).
 */
const WAIT_MS = {
  /** A call to the service: a token refresh, the call, and after a 401 one more refresh and the retry, each under its own deadline. */
  serviceCall: 4 * NETWORK_TIMEOUT_MS + WORKER_SLACK_MS,
  /** A letter's content: two calls to the service and two downloads of the content, each under its own deadline. */
  contentCall: 2 * NETWORK_TIMEOUT_MS + 2 * CONTENT_TIMEOUT_MS + WORKER_SLACK_MS,
  /** The target read, the request, and the worker's bounded look for evidence after an unknown outcome (an invoice's payment). */
  writeCall: 4 * NETWORK_TIMEOUT_MS + CONFIRM_WINDOW_MS + WORKER_SLACK_MS,
  /** The root, a look in the list, the largest file's own deadline, and the look after it. */
  uploadCall: 4 * NETWORK_TIMEOUT_MS + uploadDeadlineMs(MAX_UPLOAD_BYTES) + WORKER_SLACK_MS,
  /** It waits for the person on the service's consent page, which has no deadline. */
  person: undefined,
};

export type Wait = keyof typeof WAIT_MS;

/**
 * How long a page waits for the answer to a request of this type (src/ui/worker-client.ts), in ms;
 * undefined: for as long as the person takes. Each wait is its row's, by way of the build
 * (__REQUEST_WAITS__, vite.config.ts), since the table is zod and the pages ship none of it; the
 * common wait, a call to the service, is the one the build leaves out.
 */
export function answerDeadlineMs(type: keyof typeof __REQUEST_WAITS__): number | undefined {
  return WAIT_MS[__REQUEST_WAITS__[type] ?? 'serviceCall'];
}
