import { parseWith } from '../api/http.ts';
import { pageAfter } from '../api/inbox-paging.ts';
import { relationName, type LinkTarget } from '../api/links.ts';
import { urlProblem } from '../api/origin.ts';
import { folderSchema, inboxSchema, type Document, type Inbox } from '../api/schemas.ts';
import { placeLinksOf, type PlaceLinks, type UploadPlace } from '../api/upload-places.ts';
import { UPLOAD_TYPES, uploadDeadlineMs, uploadFileName, uploadKindOf } from '../api/upload-rules.ts';
import type { ExtensionConfig } from '../config/config.ts';
import { AppError } from '../shared/errors.ts';
import type { ServiceCalls } from './authorized-fetch.ts';
import { pagedUrl } from './inbox-page.ts';
import { canonicalAddress, fileDigest, intentId } from './intent.ts';
import type { Intent, Once } from './once.ts';
import type { Signed } from './writes.ts';
import { getItem, put, setItems, type Areas } from '../storage/item.ts';
import { uploadsMadeItem } from '../storage/items.ts';
import type { RootCache } from './root-cache.ts';

export interface UploadDeps {
  /** Where the letters this session's uploads stored are listed (uploadsMadeItem). */
  storage: Areas<'session', 'get' | 'set'>;
  calls: Pick<ServiceCalls, 'authorizedFetch' | 'authorizedUpload'>;
  rootCache: Pick<RootCache, 'getRootAndAnnounce'>;
  once: Once;
}

export interface UploadRequest {
  subject: string;
  place: UploadPlace;
  /** The page's own Blob, handed over by reference (src/ui/send-file.ts): never copied, never stored. */
  file: Blob;
  name: string;
  /** The person's explicit choice to send again an upload whose outcome is unknown. */
  resend?: boolean | undefined;
}

/** The letter an upload made, as the viewer opens it; absent when the service named none. */
export interface UploadResult {
  letter?: LinkTarget;
}

/** How many pages of a place's list a look reads for the uploaded letter (the newest LOOK_PAGES × LIST_PAGE letters). */
const LOOK_PAGES = 5;
const LIST_PAGE = 100;
/** How many of the letters this session's uploads stored are remembered (uploadsMadeItem). */
const MADE_LETTERS_KEPT = 200;

/**
 * Sends a page's file to the place the person chose, exactly once per intent: this person, this
 * place, this subject and this file (its name, size and content digest), so a Try again, the same
 * file saved again after a reload, or the same save from another tab is one upload, and the same
 * file sent to another place is another (intent.ts, once.ts). When the answer does not say what
 * happened, the file counts as arrived only if the place it was sent to shows a letter we
 * uploaded, of the file's size and with its subject, that was not in that list before the upload
 * left, looked for past the first page (contract §10): "made after it began" by the service's own
 * list, with no clock of ours compared to the service's. Without it the outcome is unknown, and
 * only the person's explicit choice sends it again.
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

  /**
   * The newest letters of a place's list, page after page (a folder answers whole; the inbox pages
   * by its `next` link, or by `lastseen` as the service's apps page it) up to LOOK_PAGES pages.
   */
  async function listLetters(config: ExtensionConfig, list: PlaceLinks['list']): Promise<Document[]> {
    const letters: Document[] = [];
    let url: string | undefined = pagedUrl(list, LIST_PAGE);
    for (let page = 0; url !== undefined && page < LOOK_PAGES; page++) {
      const data = await calls.authorizedFetch(config, { url, relation: relationName(list.rel) });
      if (!Array.isArray((data as { document?: unknown } | null)?.document)) {
        letters.push(...(parseWith(folderSchema, data, 'folder').documents?.document ?? []));
        break;
      }
      const inbox = parseWith(inboxSchema, data, 'inbox');
      letters.push(...inbox.document);
      url = nextInboxPage(url, inbox);
    }
    return letters;
  }

  /** The letters of the place's list that look like this upload's: uploaded, with its subject and size. */
  async function lookalikes(config: ExtensionConfig, list: PlaceLinks['list'], request: UploadRequest): Promise<string[]> {
    const letters = await listLetters(config, list);
    return letters.filter((letter) => letter.origin === 'UPLOADED' && letter.subject === request.subject && letter.fileSize === request.file.size).flatMap((letter) => selfOf(letter) ?? []);
  }

  /**
   * The letter this upload made, if the place it went to shows one like it that was not there
   * before it left and that no other upload of this session stored (`own`: the one this intent
   * stored, when it is done).
   */
  async function findUploaded(config: ExtensionConfig, list: PlaceLinks['list'], request: UploadRequest, before: readonly string[], own?: string): Promise<UploadResult | undefined> {
    const others = (await getItem(deps.storage, uploadsMadeItem)).filter((made) => made !== own);
    const self = (await lookalikes(config, list, request)).find((uri) => !before.includes(uri) && !others.includes(uri));
    return self === undefined ? undefined : { letter: target(self) };
  }

  /** Lists the letter an upload stored (the newest MADE_LETTERS_KEPT), so no other upload's look takes it for its own. */
  async function remember(letter: string): Promise<void> {
    const made = await getItem(deps.storage, uploadsMadeItem);
    if (!made.includes(letter)) await setItems(deps.storage, put(uploadsMadeItem, [...made, letter].slice(-MADE_LETTERS_KEPT)));
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

  /** The intent: the person, the place by its canonical address, the subject and the file. */
  async function intentOf(person: string, request: UploadRequest): Promise<Intent> {
    // A shared mailbox's inbox by its address; the person's own as before, so an earlier intent keeps its identity.
    const place = request.place.kind === 'inbox' ? (request.place.mailbox === undefined ? 'inbox' : `inbox:${request.place.mailbox}`) : canonicalAddress(request.place.self);
    const id = intentId(person, ['upload', place, request.subject, request.name, request.file.size, await fileDigest(request.file)]);
    return { id, lane: `upload:${id}` };
  }

  /** `who` and `generation`: the session's when the page asked; the upload is fenced to it. */
  async function upload(config: ExtensionConfig, who: Signed, generation: number, request: UploadRequest): Promise<UploadResult> {
    if (!who.scopes.includes('UPLOAD_DOCUMENT')) throw new AppError('http_forbidden_permission', { permission: 'UPLOAD_DOCUMENT' });
    const { result, repeated } = await deps.once.run(
      await intentOf(who.userId, request),
      generation,
      {
        look: async (record) => findUploaded(config, (await placeLinks(config, request.place)).list, request, record.before ?? [], record.letter),
        prepare: async () => {
          const links = await placeLinks(config, request.place);
          // What is there already is never taken for this upload: the same file saved a minute ago included.
          const before = await lookalikes(config, links.list, request);
          return {
            note: { before },
            send: async () => {
              const sent = await send(config, request, links);
              // No address in the answer: the list names the letter, when it shows it.
              return sent.letter ? sent : ((await findUploaded(config, links.list, request, before).catch(() => undefined)) ?? {});
            },
          };
        },
        unseen: new AppError('write_outcome_unknown'),
        made: (done) => done.letter?.url,
      },
      { resend: request.resend },
    );
    if (!repeated && result.letter) await remember(result.letter.url);
    return result;
  }

  return { upload };
}

/** The inbox's next page: its `next` link as given, else `lastseen` of the oldest letter (contract §6); none after a short page. */
function nextInboxPage(requestUrl: string, inbox: Inbox): string | undefined {
  const next = inbox.link.find((link) => relationName(link.rel) === 'next');
  return next ? next.uri : pageAfter(requestUrl, inbox.document.length, inbox.document.at(-1)?.created);
}

export type Uploads = ReturnType<typeof createUploads>;
