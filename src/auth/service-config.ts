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

const baseUrlSchema = z.pipe(
  z.string(),
  z.transform((value: string, ctx) => {
    const check = checkServiceAddress(value);
    if (!check.ok) {
      ctx.issues.push({ code: 'custom', message: check.problem, input: value });
      return z.NEVER;
    }
    return check.baseUrl;
  }),
);

/** Validates a stored configuration; the base address comes out normalised. */
export const serviceConfigSchema: z.ZodMiniType<ServiceConfig> = z.object({
  baseUrl: baseUrlSchema,
  clientId: z.string().check(z.minLength(1)),
  clientSecret: z.string().check(z.minLength(1)),
  // The authorization request requires a scope, so an empty list could never sign in.
  scopes: z.array(z.enum(PERMISSIONS)).check(z.minLength(1)),
});

export function tokenEndpoint(baseUrl: string): string {
  return `${baseUrl}/post/api/oauth/accesstoken`;
}

/** Ends the grant behind the bearer token (POST, notes): how a sign-out tells the service. */
export function revokeEndpoint(baseUrl: string): string {
  return `${baseUrl}/post/api/oauth/revoke`;
}

export function authorizeEndpoint(baseUrl: string): string {
  return `${baseUrl}/post/api/oauth/authorize/new`;
}

export function rootResourceUrl(baseUrl: string): string {
  return `${baseUrl}/post/api`;
}
