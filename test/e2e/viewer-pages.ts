import { randomBytes } from 'node:crypto';
import type { Page, Worker } from 'playwright-core';

/*
 * Opening the viewer on a resource the way the extension does: the target goes to storage.session
 * under a random page id, and the tab's address carries only that id (src/ui/viewer-address.ts).
 */
const STORAGE_PREFIX = 'viewerPage:';
export const VIEWER_MEDIA_TYPE = 'application/vnd.digipost-v2+json';

export interface Target {
  url: string;
  relation: string;
  mediaType?: string;
}

interface ChromeInWorker {
  storage: { session: { set(items: object): Promise<void> } };
}

interface Extension {
  worker(): Promise<Worker>;
  url(path: string): string;
}

/** The viewer's address for a target, remembered first through the worker. */
export async function viewerPageFor(extension: Extension, target: Target): Promise<string> {
  const worker = await extension.worker();
  const id = randomBytes(16).toString('base64url');
  const stored = { url: target.url, mediaType: target.mediaType ?? VIEWER_MEDIA_TYPE, relation: target.relation };
  await worker.evaluate(
    ([key, value]) => (globalThis as unknown as { chrome: ChromeInWorker }).chrome.storage.session.set({ [key]: value }),
    [`${STORAGE_PREFIX}${id}`, stored] as const,
  );
  return extension.url(`src/viewer/viewer.html?page=${id}`);
}

/** The text a person sees on the page: closed "All details and links" and hidden text left out. */
export function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => document.body.innerText);
}
