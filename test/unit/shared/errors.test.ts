import { describe, expect, it } from 'vitest';
import { ERROR_CODES, needsConnect, needsSettings, nextStep, outcomeMayBeUnknown, type ErrorCode, type NextStep } from '../../../src/shared/errors.ts';

const codesWith = (step: NextStep) => ERROR_CODES.filter((code) => nextStep({ code }) === step).sort();

describe('the error catalogue', () => {
  it('lists every code once', () => {
    expect(ERROR_CODES.filter((code, at) => ERROR_CODES.indexOf(code) !== at)).toEqual([]);
  });

  it('gives every code one of the four next steps', () => {
    const steps: NextStep[] = ['retry', 'connect', 'settings', 'none'];
    expect(ERROR_CODES.filter((code) => !steps.includes(nextStep({ code })))).toEqual([]);
  });

  it('offers Connect exactly when the session is gone', () => {
    expect(codesWith('connect')).toEqual(['session_ended', 'signed_out']);
  });

  it('points to the settings for a sign-in only they can mend', () => {
    expect(codesWith('settings')).toEqual(
      ['host_permission_refused', 'host_permission_withdrawn', 'not_configured', 'oauth_invalid_client', 'oauth_invalid_scope', 'oauth_unauthorized_client', 'signin_client_unknown'].sort(),
    );
  });

  it('offers no second try for a refusal that would only come again', () => {
    const settled: ErrorCode[] = ['write_target_changed', 'folder_not_empty', 'folder_not_found', 'write_target_gone', 'write_link_missing', 'write_permission_missing', 'write_forbidden', 'write_refused', 'write_rejected'];
    const fileRefusals: ErrorCode[] = ['upload_html', 'upload_too_large', 'upload_unsupported_type', 'upload_empty'];
    expect(codesWith('none')).toEqual([...settled, ...fileRefusals].sort());
  });

  it('says the outcome may be unknown only where the request may have gone through unanswered', () => {
    expect(ERROR_CODES.filter((code) => outcomeMayBeUnknown({ code })).sort()).toEqual(['worker_no_answer', 'write_not_confirmed', 'write_outcome_unknown']);
    // A write that could not be read first never left; the worker turns a write's own network failure into an unknown outcome.
    expect(outcomeMayBeUnknown({ code: 'network' })).toBe(false);
  });

  it('answers "is it Connect?" and "is it the settings?" as nextStep does, for every code', () => {
    for (const code of ERROR_CODES) {
      expect(needsConnect({ code }), code).toBe(nextStep({ code }) === 'connect');
      expect(needsSettings({ code }), code).toBe(nextStep({ code }) === 'settings');
    }
  });
});
