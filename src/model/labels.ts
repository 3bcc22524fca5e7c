import { relationInfo } from '../api/relations.ts';
import { t } from '../shared/i18n.ts';

/** 'event_log' → 'Event log', 'currentBankAccount' → 'Current bank account'. */
export function labelFromName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_.\s]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A relation's label: the registry's translated one, else one made from its name. */
export function relationLabel(name: string): string {
  const key = relationInfo(name).label;
  return key ? t(key) : labelFromName(name);
}
