/** Letters, their content and folders: everything behind `document_inbox` and the mailbox. */
import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { linkerFor } from './api-root.ts';
import { CONTENT_REDIRECT_LIFETIME_MS } from './config.ts';
import { CONTENT_TYPES, makePng } from './content.ts';
import { inMailbox } from './guard.ts';
import { apiError, apiJson, resource } from './http.ts';
import { pathOf, ROUTES } from './links.ts';
import type { Attachment, Letter } from './mailbox.ts';
import type { ReadableMailbox } from './mailboxes.ts';
import { mailboxAt } from './mailboxes.ts';
import { AUTH_LEVEL_NUMBER, contentOf, SESSION_AUTH_LEVEL } from './mailbox.ts';
import { attachmentJson, documentJson, folderSummary } from './represent.ts';
import { changeFolder, createFolder, deleteDocument, deleteFolder, updateDocument } from './api-files.ts';
import type { Emulator } from './state.ts';

const DEFAULT_PAGE = 50;
const MAX_PAGE = 100;

const notFound = () => apiError(404, 'NOT_FOUND', { errorMessage: 'No such document' });

function letterOf(box: ReadableMailbox, c: Context): Letter | undefined {
  return box.mailbox.letter(c.req.param('doc') ?? '');
}

function attachmentOf(letter: Letter, c: Context): Attachment | undefined {
  return letter.attachments.find((a) => a.id === c.req.param('att'));
}

function parseInteger(value: string | undefined): number | undefined {
  return value !== undefined && /^[0-9]{1,15}$/.test(value) ? Number(value) : undefined;
}

/** `lastseen` and `limit` as the inbox and a folder page by them (as the service's own apps send them), or the 400 a bad one gets. */
function pageQuery(c: Context): { ok: true; lastseen: number | undefined; size: number } | { ok: false; response: Response } {
  const lastseenRaw = c.req.query('lastseen');
  const limitRaw = c.req.query('limit');
  const lastseen = parseInteger(lastseenRaw);
  const limit = parseInteger(limitRaw);
  if (lastseenRaw !== undefined && lastseen === undefined) {
    return {
      ok: false,
      response: apiError(400, 'INVALID_PARAMETER', { parameter: 'lastseen', errorMessage: 'lastseen is epoch milliseconds' }),
    };
  }
  if (limitRaw !== undefined && (limit === undefined || limit < 1 || limit > MAX_PAGE)) {
    return {
      ok: false,
      response: apiError(400, 'INVALID_PARAMETER', { parameter: 'limit', errorMessage: `limit is from 1 to ${MAX_PAGE}` }),
    };
  }
  return { ok: true, lastseen, size: limit ?? DEFAULT_PAGE };
}

/** The newest `size` letters older than `lastseen` (newest first), and whether more follow. */
function pageOf(letters: readonly Letter[], lastseen: number | undefined, size: number): { letters: Letter[]; more: boolean } {
  const older = lastseen === undefined ? letters : letters.filter((l) => l.created < lastseen);
  return { letters: older.slice(0, size), more: older.length > size };
}

function inbox(em: Emulator, box: ReadableMailbox, c: Context): Response {
  const query = pageQuery(c);
  if (!query.ok) return query.response;
  const { lastseen, size } = query;
  const page = box.mailbox.page(lastseen, size);
  const linker = linkerFor(em, box.accountId);
  const links = [
    linker.link('self', ROUTES.inbox, {}, undefined, c.req.url.includes('?') ? `?${new URL(c.req.url).searchParams.toString()}` : ''),
  ];
  const oldest = page.letters.at(-1);
  if (page.more && oldest) links.push(linker.link('next', ROUTES.inbox, {}, undefined, `?lastseen=${oldest.created}&limit=${size}`));
  return apiJson({ document: page.letters.map((l) => documentJson(linker, l, { deletable: box.owner })), link: links });
}

function refuseContent(attachment: Attachment): Response | undefined {
  if (AUTH_LEVEL_NUMBER[attachment.authLevel] > SESSION_AUTH_LEVEL) {
    return apiError(403, 'AUTHENTICATION_LEVEL_TOO_LOW', {
      required: attachment.authLevel,
      errorMessage: 'This letter needs a stronger login than the API allows',
    });
  }
  if (attachment.openingReceiptRequired && !attachment.openingReceiptSent) {
    return apiError(400, 'OPENING_RECEIPT_REQUIRED', { errorMessage: 'Send the opening receipt first' });
  }
  return undefined;
}

function contentResponse(attachment: Attachment, method: string): Response {
  const body = contentOf(attachment);
  return new Response(method === 'HEAD' ? null : new Uint8Array(body), {
    status: 200,
    headers: {
      'Content-Type': CONTENT_TYPES[attachment.fileType],
      'Content-Length': String(body.length),
      'Content-Disposition': `inline; filename="document-${attachment.id}.${attachment.fileType}"`,
      // Letter HTML is the sender's, not the service's: no scripts, no same-origin powers.
      'Content-Security-Policy': "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'",
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
}

function content(em: Emulator, box: ReadableMailbox, c: Context): Response {
  const letter = letterOf(box, c);
  const attachment = letter && attachmentOf(letter, c);
  if (!attachment) return notFound();
  const refused = refuseContent(attachment);
  if (refused) return refused;
  // The service marks a letter read when its content is fetched (contract §6).
  attachment.read = true;
  if (em.world.knobs.contentRedirect) {
    const ticket = randomBytes(24).toString('base64url');
    em.world.tickets.set(ticket, {
      accountId: box.accountId,
      letterId: letter.id,
      attachmentId: attachment.id,
      expires: Date.now() + CONTENT_REDIRECT_LIFETIME_MS,
    });
    return new Response(null, {
      status: 307,
      headers: { Location: `${em.contentOrigin}${pathOf(ROUTES.content, { ticket })}`, 'Cache-Control': 'no-store' },
    });
  }
  return contentResponse(attachment, c.req.method);
}

function ticketContent(em: Emulator, c: Context): Response {
  const ticketId = c.req.param('ticket') ?? '';
  const ticket = em.world.tickets.get(ticketId);
  em.world.tickets.delete(ticketId);
  const attachment =
    ticket && ticket.expires > Date.now()
      ? mailboxAt(em, ticket.accountId)
          ?.mailbox.letter(ticket.letterId)
          ?.attachments.find((a) => a.id === ticket.attachmentId)
      : undefined;
  if (!attachment) return apiError(404, 'NOT_FOUND', { errorMessage: 'This content address was used or has expired' });
  return contentResponse(attachment, c.req.method);
}

export function mailboxRoutes(app: Hono, em: Emulator): void {
  const meta = { permission: 'READ_DOCUMENT_META_INFO' } as const;
  resource(app, ROUTES.inbox, { GET: inMailbox(em, meta, (c, box) => inbox(em, box, c)) });

  resource(app, ROUTES.document, {
    GET: inMailbox(em, meta, (c, box) => {
      const letter = letterOf(box, c);
      return letter ? apiJson(documentJson(linkerFor(em, box.accountId), letter, { deletable: box.owner })) : notFound();
    }),
    DELETE: inMailbox(em, { permission: 'DELETE_DOCUMENT' }, (c, box) => deleteDocument(box, c)),
  });

  const update = inMailbox(em, { permission: 'UPDATE_DOCUMENT' }, (c, box) => updateDocument(em, box, c));
  resource(app, ROUTES.updateDocument, { POST: update });

  resource(app, ROUTES.attachmentContent, {
    GET: inMailbox(em, { permission: 'READ_DOCUMENT_CONTENT', json: false }, (c, box) => content(em, box, c)),
  });

  resource(app, ROUTES.openingReceipt, {
    POST: inMailbox(em, { permission: 'READ_DOCUMENT_CONTENT' }, (c, box) => {
      const letter = letterOf(box, c);
      const attachment = letter && attachmentOf(letter, c);
      if (!attachment) return notFound();
      if (!attachment.openingReceiptRequired) return apiError(400, 'NO_OPENING_RECEIPT_REQUIRED');
      attachment.openingReceiptSent = true;
      // A sender's OpeningReceipt item is answered with OpeningReceiptAccepted, as digipost-data-types has it.
      const metadata = attachment.metadata;
      const accepted = (type: unknown) => typeof type === 'string' && type.toLowerCase() === 'openingreceiptaccepted';
      if (
        metadata?.some((item) => typeof item.type === 'string' && item.type.toLowerCase() === 'openingreceipt') &&
        !metadata.some((item) => accepted(item.type))
      )
        attachment.metadata = [...metadata, { type: 'OpeningReceiptAccepted' }];
      return apiJson(attachmentJson(linkerFor(em, box.accountId), letter, attachment, letter.confidential));
    }),
  });

  // Folders are part of filing letters: the apps ask for no other permission to manage them.
  const filing = { permission: 'UPDATE_DOCUMENT' } as const;
  resource(app, ROUTES.folders, { POST: inMailbox(em, filing, (c, box) => createFolder(em, box, c)) });

  resource(app, ROUTES.folder, {
    GET: inMailbox(em, meta, (c, box) => {
      const folder = box.mailbox.folders.find((f) => f.id === c.req.param('folder'));
      if (!folder) return apiError(404, 'NOT_FOUND', { errorMessage: 'No such folder' });
      // A folder pages as the inbox does; without `limit` it holds all its letters, as it always has here.
      const query = pageQuery(c);
      if (!query.ok) return query.response;
      const all = box.mailbox.folderLetters(folder.id);
      const letters =
        c.req.query('limit') === undefined && query.lastseen === undefined ? all : pageOf(all, query.lastseen, query.size).letters;
      const linker = linkerFor(em, box.accountId);
      return apiJson({
        name: folder.name,
        id: folder.id,
        icon: folder.icon,
        documents: { document: letters.map((l) => documentJson(linker, l, { deletable: box.owner })) },
        link: folderSummary(linker, folder).link,
      });
    }),
    PUT: inMailbox(em, filing, (c, box) => changeFolder(em, box, c)),
    DELETE: inMailbox(em, filing, (c, box) => deleteFolder(box, c)),
  });

  // One-time content addresses carry no token: whoever follows the 307 must not need one.
  resource(app, ROUTES.content, { GET: (c) => ticketContent(em, c) });

  const logos = new Map<string, Buffer>();
  resource(app, ROUTES.logo, {
    GET: (c) => {
      const slug = c.req.param('slug') ?? '';
      if (!/^[a-z-]{1,40}$/.test(slug)) return apiError(404, 'NOT_FOUND');
      let logo = logos.get(slug);
      if (!logo) {
        logo = makePng(
          32,
          32,
          Buffer.from(slug).reduce((sum, byte) => sum + byte, 0),
        );
        logos.set(slug, logo);
      }
      return new Response(new Uint8Array(logo), { headers: { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=3600' } });
    },
  });
}
