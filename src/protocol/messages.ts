import type { ErrorInfo } from '../shared/errors.ts';
import type { ConfigInput, ExtensionConfig } from '../config/config.ts';
import type { Permission } from '../shared/permissions.ts';
import type { LinkTarget } from '../api/links.ts';
import type { RootSnapshot } from '../storage/page-items.ts';

/**
 * The one place where pages and the worker agree on what they say to each other. The worker
 * parses every request with `requestSchema` (request-schema.ts, kept apart so the pages do not
 * ship zod); answers carry data, never a token.
 */

export type Request =
  | { type: 'getStatus' }
  | { type: 'connect' }
  | { type: 'signOut' }
  /** `inbox`: with the newest letters (the popup). */
  | { type: 'getRoot'; force?: boolean | undefined; inbox?: boolean | undefined }
  | ({ type: 'getResource' } & LinkTarget)
  | { type: 'getConfig' }
  | { type: 'saveConfig'; config: ConfigInput }
  /** A letter's content (get_document_content): fetched by the worker with the token, handed over as Base64. */
  | ({ type: 'getContent' } & LinkTarget)
  /** POSTs an attachment's send_opening_receipt link; only ever after the user's own click. */
  | { type: 'sendOpeningReceipt'; url: string };

/** The root as getRoot answers it is the snapshot the worker caches, where the popup reads it first. */
export type { InboxGlance, RootSnapshot } from '../storage/page-items.ts';

export type StoredConfigView = ExtensionConfig & { redirectUri: string };

export type StatusView =
  | { state: 'not_configured' }
  | { state: 'signed_out'; reason?: ErrorInfo }
  | { state: 'signed_in'; scopes: Permission[] };

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

export interface ResponseMap {
  getStatus: StatusView;
  connect: StatusView;
  signOut: StatusView;
  getRoot: RootSnapshot;
  getResource: ResourceSnapshot;
  getConfig: StoredConfigView;
  saveConfig: StoredConfigView;
  getContent: ContentView;
  /** The service's answer to the receipt (the attachment, with its content link, where it sends one). */
  sendOpeningReceipt: { data: unknown };
}

export type Answer<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };
