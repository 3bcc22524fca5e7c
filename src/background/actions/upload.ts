import { parseWith } from '../../api/http.ts';
import { pageAfterMaybeCapped } from '../../api/inbox-paging.ts';
import { findLink, relationName, type LinkTarget } from '../../api/links.ts';
import { urlProblem } from '../../api/origin.ts';
import { mailboxLists } from '../../api/mailbox-lists.ts';
import { folderSchema, inboxSchema, type Document, type RootResource } from '../../api/schemas.ts';
import { placeLinksOf, type PlaceLinks, type UploadPlace } from '../../api/upload-places.ts';
import { UPLOAD_TYPES, uploadDeadlineMs, uploadFileName, uploadKindOf } from '../../api/upload-rules.ts';
import type { ExtensionConfig } from '../../config/config.ts';
import { AppError } from '../../shared/errors.ts';
import type { ServiceCalls } from '../authorized-fetch.ts';
import { pagedUrl } from '../inbox-page.ts';
import { canonicalAddress, fileDigest, intentId } from '../intent.ts';
import type { Intent, Once } from '../once.ts';
import { getItem, put, setItems, type Areas } from '../../storage/item.ts';
import { uploadsMadeItem, type WriteRecord } from '../../storage/items.ts';
import type { RootCache } from '../root-cache.ts';
import type { OwnRequestAction, Signed } from './action.ts';

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

/**
 * The upload, as the table of writes declares it (table.ts): its own request, `upload`, performs it
 * (to the inbox's or a folder's relation). An outcome no evidence shows is said to be unknown, and
 * only the person's explicit choice sends it again; a letter it stored and that is gone since (the
 * person deleted it) does not hold back the same file saved again.
 */
export const uploadAction: OwnRequestAction<'upload_document' | 'upload_document_to_inbox'> = {
  request: 'upload',
  unseen: 'write_outcome_unknown',
};

/**
 * How far a look reads a place's list for the uploaded letter: the newest LOOK_LETTERS, asked for
 * LIST_PAGE at a time, in LOOK_PAGES pages at most (a service that serves fewer a page is read
 * less deep, never without end).
 */
const LOOK_LETTERS = 500;
const LIST_PAGE = 100;
const LOOK_PAGES = 10;
/** The record's note (WriteNote.fields) of when the newest letter the list showed before the upload left was made (epoch ms). */
const NEWEST_BEFORE = 'newestBefore';
/** How many of the letters this session's uploads stored are remembered (uploadsMadeItem). */
const MADE_LETTERS_KEPT = 200;

/**
 * Sends a page's file to the place the person chose, exactly once per intent: this person, this
 * place, this subject and this file (its name, size and content digest), so a Try again, the same
 * file saved again after a reload, or the same save from another tab is one upload, and the same
 * file sent to another place is another (intent.ts, once.ts). When the answer does not say what
 * happened, the file counts as arrived only if the place it was sent to shows a letter we
 * uploaded, of the file's size and with its subject, that was not in that list before the upload
 * left, looked for past the first page (contract §10, §9): not among the look-alikes the list
 * showed then, and made after the newest letter it showed then, each time by the service's own
 * clock, never ours compared to the service's. Without it the outcome is unknown, and
 * only the person's explicit choice sends it again.
 * The token never leaves here: a page hands over its file and names a place, never an address.
 */
export function createUploads(deps: UploadDeps) {
  const { calls } = deps;

  /** The place's links in `root`: the upload relation it offers and its list (never built by hand). */
  function placeLinks(root: RootResource | undefined, place: UploadPlace): PlaceLinks {
    const links = placeLinksOf(root, place);
    if (!links) throw new AppError('upload_place_missing');
    return links;
  }

  const target = (url: string): LinkTarget => ({ url, relation: 'self' });

  /**
   * The newest letters of a place's list, page after page (a folder answers whole; the inbox pages
   * by its `next` link, or by `lastseen` as the service's apps page it, past a page shorter than
   * asked for, which the service may have capped) up to LOOK_LETTERS letters.
   */
  async function listLetters(config: ExtensionConfig, list: PlaceLinks['list']): Promise<Document[]> {
    const letters: Document[] = [];
    let url: string | undefined = pagedUrl(list, LIST_PAGE);
    let nextLinksSeen = false;
    for (let page = 0; url !== undefined && page < LOOK_PAGES && letters.length < LOOK_LETTERS; page++) {
      const data = await calls.authorizedFetch(config, { url, relation: relationName(list.rel) });
      if (!Array.isArray((data as { document?: unknown } | null)?.document)) {
        letters.push(...(parseWith(folderSchema, data, 'folder').documents?.document ?? []));
        break;
      }
      const inbox = parseWith(inboxSchema, data, 'inbox');
      letters.push(...inbox.document);
      const next = findLink(inbox.link, 'next')?.uri;
      nextLinksSeen ||= next !== undefined;
      // A service that gives `next` links ends its list with a page that has none.
      url = next ?? (nextLinksSeen ? undefined : pageAfterMaybeCapped(url, inbox.document.length, inbox.document.at(-1)?.created));
    }
    return letters;
  }

  /** What a list showed before an upload left: the letters like it (never taken for it) and when its newest letter was made. */
  async function listedBefore(config: ExtensionConfig, list: PlaceLinks['list'], request: UploadRequest): Promise<Before> {
    const letters = await listLetters(config, list);
    const newest = newestCreated(letters);
    return { lookalikes: lookalikesIn(letters, request).map(({ self }) => self), ...(newest === undefined ? {} : { newest }) };
  }

  /**
   * The letter this upload made, if the place it went to shows one like it that was not there
   * before it left and that no other upload of this session stored (`own`: the one this intent
   * stored, when it is done). Not there before: not among the look-alikes seen then, and made after
   * the newest letter the list showed then, by the service's own clock. A letter already in the
   * list, however deep, was made before that one, so an older copy that comes onto the first page
   * (the letters above it deleted or filed, or it moved in from a folder) is never taken for it.
   */
  async function findUploaded(
    config: ExtensionConfig,
    list: PlaceLinks['list'],
    request: UploadRequest,
    before: Before,
    own?: string,
  ): Promise<UploadResult | undefined> {
    const others = (await getItem(deps.storage, uploadsMadeItem)).filter((made) => made !== own);
    const found = lookalikesIn(await listLetters(config, list), request).find(
      ({ self, created }) =>
        !before.lookalikes.includes(self) && !others.includes(self) && (before.newest === undefined || created > before.newest),
    );
    return found === undefined ? undefined : { letter: target(found.self) };
  }

  /** Lists the letter an upload stored (the newest MADE_LETTERS_KEPT), so no other upload's look takes it for its own. */
  async function remember(letter: string): Promise<void> {
    const made = await getItem(deps.storage, uploadsMadeItem);
    if (!made.includes(letter)) await setItems(deps.storage, put(uploadsMadeItem, [...made, letter].slice(-MADE_LETTERS_KEPT)));
  }

  async function send(config: ExtensionConfig, request: UploadRequest, links: PlaceLinks, generation: number): Promise<UploadResult> {
    const { file } = request;
    const kind = await uploadKindOf(file);
    const form = new FormData();
    form.set('subject', request.subject);
    // A slice is a new reference to the page's bytes (no copy), with the type the bytes have shown.
    form.set('file', file.slice(0, file.size, UPLOAD_TYPES[kind]), uploadFileName(request.name, kind));
    const { upload } = links;
    const location = await calls.authorizedUpload(
      config,
      // With the token of the session the person asked in only (authorized-fetch.ts).
      {
        url: upload.uri,
        relation: relationName(upload.rel),
        mediaType: upload['media-type'],
        method: 'POST',
        timeoutMs: uploadDeadlineMs(file.size),
        generation,
      },
      form,
    );
    const serviceOrigin = new URL(config.baseUrl).origin;
    return location !== undefined && urlProblem(location, serviceOrigin) === undefined ? { letter: target(location) } : {};
  }

  /** The intent: the person, the place by its canonical address, the subject and the file. */
  async function intentOf(person: string, request: UploadRequest): Promise<Intent> {
    // A shared mailbox's inbox by its canonical inbox address (what names the mailbox); the person's own as before, so an earlier intent keeps its identity.
    const place =
      request.place.kind === 'inbox'
        ? request.place.mailbox === undefined
          ? 'inbox'
          : `inbox:${canonicalAddress(request.place.mailbox)}`
        : canonicalAddress(request.place.self);
    const id = intentId(person, ['upload', place, request.subject, request.name, request.file.size, await fileDigest(request.file)]);
    return { id, lane: `upload:${id}` };
  }

  /** `who` and `generation`: the session's when the page asked; the upload is fenced to it. */
  async function upload(config: ExtensionConfig, who: Signed, generation: number, request: UploadRequest): Promise<UploadResult> {
    if (!who.scopes.includes('UPLOAD_DOCUMENT')) throw new AppError('http_forbidden_permission', { permission: 'UPLOAD_DOCUMENT' });
    // The root as this ask reads it, once: where the file goes and which mailbox its letter opens in.
    let rooted: Promise<RootResource | undefined> | undefined;
    const root = () => (rooted ??= deps.rootCache.getRootAndAnnounce(config, false).then((cached) => cached.root));
    const { result, repeated } = await deps.once.run(
      await intentOf(who.userId, request),
      generation,
      {
        look: async (record) =>
          findUploaded(config, placeLinks(await root(), request.place).list, request, beforeOf(record), record.letter),
        prepare: async () => {
          const links = placeLinks(await root(), request.place);
          // What is there already is never taken for this upload: the same file saved a minute ago included.
          const before = await listedBefore(config, links.list, request);
          return {
            note: {
              before: before.lookalikes,
              ...(before.newest === undefined ? {} : { fields: { [NEWEST_BEFORE]: String(before.newest) } }),
            },
            send: async () => {
              const sent = await send(config, request, links, generation);
              // No address in the answer: the list names the letter, when it shows it.
              return sent.letter ? sent : ((await findUploaded(config, links.list, request, before).catch(() => undefined)) ?? {});
            },
          };
        },
        unseen: new AppError(uploadAction.unseen),
        made: (done) => done.letter?.url,
      },
      { resend: request.resend },
    );
    if (!repeated && result.letter) await remember(result.letter.url);
    return inMailbox(result, sharedMailboxOf(await root(), request.place));
  }

  return { upload };
}

/** What a place's list showed before an upload left (see findUploaded). */
interface Before {
  /** The self addresses of the letters like this upload's. */
  lookalikes: string[];
  /** When its newest letter was made (epoch ms), by the service's clock; absent when it showed none with a date. */
  newest?: number;
}

/** What a record noted of the list before the upload left (a record of an earlier version noted only the look-alikes). */
function beforeOf(record: WriteRecord): Before {
  const newest = Number(record.fields?.[NEWEST_BEFORE] ?? Number.NaN);
  return { lookalikes: record.before ?? [], ...(Number.isFinite(newest) ? { newest } : {}) };
}

const selfOf = (letter: Document) => findLink(letter.link, 'self')?.uri;
const createdOf = (letter: Document) => (letter.created === undefined ? Number.NaN : Date.parse(letter.created));

/** The newest creation time among `letters` (epoch ms), undefined when none has a readable one. */
function newestCreated(letters: readonly Document[]): number | undefined {
  const times = letters.map(createdOf).filter((time) => !Number.isNaN(time));
  return times.length === 0 ? undefined : Math.max(...times);
}

/** The letters that look like this upload's: uploaded, with its subject and size, with their address and creation time (NaN when unreadable). */
function lookalikesIn(letters: readonly Document[], request: UploadRequest): { self: string; created: number }[] {
  return letters
    .filter((letter) => letter.origin === 'UPLOADED' && letter.subject === request.subject && letter.fileSize === request.file.size)
    .flatMap((letter) => {
      const self = selfOf(letter);
      return self === undefined ? [] : [{ self, created: createdOf(letter) }];
    });
}

/**
 * The mailbox shared with the person that `place` lies in (its inbox, or one of its folders), by its
 * inbox link (api/inbox.ts mailboxIdOf) as the popup names a shared mailbox's letters, never by its
 * Digipost address; none for the person's own.
 */
function sharedMailboxOf(root: RootResource | undefined, place: UploadPlace): string | undefined {
  if (place.kind === 'inbox') return place.mailbox;
  return mailboxLists(root).find((list) => list.link.uri === place.self)?.shared?.mailbox;
}

/** The upload's letter, opening in the mailbox it was saved into (LinkTarget.mailbox): a shared one's letter offers that mailbox's folders, never the person's. */
function inMailbox(result: UploadResult, mailbox: string | undefined): UploadResult {
  return result.letter && mailbox !== undefined ? { letter: { ...result.letter, mailbox } } : result;
}

export type Uploads = ReturnType<typeof createUploads>;
