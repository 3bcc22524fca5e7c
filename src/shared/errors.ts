import type { Permission } from './permissions.ts';

/**
 * What a page does after a failure, its primary action:
 * - 'retry': Try again.
 * - 'connect': the session is gone: Connect (sign in), then do again what failed.
 * - 'settings': only a change in the settings can mend it: a way there.
 * - 'website': the service shows it on its website only (a higher level of sign-in): a way there.
 * - 'grant_site': the file's site could not be reached, maybe for want of access: the save page asks
 *   the person for access to that site (an http(s) address it may ask for), and offers Try again.
 * - 'look_again': the request may have gone through unanswered: Look again asks the worker, which
 *   reads the service and sends nothing; sending again is the person's explicit choice, in words
 *   that say it may already have arrived.
 * - 'offline': no answer at all: a page with a cached view shows it (with Try again), else Try again.
 * - 'declined': the person closed the consent window or said No: their choice, not a failure; a
 *   page may leave it unexplained (a switch just goes back), else its sentence and Try again.
 * - 'none': trying again would be refused the same way: the sentence alone.
 */
export type NextStep = 'retry' | 'connect' | 'settings' | 'website' | 'grant_site' | 'look_again' | 'offline' | 'declined' | 'none';

/*
 * The error catalogue: every failure the extension can show a person, in the one list that says
 * what a page does with it (its NextStep). A code exists only by being in one of these lists
 * (ErrorCode is their union), so adding a code is choosing its list; it also needs a sentence in
 * every locale (`error_<code>` in src/public/_locales/<lang>/messages.json). Unit tests hold the
 * sentences, the words of each step, and that no code is in two lists.
 *
 * Pages never compare codes (test/unit/no-code-comparisons.test.ts holds it): they ask `nextStep`,
 * or one step's own question (`needsConnect`, `isOffline`, …), or one of the few traits below the
 * lists that a page treats on its own (`isNotConfigured`, `isEndedByService`, …). Lists and one
 * small function per question rather than a row per code: a page's bundle then carries only the
 * lists of the questions it asks (the popup's budget has no room for the rest).
 */

/** Trying again may help: Try again. */
const RETRY = [
  // configuration
  'notifications_permission_refused',
  /** The browser's permission prompt went unanswered within the page's wait (options/permission-prompt.ts). */
  'permission_prompt_unanswered',
  // sign-in (authorization step)
  'signin_state_mismatch',
  'signin_missing_code',
  'signin_in_progress',
  // OAuth 2.0 draft 31, sections 4.1.2.1 and 5.2
  'oauth_invalid_request',
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
  // links
  'link_foreign_origin',
  'link_not_http',
  'link_is_action',
  'link_missing',
  // messaging
  'bad_request',
  'internal',
] as const;

/** The session is gone: Connect, then do again what failed. */
const CONNECT = [
  'signed_out',
  /** The service ended the session (its end of access), not the person. */
  'session_ended',
] as const;

/** A sign-in only the settings can mend: a way there. */
const SETTINGS = [
  /** No service address yet: a page's welcome, not a failure. */
  'not_configured',
  'host_permission_refused',
  'host_permission_withdrawn',
  /** The service showed its own error page (unknown client ID or return address) and the user closed it. */
  'signin_client_unknown',
  'oauth_unauthorized_client',
  'oauth_invalid_scope',
  'oauth_invalid_client',
] as const;

/** Shown on the service's website only: a way there. */
const WEBSITE = [
  /** The letter asks for a higher level of sign-in than the session has. */
  'auth_level_too_low',
] as const;

/** The file's site may be out of the extension's reach: ask for access to it. */
const GRANT_SITE = [
  /** The file could not be fetched: no answer, or the extension may not reach that site. */
  'upload_source_unreachable',
] as const;

/**
 * The request may have reached the service and its answer did not: the page offers Look again,
 * which only reads the service, and Send again as the person's explicit choice.
 */
const LOOK_AGAIN = [
  /** The write may have reached the service, its answer did not say, and the worker saw no evidence either way: asking again (Look again) only looks. */
  'write_outcome_unknown',
  /** An invoice sent to the bank whose payment Digipost has not shown yet, after the worker looked for a while. */
  'write_not_confirmed',
  'worker_no_answer',
] as const;

/** No answer at all: what a page has cached is shown. */
const OFFLINE = ['network'] as const;

/** The person closed the consent window or answered No: their choice, not a failure. */
const DECLINED = ['signin_cancelled', 'oauth_access_denied'] as const;

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

/** Each step but 'retry' with its list; a code in none of them is RETRY's. */
const STEPS = {
  connect: CONNECT,
  settings: SETTINGS,
  website: WEBSITE,
  grant_site: GRANT_SITE,
  look_again: LOOK_AGAIN,
  offline: OFFLINE,
  declined: DECLINED,
  none: NONE,
} as const satisfies Record<Exclude<NextStep, 'retry'>, readonly string[]>;

export type ErrorCode = (typeof RETRY)[number] | (typeof STEPS)[keyof typeof STEPS][number];

/** Every code (the unit tests read it, and hold that it names every list; no page needs it). */
export const ERROR_CODES: readonly ErrorCode[] = /* @__PURE__ */ ([] as ErrorCode[]).concat(
  RETRY,
  CONNECT,
  SETTINGS,
  WEBSITE,
  GRANT_SITE,
  LOOK_AGAIN,
  OFFLINE,
  DECLINED,
  NONE,
);

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

/** What a page does after this failure (see NextStep). Asks every list: a page that needs one step only asks that step's question below. */
export function nextStep(error: ErrorInfo): NextStep {
  return (Object.keys(STEPS) as (keyof typeof STEPS)[]).find((step) => isIn(STEPS[step], error)) ?? 'retry';
}

/*
 * One step each, asked without the other lists (the lists are disjoint: one step per code).
 */

/** 'connect': the session is gone. */
export const needsConnect = (error: ErrorInfo): boolean => isIn(CONNECT, error);

/** 'settings': only the settings can mend the sign-in. */
export const needsSettings = (error: ErrorInfo): boolean => isIn(SETTINGS, error);

/** 'website': shown on the service's website only. */
export const needsWebsite = (error: ErrorInfo): boolean => isIn(WEBSITE, error);

/** 'grant_site': the file's site may be out of reach until the person gives access to it. */
export const needsSiteAccess = (error: ErrorInfo): boolean => isIn(GRANT_SITE, error);

/** 'look_again': the request that failed may have been done all the same: the page reads the service before it says done or not done. */
export const outcomeMayBeUnknown = (error: ErrorInfo): boolean => isIn(LOOK_AGAIN, error);

/** 'offline': no answer at all: a page shows what it has cached. Its one code compared, not its list (see also isNoAnswer). */
export const isOffline = (error: ErrorInfo): boolean => error.code === 'network';

/**
 * The service gave no answer a page can use: no connection, none in time, or a failure of the
 * service or the gateway in front of it. A page that remembers what it showed shows that instead.
 */
export const isUnanswered = (error: ErrorInfo): boolean => isOffline(error) || error.code === 'timeout' || error.code === 'http_server';

/** 'declined': the person said no in the consent window. */
export const isDeclined = (error: ErrorInfo): boolean => isIn(DECLINED, error);

/*
 * Traits a page treats on its own, beside the step: each names what the page shows, not the code.
 */

/** No service address yet ('settings'): the page's welcome, with the way to the settings, not a failure. */
export const isNotConfigured = (error: ErrorInfo): boolean => error.code === 'not_configured';

/** The service ended the session ('connect'), not the person: "your access ended" rather than "you signed out". */
export const isEndedByService = (error: ErrorInfo): boolean => error.code === 'session_ended';

/**
 * No answer from the service, or only a gateway's in its place (no connection, a passed deadline, a
 * 5xx): "Digipost isn't answering right now", and a page shows what it has cached. Beside 'offline'
 * (no answer at all) the two 'retry' codes that mean the same to a person.
 */
const NO_ANSWER: readonly ErrorCode[] = ['network', 'timeout', 'http_server'];
export const isNoAnswer = (error: ErrorInfo): boolean => isIn(NO_ANSWER, error);

/** A read refused for a permission this sign-in was not granted (named in `permission`): a page may offer to ask for it. */
export const isReadNotGranted = (error: ErrorInfo): boolean => error.code === 'http_forbidden_permission';

/**
 * A read refused with no permission named: none the extension could ask for would open it (the
 * contract names none for connected applications), so trying again cannot help.
 */
export const isRefusedOutright = (error: ErrorInfo): boolean => error.code === 'http_forbidden';

/** The link asks for an action, which a read does not perform: the page shows the action's own page. */
export const isActionLink = (error: ErrorInfo): boolean => error.code === 'link_is_action';

/** The service has nothing at that address (404): a read again finds the letter gone, not a failure. */
export const isNothingThere = (error: ErrorInfo): boolean => error.code === 'http_not_found';
/*
 * What a refused write means for the page that asked (each 'none': the sentence alone).
 */

/** An undo the worker did not send: the letter is no longer as the change left it, so the page says what changed. */
export const isChangedSince = (error: ErrorInfo): boolean => error.code === 'write_target_changed';

/** A folder that still holds letters: true until its last letter leaves, then a delete may work. */
export const isFolderStillFull = (error: ErrorInfo): boolean => error.code === 'folder_not_empty';

/** The session was never granted the permission the write needs: it is asked for in the settings. */
export const isPermissionNotGranted = (error: ErrorInfo): boolean => error.code === 'write_permission_missing';

/** The service refused with 403: the permission was withdrawn there. */
export const isPermissionWithdrawn = (error: ErrorInfo): boolean => error.code === 'write_forbidden';

/** Another refusal the service answered with its own error code (in the detail). */
export const isRefusedByService = (error: ErrorInfo): boolean => error.code === 'write_rejected';
