import { parseWith } from '../api/http.ts';
import { relationName, type LinkTarget } from '../api/links.ts';
import { urlProblem } from '../api/origin.ts';
import { folderSchema, inboxSchema, type Document } from '../api/schemas.ts';
import { placeLinksOf, type PlaceLinks, type UploadPlace } from '../api/upload-places.ts';
import { UPLOAD_TYPES, uploadDeadlineMs, uploadFileName, uploadKindOf } from '../api/upload-rules.ts';
import type { ExtensionConfig } from '../config/config.ts';
import { AppError } from '../shared/errors.ts';
import { getItem, put, setItems, type StorageAreas } from '../storage/item.ts';
import { uploadRecords, type UploadRecord } from '../storage/upload-items.ts';
import type { ServiceCalls } from './authorized-fetch.ts';
import type { RootCache } from './root-cache.ts';

export interface UploadDeps {
  storage: Pick<StorageAreas, 'session'>;
  calls: Pick<ServiceCalls, 'authorizedFetch' | 'authorizedUpload'>;
  rootCache: Pick<RootCache, 'getRootAndAnnounce'>;
  /** One upload of an id at a time, however long it takes (a second click waits, then finds it done). */
  exclusive: (name: string, fn: () => Promise<void>) => Promise<void>;
  now: () => number;
}

export interface UploadRequest {
  id: string;
  subject: string;
  place: UploadPlace;
  /** The page's own Blob, handed over by reference (src/ui/send-file.ts): never copied, never stored. */
  file: Blob;
  name: string;
}

/** The letter an upload made, as the viewer opens it; absent when the service named none. */
export interface UploadResult {
  letter?: LinkTarget;
}

/** A letter uploaded this long before the first try began still counts as ours (clocks differ). */
const CLOCK_SLACK_MS = 10 * 60 * 1000;

/**
 * Sends a page's file to the place the person chose, exactly once per upload id (the design's rule for
 * writes): a record is written before the file is sent, and a try that finds one looks in the
 * place's list for the letter before it sends again (contract §10). The token never leaves here: a
 * page hands over its file and names a place, never an address.
 */
export function createUploads(deps: UploadDeps) {
  const { calls } = deps;

  async function placeLinks(config: ExtensionConfig, place: UploadPlace): Promise<PlaceLinks> {
    const { root } = await deps.rootCache.getRootAndAnnounce(config, false);
    const links = placeLinksOf(root, place);
    if (!links) throw new AppError('upload_place_missing');
    return links;
  }

  const target = (url: string): LinkTarget => ({ url, relation: 'self' });

  /** The letter this upload made, if it is in the place's list already (an answer that never came). */
  async function findUploaded(config: ExtensionConfig, list: PlaceLinks['list'], record: { subject: string; startedAt: number }): Promise<string | undefined> {
    const data = await calls.authorizedFetch(config, { url: list.uri, relation: relationName(list.rel) });
    const letters: Document[] = Array.isArray((data as { document?: unknown } | null)?.document)
      ? parseWith(inboxSchema, data, 'inbox').document
      : (parseWith(folderSchema, data, 'folder').documents?.document ?? []);
    const found = letters.find(
      (letter) =>
        letter.origin === 'UPLOADED' && letter.subject === record.subject && Date.parse(letter.created ?? '') >= record.startedAt - CLOCK_SLACK_MS,
    );
    return found?.link.find((link) => relationName(link.rel) === 'self')?.uri;
  }

  async function send(config: ExtensionConfig, request: UploadRequest, links: PlaceLinks): Promise<string | undefined> {
    const { file } = request;
    const kind = await uploadKindOf(file);
    const form = new FormData();
    form.set('subject', request.subject);
    // A slice is a new reference to the page's bytes (no copy), with the type the bytes have shown.
    form.set('file', file.slice(0, file.size, UPLOAD_TYPES[kind]), uploadFileName(request.name, kind));
    const sending: UploadRecord = { state: 'sending', subject: request.subject, startedAt: deps.now() };
    await setItems(deps.storage, put(uploadRecords.item(request.id), sending));
    const { upload } = links;
    const location = await calls.authorizedUpload(
      config,
      { url: upload.uri, relation: relationName(upload.rel), mediaType: upload['media-type'], method: 'POST', timeoutMs: uploadDeadlineMs(file.size) },
      form,
    );
    const serviceOrigin = new URL(config.baseUrl).origin;
    if (location !== undefined && urlProblem(location, serviceOrigin) === undefined) return location;
    return findUploaded(config, links.list, sending);
  }

  async function upload(config: ExtensionConfig, request: UploadRequest): Promise<UploadResult> {
    if (!config.scopes.includes('UPLOAD_DOCUMENT')) throw new AppError('http_forbidden_permission', { permission: 'UPLOAD_DOCUMENT' });
    let result: UploadResult = {};
    await deps.exclusive(`upload:${request.id}`, async () => {
      const record = await getItem(deps.storage, uploadRecords.item(request.id));
      if (record?.state === 'done') {
        result = record.letter === undefined ? {} : { letter: target(record.letter) };
        return;
      }
      const links = await placeLinks(config, request.place);
      const letter = (record ? await findUploaded(config, links.list, record) : undefined) ?? (await send(config, request, links));
      const done: UploadRecord = letter === undefined ? { state: 'done' } : { state: 'done', letter };
      await setItems(deps.storage, put(uploadRecords.item(request.id), done));
      if (letter !== undefined) result = { letter: target(letter) };
    });
    return result;
  }

  return { upload };
}
