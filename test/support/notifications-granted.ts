import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A copy of a build whose manifest grants `notifications` at install, which is where the person's
 * "Allow" in the browser's prompt leads. The prompt is browser UI that nothing in a headless browser
 * can answer (puppeteer and CDP reach pages, WebDriver BiDi no prompt of an add-on), so a request
 * for the optional permission would wait for ever. In the copy the options page's own request
 * answers true at once, as both browsers do for a permission held, and everything after it is the
 * product's code. Answers the copy's folder; `rmSync` it when done.
 */
export function buildWithNotificationsGranted(dist: string): string {
  const copy = `${dist}-notifications-granted`;
  rmSync(copy, { recursive: true, force: true });
  cpSync(dist, copy, { recursive: true });
  const path = join(copy, 'manifest.json');
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as { permissions: string[]; optional_permissions?: string[] };
  if (!manifest.optional_permissions?.includes('notifications'))
    throw new Error(`${dist}'s manifest does not offer notifications as an optional permission`);
  manifest.permissions = [...manifest.permissions, 'notifications'];
  writeFileSync(path, JSON.stringify(manifest, null, 2));
  return copy;
}
