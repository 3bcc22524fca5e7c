import type { ErrorInfo } from '../errors.ts';
import type { Permission } from '../config/permissions.ts';
import type { RootResource } from '../api/schemas.ts';

/**
 * The one place where pages and the worker agree on what they say to each other. The worker
 * parses every request with `requestSchema` (request-schema.ts, kept apart so the pages do not
 * ship zod); answers carry data, never a token.
 */
export interface ConfigInput {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
  pollMinutes: number;
}

export type Request =
  | { type: 'getStatus' }
  | { type: 'connect' }
  | { type: 'signOut' }
  | { type: 'getRoot'; force?: boolean | undefined }
  | { type: 'getResource'; url: string; mediaType?: string | undefined; relation?: string | undefined }
  | { type: 'getConfig' }
  | { type: 'saveConfig'; config: ConfigInput };

export interface StoredConfigView {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  scopes: Permission[];
  pollMinutes: number;
  redirectUri: string;
}

export type StatusView =
  | { state: 'not_configured' }
  | { state: 'signed_out'; reason?: ErrorInfo }
  | { state: 'signed_in'; scopes: Permission[] };

export interface RootSnapshot {
  root: RootResource;
  fetchedAt: number;
  serviceOrigin: string;
  scopes: Permission[];
}

export interface ResourceSnapshot {
  data: unknown;
  url: string;
  fetchedAt: number;
  serviceOrigin: string;
  scopes: Permission[];
}

export interface ResponseMap {
  getStatus: StatusView;
  connect: StatusView;
  signOut: StatusView;
  getRoot: RootSnapshot;
  getResource: ResourceSnapshot;
  getConfig: StoredConfigView;
  saveConfig: StoredConfigView;
}

export type Answer<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };

/** Where the popup reads its last view instantly, without waking the worker. */
export const ROOT_CACHE_KEY = 'rootCache';
