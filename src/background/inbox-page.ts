import { parseWith } from '../api/http.ts';
import { targetOf } from '../api/links.ts';
import { sharedInboxes, type SharedWith } from '../api/mailbox-lists.ts';
import { inboxSchema, type Link, type RootResource } from '../api/schemas.ts';
import type { ExtensionConfig } from '../config/config.ts';
import { AppError, toErrorInfo } from '../shared/errors.ts';
import { settleLimited } from '../shared/settle-limited.ts';
import type { InboxGlance, NewestLetters } from '../protocol/messages.ts';
import { GLANCE_LETTERS } from '../api/root-snapshot.ts';
import type { ServiceCalls } from './authorized-fetch.ts';

/**
 * Inboxes read at once for the popup's newest letters and the new-letter check: the person's own
 * and those of the mailboxes shared with them, a few at a time as the open invoices are read
 * (due-invoices.ts), so 40 shared mailboxes never make 41 requests at once.
 */
export const INBOXES_IN_FLIGHT = 3;

interface GlanceDeps {
  calls: Pick<ServiceCalls, 'authorizedFetch'>;
  now: () => number;
}

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

const NOT_READ: PromiseRejectedResult = { status: 'rejected', reason: new AppError('internal') };

/** What each inbox's read came to: the person's own, and beside it each shared mailbox's, saying whose. */
export interface EveryInbox<R> {
  own: PromiseSettledResult<R>;
  others: { shared: SharedWith; outcome: PromiseSettledResult<R> }[];
}

/**
 * `read` over the person's inbox (`own`, first) and the inbox of each mailbox `root` lists as shared
 * with them, INBOXES_IN_FLIGHT at once (settleLimited, as the open invoices are read): the popup's
 * newest letters and the new-letter check (notifications.ts) read so. One failing keeps the others.
 */
export async function readEveryInbox<R>(
  own: Link,
  root: RootResource | undefined,
  read: (inbox: Link, shared?: SharedWith) => Promise<R>,
): Promise<EveryInbox<R>> {
  const shared = sharedInboxes(root);
  const lists: { link: Link; shared?: SharedWith }[] = [{ link: own }, ...shared];
  const [first = NOT_READ, ...rest] = await settleLimited(lists, INBOXES_IN_FLIGHT, (list) => read(list.link, list.shared));
  // settleLimited gives one outcome for each list, in their order (NOT_READ only to say so to the types).
  return { own: first, others: shared.map((inbox, i) => ({ shared: inbox.shared, outcome: rest[i] ?? NOT_READ })) };
}

/** One inbox's letters, or why they could not be read (newestLetters keeps its own failure so). */
const lettersOf = (outcome: PromiseSettledResult<NewestLetters>): NewestLetters =>
  outcome.status === 'fulfilled' ? outcome.value : { error: toErrorInfo(outcome.reason) };

/**
 * The newest letters for the popup: the inbox's, and beside them those of the inbox of each
 * mailbox `root` lists as shared with the person (the popup merges them by date), a few at a time.
 */
export async function fetchInboxGlance(
  deps: GlanceDeps,
  config: ExtensionConfig,
  link: Link,
  root: RootResource | undefined,
): Promise<InboxGlance> {
  const { own, others } = await readEveryInbox(link, root, (inbox) => newestLetters(deps, config, inbox));
  return {
    uri: link.uri,
    fetchedAt: deps.now(),
    ...lettersOf(own),
    others: others.map(({ shared, outcome }) => ({ shared, ...lettersOf(outcome) })),
  };
}
