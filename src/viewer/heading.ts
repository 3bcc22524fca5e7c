import type { LinkTarget } from '../api/links.ts';
import { relationInfo } from '../api/relations.ts';
import { isNoAnswer, isRefusedOutright } from '../shared/errors.ts';
import { t } from '../shared/i18n.ts';
import { relationLabel } from '../model/labels.ts';
import { subjectText } from '../model/letter-text.ts';
import { resourceName } from '../model/letters.ts';
import { folderName, inboxName, type MailboxNav } from '../model/mailbox.ts';
import { isObj } from '../model/read-json.ts';
import { receiptOf } from '../model/receipts.ts';
import { permissionToAllow } from './AllowPermission.tsx';
import { isRoot, listName, pageName } from './page-names.ts';
import type { PageState } from './use-page.ts';

/** Where the page is, for its heading: what led to it, and the mailbox's places to name it by. */
export interface HeadingPlace {
  target: LinkTarget;
  relation: string | undefined;
  nav: MailboxNav;
  rootUrl: string | undefined;
}

/** A page not yet shown, in words: a place by its name, a letter as "the letter". */
function targetName({ target, relation, nav, rootUrl }: HeadingPlace): string {
  const folder = nav.folders.find((f) => f.self.uri === target.url);
  if (folder) return folderName(folder);
  if (relation === 'document_inbox') return inboxName(nav);
  if (target.url === rootUrl) return t('all_links_title');
  if (relation === 'self') return t('title_letter_lower');
  return relation ? pageName(relation) : t('viewer_title');
}

/**
 * The page's heading: here, unlike in the tab's title, the content may show (the subject, the
 * folder's name). A failed page is headed by what failed ("Couldn't open Bolig"); one the service
 * did not answer for, or one a permission locks, is named for what it is, since nothing is wrong with it.
 */
export function headingFor(state: PageState, place: HeadingPlace): string {
  const { target, relation, rootUrl } = place;
  if (state.kind === 'error' && !isNoAnswer(state.error) && !permissionToAllow(state.error) && !isRefusedOutright(state.error))
    return t('could_not_open', targetName(place));
  // Signed out (or no answer, or locked, or refused outright) is no failure of this page: it is still named for what it was.
  if (state.kind !== 'ready') return relation === 'self' && target.url !== rootUrl ? t('title_letter') : targetName(place);
  const generic = relation && relation !== 'self' ? relationLabel(relation) : t('viewer_title');
  const data = state.snapshot?.data;
  switch (state.view) {
    case 'letter':
      // Named as the lists name it: a confidential letter hides its subject, and says so in both places.
      return subjectText({ subject: resourceName(data) ?? '', confidential: isObj(data) && data.confidential === true });
    case 'letters':
      // A shared mailbox's inbox says whose it is ("Ola Nordmann's inbox").
      if (relation === 'document_inbox') return resourceName(data) ?? inboxName(place.nav);
      return resourceName(data) ?? (relation && relationInfo(relation).kind === 'list' ? listName(relation) : generic);
    case 'receipt':
      return receiptOf(data)?.storeName.trim() ? (receiptOf(data)?.storeName ?? '') : t('title_receipt');
    case 'search':
      return t('rel_search');
    default:
      return isRoot(data) ? t('all_links_title') : (resourceName(data) ?? generic);
  }
}
