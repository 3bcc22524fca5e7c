import type { Permission } from '../shared/permissions.ts';

/** What the OAuth code needs to know about the service and the registered application. */
export interface ServiceConfig {
  /** Normalised by checkServiceAddress: no trailing slash. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  scopes: Permission[];
}

export function tokenEndpoint(baseUrl: string): string {
  return `${baseUrl}/post/api/oauth/accesstoken`;
}

/** Ends the grant behind the bearer token (POST, contract §3.4): how a sign-out tells the service. */
export function revokeEndpoint(baseUrl: string): string {
  return `${baseUrl}/post/api/oauth/revoke`;
}

export function authorizeEndpoint(baseUrl: string): string {
  return `${baseUrl}/post/api/oauth/authorize/new`;
}

export function rootResourceUrl(baseUrl: string): string {
  return `${baseUrl}/post/api`;
}
