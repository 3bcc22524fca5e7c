import { relationInfo } from '../api/relations.ts';
import { documentsOf } from '../model/letters.ts';
import { receiptOf } from '../model/receipts.ts';
import { isObj } from '../model/read-json.ts';

export type ViewKind = 'letters' | 'letter' | 'receipts' | 'receipt' | 'tree';

/**
 * Which view fits a resource: its shape first (a `document` list is letters, an object with
 * `attachment` is a letter, a `receipt` list is receipts), then the relation that led to it for an
 * empty list. Anything else gets the generic tree.
 */
export function chooseView(relation: string | undefined, data: unknown): ViewKind {
  if (!isObj(data)) return 'tree';
  if (documentsOf(data)) return 'letters';
  if (Array.isArray(data.attachment)) return 'letter';
  if (Array.isArray(data.receipt)) return 'receipts';
  if (receiptOf(data)) return 'receipt';
  if (relation !== undefined && relationInfo(relation).kind === 'list' && !('receipt' in data)) return 'letters';
  return 'tree';
}
