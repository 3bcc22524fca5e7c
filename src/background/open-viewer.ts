import { ext as browser } from '../shared/ext.ts';
import { showInViewerTab } from '../shared/viewer-tab.ts';
import { isViewerPageUrl } from '../shared/viewer-address.ts';
import { AppError } from '../shared/errors.ts';

/**
 * The worker's way to open a tab (a click on a notification): it opens the extension's viewer page
 * only, in the viewer tab already open, else in a new tab of the last window used, and brings that
 * window to the front.
 */
export async function openViewerFromWorker(url: string): Promise<void> {
  if (!isViewerPageUrl(url)) throw new AppError('link_foreign_origin', { detail: url });
  try {
    await showInViewerTab(url);
  } catch {
    // No window is open (the browser runs in the background): open one.
    await browser.windows.create({ url, focused: true });
  }
}
