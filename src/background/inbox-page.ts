import { parseWith } from '../api/http.ts';
import { targetOf } from '../api/links.ts';
import { inboxSchema, type Link } from '../api/schemas.ts';
import type { ExtensionConfig } from '../config/config.ts';
import { toErrorInfo } from '../shared/errors.ts';
import type { InboxGlance } from '../protocol/messages.ts';
import type { ServiceCalls } from './authorized-fetch.ts';

/** The popup shows this many of the newest letters; the page asked for holds no more. */
const GLANCE_LETTERS = 5;

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
 * The newest letters for the popup. A failure here (a permission not granted, a passing error)
 * is kept as the glance's error: the rest of the popup still shows, and says why letters do not.
 */
export async function fetchInboxGlance(
  deps: { calls: Pick<ServiceCalls, 'authorizedFetch'>; now: () => number },
  config: ExtensionConfig,
  link: Link,
): Promise<InboxGlance> {
  try {
    const data = await deps.calls.authorizedFetch(config, { ...targetOf(link, 'document_inbox'), url: pagedUrl(link, GLANCE_LETTERS) });
    const inbox = parseWith(inboxSchema, data, 'inbox');
    return { uri: link.uri, fetchedAt: deps.now(), documents: inbox.document.slice(0, GLANCE_LETTERS) };
  } catch (error) {
    return { uri: link.uri, fetchedAt: deps.now(), error: toErrorInfo(error) };
  }
}
