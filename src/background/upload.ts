import { parseWith } from '../api/http.ts';
import { relationName, type LinkTarget } from '../api/links.ts';
import { urlProblem } from '../api/origin.ts';
import { folderSchema, inboxSchema, type Document } from '../api/schemas.ts';
import { placeLinksOf, type PlaceLinks, type UploadPlace } from '../api/upload-places.ts';
import { UPLOAD_TYPES, uploadDeadlineMs, uploadFileName, uploadKindOf } from '../api/upload-rules.ts';
import type { ExtensionConfig } from '../config/config.ts';
import { AppError } from '../shared/errors.ts';
import type { Permission } from '../shared/permissions.ts';
import type { ServiceCalls } from './authorized-fetch.ts';
import type { Once } from './once.ts';
import type { RootCache } from './root-cache.ts';

export interface UploadDeps {
  calls: Pick<ServiceCalls, 'authorizedFetch' | 'authorizedUpload'>;
  rootCache: Pick<RootCache, 'getRootAndAnnounce'>;
  once: Once;
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

/**
 * Sends a page's file to the place the person chose, exactly once per upload id, through the
 * worker's once-only engine (once.ts). When the answer does not say what happened, the file counts
 * as arrived only if the place's list holds a letter we uploaded, of the file's size and with its
 * subject, that was not in the list before it left (contract §10); else
 * Try again (the same id) sends it again.
 * The token never leaves here: a page hands over its file and names a place, never an address.
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
  const selfOf = (letter: Document) => letter.link.find((link) => relationName(link.rel) === 'self')?.uri;

  /** The letters of the place's list that look like this upload's: uploaded, with its subject and size. */
  async function lookalikes(config: ExtensionConfig, list: PlaceLinks['list'], request: UploadRequest): Promise<Document[]> {
    const data = await calls.authorizedFetch(config, { url: list.uri, relation: relationName(list.rel) });
    const letters: Document[] = Array.isArray((data as { document?: unknown } | null)?.document)
      ? parseWith(inboxSchema, data, 'inbox').document
      : (parseWith(folderSchema, data, 'folder').documents?.document ?? []);
    return letters.filter((letter) => letter.origin === 'UPLOADED' && letter.subject === request.subject && letter.fileSize === request.file.size);
  }

  /**
   * The letter this upload made, if the place's list shows it (an answer that never came): one
   * that looks like it and was not there before the upload began. That is "made after it began"
   * by the service's own list, with no clock of ours compared to the service's.
   */
  async function findUploaded(config: ExtensionConfig, list: PlaceLinks['list'], request: UploadRequest, before: readonly string[]): Promise<UploadResult | undefined> {
    const self = (await lookalikes(config, list, request)).map(selfOf).find((uri) => uri !== undefined && !before.includes(uri));
    return self === undefined ? undefined : { letter: target(self) };
  }

  async function send(config: ExtensionConfig, request: UploadRequest, links: PlaceLinks): Promise<UploadResult> {
    const { file } = request;
    const kind = await uploadKindOf(file);
    const form = new FormData();
    form.set('subject', request.subject);
    // A slice is a new reference to the page's bytes (no copy), with the type the bytes have shown.
    form.set('file', file.slice(0, file.size, UPLOAD_TYPES[kind]), uploadFileName(request.name, kind));
    const { upload } = links;
    const location = await calls.authorizedUpload(
      config,
      { url: upload.uri, relation: relationName(upload.rel), mediaType: upload['media-type'], method: 'POST', timeoutMs: uploadDeadlineMs(file.size) },
      form,
    );
    const serviceOrigin = new URL(config.baseUrl).origin;
    return location !== undefined && urlProblem(location, serviceOrigin) === undefined ? { letter: target(location) } : {};
  }

  /** `scopes` and `generation`: the session's when the page asked; the upload is fenced to it. */
  async function upload(config: ExtensionConfig, scopes: readonly Permission[], generation: number, request: UploadRequest): Promise<UploadResult> {
    if (!scopes.includes('UPLOAD_DOCUMENT')) throw new AppError('http_forbidden_permission', { permission: 'UPLOAD_DOCUMENT' });
    const { result } = await deps.once.run(request.id, `upload:${request.id}`, generation, {
      prepare: async () => {
        const links = await placeLinks(config, request.place);
        // What is there already is never taken for this upload: the same file saved a minute ago included.
        const before = (await lookalikes(config, links.list, request)).flatMap((letter) => selfOf(letter) ?? []);
        return {
          before,
          send: async () => {
            const sent = await send(config, request, links);
            // No address in the answer: the list names the letter, when it shows it.
            return sent.letter ? sent : ((await findUploaded(config, links.list, request, before).catch(() => undefined)) ?? {});
          },
          look: (noted) => findUploaded(config, links.list, request, noted),
          // Unseen, it is said as it happened (no answer, a broken connection, a 5xx): Try again looks first, then sends.
          resendUnseen: true,
          kept: (done) => done.letter?.url,
        };
      },
      repeat: (letter) => (letter === undefined ? {} : { letter: target(letter) }),
    });
    return result;
  }

  return { upload };
}

export type Uploads = ReturnType<typeof createUploads>;
