import { z } from '../shared/zod.ts';
import type { Request } from './messages.ts';
import { MAX_SUBJECT_LENGTH } from '../api/upload-rules.ts';

const configInputSchema = z.object({
  baseUrl: z.string().check(z.maxLength(2048)),
  clientId: z.string().check(z.maxLength(512)),
  clientSecret: z.string().check(z.maxLength(512)),
  scopes: z.array(z.string().check(z.maxLength(64))).check(z.maxLength(32)),
  pollMinutes: z.int().check(z.gte(1), z.lte(1440)),
  notify: z.optional(z.boolean()),
});

const linkTargetSchema = z.object({
  url: z.string().check(z.maxLength(8192)),
  mediaType: z.optional(z.string().check(z.maxLength(256))),
  relation: z.optional(z.string().check(z.maxLength(256))),
});

/**
 * The shape of each request, checked in the worker before a handler sees it: the schema column of
 * REQUESTS (requests.ts), kept here so the pages do not ship zod. Each row must parse to its own
 * member of the Request union, and a type without a row does not compile.
 */
const REQUEST_SCHEMAS = {
  getStatus: z.object({ type: z.literal('getStatus') }),
  connect: z.object({ type: z.literal('connect') }),
  signOut: z.object({ type: z.literal('signOut') }),
  getRoot: z.object({ type: z.literal('getRoot'), force: z.optional(z.boolean()), inbox: z.optional(z.boolean()) }),
  getResource: z.extend(linkTargetSchema, { type: z.literal('getResource') }),
  getConfig: z.object({ type: z.literal('getConfig') }),
  getPageConfig: z.object({ type: z.literal('getPageConfig') }),
  saveConfig: z.object({ type: z.literal('saveConfig'), config: configInputSchema }),
  changePermissions: z.object({ type: z.literal('changePermissions'), scopes: configInputSchema.shape.scopes }),
  getContent: z.extend(linkTargetSchema, { type: z.literal('getContent') }),
  sendOpeningReceipt: z.object({ type: z.literal('sendOpeningReceipt'), letter: linkTargetSchema, attachment: z.int().check(z.gte(0), z.lte(1000)), resend: z.optional(z.boolean()) }),
  write: z.object({
    type: z.literal('write'),
    target: linkTargetSchema,
    attachment: z.optional(z.int().check(z.gte(0), z.lte(1000))),
    rel: z.string().check(z.regex(/^[a-z_]{1,64}$/)),
    body: z.optional(z.unknown()),
    expect: z.optional(z.record(z.string().check(z.regex(/^[A-Za-z]{1,32}$/)), z.string().check(z.maxLength(1000)))),
    resend: z.optional(z.boolean()),
  }),
  getRevocation: z.object({ type: z.literal('getRevocation') }),
  retryRevocation: z.object({ type: z.literal('retryRevocation') }),
  upload: z.object({
    type: z.literal('upload'),
    subject: z.string().check(z.regex(/\S/), z.maxLength(MAX_SUBJECT_LENGTH)),
    place: z.discriminatedUnion('kind', [z.object({ kind: z.literal('inbox') }), z.object({ kind: z.literal('folder'), self: z.string().check(z.maxLength(8192)) })]),
    // Structured clone makes the page's Blob one of this realm's; JSON messaging would make it {} (refused).
    file: z.instanceof(Blob),
    name: z.string().check(z.maxLength(1024)),
    resend: z.optional(z.boolean()),
  }),
} satisfies { [K in Request['type']]: z.ZodMiniType<Extract<Request, { type: K }>> };

type RequestSchema = (typeof REQUEST_SCHEMAS)[Request['type']];

/** What the worker accepts from a page; anything else is refused before it reaches a handler. */
export const requestSchema: z.ZodMiniType<Request> = z.discriminatedUnion('type', Object.values(REQUEST_SCHEMAS) as [RequestSchema, ...RequestSchema[]]);
