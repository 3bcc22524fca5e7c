import { z } from '../api/zod.ts';
import type { Request } from './messages.ts';

const configInputSchema = z.object({
  baseUrl: z.string().max(2048),
  clientId: z.string().max(512),
  clientSecret: z.string().max(512),
  scopes: z.array(z.string().max(64)).max(32),
  pollMinutes: z.number().int().min(1).max(1440),
});

/** What the worker accepts from a page; anything else is refused before it reaches a handler. */
export const requestSchema: z.ZodType<Request> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('getStatus') }),
  z.object({ type: z.literal('connect') }),
  z.object({ type: z.literal('signOut') }),
  z.object({ type: z.literal('getRoot'), force: z.boolean().optional() }),
  z.object({
    type: z.literal('getResource'),
    url: z.string().max(8192),
    mediaType: z.string().max(256).optional(),
    relation: z.string().max(256).optional(),
  }),
  z.object({ type: z.literal('getConfig') }),
  z.object({ type: z.literal('saveConfig'), config: configInputSchema }),
]);
