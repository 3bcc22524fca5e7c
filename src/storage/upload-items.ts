// The items of "Save to Digipost", in storage.session (memory only, gone when the browser closes),
// read by the pages and the worker alike, so their checks are plain code, not zod.
import { defineFamily, type Checked } from './item.ts';
import { isObject } from './page-items.ts';

/** Which file a right-click asked to save: kept here, so the save page's address carries only an id. */
interface SaveRequest {
  /** The file's address (a link, an image or the PDF the tab shows), http(s) only. */
  url: string;
}

/**
 * An upload, by the id the page gave its file (no file is kept here): 'sending' is written before the file is sent, so a
 * second try after an answer that never came looks for the letter first; 'done' keeps the
 * letter's address, so a third click sends nothing either.
 */
export type UploadRecord =
  | { state: 'sending'; subject: string; startedAt: number }
  | { state: 'done'; letter?: string };

function checkSaveRequest(value: unknown): Checked<SaveRequest> {
  return isObject(value) && typeof value.url === 'string' && /^https?:/i.test(value.url)
    ? { ok: true, value: { url: value.url } }
    : { ok: false, problem: 'url: not an http(s) address' };
}

function checkRecord(value: unknown): Checked<UploadRecord> {
  if (isObject(value) && value.state === 'sending' && typeof value.subject === 'string' && typeof value.startedAt === 'number') {
    return { ok: true, value: { state: 'sending', subject: value.subject, startedAt: value.startedAt } };
  }
  if (isObject(value) && value.state === 'done') return { ok: true, value: typeof value.letter === 'string' ? { state: 'done', letter: value.letter } : { state: 'done' } };
  return { ok: false, problem: 'state: neither sending nor done' };
}

export const saveRequests = defineFamily({ prefix: 'saveRequest:', area: 'session', check: checkSaveRequest });
export const uploadRecords = defineFamily({ prefix: 'upload:', area: 'session', check: checkRecord });
