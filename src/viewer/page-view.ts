import type { ResourceSnapshot } from '../protocol/messages.ts';
import type { ErrorInfo } from '../shared/errors.ts';
import type { ViewKind } from './choose-view.ts';

/*
 * What a viewer page is once read, apart from how it is read (use-page.ts) and how a tab remembers
 * it (page-memory.ts), which both speak of it.
 */

export type PageKind = ViewKind | 'search' | 'action';

/** One further page of a list, as "Load more" read it. */
export interface ListPage {
  requestUrl: string;
  data: unknown;
}

/** A page as read: the view that shows it, the resource (none for a search or an action) and the address it was read from. */
export interface PageView {
  view: PageKind;
  snapshot?: ResourceSnapshot;
  requestUrl: string;
  /** A list's pages after the first, when Back or Forward returns to a list "Load more" had made longer. */
  further?: readonly ListPage[];
  /** The service did not answer (why): this is the list as this tab last showed it, not as it is now. */
  offline?: ErrorInfo;
}
