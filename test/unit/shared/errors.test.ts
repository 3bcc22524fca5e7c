import { describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  isActionLink,
  isDeclined,
  isEndedByService,
  isNotConfigured,
  isNothingThere,
  isOffline,
  needsConnect,
  needsSettings,
  needsSiteAccess,
  needsWebsite,
  nextStep,
  outcomeMayBeUnknown,
  type ErrorCode,
  type ErrorInfo,
  type NextStep,
} from '../../../src/shared/errors.ts';

const codesWith = (step: NextStep) => ERROR_CODES.filter((code) => nextStep({ code }) === step).sort();
const codesWhere = (question: (error: ErrorInfo) => boolean) => ERROR_CODES.filter((code) => question({ code })).sort();

const STEPS: readonly NextStep[] = ['retry', 'connect', 'settings', 'website', 'grant_site', 'look_again', 'offline', 'declined', 'none'];

describe('the error catalogue', () => {
  it('lists every code once', () => {
    expect(ERROR_CODES.filter((code, at) => ERROR_CODES.indexOf(code) !== at)).toEqual([]);
  });

  it('gives every code one of the next steps, and every step to some code (ERROR_CODES names every list)', () => {
    expect(ERROR_CODES.filter((code) => !STEPS.includes(nextStep({ code })))).toEqual([]);
    expect(STEPS.filter((step) => codesWith(step).length === 0)).toEqual([]);
  });

  it('offers Connect exactly when the session is gone', () => {
    expect(codesWith('connect')).toEqual(['session_ended', 'signed_out']);
  });

  it('points to the settings for a sign-in only they can mend', () => {
    expect(codesWith('settings')).toEqual(
      [
        'host_permission_refused',
        'host_permission_withdrawn',
        'not_configured',
        'oauth_invalid_client',
        'oauth_invalid_scope',
        'oauth_unauthorized_client',
        'signin_client_unknown',
      ].sort(),
    );
  });

  it('points to the website for what the service shows only there', () => {
    expect(codesWith('website')).toEqual(['auth_level_too_low']);
  });

  it('asks for access to the site of a file that could not be reached', () => {
    expect(codesWith('grant_site')).toEqual(['upload_source_unreachable']);
  });

  it('looks again only where the request may have gone through unanswered', () => {
    expect(codesWith('look_again')).toEqual(['worker_no_answer', 'write_not_confirmed', 'write_outcome_unknown']);
    // A write that could not be read first never left; the worker turns a write's own network failure into an unknown outcome.
    expect(outcomeMayBeUnknown({ code: 'network' })).toBe(false);
  });

  it('is offline when nothing answered at all', () => {
    expect(codesWith('offline')).toEqual(['network']);
  });

  it("takes the person's No in the consent window as theirs, not as a failure", () => {
    expect(codesWith('declined')).toEqual(['oauth_access_denied', 'signin_cancelled']);
  });

  it('offers no second try for a refusal that would only come again', () => {
    const settled: ErrorCode[] = [
      'write_target_changed',
      'folder_not_empty',
      'folder_not_found',
      'write_target_gone',
      'write_link_missing',
      'write_permission_missing',
      'write_forbidden',
      'write_refused',
      'write_rejected',
    ];
    const fileRefusals: ErrorCode[] = ['upload_html', 'upload_too_large', 'upload_unsupported_type', 'upload_empty'];
    expect(codesWith('none')).toEqual([...settled, ...fileRefusals].sort());
  });

  it("answers each step's own question as nextStep does, for every code", () => {
    const questions: [NextStep, (error: ErrorInfo) => boolean][] = [
      ['connect', needsConnect],
      ['settings', needsSettings],
      ['website', needsWebsite],
      ['grant_site', needsSiteAccess],
      ['look_again', outcomeMayBeUnknown],
      ['offline', isOffline],
      ['declined', isDeclined],
    ];
    for (const [step, question] of questions) expect(codesWhere(question), step).toEqual(codesWith(step));
  });

  it('names the few traits a page treats on its own, each one code within its step', () => {
    expect(codesWhere(isNotConfigured)).toEqual(['not_configured']);
    expect(nextStep({ code: 'not_configured' })).toBe('settings');
    expect(codesWhere(isEndedByService)).toEqual(['session_ended']);
    expect(nextStep({ code: 'session_ended' })).toBe('connect');
    expect(codesWhere(isActionLink)).toEqual(['link_is_action']);
    expect(codesWhere(isNothingThere)).toEqual(['http_not_found']);
  });
});
