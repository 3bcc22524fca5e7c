import { shortDetail } from '../api/http-errors.ts';
import { AppError, type ErrorCode } from '../shared/errors.ts';

/** OAuth 2.0 draft 31, 4.1.2.1 (authorization) and 5.2 (token) error codes we name. */
const OAUTH_ERRORS: Readonly<Record<string, ErrorCode>> = {
  invalid_request: 'oauth_invalid_request',
  unauthorized_client: 'oauth_unauthorized_client',
  access_denied: 'oauth_access_denied',
  unsupported_response_type: 'oauth_unsupported_response_type',
  invalid_scope: 'oauth_invalid_scope',
  server_error: 'oauth_server_error',
  temporarily_unavailable: 'oauth_temporarily_unavailable',
  invalid_client: 'oauth_invalid_client',
  invalid_grant: 'oauth_invalid_grant',
  unsupported_grant_type: 'oauth_unsupported_grant_type',
};

/** An OAuth error answer as an AppError; a code we do not know keeps its text in the detail. */
export function oauthError(error: string, description?: string | null, status?: number): AppError {
  const code = Object.hasOwn(OAUTH_ERRORS, error) ? OAUTH_ERRORS[error] : undefined;
  const extra = status === undefined ? {} : { status };
  if (code === undefined) {
    const detail = description ? `${error}: ${description}` : error;
    return new AppError('oauth_unknown_error', { ...extra, detail: shortDetail(detail) });
  }
  return new AppError(code, description ? { ...extra, detail: shortDetail(description) } : extra);
}
