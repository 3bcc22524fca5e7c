import type { Request, ResponseMap } from '../protocol/messages.ts';
import { ext as browser } from '../shared/ext.ts';
import { AppError } from '../shared/errors.ts';
import { ask, type Transport } from './worker-client.ts';

type UploadRequest = Extract<Request, { type: 'upload' }>;

/** Whether the background is a service worker (Chromium) rather than an event page (Firefox). */
function backgroundIsServiceWorker(): boolean {
  const background = browser.runtime.getManifest().background as { service_worker?: unknown } | undefined;
  return typeof background?.service_worker === 'string';
}

/**
 * Chromium's runtime messaging is JSON (a Blob would arrive as {}), so the request goes to the
 * extension's service worker as a page's postMessage: structured clone, the Blob by reference, the
 * answer on a port of its own. The worker checks who sent it as it checks a runtime message
 * (src/protocol/page-messages.ts).
 */
const serviceWorkerMessage: Transport = async (request) => {
  const { active } = await navigator.serviceWorker.ready;
  if (!active) throw new AppError('internal', { detail: 'the background worker is not running' });
  const channel = new MessageChannel();
  const answered = new Promise<unknown>((resolve) => {
    channel.port1.onmessage = (event: MessageEvent) => {
      channel.port1.close();
      resolve(event.data);
    };
  });
  active.postMessage(request, [channel.port2]);
  return answered;
};

/**
 * Hands a file the page holds to the worker for its upload, by reference: never as text, never
 * through storage, so it stays in this page's memory only. Firefox's runtime messaging is itself a
 * structured clone, so there the Blob rides in the ordinary message.
 */
export function sendFile(request: UploadRequest): Promise<ResponseMap['upload']> {
  return ask(request, backgroundIsServiceWorker() ? serviceWorkerMessage : undefined);
}
