import { useEffect } from 'preact/hooks';
import { t } from '../shared/i18n.ts';
import { relationLabel } from '../model/labels.ts';
import { isRoot, listName } from './page-names.ts';
import type { PageKind } from './page-view.ts';

/**
 * What the tab says: the kind of page, never its content. Tab titles end up in the browser's
 * history and in session restore, so no subject, sender or folder name may stand in one; `data`
 * is read only to tell the root ("All links") from any other resource.
 */
function tabTitleOf(view: PageKind | undefined, relation: string | undefined, data: unknown): string | undefined {
  if (view === 'tree' && isRoot(data)) return t('all_links_title');
  if (view === 'letter') return t('title_letter');
  if (view === 'letters') return listName(relation);
  if (view === 'receipts') return t('rel_receipts');
  if (view === 'receipt') return t('title_receipt');
  if (view === 'search') return t('rel_search');
  if (view === 'action' || view === 'tree') return relation ? relationLabel(relation) : undefined;
  return undefined;
}

/** Keeps the tab's title to the kind of page on show (the extension's name while none is). */
export function useTabTitle(view: PageKind | undefined, relation: string | undefined, data: unknown): void {
  const title = tabTitleOf(view, relation, data);
  useEffect(() => {
    document.title = title ? t('tab_title', title) : t('extShortName');
  }, [title]);
}
