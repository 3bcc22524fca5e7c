/** The admin API under /__emulator/: knobs, scenario triggers and the request log for tests. */
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { DEMO_REDIRECT_PATTERNS, OTHER_CLIENT } from './clients.ts';
import type { Knobs } from './config.ts';
import { ADMIN_PREFIX, copyKnobs } from './config.ts';
import { json, readJson, resource } from './http.ts';
import type { Attachment, Letter, Mailbox } from './mailbox.ts';
import { mailboxWithAddress, ownMailbox } from './mailboxes.ts';
import type { Emulator } from './state.ts';

const link = z.strictObject({ rel: z.string().min(1).max(2000), uri: z.string().min(1).max(2000), 'media-type': z.string().max(200) });

const knobsSchema = z.strictObject({
  accessTokenLifetime: z.number().int().min(1).max(31_536_000),
  rotateRefreshTokens: z.boolean(),
  latencyMs: z.number().int().min(0).max(60_000),
  idTokenExp: z.enum(['lifetime', 'absolute']),
  badIdTokenSignature: z.boolean(),
  contentRedirect: z.boolean(),
  stallTokenEndpoint: z.boolean(),
  requirePkce: z.boolean(),
  failRevoke: z.boolean(),
  uploadFault: z.enum(['none', 'fail-after-storing', 'stall-after-storing']),
  bankPaymentDelayMs: z.number().int().min(0).max(120_000),
  gatewayDown: z.boolean(),
  extraLinks: z.strictObject({ root: z.array(link).max(50), account: z.array(link).max(50) }),
});

const letterSchema = z.strictObject({
  subject: z.string().min(1).max(200).optional(),
  creatorName: z.string().max(100).optional(),
  fileType: z.enum(['pdf', 'html', 'jpg', 'png']).optional(),
  read: z.boolean().optional(),
  authenticationLevel: z.enum(['PASSWORD', 'TWO_FACTOR', 'IDPORTEN_3', 'IDPORTEN_4']).optional(),
  origin: z.enum(['CORPORATION', 'PUBLIC_ENTITY', 'PRIVATE_PERSON', 'UPLOADED']).optional(),
  openingReceipt: z.boolean().optional(),
  invoice: z
    .strictObject({
      kid: z.string(),
      accountNumber: z.string(),
      amount: z.number(),
      dueDate: z.string(),
      paid: z.boolean().optional(),
      /** The service links `send_to_bank` for it. */
      sendToBank: z.boolean().optional(),
      /** Already sent (and, with timePaid, paid) through the person's bank. */
      payment: z
        .strictObject({ timePaid: z.number().int().optional(), debitorBankAccount: z.string(), bank: z.string(), bankHomepage: z.string() })
        .optional(),
    })
    .optional(),
  /** The document's metadata items as the sender gave them: any shape, so tests can send what the service might. */
  metadata: z.array(z.record(z.string(), z.unknown())).max(20).optional(),
  /** The letter's own HTML (fileType becomes html), e.g. one that tries to track its reader. */
  html: z.string().max(60_000).optional(),
  /** The file type the metadata states instead of the content's own (a sender's mistake or trick, e.g. "exe"). */
  statedFileType: z
    .string()
    .regex(/^[A-Za-z0-9]{1,10}$/)
    .optional(),
  /** Files the letter in this folder (its id) instead of the inbox, e.g. a letter only a folder holds. */
  folderId: z.string().min(1).max(20).optional(),
  /** When it arrived (epoch ms), for a mailbox laid out in time (the store's pictures); absent: now, newest of all. */
  created: z.number().int().positive().optional(),
  /** Delivers it into the mailbox with this Digipost address (the shared one, say); absent: the person's own. */
  mailbox: z.string().min(1).max(100).optional(),
});

type NewLetter = z.input<typeof letterSchema>;

const storageSchema = z.strictObject({
  /** The mailbox's Digipost address; absent: the person's own. */
  mailbox: z.string().min(1).max(100).optional(),
  usedStorage: z.number().int().nonnegative(),
});

const mailboxEntrySchema = z.strictObject({
  /** The mailbox's Digipost address; absent: the person's own. */
  mailbox: z.string().min(1).max(100).optional(),
  /** Its entry's fields sent as given, whatever the emulator would say (null, -1, a string): `{}` takes them back. */
  fields: z.record(z.string().min(1).max(100), z.json()).refine((fields) => Object.keys(fields).length <= 20, 'at most 20 fields'),
});

const failSchema = z.strictObject({
  count: z.number().int().min(1).max(1000),
  kind: z.enum(['500', 'malformed', 'drop', '403', 'stall', '502', '504', '502-after', '504-after', '504-after-down']),
  pathPrefix: z.string().startsWith('/').max(500).optional(),
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE']).optional(),
  exact: z.boolean().optional(),
});

const badRequest = (message: string, issues?: unknown) =>
  json({ error: 'bad_request', message, ...(issues === undefined ? {} : { issues }) }, 400);
const noContent = () => new Response(null, { status: 204 });

async function body<T>(c: Context, schema: z.ZodType<T>): Promise<{ ok: true; value: T } | { ok: false; response: Response }> {
  const read = await readJson(c, { emptyIsObject: true });
  if (!read.ok) return { ok: false, response: badRequest(read.reason) };
  const parsed = schema.safeParse(read.value);
  if (!parsed.success) return { ok: false, response: badRequest('The body does not match the schema.', parsed.error.issues) };
  return { ok: true, value: parsed.data };
}

function addLetter(mailbox: Mailbox, input: NewLetter, now: number): Letter {
  const id = mailbox.newLetterId();
  const subject = input.subject ?? 'Nytt brev';
  const attachment: Attachment = {
    id: `${id}-1`,
    subject,
    fileType: input.html === undefined ? (input.fileType ?? 'pdf') : 'html',
    authLevel: input.authenticationLevel ?? 'PASSWORD',
    read: input.read ?? false,
    mainDocument: true,
    openingReceiptRequired: input.openingReceipt ?? false,
    openingReceiptSent: false,
    body: ['Lagt til av en test.'],
    seed: Number(id) % 251,
  };
  if (input.html !== undefined) attachment.content = Buffer.from(input.html, 'utf8');
  if (input.statedFileType !== undefined) attachment.statedFileType = input.statedFileType;
  if (input.invoice) {
    const { payment, sendToBank, ...facts } = input.invoice;
    attachment.invoice = { ...facts, paid: facts.paid ?? false };
    if (sendToBank !== undefined) attachment.invoice.sendToBank = sendToBank;
    if (payment) {
      const { timePaid, ...sent } = payment;
      attachment.invoice.payment = timePaid === undefined ? sent : { ...sent, timePaid };
    }
  }
  if (input.metadata) attachment.metadata = input.metadata.map((item) => ({ ...item }));
  const letter: Letter = {
    id,
    subject,
    creatorName: input.creatorName ?? 'Testavsender',
    // Newest of all, and never the same millisecond as another letter.
    created: input.created ?? Math.max(now, mailbox.newestCreated() + 1),
    origin: input.origin ?? 'CORPORATION',
    confidential: false,
    type: input.invoice ? 'INVOICE' : 'LETTER',
    attachments: [attachment],
  };
  if (input.folderId !== undefined) letter.folderId = input.folderId;
  mailbox.add(letter);
  return letter;
}

export function adminRoutes(app: Hono, em: Emulator): void {
  const p = (path: string) => `${ADMIN_PREFIX}${path}`;

  resource(app, p('/'), {
    GET: () =>
      json({
        url: em.baseUrl,
        clients: [
          { id: em.settings.clientId, secret: em.settings.clientSecret, redirectUris: DEMO_REDIRECT_PATTERNS },
          { id: OTHER_CLIENT.id, secret: OTHER_CLIENT.secret, redirectUris: [OTHER_CLIENT.redirectUri] },
        ],
        user: { fullName: em.world.user.fullName, digipostaddress: em.world.user.digipostaddress },
        knobs: em.world.knobs,
      }),
  });

  resource(app, p('/knobs'), {
    GET: () => json(em.world.knobs),
    POST: async (c) => {
      const read = await body(c, knobsSchema.partial());
      if (!read.ok) return read.response;
      const next: Knobs = copyKnobs(em.world.knobs);
      Object.assign(next, Object.fromEntries(Object.entries(read.value).filter(([, v]) => v !== undefined)));
      em.world.knobs = copyKnobs(next);
      return json(em.world.knobs);
    },
  });

  resource(app, p('/revoke-grants'), {
    POST: () => {
      em.world.tokens.revokeAll();
      return noContent();
    },
  });

  resource(app, p('/expire-access-tokens'), {
    POST: () => {
      em.world.tokens.expireAllAccessTokens(Date.now());
      return noContent();
    },
  });

  resource(app, p('/letters'), {
    POST: async (c) => {
      const read = await body(c, letterSchema);
      if (!read.ok) return read.response;
      const { folderId, mailbox: address } = read.value;
      const box = address === undefined ? em.world.mailbox : mailboxWithAddress(em, address)?.mailbox;
      if (!box) return badRequest(`No mailbox the person reads has the address ${address ?? ''}.`);
      if (folderId !== undefined && !box.folders.some((folder) => folder.id === folderId))
        return badRequest(`No folder has the id ${folderId}.`);
      return json({ id: addLetter(box, read.value, em.settings.calendar()).id }, 201);
    },
  });

  // The root's notice shown (again, after a dismissal): the pictures show it, and tests dismiss it.
  resource(app, p('/notice'), {
    POST: () => {
      em.world.noticeShown = true;
      return noContent();
    },
  });

  // How full a mailbox is (its usedStorage in bytes): a nearly full one warns the person.
  resource(app, p('/storage'), {
    POST: async (c) => {
      const read = await body(c, storageSchema);
      if (!read.ok) return read.response;
      const { mailbox: address, usedStorage } = read.value;
      const box = address === undefined ? undefined : mailboxWithAddress(em, address);
      if (address !== undefined && !box) return badRequest(`No mailbox the person reads has the address ${address}.`);
      if (!box || box.owner) em.world.ownUsedStorage = usedStorage;
      else box.usedStorage = usedStorage;
      return noContent();
    },
  });

  // Odd values in a mailbox's entry in the root (usedStorage null or -1, say), as a service might send them.
  resource(app, p('/mailbox-entry'), {
    POST: async (c) => {
      const read = await body(c, mailboxEntrySchema);
      if (!read.ok) return read.response;
      const { mailbox: address, fields } = read.value;
      const box = address === undefined ? ownMailbox(em) : mailboxWithAddress(em, address);
      if (!box) return badRequest(`No mailbox the person reads has the address ${address ?? ''}.`);
      em.world.mailboxEntryFields[box.accountId] = { ...fields };
      return noContent();
    },
  });

  resource(app, p('/fail-next'), {
    POST: async (c) => {
      const read = await body(c, failSchema);
      if (!read.ok) return read.response;
      const { count, kind, pathPrefix, method, exact } = read.value;
      em.world.failures.push({ remaining: count, kind, pathPrefix: pathPrefix ?? '/', method, exact: exact ?? false });
      return noContent();
    },
  });

  resource(app, p('/requests'), {
    GET: () => json(em.world.log),
    DELETE: () => {
      em.world.log = [];
      return noContent();
    },
  });

  resource(app, p('/reset'), {
    POST: () => {
      em.reset();
      return noContent();
    },
  });
}
