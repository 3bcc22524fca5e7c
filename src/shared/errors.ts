import type { Permission } from './permissions.ts';

/**
 * Every failure the extension can show a person. Each code has a sentence in both locales
 * (`error_<code>` in src/public/_locales/<lang>/messages.json); a unit test holds that.
 */
export const ERROR_CODES = [
  // configuration
  'not_configured',
  'host_permission_refused',
  'host_permission_withdrawn',
  'notifications_permission_refused',
  // sign-in (authorization step)
  'signin_cancelled',
  'signin_state_mismatch',
  'signin_missing_code',
  'signin_in_progress',
  /** The service showed its own error page (unknown client ID or return address) and the user closed it. */
  'signin_client_unknown',
  // OAuth 2.0 draft 31, sections 4.1.2.1 and 5.2
  'oauth_invalid_request',
  'oauth_unauthorized_client',
  'oauth_access_denied',
  'oauth_unsupported_response_type',
  'oauth_invalid_scope',
  'oauth_server_error',
  'oauth_temporarily_unavailable',
  'oauth_invalid_client',
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
  // session
  'signed_out',
  'session_ended',
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
  // writes (background/once.ts, writes.ts)
  /** The request may have reached the service, its answer did not say, and the worker saw no evidence either way. */
  'write_outcome_unknown',
  /** An invoice sent to the bank whose payment Digipost has not shown yet, after the worker looked for a while. */
  'write_not_confirmed',
  /** A conditional write (an undo): the target is no longer as the change left it, so nothing was sent. */
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
  // Save to Digipost (uploads, contract §10)
  'upload_too_large',
  'upload_empty',
  'upload_html',
  'upload_unsupported_type',
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
  'worker_no_answer',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

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
