import type { ErrorInfo } from '../shared/errors.ts';
import type { ConfigInput, ExtensionConfig } from '../config/config.ts';
import type { Permission } from '../shared/permissions.ts';
import type { LinkTarget } from '../api/links.ts';
import type { RootSnapshot } from '../storage/page-items.ts';
import type { UploadPlace } from '../api/upload-places.ts';

/**
 * The one place where pages and the worker agree on what they say to each other. Each type has a
 * row in REQUESTS (requests.ts: the pages that may send it, how long a page waits, its transport)
 * and one in the worker's REQUEST_SCHEMAS (request-schema.ts, kept apart so the pages do not ship
 * zod), and an answer in ResponseMap; a type missing from any of them does not compile. Answers
 * carry data, never a token.
 */

export type Request =
  | { type: 'getStatus' }
  | { type: 'connect' }
  | { type: 'signOut' }
  /** `inbox`: with the newest letters (the popup). */
  | { type: 'getRoot'; force?: boolean | undefined; inbox?: boolean | undefined }
  | ({ type: 'getResource' } & LinkTarget)
  /** The whole configuration, client secret included: for the options page only (sender.ts). */
  | { type: 'getConfig' }
  /** What any other page may know of the settings. */
  | { type: 'getPageConfig' }
  | { type: 'saveConfig'; config: ConfigInput }
  /**
   * The options page's permission switches: what Connect asks for from now on. Signed in, the
   * consent window asks for exactly these first, and only once they are granted is anything saved;
   * refused or closed, the session and the settings stay as they were.
   */
  | { type: 'changePermissions'; scopes: string[] }
  /** A letter's content (get_document_content): fetched by the worker with the token, handed over as Base64. */
  | ({ type: 'getContent' } & LinkTarget)
  /**
   * Sends the opening receipt of the attachment at `attachment` of the letter at `letter` (its
   * self link); only ever after the user's own click. The worker reads the letter itself and
   * POSTs the send_opening_receipt link the service gives there: a page names no address to POST.
   * A write like any other: once per intent, `resend` as for 'write'.
   */
  | { type: 'sendOpeningReceipt'; letter: LinkTarget; attachment: number; resend?: boolean | undefined }
  /**
   * One action on the service (move, rename, delete a letter; create, change, delete a folder;
   * send an invoice to the bank), as the person intends it. The worker knows which asks are the
   * same intent (background/intent.ts: the person, the resource, the action and its body) and
   * performs each once: asked again, it looks before it sends. It reads `target` (at `attachment`,
   * when given) and performs the link with relation `rel` it finds there: a page names no address
   * (background/writes.ts). `expect`: only if the target still has these fields (an undo);
   * update_document's body names only what changes. `resend`: the person chose, in words that
   * say it may already have arrived, to send again an intent whose outcome is unknown.
   */
  | { type: 'write'; target: LinkTarget; attachment?: number | undefined; rel: string; body?: unknown; expect?: Record<string, string> | undefined; resend?: boolean | undefined }
  /** Whether a sign-out has not yet reached the service (its grant still works there). */
  | { type: 'getRevocation' }
  /** Tries now to tell the service of the sign-outs it has not heard of. */
  | { type: 'retryRevocation' }
  /**
   * Uploads the page's `file` to `place`, once per intent (this file, under this subject, to this
   * place: background/upload.ts): the worker takes the place's upload relation from the root
   * itself (contract §10). The Blob goes by reference, never as text: it travels only by
   * structured clone (src/ui/send-file.ts), and JSON messaging cannot carry it. `resend`: as for
   * a write.
   */
  | { type: 'upload'; subject: string; place: UploadPlace; file: Blob; name: string; resend?: boolean | undefined };

/** The root as getRoot answers it is the snapshot the worker caches, where the popup reads it first. */
export type { InboxGlance, RootSnapshot } from '../storage/page-items.ts';

export type StoredConfigView = ExtensionConfig & { redirectUri: string };

/** The settings as a page other than the options page sees them: what Connect will ask for. */
interface PageConfigView {
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

/**
 * What the worker tells every open page of the extension, unasked (runtime.sendMessage): pages
 * listen for these and never answer them. 'sessionEnded': the person signed out ('user'), or the
 * service ended the access ('ended'); a page drops whatever it shows of the mailbox.
 * 'sessionChanged': a sign-in completed (Connect, or permissions granted anew in the options), with
 * the permissions the session now holds; a page reads again what depends on them (the viewer's
 * Upload a file, filing). 'revocationChanged': ask getRevocation again.
 */
export type WorkerEvent =
  | { event: 'sessionEnded'; reason: 'user' | 'ended' }
  | { event: 'sessionChanged'; scopes: Permission[] }
  | { event: 'revocationChanged' };

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
  getPageConfig: PageConfigView;
  saveConfig: StoredConfigView;
  changePermissions: StoredConfigView;
  getContent: ContentView;
  /** The service's answer to the receipt (the attachment, with its content link, where it sends one). */
  sendOpeningReceipt: { data: unknown };
  /** The service's answer (null when it sent none, or the worker found the write done without one). */
  write: { data: unknown };
  getRevocation: RevocationView;
  retryRevocation: RevocationView;
  /** The new letter, as the viewer opens it (absent when the service named none). */
  upload: { letter?: LinkTarget };
}

export type Answer<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };
