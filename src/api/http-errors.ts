import { isPermission, type Permission } from '../shared/permissions.ts';
import { AppError } from '../shared/errors.ts';

const MAX_DETAIL = 200;

/** Server (or network) text is shown small and only as a detail, so it is cut short and kept printable. */
export function shortDetail(text: string): string {
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  return clean.length > MAX_DETAIL ? `${clean.slice(0, MAX_DETAIL)}…` : clean;
}

/** Body fields seen (or plausible) in the service's error answers, most specific first. */
const CODE_FIELDS = ['error-code', 'errorCode', 'error', 'code'] as const;
const MESSAGE_FIELDS = ['error-message', 'errorMessage', 'error_description', 'message'] as const;
const PERMISSION_FIELDS = ['required', 'permission', 'requiredPermission', 'required-permission', 'scope'] as const;

/** A higher authentication level is needed (contract §7: AUTHENTICATION_LEVEL_TOO_LOW and kin). */
const AUTH_LEVEL = /AUTH(ENTICATION)?_?LEVEL/i;

type Body = Record<string, unknown>;

function parseErrorBody(text: string): Body | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Body) : undefined;
  } catch {
    return undefined;
  }
}

function firstString(body: Body, fields: readonly string[]): string | undefined {
  for (const field of fields) {
    const value = body[field];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
}

/** The permission a 403 body names, e.g. {"required":"READ_RECEIPTS"} or a scope list. */
function namedPermission(body: Body): Permission | undefined {
  for (const field of PERMISSION_FIELDS) {
    const value = body[field];
    const words = typeof value === 'string' ? value.split(/[\s,+]+/) : Array.isArray(value) ? value : [];
    const found = words.find((word): word is Permission => typeof word === 'string' && isPermission(word));
    if (found) return found;
  }
  return undefined;
}

/**
 * Only the service's own code and message go into the detail, trimmed: an HTML error page is not
 * echoed, and neither is anything long enough to carry a token or personal data by accident.
 */
function detailOf(body: Body | undefined): string | undefined {
  if (!body) return undefined;
  const code = firstString(body, CODE_FIELDS);
  const message = firstString(body, MESSAGE_FIELDS);
  const detail = [code, message].filter(Boolean).join(': ');
  return detail === '' ? undefined : detail.slice(0, MAX_DETAIL);
}

/** The error for a response that is not 2xx, from its status and (when JSON) its body. */
export function errorForStatus(status: number, bodyText: string): AppError {
  const body = parseErrorBody(bodyText);
  const detail = detailOf(body);
  const extra = { status, ...(detail ? { detail } : {}) };
  const codes = body ? [firstString(body, CODE_FIELDS), firstString(body, MESSAGE_FIELDS)] : [];
  // Checked before 401/403: refreshing the token cannot raise the authentication level.
  if (codes.some((code) => code !== undefined && AUTH_LEVEL.test(code))) return new AppError('auth_level_too_low', extra);
  if (status === 401) return new AppError('http_unauthorized', extra);
  if (status === 403) {
    const permission = body ? namedPermission(body) : undefined;
    return permission ? new AppError('http_forbidden_permission', { ...extra, permission }) : new AppError('http_forbidden', extra);
  }
  if (status === 404) return new AppError('http_not_found', extra);
  if (status >= 500 && status <= 599) return new AppError('http_server', extra);
  return new AppError('http_unexpected_status', extra);
}
