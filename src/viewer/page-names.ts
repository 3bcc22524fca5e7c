import { relationInfo } from '../api/relations.ts';
import { t } from '../shared/i18n.ts';
import { relationLabel } from '../model/labels.ts';
import { isObj } from '../model/read-json.ts';

/** The name of the page a relation leads to, by the registry: its title, else its label. */
export function pageName(relation: string): string {
  const { title } = relationInfo(relation);
  return title ? t(title) : relationLabel(relation);
}

/** A list of letters is called by the list relation that led to it (Inbox, Folder, Archive), else "Letters". */
export function listName(relation: string | undefined): string {
  return relation && relationInfo(relation).kind === 'list' ? pageName(relation) : t('title_letters');
}

/** The root resource: the service's description of the session, shown as the list of its links. */
export function isRoot(data: unknown): boolean {
  return isObj(data) && 'primaryAccount' in data;
}
