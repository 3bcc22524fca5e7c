import { AppError, toErrorInfo } from '../shared/errors.ts';
import type { Answer } from './messages.ts';
import { requestRule } from './requests.ts';
import type { SenderInfo } from './sender.ts';

/** The parts of a service worker's message event (ExtendableMessageEvent) this reads. */
export interface PageMessageEvent {
  data: unknown;
  /** A Client for a page; a ServiceWorker or MessagePort otherwise, or null. */
  source: unknown;
  ports: readonly { postMessage(message: unknown): void }[];
  waitUntil(work: Promise<unknown>): void;
}

/** The requests that come this way (transport 'post' in REQUESTS): a file, which runtime messaging in Chromium cannot carry. */
const byPost = (type: unknown): boolean => typeof type === 'string' && requestRule(type)?.transport === 'post';

function clientUrl(source: unknown): string | undefined {
  const client = source as { type?: unknown; url?: unknown } | null;
  return typeof client === 'object' && client !== null && client.type === 'window' && typeof client.url === 'string'
    ? client.url
    : undefined;
}

/**
 * A page's postMessage to the service worker (Chromium; src/ui/send-file.ts), answered on the port
 * it sent. It goes through the same dispatch as a runtime message: the sender is the page's own
 * window Client, whose address must be one of ours and a page allowed to ask (sender.ts), and the
 * message must parse as a request. The worker is kept alive until the answer is sent.
 */
export function answerPageMessage(
  event: PageMessageEvent,
  route: (message: unknown, sender: SenderInfo) => Promise<Answer<unknown>>,
  ownId: string,
): void {
  const [port] = event.ports;
  if (!port) return;
  const url = clientUrl(event.source);
  const type = (event.data as { type?: unknown } | null)?.type;
  const refused: Answer<unknown> = {
    ok: false,
    error: toErrorInfo(new AppError('bad_request', { detail: 'not a request for this channel' })),
  };
  const answer = url !== undefined && byPost(type) ? route(event.data, { id: ownId, url }) : Promise.resolve(refused);
  event.waitUntil(answer.then((value) => port.postMessage(value)));
}
