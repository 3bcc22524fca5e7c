// The item of "Save to Digipost", in storage.session (memory only, gone when the browser closes),
// read by the pages and the worker alike, so their checks are plain code, not zod.
import { defineFamily, type Checked } from './item.ts';
import { isObject } from './page-items.ts';

/** Which file a right-click asked to save: kept here, so the save page's address carries only an id. */
interface SaveRequest {
  /** The file's address (a link, an image or the PDF the tab shows), http(s) only. */
  url: string;
}

function checkSaveRequest(value: unknown): Checked<SaveRequest> {
  return isObject(value) && typeof value.url === 'string' && /^https?:/i.test(value.url)
    ? { ok: true, value: { url: value.url } }
    : { ok: false, problem: 'url: not an http(s) address' };
}

export const saveRequests = defineFamily({ prefix: 'saveRequest:', area: 'session', check: checkSaveRequest });
