import type { ErrorInfo } from '../shared/errors.ts';
import type { ExtensionConfig } from '../config/config.ts';
import type { Permission } from '../shared/permissions.ts';

/*
 * What the worker's answers carry (the answer column of REQUESTS, requests.ts): plain data, never
 * a token. The root's snapshot is storage's (src/storage/page-items.ts), where the popup reads it
 * first.
 */

export type StoredConfigView = ExtensionConfig & { redirectUri: string };

/** The settings as a page other than the options page sees them: what Connect will ask for. */
export interface PageConfigView {
  scopes: Permission[];
}

/**
 * Whether the service still has to be told of a sign-out: until then, the grant it gave this
 * browser works there. `error` says why the last try failed, when the page asked to try now.
 */
export interface RevocationView {
  pending: boolean;
  error?: ErrorInfo;
}

export type StatusView =
  { state: 'not_configured' } | { state: 'signed_out'; reason?: ErrorInfo } | { state: 'signed_in'; scopes: Permission[] };

export interface ResourceSnapshot {
  data: unknown;
  url: string;
  fetchedAt: number;
  serviceOrigin: string;
  scopes: Permission[];
}

/** Binary content as it crosses the JSON-only message channel; `size` is the byte count. */
export interface ContentView {
  contentType: string;
  base64: string;
  size: number;
}
