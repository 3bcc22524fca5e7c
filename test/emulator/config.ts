/** Start-up options, run-time knobs and their defaults: the one place that decides them. */

export const MEDIA_TYPE = 'application/vnd.digipost-v2+json';
export const CONTENT_MEDIA_TYPE = 'application/octet-stream';
export const DEFAULT_PORT = 4710;
export const DEFAULT_CLIENT_ID = 'digipost-mailbox-demo';
export const DEFAULT_CLIENT_SECRET = 'demo-secret-change-me';
export const DEFAULT_LETTERS = 40;
export const MAX_LETTERS = 10_000;
/** Bodies larger than this are refused with 413; nothing the service takes is bigger. */
export const MAX_BODY_BYTES = 64 * 1024;
/** Uploads have their own limit: 100 MiB, as the service's apps have it (digipost/ios APIClient.swift). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
/** Authorization codes are short-lived (draft 31, 4.1.2 recommends at most ten minutes). */
export const CODE_LIFETIME_MS = 60_000;
export const CONSENT_LIFETIME_MS = 10 * 60_000;
export const CONTENT_REDIRECT_LIFETIME_MS = 60_000;
export const ADMIN_PREFIX = '/__emulator';

export interface Link {
  rel: string;
  uri: string;
  'media-type': string;
}

export type IdTokenExp = 'lifetime' | 'absolute';
type UploadFault = 'none' | 'fail-after-storing' | 'stall-after-storing';

export interface Knobs {
  accessTokenLifetime: number;
  rotateRefreshTokens: boolean;
  latencyMs: number;
  idTokenExp: IdTokenExp;
  badIdTokenSignature: boolean;
  /** Serve letter content through a 307 to a one-time address on another origin, as the real service does. */
  contentRedirect: boolean;
  /** The token endpoint takes each request and never answers (until the client gives up). */
  stallTokenEndpoint: boolean;
  /**
   * Every authorization request must carry an S256 PKCE challenge and every code exchange its
   * verifier (pkce.ts). Off, a challenge that was sent is still checked; none need be sent.
   */
  requirePkce: boolean;
  /** The revoke endpoint answers 503 and ends no grant, as a service that is down would. */
  failRevoke: boolean;
  /**
   * The next upload is stored and then answered 500 ('fail-after-storing') or never answered
   * ('stall-after-storing'): a client that repeats without looking would upload it twice. Spent by one upload.
   */
  uploadFault: UploadFault;
  /**
   * How long after a send_to_bank POST the payment shows on the invoice (0: at once). Meanwhile the
   * service holds it (a second POST is refused as already sent), as the real one does while its call
   * to the bank runs.
   */
  bankPaymentDelayMs: number;
  /**
   * The gateway in front of the API is down: every API request is answered with its own 502 page
   * and never reaches the service (the failure '504-after-down' turns it on), until turned off.
   */
  gatewayDown: boolean;
  extraLinks: { root: Link[]; account: Link[] };
}

export interface EmulatorOptions {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  letters?: number;
  accessTokenLifetime?: number;
  rotateRefreshTokens?: boolean;
  latencyMs?: number;
  idTokenExp?: IdTokenExp;
  requirePkce?: boolean;
  quiet?: boolean;
  /**
   * The largest file an upload may carry (default MAX_UPLOAD_BYTES, the service's). A test that
   * proves what happens past the limit sets a small one, rather than sending 100 MiB.
   */
  maxUploadBytes?: number;
  /**
   * A second mailbox, shared with the demo user (shared-mailbox.ts). Off by default, so that the
   * tests of one mailbox stay as a person with one sees them; `npm start` turns it on.
   */
  sharedMailbox?: boolean;
  /** The root's `notice`, until dismissed (notice.ts). Off by default for the same reason. */
  notice?: boolean;
  /**
   * One letter of each kind of structured data (data-types.ts: a parcel, a debt collection, a receipt,
   * a payslip…) in the inbox, below its eight newest. Off by default, so the tests' counts of letters
   * and unread stay; `npm start` and the gallery turn it on.
   */
  dataTypeLetters?: boolean;
  /**
   * The time the service dates what the extension reads by (Date.now by default): the seed's
   * letters, those added later, uploads and the identity token's times. `npm run screenshots` gives
   * its own clock (test/support/picture-clock.ts), so that a picture does not change with the hour
   * it is made. The lifetimes the emulator checks itself (tokens, consents, codes) keep the machine's time.
   */
  calendar?: (() => number) | undefined;
}

/** Options with every default filled in; what `reset` returns to. */
export interface Settings {
  port: number;
  clientId: string;
  clientSecret: string;
  letters: number;
  quiet: boolean;
  maxUploadBytes: number;
  sharedMailbox: boolean;
  notice: boolean;
  dataTypeLetters: boolean;
  calendar: () => number;
  knobs: Knobs;
}

export function settingsFrom(options: EmulatorOptions): Settings {
  const letters = options.letters ?? DEFAULT_LETTERS;
  if (!Number.isInteger(letters) || letters < 0 || letters > MAX_LETTERS) {
    throw new RangeError(`letters must be an integer from 0 to ${MAX_LETTERS}`);
  }
  const port = options.port ?? DEFAULT_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new RangeError('port must be an integer from 0 to 65535');
  const lifetime = options.accessTokenLifetime ?? 900;
  if (!Number.isInteger(lifetime) || lifetime < 1) throw new RangeError('accessTokenLifetime must be a positive integer');
  const latencyMs = options.latencyMs ?? 0;
  if (!Number.isFinite(latencyMs) || latencyMs < 0) throw new RangeError('latencyMs must be 0 or more');
  const clientId = options.clientId ?? DEFAULT_CLIENT_ID;
  const clientSecret = options.clientSecret ?? DEFAULT_CLIENT_SECRET;
  // A colon cannot survive HTTP Basic (RFC 7617 splits at the first one).
  if (clientId === '' || clientId.includes(':')) throw new RangeError('clientId must be non-empty and without ":"');
  if (clientSecret === '') throw new RangeError('clientSecret must be non-empty');
  const maxUploadBytes = options.maxUploadBytes ?? MAX_UPLOAD_BYTES;
  if (!Number.isInteger(maxUploadBytes) || maxUploadBytes < 1) throw new RangeError('maxUploadBytes must be a positive integer');
  return {
    port,
    clientId,
    clientSecret,
    letters,
    quiet: options.quiet ?? false,
    maxUploadBytes,
    sharedMailbox: options.sharedMailbox ?? false,
    notice: options.notice ?? false,
    dataTypeLetters: options.dataTypeLetters ?? false,
    calendar: options.calendar ?? Date.now,
    knobs: {
      accessTokenLifetime: lifetime,
      rotateRefreshTokens: options.rotateRefreshTokens ?? true,
      latencyMs,
      idTokenExp: options.idTokenExp ?? 'lifetime',
      badIdTokenSignature: false,
      contentRedirect: false,
      stallTokenEndpoint: false,
      // Off by default: the real service is not known to require PKCE (contract §3.1).
      requirePkce: options.requirePkce ?? false,
      failRevoke: false,
      uploadFault: 'none',
      bankPaymentDelayMs: 0,
      gatewayDown: false,
      extraLinks: { root: [], account: [] },
    },
  };
}

export function copyKnobs(knobs: Knobs): Knobs {
  return {
    ...knobs,
    extraLinks: { root: knobs.extraLinks.root.map((l) => ({ ...l })), account: knobs.extraLinks.account.map((l) => ({ ...l })) },
  };
}
