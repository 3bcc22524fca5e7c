import type { Permission } from './permissions.ts';

/**
 * What a page may offer after a failure: 'retry' (Try again), 'connect' (the session is gone:
 * Connect, then again), 'settings' (only a change in the settings can mend it: a way there), 'none'
 * (trying again would be refused the same way: the sentence alone).
 */
export type NextStep = 'retry' | 'connect' | 'settings' | 'none';

/*
 * The error catalogue: every failure the extension can show a person, in the one list that says
 * what comes next. A code exists only by being in one of these lists (ErrorCode is their union),
 * so adding a code is choosing its list; it also needs a sentence in both locales (`error_<code>`
 * in src/public/_locales/<lang>/messages.json). Unit tests hold the sentences and that no code is
 * in two lists. Pages ask `nextStep` and `outcomeMayBeUnknown` instead of naming codes. Lists
 * rather than a row per code: a page's bundle then carries only the few codes that are not RETRY.
 */

/** Trying again may help: Try again. */
const RETRY = [
  // configuration
  'notifications_permission_refused',
  // sign-in (authorization step)
  'signin_cancelled',
  'signin_state_mismatch',
  'signin_missing_code',
  'signin_in_progress',
  // OAuth 2.0 draft 31, sections 4.1.2.1 and 5.2
  'oauth_invalid_request',
  'oauth_access_denied',
  'oauth_unsupported_response_type',
  'oauth_server_error',
  'oauth_temporarily_unavailable',
  'oauth_invalid_grant',
  'oauth_unsupported_grant_type',
  'oauth_unknown_error',
  // token endpoint answers
  'token_response_malformed',
  'id_token_malformed',
  'id_token_signature',
  'id_token_audience',
  'id_token_nonce',
  'id_token_issuer',
  'id_token_issued_at',
  'id_token_expired',
  // API
  'network',
  'timeout',
  'http_unauthorized',
  'http_forbidden',
  'http_forbidden_permission',
  'http_not_found',
  'http_server',
  'http_unexpected_status',
  'response_not_json',
  'response_malformed',
  'response_too_large',
  'auth_level_too_low',
  'content_too_large',
  /** The host a content redirect led to refused (401/403); it never had our token, so the session stands. */
  'content_host_refused',
  /** The opening receipt was accepted, yet neither its answer nor the letter offers the content. */
  'receipt_sent_content_missing',
  /** The letter, read again by the worker, asks for no opening receipt there and offers no content either. */
  'receipt_link_missing',
  // Save to Digipost (uploads, contract §10)
  /** The place chosen offers no upload relation (any more). */
  'upload_place_missing',
  /** The site the file is on answered with an error status. */
  'upload_source_refused',
  /** The file could not be fetched: no answer, or the extension may not reach that site. */
  'upload_source_unreachable',
  // links
  'link_foreign_origin',
  'link_not_http',
  'link_is_action',
  'link_missing',
  // messaging
  'bad_request',
  'internal',
] as const;

/**
 * The request may have reached the service and its answer did not: the page reads the service
 * before it says done or not done, and then may offer Try again.
 */
const OUTCOME_UNKNOWN = [
  /** The write may have reached the service, its answer did not say, and the worker saw no evidence either way: asking again (Look again) only looks. */
  'write_outcome_unknown',
  /** An invoice sent to the bank whose payment Digipost has not shown yet, after the worker looked for a while. */
  'write_not_confirmed',
  'worker_no_answer',
] as const;

/** The session is gone: Connect, then do again what failed. */
const CONNECT = [
  'signed_out',
  'session_ended',
] as const;

/** A sign-in only the settings can mend: a way there. */
const SETTINGS = [
  'not_configured',
  'host_permission_refused',
  'host_permission_withdrawn',
  /** The service showed its own error page (unknown client ID or return address) and the user closed it. */
  'signin_client_unknown',
  'oauth_unauthorized_client',
  'oauth_invalid_scope',
  'oauth_invalid_client',
] as const;

/** A refusal a second try would only meet again (the folder still holds letters, the letter is gone, the file is HTML): the sentence alone. */
const NONE = [
  /** A conditional write (an undo): the letter is no longer as the change left it, so nothing was sent. */
  'write_target_changed',
  /** A page asked to perform something that is not one of the actions the extension performs. */
  'write_refused',
  /** The resource, read again, does not offer this action (any more). */
  'write_link_missing',
  /** The session was not granted the permission the action needs. */
  'write_permission_missing',
  /** The service refused with 403: the permission was withdrawn (or never given there). */
  'write_forbidden',
  /** 404 or 410: the letter or folder is no longer there. */
  'write_target_gone',
  'folder_not_empty',
  'folder_not_found',
  /** Another 400 from the service; its error code goes into the detail. */
  'write_rejected',
  'upload_too_large',
  'upload_empty',
  'upload_html',
  'upload_unsupported_type',
] as const;

export type ErrorCode =
  | (typeof RETRY)[number]
  | (typeof OUTCOME_UNKNOWN)[number]
  | (typeof CONNECT)[number]
  | (typeof SETTINGS)[number]
  | (typeof NONE)[number];

/** Every code (the unit tests read it; no page needs it). */
export const ERROR_CODES: readonly ErrorCode[] = /* @__PURE__ */ ([] as ErrorCode[]).concat(RETRY, OUTCOME_UNKNOWN, CONNECT, SETTINGS, NONE);

/** A failure as it crosses from the worker to a page: plain data, no stack, no token. */
export interface ErrorInfo {
  code: ErrorCode;
  /** A technical detail for the curious (shown small, never the only text). */
  detail?: string;
  permission?: Permission;
  status?: number;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly info: ErrorInfo;

  constructor(code: ErrorCode, extra: Omit<ErrorInfo, 'code'> = {}) {
    super(extra.detail ? `${code}: ${extra.detail}` : code);
    this.name = 'AppError';
    this.code = code;
    this.info = { code, ...extra };
  }
}

/** Turns anything thrown into something a page can show; unexpected errors keep only their message. */
export function toErrorInfo(error: unknown): ErrorInfo {
  if (error instanceof AppError) return error.info;
  const detail = error instanceof Error ? error.message : String(error);
  return { code: 'internal', detail };
}

const isIn = (list: readonly ErrorCode[], error: ErrorInfo): boolean => list.includes(error.code);

/** Whether the next step is Connect (nextStep's 'connect'), asked without the lists of the other steps. */
export const needsConnect = (error: ErrorInfo): boolean => isIn(CONNECT, error);

/** Whether the next step is the settings (nextStep's 'settings'), asked without the list of the steps after it. */
export const needsSettings = (error: ErrorInfo): boolean => !needsConnect(error) && isIn(SETTINGS, error);

/** What a page offers after this failure (see NextStep). */
export function nextStep(error: ErrorInfo): NextStep {
  if (needsConnect(error)) return 'connect';
  if (needsSettings(error)) return 'settings';
  if (isIn(NONE, error)) return 'none';
  return 'retry';
}

/** Whether the request that failed may have been done all the same: the page reads the service before it says done or not done. */
export function outcomeMayBeUnknown(error: ErrorInfo): boolean {
  return isIn(OUTCOME_UNKNOWN, error);
}
