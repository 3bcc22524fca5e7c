import { ext as browser } from '../shared/ext.ts';
import type { WorkerEvent } from '../protocol/messages.ts';

/**
 * Tells every open page of the extension (runtime.sendMessage reaches each of them, in Chrome and
 * Firefox alike). Nobody answers; with no page open the browser says there was no receiver, which
 * is no failure here.
 */
export async function tellPages(event: WorkerEvent): Promise<void> {
  await browser.runtime.sendMessage(event).catch(() => undefined);
}
