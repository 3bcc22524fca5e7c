import { describe, expect, it, vi } from 'vitest';

// The pages' `t` reads the browser's catalogue; here the English one on disk.
vi.mock('../../../src/shared/i18n.ts', async () => (await import('../../support/catalogue-i18n.ts')).catalogueI18n());

const { codeInWords, fieldLabel, formatFieldValue, isCode, isInternalField, postalAddress } = await import('../../../src/model/fields.ts');

describe('fields in words', () => {
  it('authentication levels, origins, kinds and other codes in words', () => {
    expect(codeInWords('PASSWORD')).toBe('Password');
    expect(codeInWords('TWO_FACTOR')).toBe('Two-factor');
    expect(codeInWords('IDPORTEN_3')).toBe('ID-porten level 3 (BankID and similar)');
    expect(codeInWords('IDPORTEN_4')).toBe('ID-porten level 4 (BankID and similar)');
    expect(codeInWords('CORPORATION')).toBe('A business');
    expect(codeInWords('INVOICE')).toBe('Invoice');
    expect(codeInWords('READ_RECEIPTS')).toBe('See your receipts from stores (if you use Digipost receipts).');
    expect(codeInWords('SOMETHING_NEW_HERE')).toBe('Something new here');
    // A short capitalised word may be a name: it stays.
    expect(codeInWords('NAV')).toBe('NAV');
    // The root's settings list names notification choices by code.
    expect(codeInWords('NOTIFICATION_SMS')).toBe('Notify by text message');
    expect(isCode('OAUTH_ACCESS_GRANTED')).toBe(true);
    expect(isCode('Oslo')).toBe(false);
  });

  it('fields: known labels translated, unknown ones made from the name; values by what the field is', () => {
    expect(fieldLabel('notificationSms')).toBe('Notify by text message');
    expect(fieldLabel('authenticationlevel')).toBe('Authentication level');
    expect(fieldLabel('someNewField')).toBe('Some new field');
    expect(formatFieldValue('authenticationlevel', 2, {}, 'en')).toBe('Password');
    expect(formatFieldValue('expiresIn', 894, {}, 'en')).toBe('14 minutes 54 seconds');
    expect(formatFieldValue('fileSize', 188, {}, 'en')).toBe('188 bytes');
    expect(formatFieldValue('amount', 99.5, { currency: 'EUR' }, 'en')).toBe('€99.50');
    expect(formatFieldValue('autoArchiveAfterDays', 30, {}, 'en')).toBe('After 30 days');
    // 0 days is the setting switched off, not "after 0 days".
    expect(formatFieldValue('autoArchiveAfterDays', 0, {}, 'en')).toBe('Never');
    expect(fieldLabel('autoArchiveAfterDays')).toBe('Archived automatically');
    expect(formatFieldValue('notificationEmail', true, {}, 'en')).toBe('Yes');
    expect(formatFieldValue('language', 'nb', {}, 'en')).toBe('Norwegian Bokmål');
    expect(formatFieldValue('sortOrder', 'NEWEST_FIRST', {}, 'en')).toBe('Newest first');
    expect(formatFieldValue('currency', 'NOK', {}, 'en')).toBe('NOK');
    expect(formatFieldValue('organisationNumber', 974761076, {}, 'en')).toBe('974 761 076');
  });
});

describe('what the main view leaves to "All details and links"', () => {
  it("hides the service's plumbing: form token, validation rules, login-level codes, role, secrets", () => {
    for (const key of [
      'csrfToken',
      'validationRules',
      'authenticationlevelIdporten',
      'role',
      'access_token',
      'refreshToken',
      'clientSecret',
      'emailPattern',
    ]) {
      expect(isInternalField(key), key).toBe(true);
    }
  });

  it("shows a person's own settings and the connected applications", () => {
    // `language` is the mailbox's language, `settings` the notification choices, `token` the list of connected apps.
    for (const key of ['language', 'settings', 'sortOrder', 'autoArchiveAfterDays', 'notificationEmail', 'token', 'digipostaddress']) {
      expect(isInternalField(key), key).toBe(false);
    }
  });
});

describe('postal addresses', () => {
  it('a postal address as one line, whichever style its names are in', () => {
    expect(
      postalAddress({
        street: 'Storgata',
        'house-number': '12',
        'house-letter': 'B',
        'additional-addressline': '',
        'zip-code': '0155',
        city: 'OSLO',
      }),
    ).toBe('Storgata 12B, 0155 OSLO');
    expect(postalAddress({ street: 'Kongens gate', houseNumber: 3, postalCode: '7011', city: 'Trondheim', country: 'Norway' })).toBe(
      'Kongens gate 3, 7011 Trondheim, Norway',
    );
    expect(postalAddress({ email: 'x@y' })).toBeUndefined();
  });
});
