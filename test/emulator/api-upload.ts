/**
 * Uploads (contract §10): `multipart/form-data` with the parts `subject` and `file`, POSTed to the
 * `upload_document` of the account (the archive) or of a folder, or to the mailbox's
 * `upload_document_to_inbox`. The body is read as a stream and counted, so one over the limit is
 * refused as soon as it passes the limit, not after it has all arrived.
 */
import type { Context, Hono } from 'hono';
import { linkerFor } from './api-root.ts';
import type { FileType } from './content.ts';
import { guarded, inMailbox } from './guard.ts';
import { apiError, apiJson, resource } from './http.ts';
import { ROUTES } from './links.ts';
import type { Letter } from './mailbox.ts';
import { ARCHIVE_FOLDER_ID } from './mailbox.ts';
import type { ReadableMailbox } from './mailboxes.ts';
import { ownMailbox } from './mailboxes.ts';
import { documentJson } from './represent.ts';
import type { Emulator } from './state.ts';

/** The multipart framing around the file (boundaries, part headers, the subject) may add this much. */
const FRAMING_ALLOWANCE = 64 * 1024;
const MAX_SUBJECT = 200;

/** What the file is, from its first bytes: the name and the sender's claimed type are not trusted. */
function sniffFileType(bytes: Uint8Array): FileType | 'html' | undefined {
  const ascii = Buffer.from(bytes.subarray(0, 512)).toString('latin1');
  if (ascii.startsWith('%PDF-')) return 'pdf';
  if (bytes[0] === 0x89 && ascii.slice(1, 4) === 'PNG') return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (/^\s*</.test(ascii.replace(/^\uFEFF|^\xEF\xBB\xBF/, ''))) return 'html';
  return undefined;
}

type BodyRead = { ok: true; body: Uint8Array<ArrayBuffer> } | { ok: false; response: Response };

/** The answer to a file over the limit (`maxUploadBytes`, the service's 100 MiB unless a test set another). */
function tooLarge(maxUploadBytes: number): Response {
  return apiError(413, 'FILE_TOO_LARGE', { errorMessage: `Files are limited to ${maxUploadBytes} bytes`, limit: maxUploadBytes });
}

/** Reads the request body as it arrives, refusing it (413) once it passes the file limit and the framing's allowance. */
async function readCounted(c: Context, maxUploadBytes: number): Promise<BodyRead> {
  const limit = maxUploadBytes + FRAMING_ALLOWANCE;
  const declared = Number(c.req.header('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) return { ok: false, response: tooLarge(maxUploadBytes) };
  const stream = c.req.raw.body;
  if (!stream) return { ok: true, body: new Uint8Array(0) };
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      return { ok: false, response: tooLarge(maxUploadBytes) };
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, body };
}

type Upload = { ok: true; subject: string; file: Buffer; fileType: FileType } | { ok: false; response: Response };

async function readUpload(c: Context, maxUploadBytes: number): Promise<Upload> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data')) {
    return {
      ok: false,
      response: apiError(415, 'UNSUPPORTED_MEDIA_TYPE', { errorMessage: 'Send multipart/form-data with the parts subject and file' }),
    };
  }
  const read = await readCounted(c, maxUploadBytes);
  if (!read.ok) return read;
  let form: FormData;
  try {
    form = await new Response(read.body, { headers: { 'Content-Type': c.req.header('content-type') ?? '' } }).formData();
  } catch {
    return { ok: false, response: apiError(400, 'INVALID_MULTIPART', { errorMessage: 'The body is not valid multipart/form-data' }) };
  }
  const subject = form.get('subject');
  const file = form.get('file');
  if (typeof subject !== 'string' || subject.trim() === '' || subject.length > MAX_SUBJECT) {
    return {
      ok: false,
      response: apiError(400, 'INVALID_SUBJECT', { errorMessage: `subject is a non-empty text of at most ${MAX_SUBJECT} characters` }),
    };
  }
  if (file === null || typeof file === 'string')
    return { ok: false, response: apiError(400, 'MISSING_FILE', { errorMessage: 'The part file is missing' }) };
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.length === 0) return { ok: false, response: apiError(400, 'EMPTY_FILE', { errorMessage: 'The file is empty' }) };
  if (bytes.length > maxUploadBytes) return { ok: false, response: tooLarge(maxUploadBytes) };
  const fileType = sniffFileType(bytes);
  if (fileType === undefined || fileType === 'html') {
    return {
      ok: false,
      response: apiError(400, 'UNSUPPORTED_FILE_TYPE', { errorMessage: 'PDF, PNG and JPEG files are accepted; HTML is not' }),
    };
  }
  return { ok: true, subject: subject.trim(), file: bytes, fileType };
}

function storeLetter(
  box: ReadableMailbox,
  upload: { subject: string; file: Buffer; fileType: FileType },
  folderId: string | undefined,
  now: number,
): Letter {
  const { mailbox } = box;
  const id = mailbox.newLetterId();
  const letter: Letter = {
    id,
    subject: upload.subject,
    creatorName: '',
    created: Math.max(now, mailbox.newestCreated() + 1),
    origin: 'UPLOADED',
    confidential: false,
    type: 'LETTER',
    attachments: [
      {
        id: `${id}-1`,
        subject: upload.subject,
        fileType: upload.fileType,
        authLevel: 'PASSWORD',
        // The person's own file is not news to them.
        read: true,
        mainDocument: true,
        openingReceiptRequired: false,
        openingReceiptSent: false,
        body: [],
        seed: 0,
        content: upload.file,
      },
    ],
  };
  if (folderId !== undefined) letter.folderId = folderId;
  mailbox.add(letter);
  return letter;
}

/** The `stallUpload` outcome: the letter is stored, and the answer never comes (until the client gives up). */
function stall(c: Context): Promise<Response> {
  return new Promise((resolve) => {
    c.req.raw.signal.addEventListener('abort', () => resolve(new Response(null, { status: 499 })));
  });
}

async function upload(
  em: Emulator,
  box: ReadableMailbox,
  c: Context,
  folderOf: (c: Context) => string | undefined | null,
): Promise<Response> {
  const folderId = folderOf(c);
  if (folderId === null) return apiError(404, 'NOT_FOUND', { errorMessage: 'No such folder' });
  const read = await readUpload(c, em.settings.maxUploadBytes);
  if (!read.ok) return read.response;
  const letter = storeLetter(box, read, folderId, em.settings.calendar());
  // One planned fault, after the letter is stored: the case where a client must look before it repeats.
  const fault = em.world.knobs.uploadFault;
  if (fault !== 'none') {
    em.world.knobs.uploadFault = 'none';
    if (fault === 'stall-after-storing') return stall(c);
    return apiError(500, 'INTERNAL_SERVER_ERROR', { errorMessage: 'Injected failure after storing the upload' });
  }
  const body = documentJson(linkerFor(em, box.accountId), letter, { deletable: box.owner });
  const self = (body.link as { rel: string; uri: string }[]).find((l) => l.rel.endsWith('/self'))?.uri ?? '';
  return apiJson(body, 201, { Location: self });
}

/** Whether a path is one of the upload routes, whose bodies have their own limit (app.ts). */
export function isUploadPath(path: string): boolean {
  return /\/(archive|inbox|folders\/[0-9]+)\/upload$/.test(path);
}

export function uploadRoutes(app: Hono, em: Emulator): void {
  const permission = { permission: 'UPLOAD_DOCUMENT' } as const;
  // The archive is the account's, so only the person's own: a shared mailbox links no upload_document.
  resource(app, ROUTES.upload, { POST: guarded(em, permission, (c) => upload(em, ownMailbox(em), c, () => ARCHIVE_FOLDER_ID)) });
  resource(app, ROUTES.uploadToInbox, { POST: inMailbox(em, permission, (c, box) => upload(em, box, c, () => undefined)) });
  resource(app, ROUTES.uploadToFolder, {
    POST: inMailbox(em, permission, (c, box) =>
      upload(em, box, c, (ctx) => {
        const id = ctx.req.param('folder') ?? '';
        return box.mailbox.folders.some((f) => f.id === id) ? id : null;
      }),
    ),
  });
}
