import { isObj } from './read-json.ts';
import { metadataOf, type MetadataItem } from './metadata.ts';

/*
 * What kind of letter a list row is, from the structured data its main document carries
 * (metadata.ts, contract §6.2): a parcel, a debt collection, a receipt, a payslip, and the others
 * a letter page draws as cards. And the words besides its sender and subject that find it: a
 * receipt's shop and what was bought. Read for the viewer's lists and Find a letter only: the
 * popup's summaries (letters.ts) do not read metadata.
 */

export type LetterKind =
  | 'parcel'
  | 'debt-collection'
  | 'receipt'
  | 'payslip'
  | 'signed'
  | 'proof'
  | 'residence'
  | 'share-request'
  | 'credential'
  | 'presentation'
  | 'appointment'
  | 'event';

/** A debt collection's sum, when it says one, and the day it is due. */
export interface DebtDue {
  amount?: number;
  dueDate: string;
}

/** What a list's summary (letters.ts' LetterSummary) carries of its structured data. */
export interface LetterMarks {
  kind?: LetterKind;
  findWords?: readonly string[];
  /** A debt collection's sum and due day (its Inkasso), which its row says as an invoice's (an InvoiceInfo's fields). */
  debt?: DebtDue;
}

const KIND_OF: Readonly<Partial<Record<MetadataItem['kind'], LetterKind>>> = {
  pickup: 'parcel',
  inkasso: 'debt-collection',
  receipt: 'receipt',
  payslip: 'payslip',
  signed: 'signed',
  proof: 'proof',
  residence: 'residence',
  'share-request': 'share-request',
  credential: 'credential',
  presentation: 'presentation',
  appointment: 'appointment',
  event: 'event',
};

/** The main attachment: the one marked so, else the first. */
function mainOf(document: unknown): unknown {
  const attachments: unknown[] = isObj(document) && Array.isArray(document.attachment) ? document.attachment : [];
  return attachments.find((a) => isObj(a) && a.mainDocument === true) ?? attachments[0];
}

/** The kind of the first item that has one (a link or an opening receipt makes no kind), and what else finds the letter. */
function letterMarksOf(document: unknown): LetterMarks {
  const items = metadataOf(mainOf(document));
  const kind = items.map((item) => KIND_OF[item.kind]).find((found) => found !== undefined);
  const findWords = items.flatMap((item) =>
    item.kind === 'receipt'
      ? [item.merchant, ...(item.chain === undefined ? [] : [item.chain]), ...item.lines.map((line) => line.name)]
      : [],
  );
  const inkasso = items.find((item) => item.kind === 'inkasso');
  const debt = inkasso ? { dueDate: inkasso.dueDate, ...(inkasso.sum === undefined ? {} : { amount: inkasso.sum }) } : undefined;
  return {
    ...(kind === undefined ? {} : { kind }),
    ...(findWords.length === 0 ? {} : { findWords }),
    ...(debt === undefined ? {} : { debt }),
  };
}

/** A list's summary with its kind and words to find it by, when its letter carries them (never a confidential letter's). */
export function withLetterMarks<T extends LetterMarks & { confidential: boolean }>(summary: T, document: unknown): T {
  // A confidential letter's row says nothing of what it is about, as its subject does not.
  if (summary.confidential) return summary;
  const marks = letterMarksOf(document);
  return Object.keys(marks).length === 0 ? summary : { ...summary, ...marks };
}
