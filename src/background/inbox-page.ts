import { parseWith } from '../api/http.ts';
import { targetOf } from '../api/links.ts';
import { sharedInboxes } from '../api/mailbox-lists.ts';
import { inboxSchema, type Link, type RootResource } from '../api/schemas.ts';
import type { ExtensionConfig } from '../config/config.ts';
import { toErrorInfo } from '../shared/errors.ts';
import type { InboxGlance, NewestLetters } from '../protocol/messages.ts';
import { GLANCE_LETTERS } from '../storage/page-items.ts';
import type { ServiceCalls } from './authorized-fetch.ts';

interface GlanceDeps { calls: Pick<ServiceCalls, 'authorizedFetch'>; now: () => number }

/** A list's address (the inbox, a folder) with a page size: the service pages both with `limit`. */
export function pagedUrl(link: Link, letters: number): string {
  try {
    const url = new URL(link.uri);
    url.searchParams.set('limit', String(letters));
    return url.href;
  } catch {
    return link.uri;
  }
}

/**
 * One inbox's newest letters. A failure here (a permission not granted, a passing error) is kept
 * as the letters' error: the rest of the popup still shows, and says why these letters do not.
 */
async function newestLetters(deps: GlanceDeps, config: ExtensionConfig, link: Link): Promise<NewestLetters> {
  try {
    const data = await deps.calls.authorizedFetch(config, { ...targetOf(link, 'document_inbox'), url: pagedUrl(link, GLANCE_LETTERS) });
    return { documents: parseWith(inboxSchema, data, 'inbox').document.slice(0, GLANCE_LETTERS) };
  } catch (error) {
    return { error: toErrorInfo(error) };
  }
}

/**
 * The newest letters for the popup: the inbox's, and beside them, read at the same time, those of
 * the inbox of each mailbox `root` lists as shared with the person (the popup merges them by date).
 */
export async function fetchInboxGlance(deps: GlanceDeps, config: ExtensionConfig, link: Link, root: RootResource | undefined): Promise<InboxGlance> {
  const [own, ...others] = await Promise.all([
    newestLetters(deps, config, link),
    ...sharedInboxes(root).map(async ({ link: inbox, shared }) => ({ shared, ...(await newestLetters(deps, config, inbox)) })),
  ]);
  return { uri: link.uri, fetchedAt: deps.now(), ...own, others };
}
