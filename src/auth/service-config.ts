import { PERMISSIONS, type Permission } from '../config/permissions.ts';
import { checkServiceAddress } from '../config/service-address.ts';
import { z } from './zod.ts';

/** What the OAuth code needs to know about the service and the registered application. */
export interface ServiceConfig {
  /** Normalised by checkServiceAddress: no trailing slash. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  scopes: Permission[];
}

const baseUrlSchema = z.string().transform((value, ctx) => {
  const check = checkServiceAddress(value);
  if (!check.ok) {
    ctx.addIssue({ code: 'custom', message: check.problem });
    return z.NEVER;
  }
  return check.baseUrl;
});

/** Validates a stored configuration; the base address comes out normalised. */
export const serviceConfigSchema: z.ZodType<ServiceConfig> = z.object({
  baseUrl: baseUrlSchema,
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  // The authorization request requires a scope, so an empty list could never sign in.
  scopes: z.array(z.enum(PERMISSIONS)).min(1),
});

export function tokenEndpoint(baseUrl: string): string {
  return `${baseUrl}/post/api/oauth/accesstoken`;
}

export function authorizeEndpoint(baseUrl: string): string {
  return `${baseUrl}/post/api/oauth/authorize/new`;
}

export function rootResourceUrl(baseUrl: string): string {
  return `${baseUrl}/post/api`;
}
